import SceneTrace
import Testing

/// `TraceShrinker`: a finding planted among thousands of unrelated legal events shrinks to the
/// handful of events that show it, with no finding the original did not have, 1-minimal and
/// the same every time.
@Suite struct TraceShrinkerTests {
  /// The rules planted in long traces, one seed each.
  static let plantedRules: [RuleID] = [
    .lifecycleOrder, .keyInactiveScene, .focusContinuity, .sharedStaleRender,
    .restorationSharedStorage, .dragSequence,
  ]
  static let plantedSeeds = Seeds.range(0x5412_0000, count: plantedRules.count)

  @Test(arguments: zip(plantedRules, plantedSeeds))
  func plantedFindingShrinksToAHandfulOfWellFormedEvents(rule: RuleID, seed: UInt64) throws {
    let planted = try #require(PlantedViolation(rule: rule, seed: seed, steps: 3_000))
    #expect(planted.events.count > 4_500, "seed \(seed): \(planted)")
    let goal = ShrinkGoal.finding(rule, session: planted.mutation.session)
    let result = try #require(TraceShrinker().shrink(planted.events, keeping: goal))

    #expect(result.originalCount == planted.events.count)
    #expect(result.events.count <= 5, "seed \(seed): \(planted) kept \(result.events)")
    Self.expectRenumbered(result, from: planted.events)
    // The finding kept is one the original has at the same event: the planted one, or one it
    // caused later in the same scene.
    #expect(goal.holds(in: Replay.run(result.events)), "seed \(seed): \(planted)")
    let original = Replay.run(planted.events)
    #expect(
      Self.newFindings(result.events, result.originalSeqs, original).isEmpty,
      "seed \(seed): \(planted)")
    Self.expectOneMinimal(result, goal: goal, original: original)
  }

  @Test(arguments: zip(plantedRules, Seeds.range(0x5412_1000, count: plantedRules.count)))
  func shrinkingTwiceGivesTheSameResult(rule: RuleID, seed: UInt64) throws {
    let planted = try #require(PlantedViolation(rule: rule, seed: seed, steps: 400))
    let goal = ShrinkGoal.finding(rule, session: planted.mutation.session)
    let first = TraceShrinker().shrink(planted.events, keeping: goal)
    let second = TraceShrinker().shrink(planted.events, keeping: goal)
    #expect(first != nil, "seed \(seed): \(planted)")
    #expect(first == second, "seed \(seed): \(planted)")
  }

  @Test func shrinkIsNilWhenTheGoalDoesNotHold() throws {
    let legal = InteractionTrace(seed: 0x5412_2000, steps: 400).events
    let shrinker = TraceShrinker()
    #expect(shrinker.shrink(legal, keeping: .finding(.lifecycleOrder)) == nil)
    #expect(shrinker.shrink(legal, keeping: ShrinkGoal("never") { _ in false }) == nil)
    #expect(shrinker.shrink([], keeping: .finding(.lifecycleOrder)) == nil)
    let planted = try #require(
      PlantedViolation(rule: .lifecycleOrder, seed: 0x5412_2001, steps: 400))
    let elsewhere = ShrinkGoal.finding(.lifecycleOrder, session: "nobody")
    #expect(shrinker.shrink(planted.events, keeping: elsewhere) == nil)
  }

  @Test func customGoalKeepsTheEventsThatReachAState() throws {
    let events = InteractionTrace(seed: 0x5412_3000, steps: 600).events
    let final = Replay.run(events).state
    let shown = final.connectedSessions.compactMap { id in
      final.sessions[id]?.scene?.content.map { (id, $0) }
    }
    let (id, content) = try #require(shown.first, "some window must show content")
    let goal = ShrinkGoal("\(id) shows \(content)") {
      $0.state.sessions[id]?.scene?.content == content
    }
    let result = try #require(TraceShrinker().shrink(events, keeping: goal))
    #expect(goal.summary == "\(id) shows \(content)")
    #expect(result.events.count <= 3, "kept \(result.events)")
    #expect(goal.holds(in: Replay.run(result.events)))
    let original = Replay.run(events)
    #expect(Self.newFindings(result.events, result.originalSeqs, original).isEmpty)
    Self.expectOneMinimal(result, goal: goal, original: original)
  }

  @Test func findingOfTheFinishStepKeepsTheLastEvent() throws {
    typealias S = Script
    // C is configured and never connected: the finish step reports it at the last event.
    let payloads =
      S.active("A") + [S.configure("B"), S.connect("B"), S.enter("B"), S.activate("B")]
      + [S.configure("C"), S.resign("A"), S.background("A"), S.resign("B")]
    let events = numbered(payloads)
    let original = Replay.run(events)
    let goal = ShrinkGoal.finding(.sessionIrregular, session: "C")
    let result = try #require(TraceShrinker().shrink(events, keeping: goal))
    #expect(result.originalSeqs.last == events.count, "kept \(result.originalSeqs)")
    #expect(result.originalSeqs.contains(10), "kept \(result.originalSeqs)")
    #expect(goal.holds(in: Replay.run(result.events)))
    #expect(Self.newFindings(result.events, result.originalSeqs, original).isEmpty)
    Self.expectOneMinimal(result, goal: goal, original: original)
  }

  @Test func findingOfACustomRuleShrinksWithItsReducer() throws {
    let reducer = TraceReducer(rules: [SavesBeforeBackground()])
    let events = InteractionTrace(seed: 0x5412_4000, steps: 600).events
    let original = Replay.run(events, reducer: reducer)
    let first = try #require(
      original.findings.first { $0.rule == CustomRuleTests.ruleID },
      "the trace must leave an edit unsaved")
    let goal = ShrinkGoal.finding(first.rule, session: first.session)
    let result = try #require(TraceShrinker(reducer: reducer).shrink(events, keeping: goal))
    #expect(result.events.count <= 6, "kept \(result.events)")
    #expect(goal.holds(in: Replay.run(result.events, reducer: reducer)))
    #expect(TraceShrinker().shrink(events, keeping: goal) == nil, "built-in rules only")
    #expect(
      Self.newFindings(result.events, result.originalSeqs, original, reducer: reducer).isEmpty)
    Self.expectOneMinimal(result, goal: goal, original: original, reducer: reducer)
  }

  // MARK: helpers

  /// Checks that `result` holds events of `original` in order, numbered from 1, each with its
  /// original time and payload.
  static func expectRenumbered(_ result: ShrinkResult, from original: [Event]) {
    #expect(result.events.map(\.seq) == result.events.indices.map { $0 + 1 })
    #expect(result.originalSeqs == result.originalSeqs.sorted())
    for (event, seq) in zip(result.events, result.originalSeqs) {
      #expect(event.time == original[seq - 1].time && event.payload == original[seq - 1].payload)
    }
  }

  /// The findings of the replay of `events` that `original` did not have at the same original
  /// event (by rule, session and seq).
  static func newFindings(
    _ events: [Event], _ originalSeqs: [Int], _ original: Replay,
    reducer: TraceReducer = TraceReducer()
  ) -> [Finding] {
    Replay.run(events, reducer: reducer).findings.filter { finding in
      let seq = originalSeqs.indices.contains(finding.seq - 1) ? originalSeqs[finding.seq - 1] : 0
      return !original.findings.contains {
        $0.rule == finding.rule && $0.session == finding.session && $0.seq == seq
      }
    }
  }

  /// Checks that removing any one event of `result` loses `goal` or adds a finding.
  static func expectOneMinimal(
    _ result: ShrinkResult, goal: ShrinkGoal, original: Replay,
    reducer: TraceReducer = TraceReducer()
  ) {
    for removed in result.events.indices {
      var seqs = result.originalSeqs
      seqs.remove(at: removed)
      var events = result.events
      events.remove(at: removed)
      for index in events.indices { events[index].seq = index + 1 }
      let holds = goal.holds(in: Replay.run(events, reducer: reducer))
      let added = newFindings(events, seqs, original, reducer: reducer)
      #expect(
        !holds || !added.isEmpty,
        "without original seq \(result.originalSeqs[removed]) the goal still holds")
    }
  }
}
