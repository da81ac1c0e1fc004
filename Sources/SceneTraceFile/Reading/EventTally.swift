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
    for index in events.indices {
      let seq = events[index].seq
      if let open = run, seq > open.upper, seq - open.upper == 1 {
        run = (open.lower, seq)
      } else {
        if let open = run { seqRuns.append(open.lower...open.upper) }
        run = (seq, seq)
      }
      // The payload's case matched where it is stored: `type` is a call across modules.
      switch events[index].payload {
      case .traceGap: drops += LostStretch.drops(in: CollectionOfOne(events[index]))
      case .appLaunch: launchSeqs.append(seq)
      default: break
      }
    }
    if let open = run { seqRuns.append(open.lower...open.upper) }
  }

  /// The first seq after `seq` that an event has, if any.
  package func firstSeq(after seq: Int) -> Int? {
    let run = seqRuns.partitioningIndex { $0.upperBound > seq }
    guard run < seqRuns.count else { return nil }
    return seq < seqRuns[run].lowerBound ? seqRuns[run].lowerBound : seq + 1
  }
}
