import SceneTrace
import SceneTraceTesting
import Testing

@Suite("state assertions")
struct StateAssertionTests {
  let trace: ReplayedTrace

  init() throws {
    trace = try ReplayedTrace(contentsOf: "../../traces/sketch-restoration-bug.jsonl")
  }

  @Test func keyPathPassesOnTheRightValueAtEachKindOfPoint() {
    let issues = IssueLog.collect {
      trace.expectState(\.app.keyScene, equals: "S2")
      trace.expectState(\.app.launch, equals: "L1", at: .seq(27))
      trace.expectState(\.sessions["S1"]?.scene?.state, equals: .background, at: .seq(27))
      trace.expectState(\.sessions.count, equals: 0, at: .seq(0))
    }
    #expect(issues.map(\.message) == [])
  }

  @Test func keyPathShowsTheDifferenceOfAWrongValue() {
    let issues = IssueLog.collect {
      trace.expectState(\.sessions["S1"]?.scene?.content, equals: "sketch:house")
    }
    #expect(
      issues.map(\.message) == [
        """
        A value of the state of ../../traces/sketch-restoration-bug.jsonl at the end differs \
        (-expected +actual):

        - "sketch:house"
        + "sketch:tree"
        """
      ])
  }

  @Test func aPointTheTraceDoesNotHaveIsAFailureThatSaysWhatItHas() {
    let issues = IssueLog.collect {
      trace.expectState(\.app.terminated, equals: false, at: .seq(38))
      trace.expectState(\.app.terminated, equals: false, at: .mark("relaunched"))
    }
    #expect(
      issues.map(\.message) == [
        "../../traces/sketch-restoration-bug.jsonl has no seq 38: its events run from seq 1 to 37",
        "../../traces/sketch-restoration-bug.jsonl has no mark \"relaunched\": it has no marks",
      ])
  }

  @Test func wholeStateComparesMeaningAndShowsOnlyTheLinesThatDiffer() throws {
    // The same steps with one unrelated event more: every seq after it moves, the state means
    // the same.
    let shifted = ReplayedTrace(
      events: inserting(.appMark(label: "unrelated"), at: 5, into: trace.events))
    #expect(shifted.finalState.seq == trace.finalState.seq + 1)
    #expect(IssueLog.collect { shifted.expectState(equals: trace.finalState) }.isEmpty)

    let earlier = try #require(trace.state(at: .seq(20)))
    let issues = IssueLog.collect { trace.expectState(equals: earlier) }
    let message = try #require(issues.first?.message)
    #expect(
      message.hasPrefix(
        "The state of ../../traces/sketch-restoration-bug.jsonl at the end differs "
          + "(-expected +actual):\n"))
    #expect(message.contains("\n- app  foregroundInactive  launch L1  key scene S2\n"))
    #expect(message.contains("\n+ app  foregroundActive  launch L2  key scene S2\n"))
    #expect(!message.contains("seq"))
  }

  @Test func stateTextPassesWhateverTheIndentationAndFailsWithTheLineThatDiffers() {
    let passing = IssueLog.collect {
      trace.expectState(
        at: .seq(3),
        matches: """

          app  background  launch L1  key scene none
          sessions
            S1  connected  windowApplication
              scene #1  unattached
          shared  none

          """)
    }
    #expect(passing.map(\.message) == [])
    let failing = IssueLog.collect {
      trace.expectState(
        at: .seq(3),
        matches: """
          app  background  launch L1  key scene none
          sessions
            S1  connected  windowApplication
              scene #1  foregroundActive
          shared  none
          """)
    }
    #expect(
      failing.map(\.message) == [
        [
          "The state of ../../traces/sketch-restoration-bug.jsonl at seq 3 differs "
            + "(-expected +actual):",
          "",
          "  \"\"\"",
          "  app  background  launch L1  key scene none",
          "  sessions",
          "    S1  connected  windowApplication",
          "-     scene #1  foregroundActive",
          "+     scene #1  unattached",
          "  shared  none",
          "  \"\"\"",
        ].joined(separator: "\n")
      ])
  }
}
