import Foundation
import SceneTrace
import SceneTraceFile
import SceneTraceTestSupport
import Testing

/// The replay's compact form of pointer samples (`PointerSample`, in an `EventBatch`) gives the
/// states and findings the public model gives: on every trace in `traces/`, and on seeded
/// traces of 10^5 events over hundreds of sessions, most of them pointer samples, some of which
/// cannot be compact (a value this version does not know, a region).
@Suite struct CompactReplayTests {
  /// Every trace shipped in `traces/` and `traces/captured/`.
  private static var shippedTraces: [URL] {
    [PackageFolders.traces, PackageFolders.traces.appendingPathComponent("captured")].flatMap {
      folder in
      ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasSuffix(".jsonl") || $0.hasSuffix(".sctrace") }
        .sorted()
        .map { folder.appendingPathComponent($0) }
    }
  }

  @Test func everyShippedTraceReplaysAlikeCompact() throws {
    let traces = Self.shippedTraces
    #expect(traces.count > 40)
    for url in traces {
      guard url.pathExtension != "sctrace" || TraceWriter.Compression.isZstdAvailable else {
        continue
      }
      let events = try TraceFile.load(path: url.path).events
      expectCompactReplayAlike(events, url.lastPathComponent)
    }
  }

  @Test(arguments: [0x5A_3E01, 0x5A_3E02] as [UInt64])
  func generatedTracesReplayAlikeCompact(seed: UInt64) {
    let events = Self.pointerHeavyTrace(seed: seed, count: 100_000, sessions: 400)
    let batch = EventBatch(events)
    // Most samples are held compact, and the others are events: both forms are exercised.
    #expect(batch.samples.count > events.count / 2)
    #expect(batch.events.contains { $0.type == .pointerDrag })
    let replay = expectCompactReplayAlike(events, "seed \(seed)")
    // The pointer rules are exercised, not only the lifecycle's.
    #expect(replay.findings.contains { $0.rule == .pointerSequence })
    #expect(replay.findings.contains { $0.rule == .pointerLatching })
  }

  /// Samples of one scene come in runs, as a drag's do: a sample in the scene of the sample
  /// before it is followed where the scene is stored, without its session looked up again
  /// (`BuiltInReducer.reduce(into:samples:appendingTo:)`), unless something came due before it.
  @Test(arguments: [0x5A_3E07, 0x5A_3E08] as [UInt64])
  func runsOfOneScenesSamplesReplayAlikeCompact(seed: UInt64) {
    let events = Self.pointerHeavyTrace(seed: seed, count: 100_000, sessions: 12, stickiness: 90)
    expectCompactReplayAlike(events, "seed \(seed)")
    #expect(Self.seqsInRuns(of: events).count > events.count / 4)
  }

  /// The shipped traces with a run of samples after each event that names a scene replay alike
  /// compact. What a run's first sample finds (a discarded session, a scene not connected, an
  /// appearance change to settle, a layout gone stale) is met on the sample-by-sample path, and
  /// the samples after it are followed where the scene is then stored; a render deadline that
  /// passes during a run is met inside it. Each comes in one of the traces.
  @Test func shippedTracesWithRunsOfSamplesReplayAlikeCompact() throws {
    var atFirst = Set<RuleID>()
    var inside = Set<RuleID>()
    for url in Self.shippedTraces where url.pathExtension == "jsonl" {
      let events = Self.withRunsOfSamples(try TraceFile.load(path: url.path).events)
      let replay = expectCompactReplayAlike(events, url.lastPathComponent)
      let inRuns = Self.seqsInRuns(of: events)
      // The first samples of runs: a sample whose next one is in its scene and follows it.
      let firsts = Set(inRuns.map { $0 - 1 }).subtracting(inRuns)
      atFirst.formUnion(replay.findings.filter { firsts.contains($0.seq) }.map(\.rule))
      inside.formUnion(replay.findings.filter { inRuns.contains($0.seq) }.map(\.rule))
    }
    for rule: RuleID in [
      .sessionAfterDiscard, .lifecycleUnknownScene, .appearanceFrontmost, .geometryStaleLayout,
    ] {
      #expect(atFirst.contains(rule), "no \(rule) at the first sample of a run")
    }
    for rule: RuleID in [.pointerSequence, .sharedStaleRender] {
      #expect(inside.contains(rule), "no \(rule) inside a run of samples")
    }
  }

  /// The seqs of the compact samples of `events` that directly follow a sample of their scene.
  private static func seqsInRuns(of events: [Event]) -> Set<Int> {
    var seqs = Set<Int>()
    for (before, event) in zip(events, events.dropFirst()) {
      if let sample = PointerSample(event), let previous = PointerSample(before),
        previous.session == sample.session
      {
        seqs.insert(sample.seq)
      }
    }
    return seqs
  }

  /// `events` with three pointer samples (began, changed, ended) after each event that names a
  /// session, in its scene (or its first session's), at times spread between that event and
  /// the next; renumbered.
  private static func withRunsOfSamples(_ events: [Event]) -> [Event] {
    var result: [Event] = []
    func add(_ time: TraceTime, _ payload: Event.Payload) {
      result.append(Event(seq: result.count + 1, time: time, payload))
    }
    for (index, event) in events.enumerated() {
      add(event.time, event.payload)
      guard let scene = event.payload.scene ?? event.payload.sessions.first else { continue }
      let start = event.time.nanoseconds
      let end = index + 1 < events.count ? events[index + 1].time.nanoseconds : start + 40_000_000
      for (step, phase) in [PointerPhase.began, .changed, .ended].enumerated() {
        let time = start + (end - start) * Int64(step + 1) / 4
        add(
          TraceTime(nanoseconds: time),
          .pointerDrag(session: scene, phase: phase, x: Double(step) * 8, y: 100))
      }
    }
    return result
  }

  /// A sample is compact exactly when its values are all recognized and it names no region, and
  /// the event made of it is the event it was made from.
  @Test func aSampleIsCompactWhenItsEventCanBeMadeBackExactly() {
    var random = RandomEvents(seed: 0x5A_3E03)
    var compact = 0
    for event in random.events(count: 20_000, of: [.pointerDrag, .keyPress]) {
      guard let sample = PointerSample(event) else {
        if case .pointerDrag(_, let phase, _, _, let modifiers, let latching, let region) =
          event.payload
        {
          #expect(
            !phase.isRecognized || modifiers.hasUnrecognizedMembers
              || latching?.isRecognized == false || region != nil)
        }
        continue
      }
      compact += 1
      #expect(sample.event == event)
    }
    #expect(compact > 1000)
  }

  /// The batch keeps the events' order, whatever their forms: made back into events, it is the
  /// events it was made of, and its last seq is theirs.
  @Test func aBatchKeepsTheOrderOfItsEvents() {
    let events = Self.pointerHeavyTrace(seed: 0x5A_3E04, count: 5000, sessions: 20)
    var batch = EventBatch(events)
    #expect(batch.allEvents == events)
    #expect(batch.count == events.count)
    #expect(batch.lastSeq == events.last?.seq)
    // Cut after a seq, it is the events up to there, and goes on from there.
    for end in [0, 1, 2, 17, 400, 2500, 4999, 5000, 6000] {
      var cut = batch
      cut.removeEvents(after: end)
      let kept = events.filter { $0.seq <= end }
      #expect(cut.allEvents == kept, "after \(end)")
      #expect(cut.lastSeq == kept.last?.seq, "after \(end)")
      #expect(cut.firstTime == kept.first?.time, "after \(end)")
      for event in events[kept.count..<min(events.count, kept.count + 40)] { cut.append(event) }
      #expect(cut.allEvents == Array(events.prefix(kept.count + 40)), "after \(end)")
    }
    // Cut to a range of seqs (as a seek cuts a frame), it is the events in it, and goes on.
    var generator = SplitMix64(seed: 0x5A_3E05)
    let ranges =
      [0...0, 1...1, 1...5000, 2...17, 400...400, 4999...6000, 6000...7000]
      + (0..<60).map { _ in
        let start = Int.random(in: 1...5000, using: &generator)
        return start...Int.random(in: start...5000, using: &generator)
      }
    for range in ranges {
      var cut = batch
      cut.removeEvents(after: range.upperBound)
      cut.removeEvents(before: range.lowerBound)
      let kept = events.filter { range.contains($0.seq) }
      #expect(cut.allEvents == kept, "in \(range)")
      #expect(cut.count == kept.count, "in \(range)")
      #expect(cut.firstSeq == kept.first?.seq && cut.lastSeq == kept.last?.seq, "in \(range)")
      #expect(cut.firstEvent == kept.first && cut.lastEvent == kept.last, "in \(range)")
      let next = events.drop { $0.seq <= range.upperBound }.prefix(30)
      for event in next { cut.append(event) }
      #expect(cut.allEvents == kept + next, "in \(range)")
    }
    batch.removeAll()
    #expect(batch.isEmpty && batch.lastSeq == nil)
    batch.append(events[0])
    #expect(batch.allEvents == [events[0]])
  }

  /// A seek checks its checkpoint by replaying the interval before it as batches: in a trace
  /// made mostly of pointer samples, written in small frames with checkpoints between them, the
  /// state and findings at random seqs are those of a replay from the start.
  @Test func seeksThroughPointerSamplesEqualAReplayFromTheStart() throws {
    let events = Self.pointerHeavyTrace(seed: 0x5A_3E06, count: 4000, sessions: 30)
    let bytes = try sctrace(
      events, options: smallFrames(eventsPerFrame: 64, checkpointInterval: 256))
    let reader = try TraceReader(bytes: bytes, path: "samples.sctrace")
    let checkpoints = reader.index.checkpoints.map(\.seq)
    #expect(checkpoints.count >= 8)
    var generator = SplitMix64(seed: 0x5A_3E06)
    let seqs =
      (0..<24).map { _ in Int.random(in: 1...events.count, using: &generator) }
      + checkpoints.suffix(2) + [events.count]
    for seq in seqs {
      let resumed = try expectSeekAlike(reader, events, through: seq)
      if seq > checkpoints[1] {
        #expect(resumed.checkpoint != nil, "seq \(seq)")
      }
    }
  }

  /// Replays `events` lent one by one, and again as batches of uneven sizes moved into the
  /// replay in their compact form, and expects the same state after each batch and the same
  /// findings.
  @discardableResult
  private func expectCompactReplayAlike(_ events: [Event], _ name: String) -> Replay {
    var lent = Replay()
    var compact = Replay()
    var start = 0
    var size = 1
    while start < events.count {
      let end = min(events.count, start + size)
      var batch = EventBatch(events[start..<end])
      for event in events[start..<end] { lent.apply(event) }
      compact.apply(moving: &batch)
      #expect(batch.isEmpty)
      // The first state that differs, rather than every one after it (each prints whole).
      if start.isMultiple(of: 7), compact.state != lent.state {
        Issue.record("\(name): the states differ after seq \(events[end - 1].seq)")
        return lent
      }
      (start, size) = (end, size * 7 % 4093 + 1)
    }
    lent.finish()
    compact.finish()
    #expect(compact.state == lent.state, "\(name)")
    // The first finding that differs, rather than both lists (a generated trace has thousands).
    let differing = zip(compact.findings, lent.findings).first { $0 != $1 }
    #expect(differing == nil, "\(name)")
    #expect(compact.findings.count == lent.findings.count, "\(name)")
    return lent
  }

  /// `count` events over `sessions` sessions: seven in ten pointer samples (of a session chosen
  /// at random, in phases mostly in order; one in fifty with a value this version does not
  /// know or a region), one in ten a scene connecting, the others events of every type naming
  /// the same sessions (a launch or a termination, which close every scene, one in a thousand).
  /// With a `stickiness` above 0, a sample is in the scene of the sample before it that many
  /// times in a hundred.
  static func pointerHeavyTrace(
    seed: UInt64, count: Int, sessions: Int, stickiness: Int = 0
  ) -> [Event] {
    let names = (0..<sessions).map { "scene-\($0)" }
    var random = RandomEvents(seed: seed, identifiers: names)
    let others = EventType.allCases.filter { $0 != .appLaunch && $0 != .appTerminate }
    var time: Int64 = 0
    var inFlight = Set<Int>()
    var lastSampled: Int?
    return (1...count).map { seq in
      time += Int64.random(in: 0...8_000_000, using: &random.generator)
      let at = TraceTime(nanoseconds: time)
      var session = Int.random(in: 0..<sessions, using: &random.generator)
      switch Int.random(in: 0..<1000, using: &random.generator) {
      case 0..<700: break
      case 700..<800:
        return Event(seq: seq, time: at, .sceneWillConnect(session: SessionID(names[session])))
      case 999:
        return Event(seq: seq, time: at, random.payload(random.bool() ? .appLaunch : .appTerminate))
      default:
        return Event(
          seq: seq, time: at, random.payload(others.randomElement(using: &random.generator)!))
      }
      // (Drawn only when asked for, so that the traces of the other tests stay as they were.)
      if stickiness > 0, let lastSampled,
        Int.random(in: 0..<100, using: &random.generator) < stickiness
      {
        session = lastSampled
      }
      lastSampled = session
      let phase: PointerPhase
      if Int.random(in: 0..<50, using: &random.generator) == 0 {
        phase = random.value()
      } else if inFlight.contains(session) {
        phase = Int.random(in: 0..<20, using: &random.generator) == 0 ? .ended : .changed
      } else {
        phase = .began
      }
      if phase == .began { inFlight.insert(session) }
      if phase == .ended || phase == .cancelled { inFlight.remove(session) }
      let odd = Int.random(in: 0..<50, using: &random.generator) == 0
      let began = phase == .began
      return Event(
        seq: seq, time: at,
        .pointerDrag(
          session: SessionID(names[session]), phase: phase,
          x: Double(Int.random(in: 0...4000, using: &random.generator)) / 4,
          y: random.double(), modifiers: odd ? random.modifiers() : [.shift],
          latching: began ? random.value() : nil,
          region: odd ? random.text() : began && random.bool() ? "canvas" : nil))
    }
  }
}
