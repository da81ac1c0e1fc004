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
  package init(_ events: some Sequence<Event>) {
    add(events)
  }

  /// Counts `events`, which come after those counted so far.
  package mutating func add(_ events: some Sequence<Event>) {
    for event in events {
      count += 1
      if first == nil { first = event }
      last = event
      if let run = seqRuns.last, event.seq > run.upperBound, event.seq - run.upperBound == 1 {
        seqRuns[seqRuns.count - 1] = run.lowerBound...event.seq
      } else {
        seqRuns.append(event.seq...event.seq)
      }
      switch event.payload {
      case .traceGap: drops += LostStretch.drops(in: CollectionOfOne(event))
      case .appLaunch: launchSeqs.append(event.seq)
      default: break
      }
    }
  }

  /// The first seq after `seq` that an event has, if any.
  package func firstSeq(after seq: Int) -> Int? {
    let run = seqRuns.partitioningIndex { $0.upperBound > seq }
    guard run < seqRuns.count else { return nil }
    return seq < seqRuns[run].lowerBound ? seqRuns[run].lowerBound : seq + 1
  }
}
