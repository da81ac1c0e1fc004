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
    /// The clock hooks read, which says what their readings are in nanoseconds.
    private let hookClock: HookClock
    /// What turns the time-stamp counter's counts into nanoseconds, when hooks read it.
    private var timebase: CounterTimebase?
    private var clock: EventClock
    /// The events not yet taken by the sink, in order, with their seqs.
    private var pending: [Event] = []
    /// Events dropped here because the sink kept failing and `pending` reached its bound, or
    /// after the writer gave up on the sink.
    private var droppedHere = 0
    /// Drops already written as `trace.gap` events.
    private var reportedDrops = 0
    /// Drops seen at the last round, and whether the app has been told of the drops going on.
    private var seenDrops = 0
    private var dropsAnnounced = false
    private var unflushed = false
    /// Failed tries of the sink in a row, the uptime before which it is not tried again unless
    /// a flush is asked for, and whether the writer gave up on it.
    private var failures = 0
    private var retryAt: UInt64 = 0
    private var gaveUp = false
    private var clockFaults = 0

    init(
      sink: any TraceSink, options: RecordingOptions, position: TracePosition,
      clock: HookClock, origin: UInt64
    ) {
      self.sink = sink
      self.options = options
      var replaced: Set<FieldSensitivity> = []
      if options.digestsValues { replaced.insert(.value) }
      if options.redactsKeyIdentifiers { replaced.insert(.key) }
      self.redaction = Redaction(replacing: replaced)
      self.nextSeq = position.nextSeq
      self.hookClock = clock
      var timebase: CounterTimebase?
      if case .timestampCounter = clock {
        timebase = CounterTimebase(origin: TimestampCounter.anchor())
      }
      self.timebase = timebase
      self.clock = EventClock(
        origin: Self.nanoseconds(of: origin, clock, timebase), start: position.time)
    }

    /// The nanoseconds a hook's reading of `clock` stands for.
    private static func nanoseconds(
      of reading: UInt64, _ clock: HookClock, _ timebase: CounterTimebase?
    ) -> UInt64 {
      if let timebase { return timebase.nanoseconds(reading) }
      return clock.nanoseconds(reading) ?? reading
    }

    /// Reads the time-stamp counter and the clock together, when hooks read the counter: at
    /// each round, before the round's events are given their times. (Without a timebase the
    /// chained call reads neither.)
    mutating func anchorClock() {
      timebase?.add(TimestampCounter.anchor())
    }

    /// How many events `pending` may hold while the sink fails, before new ones are dropped.
    private var pendingLimit: Int { max(options.capacity, 2) * 4 }

    /// How many clock faults are reported, to the app and in the trace, before the rest are
    /// only corrected.
    static let reportedClockFaults = 16

    /// Whether every event taken so far is in the sink and flushed.
    var isCaughtUp: Bool { pending.isEmpty && !unflushed && !gaveUp }

    /// Numbers a recorded event and queues it for the sink. Times never go backwards: two
    /// threads may read the clock in one order and append in the other, and the trace keeps
    /// the append order; a clock that goes back or jumps is reported and left out.
    mutating func append(_ record: EventQueue.Record) {
      let (time, fault) = clock.time(
        at: Self.nanoseconds(of: record.reading, hookClock, timebase))
      if let fault { noteClockFault(fault, at: time) }
      guard pending.count < pendingLimit, !gaveUp else {
        droppedHere += 1
        return
      }
      pending.append(Event(seq: nextSeq, time: time, redaction(record.payload)))
      nextSeq += 1
    }

    private mutating func noteClockFault(_ fault: EventClock.Fault, at time: TraceTime) {
      clockFaults += 1
      guard clockFaults <= Self.reportedClockFaults else { return }
      var message = fault.description
      if clockFaults == Self.reportedClockFaults {
        message += "; later faults of the clock are corrected without being reported"
      }
      report(.clockFault, message)
      guard !gaveUp else { return }
      pending.append(Event(seq: nextSeq, time: time, .appMark(label: "SceneTrace: " + message)))
      nextSeq += 1
    }

    /// Writes a `trace.gap` for the drops not yet in the trace, `queueDrops` being the number
    /// of events hooks have dropped in all. While the sink fails, one gap waits in `pending`
    /// and later drops go into the next one. The app is told once while drops go on: until a
    /// round without drops while the sink works.
    mutating func noteDrops(total queueDrops: Int) {
      // After giving up, the app was told that every later event is lost.
      guard !gaveUp else { return }
      let total = queueDrops + droppedHere
      if total > seenDrops, !dropsAnnounced {
        dropsAnnounced = true
        report(
          .eventsDropped,
          "events are being dropped (the buffer was full or the trace could not be written); "
            + "the trace records the gaps")
      } else if total == seenDrops, failures == 0 {
        dropsAnnounced = false
      }
      seenDrops = total
      let unreported = total - reportedDrops
      guard unreported > 0 else { return }
      if failures > 0, case .traceGap = pending.last?.payload { return }
      reportedDrops = total
      pending.append(Event(seq: nextSeq, time: clock.lastTime, .traceGap(dropped: unreported)))
      nextSeq += 1
    }

    /// Offers the pending events to the sink; on failure keeps them for a later round. A sink
    /// that is failing is tried again after a growing delay, or at once when `forced` (a
    /// flush was asked for).
    mutating func writePending(now: UInt64, forced: Bool) {
      guard !pending.isEmpty, mayTry(now: now, forced: forced) else { return }
      do {
        try sink.write(pending)
        pending.removeAll(keepingCapacity: true)
        unflushed = true
        failures = 0
      } catch {
        failed(
          "the trace could not be written; \(pending.count) events are kept and retried", error,
          now: now)
      }
    }

    /// Flushes the sink if everything is written and something was since the last flush.
    mutating func flushIfNeeded(now: UInt64, forced: Bool) {
      guard unflushed, pending.isEmpty, mayTry(now: now, forced: forced) else { return }
      do {
        try sink.flush()
        unflushed = false
        failures = 0
      } catch {
        failed("the trace could not be flushed; it is retried", error, now: now)
      }
    }

    /// Writes what is left, flushes and closes the sink; returns whether every event reached
    /// the sink and it closed cleanly.
    mutating func close(now: UInt64) -> Bool {
      writePending(now: now, forced: true)
      flushIfNeeded(now: now, forced: true)
      var clean = isCaughtUp
      if !pending.isEmpty {
        report(
          .eventsDropped, "\(pending.count) events could not be written before the trace closed")
      }
      do {
        try sink.close()
      } catch {
        report(.closeFailed, "the trace could not be closed cleanly", error)
        clean = false
      }
      return clean
    }

    private func mayTry(now: UInt64, forced: Bool) -> Bool {
      !gaveUp && (failures == 0 || forced || now >= retryAt)
    }

    /// Counts a failed try of the sink: the first of a run is reported; the next try waits
    /// twice as long as the one before; after the last one allowed, the writer gives up.
    private mutating func failed(_ message: String, _ error: any Error, now: UInt64) {
      failures += 1
      if failures == 1 { report(.writeFailed, message, error) }
      let retry = options.retry
      guard failures < retry.attempts else {
        gaveUp = true
        droppedHere += pending.count
        report(
          .stopped,
          "the trace could not be written in \(failures) tries; the recording stopped writing "
            + "and \(pending.count) events were lost, as is every later one", error)
        pending.removeAll()
        return
      }
      let (delay, overflow) = retry.firstDelay.multipliedReportingOverflow(
        by: 1 << min(failures - 1, 62))
      retryAt = now &+ min(overflow ? .max : delay, retry.longestDelay)
    }

    private func report(_ code: RecorderError.Code, _ message: String, _ error: (any Error)? = nil)
    {
      options.onError?(RecorderError(code: code, message: message, underlying: error))
    }
  }
}
