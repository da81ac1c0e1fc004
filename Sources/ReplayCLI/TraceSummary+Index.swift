import SceneTrace
import SceneTraceFile

extension TraceSummary {
  /// The summary of a closed `.sctrace` file from its header, its index and the frames
  /// `indexed` decoded: every figure is the index's, but the size as JSON Lines, which is
  /// estimated from the decoded events (counted exactly when they are every event).
  init(_ indexed: IndexedTrace) {
    let index = indexed.index
    let summary = indexed.summary
    path = indexed.path
    format = .sctrace
    header = indexed.header
    eventCount = index.eventCount
    firstSeq = index.frames.first?.firstSeq
    lastSeq = index.frames.last?.lastSeq
    duration = TraceTime(
      nanoseconds: (index.frames.last?.lastTime.nanoseconds ?? 0)
        - (index.frames.first?.firstTime.nanoseconds ?? 0))
    eventsPerType = EventType.allCases.compactMap { type in
      summary.eventsPerType[type].map { (type, $0) }
    }
    sessionCount = summary.sessionCount
    firstSessions = summary.firstSessions
    frameCount = index.frames.count
    checkpointCount = index.checkpoints.count
    fileByteCount = indexed.fileByteCount
    contentByteCount = summary.contentByteCount
    let jsonLines = Self.jsonLinesSize(indexed)
    jsonLinesByteCount = jsonLines.bytes
    jsonLinesByteCountIsEstimate = !jsonLines.isExact
    integrity = "intact"
    problems = []
    loss = .recorderDrops(summary.drops)
    source = .index(sampled: indexed.sampledFrameCount, frames: index.frames.count)
  }

  /// How many of the decoded events the estimate of the size as JSON Lines measures, at most:
  /// making an event's JSON line costs far more than decoding it. Which frames were decoded
  /// weighs more than how many of their events are measured: on the 10^7-event traces of
  /// `bench --write-sctrace`, 512 and 2048 both estimate within 3.1 % of the count.
  static let measuredEventLimit = 512

  /// The size of the file's events as JSON Lines: counted when every frame was decoded,
  /// otherwise each type's count times the mean size of that type among up to
  /// ``measuredEventLimit`` decoded events taken at even steps (the mean of them all for a type
  /// none of them has).
  private static func jsonLinesSize(_ indexed: IndexedTrace) -> (bytes: Int, isExact: Bool) {
    let decoded = indexed.sampledEvents
    let step =
      indexed.sampledEveryFrame ? 1 : max(1, decoded.count / Self.measuredEventLimit)
    var sample = JSONLinesSizeSample()
    for index in stride(from: 0, to: decoded.count, by: step) { sample.measure(decoded[index]) }
    if indexed.sampledEveryFrame { return (sample.bytes, true) }
    return (sample.estimate(eventsPerType: indexed.summary.eventsPerType), false)
  }
}

extension TraceSummary {
  /// What a trace lost: the stretches a full read found, or the recorder's drops its index lists.
  enum Loss {
    case stretches([LostStretch])
    /// Made into stretches only for the JSON, which gives each one's message: a long trace may
    /// list thousands, and the text and the warnings need only their ``lines``, made once.
    case drops([TraceIndex.Summary.Drop], lines: [(seq: Int, summary: String)])

    /// The loss of the recorder's `drops`.
    static func recorderDrops(_ drops: [TraceIndex.Summary.Drop]) -> Self {
      .drops(
        drops,
        lines: drops.map { drop in
          let stretch = Self.stretch(drop)
          return (stretch.seq, stretch.summary)
        })
    }

    /// How many stretches.
    var count: Int {
      switch self {
      case .stretches(let stretches): stretches.count
      case .drops(let drops, _): drops.count
      }
    }

    /// How many events the stretches lost, where known (``LostStretch/eventTotal(of:)``).
    var eventTotal: Int {
      switch self {
      case .stretches(let stretches): LostStretch.eventTotal(of: stretches)
      case .drops(let drops, _): LostStretch.eventTotal(of: drops.lazy.map(Self.stretch))
      }
    }

    /// Whether a stretch lost events that were not counted.
    var hasUncountedStretch: Bool {
      switch self {
      case .stretches(let stretches): stretches.contains { $0.eventCount == nil }
      case .drops: false
      }
    }

    /// Each stretch's seq and ``LostStretch/summary``, in trace order.
    var lines: [(seq: Int, summary: String)] {
      switch self {
      case .stretches(let stretches): stretches.map { ($0.seq, $0.summary) }
      case .drops(_, let lines): lines
      }
    }

    /// The stretches, with their messages.
    var stretches: [LostStretch] {
      switch self {
      case .stretches(let stretches): stretches
      case .drops(let drops, _): drops.map { LostStretch.drop(seq: $0.seq, count: $0.count) }
      }
    }

    /// The stretch of `drop` without its message (its seq, count and summary do not depend on
    /// it): what ``LostStretch/drop(seq:count:)`` gives, less the cost of a sentence.
    private static func stretch(_ drop: TraceIndex.Summary.Drop) -> LostStretch {
      LostStretch(
        kind: .dropped, afterSeq: drop.seq - 1, beforeSeq: drop.seq + 1, eventCount: drop.count,
        message: "")
    }
  }
}
