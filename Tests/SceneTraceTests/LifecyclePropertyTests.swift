import SceneTrace
import Testing

/// Property tests over seeded random traces: each case's argument is its seed, so a failure
/// reproduces with `LegalTrace(seed:irregular:)` and the seed it names.
@Suite struct LifecyclePropertyTests {
  static let legalSeeds = Seeds.range(0x5CE7_0000, count: 64)
  static let splicedSeeds = Seeds.range(0x5CE7_1000, count: 128)
  static let randomSeeds = Seeds.range(0x5CE7_2000, count: 64)

  @Test(arguments: legalSeeds)
  func legalTraceWithoutWarningRowsGivesNoFindingAndTheModelsState(seed: UInt64) {
    let trace = LegalTrace(seed: seed, irregular: false)
    var replay = Replay()
    for (index, event) in trace.events.enumerated() {
      replay.apply(event)
      let mismatch = Self.mismatch(replay.state, trace.models[index + 1])
      #expect(mismatch == nil, "seed \(seed), after seq \(event.seq): \(mismatch ?? "")")
      if mismatch != nil { break }
    }
    replay.finish()
    #expect(replay.findings.summaries == [], "seed \(seed)")
    for (id, count) in trace.connections {
      if case .connected = trace.model[id] {
        #expect(replay.state.sessions[id]?.scene?.instance == count, "seed \(seed), \(id)")
      }
    }
  }

  @Test(arguments: legalSeeds)
  func legalTraceWithWarningRowsGivesNoErrorAndExactlyTheRowsFindings(seed: UInt64) {
    let trace = LegalTrace(seed: seed, irregular: true)
    let result = Replay.run(trace.events)
    #expect(result.findings.allSatisfy { $0.severity != .error }, "seed \(seed)")
    let expected = trace.notices.map {
      FindingSummary($0.rule, $0.severity, seq: $0.index + 1, $0.session)
    }
    #expect(result.findings.summaries == expected, "seed \(seed)")
    #expect(Self.mismatch(result.state, trace.model) == nil, "seed \(seed)")
  }

  @Test func legalGeneratorReachesEveryLegalRow() {
    // Guards the generator itself: across the seeds it must produce each kind of transition
    // the properties claim to cover.
    var seen = Set<String>()
    for seed in Self.legalSeeds {
      let trace = LegalTrace(seed: seed, irregular: true)
      for (index, payload) in trace.payloads.enumerated() {
        seen.insert(Self.label(payload, before: trace.models[index]))
        if case .sceneWillConnect = payload { seen.insert("L1") }
      }
    }
    let rows = [
      "L1", "L2", "L3", "L4", "L5", "L6", "L7", "L8", "L9", "L10", "L11", "L12", "S1", "S2",
      "S3", "S5", "S6", "S8", "discard-many", "terminate",
    ]
    #expect(Set(rows).subtracting(seen).isEmpty, "not generated: \(Set(rows).subtracting(seen))")
  }

