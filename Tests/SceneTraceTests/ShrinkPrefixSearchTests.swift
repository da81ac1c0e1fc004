import Testing

@testable import SceneTrace

/// `ShrinkPrefixSearch`, the shrink's first step taken as a trace is read: the prefixes it
/// tries get the oracle's verdicts, the batches the trace comes in do not matter, and a long
/// trace is held only as far as the prefix the shrink starts from.
@Suite struct ShrinkPrefixSearchTests {
  /// `events` read by a search for `goal` in batches of 1 to `longest` events, drawn from `seed`,
  /// then finished; nil when the goal does not hold on them.
  static func search(
    _ events: [Event], for goal: ShrinkGoal, seed: UInt64, longest: Int = 700
  ) -> ShrinkPrefixSearch? {
    var search = read(events, for: goal, seed: seed, longest: longest)
    return search.finish() ? search : nil
  }

  /// `events` read by a search for `goal` in batches of 1 to `longest` events, drawn from `seed`,
  /// not finished.
  static func read(
    _ events: [Event], for goal: ShrinkGoal, seed: UInt64, longest: Int
  ) -> ShrinkPrefixSearch {
    var random = SplitMix64(seed: seed)
    var search = ShrinkPrefixSearch(goal: goal, reducer: TraceReducer())
    var start = 0
    while start < events.count {
      let end = min(events.count, start + Int.random(in: 1...longest, using: &random))
      search.read(Array(events[start..<end]))
      start = end
    }
    return search
  }

  /// The rules planted in long traces, each with a seed, the first `first`.
  static func planted(seedsFrom first: UInt64) -> [(RuleID, UInt64)] {
    let rules = TraceShrinkerTests.plantedRules
    return Array(zip(rules, Seeds.range(first, count: rules.count)))
  }

  @Test(arguments: planted(seedsFrom: 0x5412_4000))
  func readInBatchesOfAnySizeAShrinkIsTheShrinkOfTheTraceHeldWhole(
    rule: RuleID, seed: UInt64
  ) throws {
    let planted = try #require(PlantedViolation(rule: rule, seed: seed, steps: 1_500))
    let goals = [
      ShrinkGoal.finding(rule, session: planted.mutation.session),
      // A goal that reads no finding: the search lets every finding past the prefix go.
      ShrinkGoal("launched", readingFindings: { _ in false }) { $0.state.app.launch != nil },
    ]
    for (index, goal) in goals.enumerated() {
      let whole = try #require(TraceShrinker().shrink(planted.events, keeping: goal))
      let search = try #require(Self.search(planted.events, for: goal, seed: seed + 1))
      #expect(search.count == planted.events.count)
      let read = TraceShrinker().shrink(from: search)
      #expect(read == whole, "seed \(seed), goal \(index): \(planted)")
    }
  }

  @Test(arguments: planted(seedsFrom: 0x5412_5000))
  func thePrefixesTriedGetTheVerdictsOfTheOracleOverTheWholeTrace(
    rule: RuleID, seed: UInt64
  ) throws {
    let planted = try #require(PlantedViolation(rule: rule, seed: seed, steps: 1_500))
    let events = planted.events
    let goal = ShrinkGoal.finding(rule, session: planted.mutation.session)
    let search = try #require(Self.search(events, for: goal, seed: seed + 1))
    let original = Replay.run(events)
    func accepts(_ count: Int) -> Bool {
      var oracle = ShrinkOracle(
        events: events, goal: goal, reducer: TraceReducer(),
        known: Set(original.findings.map(ShrinkOracle.FindingKey.init)))
      return oracle.accept(Array(0..<count))
    }
    // The prefix the shrink starts from is acceptable, the longest one found too short is not,
    // and it is at least half as long.
    let start = search.prefix.count
    #expect(start == events.count || accepts(start), "seed \(seed): \(planted)")
    #expect(search.tooShort < start)
    #expect(search.tooShort < 0 || !accepts(search.tooShort), "seed \(seed): \(planted)")
    #expect(search.tooShort >= start / 2 || start == events.count)
    #expect(search.prefix == Array(events.prefix(start)))
  }

  @Test func aLongTraceIsHeldOnlyAsFarAsThePrefixAndTheFindingsTheGoalReads() throws {
    // A drag ended twice near the start (drag.sequence), then 30,000 drags, one in five begun
    // in a session that never connected (lifecycle.unknown-scene), which the goal does not read.
    var payloads: [Event.Payload] = Script.connecting("A")
    payloads += [
      .dragBegin(drag: DragID("early"), session: "A"),
      .dragEnd(drag: DragID("early"), operation: .cancel),
      .dragEnd(drag: DragID("early"), operation: .cancel),
    ]
    for index in 0..<30_000 {
      let drag = DragID("d\(index)")
      payloads += [
        .dragBegin(drag: drag, session: index % 5 == 0 ? SessionID("ghost\(index)") : "A"),
        .dragEnd(drag: drag, operation: .cancel),
      ]
    }
    let events = numbered(payloads)
    let firstFinding = try #require(
      Replay.run(events).findings.first { $0.rule == .dragSequence }?.seq)
    let goal = ShrinkGoal.finding(.dragSequence)
    var search = Self.read(events, for: goal, seed: 0x5412_6000, longest: 4_096)
    #expect(search.count == events.count)
    #expect(search.prefix.count <= 2 * firstFinding, "held \(search.prefix.count) events")
    // Past the prefix, the original keeps only the findings the goal reads, as it reads.
    #expect(Replay.run(events).findings.count { $0.rule == .lifecycleUnknownScene } == 6_000)
    let readsOnly: (Replay) -> Bool = { original in
      original.findings.allSatisfy { $0.rule == .dragSequence || $0.seq <= search.prefix.count }
    }
    #expect(readsOnly(search.original))
    let holds = search.finish()
    #expect(holds)
    #expect(readsOnly(search.original))
    let read = TraceShrinker().shrink(from: search)
    #expect(read == TraceShrinker().shrink(events, keeping: goal))
    #expect(read.originalSeqs.last == firstFinding)
  }
}
