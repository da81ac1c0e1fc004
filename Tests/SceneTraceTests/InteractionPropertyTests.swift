import SceneTrace
import Testing

/// Property tests over seeded random interaction traces (`InteractionTrace`): legal ones give no
/// finding and the state the generator's model expects; one spliced illegal event gives the
/// expected finding at its seq, before any other.
@Suite struct InteractionPropertyTests {
  static let legalSeeds = Seeds.range(0x5CE7_4000, count: 48)
  static let mutationSeeds = Seeds.range(0x5CE7_5000, count: 160)

  @Test(arguments: legalSeeds)
  func legalInteractionsGiveNoFindingAndTheModelsState(seed: UInt64) {
    let trace = InteractionTrace(seed: seed)
    var replay = Replay()
    for (index, event) in trace.events.enumerated() {
      let found = replay.apply(event)
      #expect(found.isEmpty, "seed \(seed), seq \(event.seq) \(event.payload): \(found)")
      if !found.isEmpty { return }
      let mismatch = Self.mismatch(replay.state, trace.models[index + 1])
      #expect(mismatch == nil, "seed \(seed), after seq \(event.seq): \(mismatch ?? "")")
      if mismatch != nil { return }
    }
    #expect(replay.finish().isEmpty, "seed \(seed)")
  }

  @Test func generatorMakesEveryKindOfMove() {
    var kinds = Set<String>()
    for seed in Self.legalSeeds { kinds.formUnion(InteractionTrace(seed: seed).moveKinds) }
    let expected: Set<String> = [
      "key.press", "key.command", "app.keyWindow", "focus.update", "responder.first",
      "pointer.drag", "band.selection", "state.write", "content.display", "nav", "drag.begin",
      "drag.end", "drop.perform", "resign", "activate", "background", "enter", "disconnect",
      "reconnect", "discard", "new window",
    ]
    #expect(expected.subtracting(kinds).isEmpty, "never made: \(expected.subtracting(kinds))")
  }

  @Test(arguments: mutationSeeds)
  func splicedIllegalEventIsTheFirstFinding(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let trace = InteractionTrace(seed: seed)
    guard let (position, mutation) = Self.mutation(in: trace, using: &random) else {
      Issue.record("seed \(seed): nothing to splice")
      return
    }
    var payloads = trace.payloads
    payloads.insert(mutation.payload, at: position)
    // The spliced event happens at the same time as the event before it, so every deadline of
    // the legal trace stays where it was.
    var events = trace.events
    let time = position > 0 ? events[position - 1].time : .zero
    events.insert(Event(seq: position + 1, time: time, mutation.payload), at: position)
    for index in events.indices { events[index].seq = index + 1 }
    let result = Replay.run(events)
    let spliced = position + 1
    #expect(
      result.findings.first.map(FindingSummary.init)
        == FindingSummary(mutation.rule, mutation.severity, seq: spliced, mutation.session),
      "seed \(seed): spliced \(mutation) at seq \(spliced): \(result.findings.prefix(3))")
    #expect(
      result.findings.filter { $0.seq == spliced }.map(\.rule) == [mutation.rule],
      "seed \(seed): one finding at the splice")
  }

  @Test func mutationSeedsCoverEveryRuleTheyClaim() {
    var rules = Set<RuleID>()
    for seed in Self.mutationSeeds {
      var random = SplitMix64(seed: seed)
      let trace = InteractionTrace(seed: seed)
      if let (_, mutation) = Self.mutation(in: trace, using: &random) {
        rules.insert(mutation.rule)
      }
    }
    let claimed: Set<RuleID> = [
      .keyInactiveScene, .keyPressBalance, .focusContinuity, .bandSequence, .pointerSequence,
      .dragSequence, .sharedStaleRender, .sharedRenderBeforeWrite, .restorationSharedStorage,
      .contentExclusive,
      .navigationSharedState, .sessionDataDeletedEarly,
    ]
    #expect(claimed.subtracting(rules).isEmpty, "never spliced: \(claimed.subtracting(rules))")
  }

  // MARK: helpers

  /// A random position of the trace and a mutation that applies there; each rule is chosen
  /// with equal chance among those that apply.
  static func mutation(
    in trace: InteractionTrace, using random: inout SplitMix64
  ) -> (Int, InteractionMutation)? {
    for _ in 0..<8 {
      let position = Int.random(in: 1...trace.payloads.count, using: &random)
      let candidates = InteractionMutation.candidates(in: trace.models[position])
      let rules = Set(candidates.map(\.rule)).sorted()
      guard let rule = rules.randomElement(using: &random),
        let mutation = candidates.filter({ $0.rule == rule }).randomElement(using: &random)
      else { continue }
      return (position, mutation)
    }
    return nil
  }

  /// What differs between the reducer's state and the generator's model, or nil.
  static func mismatch(_ state: TraceState, _ model: InteractionModel) -> String? {
    if state.app.keyScene != model.keyScene {
      return
        "key scene \(String(describing: state.app.keyScene)), model \(String(describing: model.keyScene))"
    }
    if state.connectedSessions != model.connected {
      return "connected \(state.connectedSessions), model \(model.connected)"
    }
    for id in model.connected {
      guard let scene = state.sessions[id]?.scene, let expected = model.scenes[id] else {
        return "\(id): no scene"
      }
      // The reducer keeps presses its scene's resignation cancelled until the cancellation
      // arrives, as the model does.
      let keysDown = Set(scene.presses.keys)
      let checks: [(String, Bool)] = [
        ("state", scene.state == expected.state),
        ("focus", scene.focus == expected.focus),
        ("first responder", scene.firstResponder == expected.firstResponder),
        ("keys down", keysDown == expected.keysDown),
        ("pointer drag", (scene.drag != nil) == expected.pointerInFlight),
        ("band", scene.band?.view == expected.band?.view),
        ("selection", scene.selection.mapValues(Set.init) == expected.selection),
        ("content", scene.content == expected.content),
        ("renders", scene.renders == expected.renders),
      ]
      if let failed = checks.first(where: { !$0.1 }) { return "\(id): \(failed.0) differs" }
    }
    let shared = state.shared.mapValues(\.value)
    if shared != model.shared.mapValues(\.value) { return "shared store differs" }
    return nil
  }
}
