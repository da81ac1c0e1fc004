import SceneTrace

extension Recording {
  /// What the writer thread keeps between rounds: the sink and the events it has not taken yet.
  struct Writer {
    private let sink: any TraceSink
    private let options: RecordingOptions
    private var nextSeq: Int
    private var lastTime: TraceTime
    /// The events not yet taken by the sink, in order, with their seqs.
    private var pending: [Event] = []
    /// Events dropped here because the sink kept failing and `pending` reached its bound.
    private var droppedHere = 0
    /// Drops already written as `trace.gap` events.
    private var reportedDrops = 0
    private var unflushed = false
    private var sinkIsFailing = false

    init(sink: any TraceSink, options: RecordingOptions, position: TracePosition) {
      self.sink = sink
      self.options = options
      self.nextSeq = position.nextSeq
      self.lastTime = position.time
    }

    /// How many events `pending` may hold while the sink fails, before new ones are dropped.
    private var pendingLimit: Int { max(options.capacity, 2) * 4 }

    /// Numbers a recorded event and queues it for the sink. Times never go backwards: two
    /// threads may read the clock in one order and append in the other, and the trace keeps
    /// the append order.
    mutating func append(_ record: EventQueue.Record) {
      guard pending.count < pendingLimit else {
        droppedHere += 1
        return
      }
      lastTime = max(lastTime, record.time)
      pending.append(Event(seq: nextSeq, time: lastTime, redacted(record.payload)))
      nextSeq += 1
    }

    /// Writes a `trace.gap` for the drops not yet in the trace, `queueDrops` being the number
    /// of events hooks have dropped in all.
    mutating func noteDrops(total queueDrops: Int) {
      let unreported = queueDrops + droppedHere - reportedDrops
      guard unreported > 0 else { return }
      reportedDrops += unreported
      pending.append(Event(seq: nextSeq, time: lastTime, .traceGap(dropped: unreported)))
      nextSeq += 1
      report(
        .eventsDropped,
        "\(unreported) events were dropped (the buffer was full or the trace could not be "
          + "written); the trace records the gap")
    }

    /// Offers the pending events to the sink; on failure keeps them for the next round.
    mutating func writePending() {
      guard !pending.isEmpty else { return }
      do {
        try sink.write(pending)
        pending.removeAll(keepingCapacity: true)
        unflushed = true
        sinkIsFailing = false
      } catch {
        if !sinkIsFailing {
          report(
            .writeFailed,
            "the trace could not be written; \(pending.count) events are kept "
              + "and retried", error)
        }
        sinkIsFailing = true
      }
    }

    /// Flushes the sink if anything was written since the last flush.
    mutating func flushIfNeeded() {
      guard unflushed else { return }
      do {
        try sink.flush()
        unflushed = false
      } catch {
        report(.writeFailed, "the trace could not be flushed; it is retried", error)
      }
    }

    /// Writes what is left, flushes and closes the sink.
    mutating func close() {
      writePending()
      flushIfNeeded()
      if !pending.isEmpty {
        report(
          .eventsDropped, "\(pending.count) events could not be written before the trace closed")
      }
      do {
        try sink.close()
      } catch {
        report(.closeFailed, "the trace could not be closed cleanly", error)
      }
    }

    private func report(_ code: RecorderError.Code, _ message: String, _ error: (any Error)? = nil)
    {
      options.onError?(RecorderError(code: code, message: message, underlying: error))
    }

    private func redacted(_ payload: Event.Payload) -> Event.Payload {
      guard options.digestsValues || options.redactsKeyIdentifiers else { return payload }
      let value = { (text: String) in options.digestsValues ? Redaction.digest(text) : text }
      let key = { (text: String) in
        options.redactsKeyIdentifiers ? Redaction.redactingIdentifiers(inKey: text) : text
      }
      switch payload {
      case .stateWrite(let name, let text, let session):
        return .stateWrite(key: key(name), value: value(text), session: session)
      case .stateDelete(let name, let session):
        return .stateDelete(key: key(name), session: session)
      case .stateRender(let session, let name, let text):
        return .stateRender(session: session, key: key(name), value: value(text))
      case .sceneSaveRestoration(let session, let activityType, let name):
        return .sceneSaveRestoration(
          session: session, activityType: activityType, key: name.map(key))
      default:
        return payload
      }
    }
  }
}

/// Digests that stand in for values and identifiers the app chose not to record.
enum Redaction {
  /// `#` and the 64-bit FNV-1a hash of the UTF-8 bytes in hex: equal inputs, equal digests.
  static func digest(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return "#" + String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// The key with what identifies a document, record or file replaced by a digest, keeping the
  /// part that gives the key its meaning: `file:#…`, `session:<id>/#…`. Setting names
  /// (`defaults:`) are not identifiers and stay.
  static func redactingIdentifiers(inKey key: String) -> String {
    if key.hasPrefix("defaults:") { return key }
    if key.hasPrefix("session:"), let slash = key.firstIndex(of: "/") {
      let rest = key[key.index(after: slash)...]
      return String(key[...slash]) + (rest.isEmpty ? "" : digest(String(rest)))
    }
    if let colon = key.firstIndex(of: ":") {
      let rest = key[key.index(after: colon)...]
      return String(key[...colon]) + (rest.isEmpty ? "" : digest(String(rest)))
    }
    return digest(key)
  }
}