  @Test(arguments: legalSeeds + randomSeeds)
  func replayingTheSameEventsTwiceGivesEqualStatesAndFindings(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let events =
      Self.legalSeeds.contains(seed)
      ? LegalTrace(seed: seed, irregular: true).events
      : numbered(RandomEvents.payloads(count: 300, using: &random))
    let first = Replay.run(events)
    let second = Replay.run(events)
    #expect(first.state == second.state, "seed \(seed)")
    #expect(first.findings == second.findings, "seed \(seed)")

    // A replay resumed from the state at any event ends in the same place.
    let cut = Int.random(in: 0...events.count, using: &random)
    var resumed = Replay(from: Replay.run(events.prefix(cut)).state)
    resumed.apply(events.dropFirst(cut))
    resumed.finish()
    #expect(resumed.state == first.state, "seed \(seed), resumed at \(cut)")
    #expect(
      resumed.findings.filter { $0.seq > cut } == first.findings.filter { $0.seq > cut },
      "seed \(seed), resumed at \(cut)")
    #expect(first.findings == first.findings.sorted(by: Finding.reportOrder), "seed \(seed)")
  }

  @Test(arguments: splicedSeeds)
  func splicedIllegalEventIsTheFirstError(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let trace = LegalTrace(seed: seed, irregular: false)
    let position = Int.random(in: 0...trace.payloads.count, using: &random)
    let candidates = LegalTrace.illegalEvents(in: trace.models[position])
    guard let illegal = candidates.randomElement(using: &random) else {
      Issue.record("seed \(seed): no illegal event to splice")
      return
    }
    var payloads = trace.payloads
    payloads.insert(illegal.payload, at: position)
    let result = replay(payloads)
    let spliced = position + 1
    let errors = result.findings.filter { $0.severity == .error }
    #expect(
      errors.first.map(FindingSummary.init)
        == FindingSummary(illegal.rule, .error, seq: spliced, illegal.session),
      "seed \(seed): spliced \(illegal.payload) at seq \(spliced)")
    #expect(
      result.findings.filter { $0.seq < spliced }.isEmpty,
      "seed \(seed): findings before the splice")
    #expect(
      errors.filter { $0.seq == spliced }.map(\.rule) == [illegal.rule],
      "seed \(seed): one error at the splice")
  }

  @Test func splicedSeedsCoverEveryKindOfIllegalEvent() {
    // Guards the splice property: its seeds must reach each rule it claims to check.
    var rules = Set<RuleID>()
    for seed in Self.splicedSeeds {
      var random = SplitMix64(seed: seed)
      let trace = LegalTrace(seed: seed, irregular: false)
      let position = Int.random(in: 0...trace.payloads.count, using: &random)
      let candidates = LegalTrace.illegalEvents(in: trace.models[position])
      if let illegal = candidates.randomElement(using: &random) { rules.insert(illegal.rule) }
    }
    #expect(
      rules == [
        .lifecycleOrder, .lifecycleUnknownScene, .sessionOneScene, .sessionOrder,
        .sessionAfterDiscard,
      ])
  }

  // MARK: helpers

  /// What differs between the reducer's state and the generator's model, or nil.
  static func mismatch(_ state: TraceState, _ model: [SessionID: ModelSession]) -> String? {
    for (id, expected) in model.sorted(by: { $0.key < $1.key }) {
      let session = state.sessions[id]
      let actual =
        "\(String(describing: session?.status)) \(String(describing: session?.scene?.state))"
      let matches =
        switch expected {
        case .unseen: session == nil
        case .configuring: session?.status == .configuring && session?.scene == nil
        case .archived: session?.status == .archived && session?.scene == nil
        case .discarded: session?.status == .discarded && session?.scene == nil
        case .connected(let activation, _):
          session?.status == .connected && session?.scene?.state == activation
        }
      if !matches { return "\(id): expected \(expected), got \(actual)" }
    }
    let activations = model.values.compactMap { session -> SceneActivation? in
      guard case .connected(let activation, _) = session, activation != .unattached else {
        return nil
      }
      return activation
    }
    let appState = activations.max() ?? .background
    if state.appActivation != appState {
      return "app state: expected \(appState), got \(state.appActivation)"
    }
    return nil
  }

  /// The reference row a generated payload exercises, given the model before it.
  static func label(_ payload: Event.Payload, before model: [SessionID: ModelSession]) -> String {
    func scene(_ id: SessionID) -> (SceneActivation, Bool)? {
      if case .connected(let state, let active) = model[id] { return (state, active) }
      return nil
    }
    switch payload {
    case .appLaunch:
      return model.values.contains { if case .connected = $0 { true } else { false } }
        ? "L12" : "launch"
    case .appTerminate: return "terminate"
    case .sessionConfigure: return "S1"
    case .sceneWillConnect(let id, _, _, _):
      return switch model[id] {
      case .configuring?: "S2"
      case .archived?: "S5"
      default: "S3"
      }
    case .appDiscardSessions(let ids):
      if ids.count > 1 { return "discard-many" }
      return model[ids[0]] == .archived ? "S6" : "S8"
    case .sceneWillEnterForeground(let id): return scene(id)?.0 == .unattached ? "L2" : "L7"
    case .sceneDidBecomeActive: return "L4"
    case .sceneWillResignActive: return "L5"
    case .sceneDidEnterBackground(let id):
      guard let (state, active) = scene(id) else { return "?" }
      return state == .unattached ? "L3" : active ? "L6" : "L11"
    case .sceneDidDisconnect(let id):
      guard let (state, _) = scene(id) else { return "?" }
      return switch state {
      case .unattached: "L10"
      case .foregroundInactive: "L9"
      default: "L8"
      }
    default: return "other"
    }
  }
}
