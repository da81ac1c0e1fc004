import SceneTrace

/// What a reader keeps of the events it hands on rather than holds: how many, which seqs they
/// have, the recorder's drops among them and their launches. Enough to work out a trace's
/// ``LoadedTrace/loss`` and which stretch of it may explain a finding, in memory that does not
/// grow with the events (only with the gaps in their seqs, the drops and the launches).
package struct EventTally: Sendable {
  /// How many events there were.
  package private(set) var count = 0
  /// Their seqs, as ascending runs of consecutive seqs.
  package private(set) var seqRuns: [ClosedRange<Int>] = []
  /// The recorder's drops among them (``LostStretch/drops(in:)``).
  package private(set) var drops: [LostStretch] = []
  /// The seqs of their `app.launch` events, in order.
  package private(set) var launchSeqs: [Int] = []
  /// The last of them.
  package private(set) var last: Event?
  /// The first of them.
  package private(set) var first: Event?

  /// A tally of no events.
  package init() {}

  /// The tally of `events`, in seq order.
  package init(_ events: some BidirectionalCollection<Event>) {
    add(events)
  }

  /// Counts `events`, which come after those counted so far.
  package mutating func add(_ events: some BidirectionalCollection<Event>) {
    guard let final = events.last else { return }
    // The first and the last are kept once, not copied for every event.
    if first == nil { first = events.first }
    last = final
    count += events.count
    // The run being extended is held in two integers and stored when it ends (and after the
    // last event), not rewritten in the array at every event.
    var run = seqRuns.popLast().map { (lower: $0.lowerBound, upper: $0.upperBound) }
    // By index, so that an event is read in place rather than copied.
    for index in events.indices { note(seq: events[index].seq, in: &run) }
    if let open = run { seqRuns.append(open.lower...open.upper) }
    noteMarks(in: events)
  }

  /// Counts the events of `batch`, which come after those counted so far; its pointer samples
  /// are counted as the plain values they are.
  package mutating func add(_ batch: EventBatch) {
    guard batch.count > 0 else { return }
    if first == nil { first = batch.firstEvent }
    last = batch.lastEvent
    count += batch.count
    var run = seqRuns.popLast().map { (lower: $0.lowerBound, upper: $0.upperBound) }
    var sample = 0
    for index in batch.events.indices {
      for _ in 0..<batch.samplesBefore[index] {
        note(seq: batch.samples[sample].seq, in: &run)
        sample += 1
      }
      note(seq: batch.events[index].seq, in: &run)
    }
    for index in sample..<batch.samples.count { note(seq: batch.samples[index].seq, in: &run) }
    if let open = run { seqRuns.append(open.lower...open.upper) }
    noteMarks(in: batch.events)
  }

  /// Notes the recorder's drops and the launches among `events`, found by a scan that only
  /// reads: matching each event's payload between changes to this tally made the compiler copy
  /// every event first (in case a change reached the events' storage) and destroy it after,
  /// about 280 instructions an event that is not a pointer sample.
  private mutating func noteMarks(in events: some Collection<Event>) {
    for index in events.indices where Self.isMark(events[index]) {
      // The payload's case matched where it is stored: `type` is a call across modules.
      switch events[index].payload {
      case .traceGap(let dropped) where dropped > 0:
        drops.append(LostStretch.drop(seq: events[index].seq, count: dropped))
      case .appLaunch: launchSeqs.append(events[index].seq)
      default: break
      }
    }
  }

  /// Whether `event` is a `trace.gap` or an `app.launch`.
  private static func isMark(_ event: borrowing Event) -> Bool {
    switch event.payload {
    case .traceGap, .appLaunch: true
    default: false
    }
  }

  /// Counts an event's seq, extending `run`, the run of seqs being extended.
  @inline(__always)
  private mutating func note(seq: Int, in run: inout (lower: Int, upper: Int)?) {
    if let open = run, seq > open.upper, seq - open.upper == 1 {
      run = (open.lower, seq)
    } else {
      if let open = run { seqRuns.append(open.lower...open.upper) }
      run = (seq, seq)
    }
  }

  /// The first seq after `seq` that an event has, if any.
  package func firstSeq(after seq: Int) -> Int? {
    let run = seqRuns.partitioningIndex { $0.upperBound > seq }
    guard run < seqRuns.count else { return nil }
    return seq < seqRuns[run].lowerBound ? seqRuns[run].lowerBound : seq + 1
  }
}
