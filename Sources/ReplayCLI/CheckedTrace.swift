import SceneTrace
import SceneTraceFile

/// A trace replayed for `replay check`: streamed, replayed as it is read, and only the events
/// the report shows are read again afterwards, unless a check against a baseline needs it
/// whole.
struct CheckedTrace {
  /// The trace, with ``LoadedTrace/events`` holding every event when it was loaded whole, and
  /// only those ``fetchEvents(for:context:)`` read when it was streamed.
  private(set) var trace: LoadedTrace
  /// The replay, finished; its findings are in ``findings``.
  private(set) var replay: Replay
  /// The replay's findings that `keep` kept, in report order.
  let findings: FindingSpill
  /// How many events the trace holds.
  let eventCount: Int
  /// The seq of its last event.
  let lastSeq: Int
  /// The pass that streamed it; nil when it was loaded whole.
  private let streamed: StreamedTrace?
  private let options: ReadOptions
  /// Which stretch of the trace's loss may explain a finding.
  private let explanations: LossExplanations

  /// Reads and replays the trace of `paths` (several files are joined), telling standard error
  /// what reading lost; streams it unless `whole`. Of the replay's findings, those `keep` is
  /// true of are kept in ``findings``, as they come when the trace is streamed.
  init(
    _ paths: [String], reading: TraceReadingOptions, quiet: Bool, whole: Bool,
    keep: @escaping (Finding) -> Bool
  ) throws {
    options = reading.readOptions
    let findings = FindingSpill()
    self.findings = findings
    guard !whole else {
      trace = try reading.load(paths, quiet: quiet)
      replay = Replay.run(trace.events, quiet: quiet)
      try findings.add(replay.takeFindings().lazy.filter(keep))
      eventCount = trace.events.count
      lastSeq = trace.events.last?.seq ?? 0
      streamed = nil
      explanations = trace.lossExplanations
      return
    }
    var replay = Replay()
    var spillFailure: (any Error)?
    let streamed = try reading.streamAhead(paths, quiet: quiet) { events in
      replay.apply(events)
      // Findings go to the spill as they come, but for those at the last event, which the
      // finish step may merge with.
      guard spillFailure == nil, replay.findings.count >= 4096, let last = events.last else {
        return
      }
      do {
        try findings.add(replay.takeFindings(before: last.seq).lazy.filter(keep))
      } catch {
        spillFailure = error
      }
    }
    if let spillFailure { throw spillFailure }
    replay.finish()
    try findings.add(replay.takeFindings().lazy.filter(keep))
    self.replay = replay
    self.streamed = streamed
    eventCount = streamed.tally.count
    lastSeq = streamed.tally.last?.seq ?? 0
    trace = streamed.withoutEvents
    explanations = streamed.lossExplanations
  }

  /// The stretch of the trace's loss that may explain `finding`.
  func lostStretch(explaining finding: Finding) -> LostStretch? {
    explanations.stretch(explaining: finding)
  }

  /// For each of `findings`, the stretch of the trace's loss that may explain it.
  func lostStretches(explaining findings: some Collection<Finding>) -> [LostStretch?] {
    findings.map(lostStretch(explaining:))
  }

  /// How many findings a report should fetch the events of at once: a few hundred when each
  /// fetch reads only the frames or lines that hold them, so that memory does not grow with the
  /// findings; all of them when it reads every file again (a damaged file, a compressed or
  /// joined one, or a trace loaded whole).
  var findingsPerFetch: Int {
    guard let streamed else { return Int.max }
    return streamed.readsByIndex ? 512 : Int.max
  }

  /// Reads the events a report of `findings` shows, when the trace was streamed: `context`
  /// events either side of each finding's, and those in its `related`. They replace those an
  /// earlier call read.
  mutating func fetchEvents(for findings: some Collection<Finding>, context: Int) throws {
    guard let streamed, !findings.isEmpty else { return }
    var seqs: [ClosedRange<Int>] = []
    for finding in findings {
      let (low, lowOverflow) = finding.seq.subtractingReportingOverflow(context)
      let (high, highOverflow) = finding.seq.addingReportingOverflow(context)
      seqs.append((lowOverflow ? Int.min : low)...(highOverflow ? Int.max : high))
      seqs += finding.related.map { $0...$0 }
    }
    trace.events = try TraceFile.events(inSeqs: seqs, of: streamed, options: options)
  }
}
