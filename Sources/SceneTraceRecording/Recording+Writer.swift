import SceneTrace

extension Recording {
  /// What the writer thread keeps between rounds: the sink and the events it has not taken yet.
  struct Writer {
    private let sink: any TraceSink
    private let options: RecordingOptions
    /// The fields the options replace by digests, unkeyed so that equal values match across
    /// launches recorded into one file.
    private let redaction: Redaction
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
      var replaced: Set<FieldSensitivity> = []
      if options.digestsValues { replaced.insert(.value) }
      if options.redactsKeyIdentifiers { replaced.insert(.key) }
      self.redaction = Redaction(replacing: replaced)
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
      pending.append(Event(seq: nextSeq, time: lastTime, redaction(record.payload)))
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
  }
}
