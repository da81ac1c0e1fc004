import SceneTrace
import SceneTraceFile

/// A trace replayed for `replay check`: streamed, replayed as it is read, and only the events
/// the report shows (or a baseline's fingerprints are made of) are read again afterwards.
struct CheckedTrace {
  /// The trace without its events.
  private(set) var trace: LoadedTrace
  /// The replay, finished; its findings are in ``findings``.
  private(set) var replay: Replay
  /// The replay's findings that `keep` kept, in report order.
  let findings: FindingSpill
  /// How many events the trace holds.
  let eventCount: Int
  /// The seq of its last event.
  let lastSeq: Int
  /// The pass that streamed it.
  private let streamed: StreamedTrace
  private let options: ReadOptions
  /// Which stretch of the trace's loss may explain a finding.
  private let explanations: LossExplanations
  /// The identifiers the trace names, when asked for: what a baseline's fingerprints alias.
  private let appearances: IdentifierAppearances?

  /// Reads and replays the trace of `paths` (several files are joined) as it is read, telling
  /// standard error what reading lost. Of the replay's findings, those `keep` is true of are
  /// kept in ``findings`` as they come. With `fingerprinting`, the pass also notes the
  /// identifiers the trace names, for ``forEachFingerprintedBatch(of:_:)``. `observe` sees
  /// each batch of events before it is replayed.
  init(
    _ paths: [String], reading: TraceReadingOptions, quiet: Bool, fingerprinting: Bool = false,
    keep: @escaping (Finding) -> Bool, observe: (borrowing EventBatch) -> Void = { _ in }
  ) throws {
    options = reading.readOptions
    let findings = FindingSpill()
    self.findings = findings
    var replay = Replay()
    var appearances = fingerprinting ? IdentifierAppearances() : nil
    var spillFailure: (any Error)?
    // Pointer samples come as plain values, decoded and replayed without an event made of each.
    let streamed = try reading.streamBatchesAhead(paths, quiet: quiet) {
      (events: consuming EventBatch) in
      observe(events)
      if appearances != nil { events.forEachEvent { appearances?.add($0) } }
      let last = events.lastSeq
      replay.apply(moving: &events)
      // Findings go to the spill as they come, but for those at the last event, which the
      // finish step may merge with.
      guard spillFailure == nil, replay.findings.count >= 4096, let last else { return }
      do {
        try findings.add(replay.takeFindings(before: last).lazy.filter(keep))
      } catch {
        spillFailure = error
      }
    }
    if let spillFailure { throw spillFailure }
    replay.finish()
    try findings.add(replay.takeFindings().lazy.filter(keep))
    self.replay = replay
    self.streamed = streamed
    self.appearances = appearances
    eventCount = streamed.tally.count
    lastSeq = streamed.tally.last?.seq ?? 0
    trace = streamed.withoutEvents
    explanations = streamed.lossExplanations
  }

  /// Hands `body` the findings of `findings`, in report order, a batch at a time, each with
  /// what fingerprints it for a baseline: the events the batch names are read again, a batch at
  /// a time where the index finds them (``findingsPerFetch``), so that what is held does not
  /// grow with the findings. Needs a trace checked with `fingerprinting`.
  func forEachFingerprintedBatch(
    of findings: FindingSpill, _ body: (_ batch: [Finding], FindingFingerprinter) throws -> Void
  ) throws {
    guard let appearances else { preconditionFailure("a trace checked without fingerprinting") }
    let fingerprinter = FindingFingerprinter(
      events: [], appearances: appearances, state: replay.state)
    var lastFrame: DecompressedFrame?
    try findings.forEachBatch(of: findingsPerFetch, mergedWith: []) { batch in
      let events = try TraceFile.events(
        inSeqs: FindingFingerprinter.seqs(of: batch), of: streamed, options: options,
        lastFrame: &lastFrame)
      try body(batch, fingerprinter.holding(events))
    }
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
  /// joined one).
  private var findingsPerFetch: Int {
    streamed.readsByIndex ? 512 : Int.max
  }

  /// Hands `body` the findings of `findings` with `extra` merged in, in report order, a batch
  /// at a time, with the trace holding the events the report shows of that batch: `context`
  /// events either side of each finding's, and those in its `related`. The events of the next
  /// batches are read on another thread while `body` runs.
  func forEachBatch(
    of findings: FindingSpill, mergedWith extra: [Finding], context: Int,
    _ body: (_ batch: [Finding], _ trace: LoadedTrace) -> Void
  ) throws {
    let (streamed, options, size) = (self.streamed, self.options, findingsPerFetch)
    var trace = self.trace
    try DecodingAhead.run(capacity: 2) { hand in
      var lastFrame: DecompressedFrame?
      try findings.forEachBatch(of: size, mergedWith: extra) { batch in
        let seqs = Self.seqs(shownFor: batch, context: context)
        let events = try TraceFile.events(
          inSeqs: seqs, of: streamed, options: options, lastFrame: &lastFrame)
        hand((batch, events))
      }
    } consume: { (batch: [Finding], events: [Event]) in
      trace.events = events
      body(batch, trace)
    }
  }

  /// The seqs of the events a report of `findings` shows.
  private static func seqs(shownFor findings: [Finding], context: Int) -> [ClosedRange<Int>] {
    var seqs: [ClosedRange<Int>] = []
    for finding in findings {
      seqs.append(FindingReport.seqs(around: finding, context: context))
      seqs += finding.related.map { $0...$0 }
    }
    return seqs
  }
}
