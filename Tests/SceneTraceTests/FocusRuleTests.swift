import SceneTrace
import Testing

/// The focus rules. Seqs 1–10 are `Script.bothActiveAKey`: A and B active, A the key scene.
@Suite struct FocusRuleTests {
  typealias S = Script

  static func focus(_ id: SessionID, _ from: String?, _ to: String?) -> Event.Payload {
    .focusUpdate(session: id, from: from, to: to, heading: .down)
  }

  @Test func focusMovingFromAnItemThatIsNotFocusedIsAnError() {
    let broken = replay(
      S.bothActiveAKey + [Self.focus("A", nil, "a"), Self.focus("A", "b", "c")])
    #expect(
      broken.findings.withRelated == [
        FindingWithRelated(.focusContinuity, .error, seq: 12, "A", related: [11])
      ])
    #expect(broken.state.sessions["A"]?.scene?.focus == "c")
    let fixed = replay(
      S.bothActiveAKey + [Self.focus("A", nil, "a"), Self.focus("A", "a", "c")])
    #expect(fixed.findings.isEmpty)
  }

  @Test func focusMovingFromNothingWhileAnItemIsFocusedIsAnError() {
    let result = replay(
      S.bothActiveAKey + [Self.focus("A", nil, "a"), Self.focus("A", nil, "b")])
    #expect(
      result.findings.summaries == [FindingSummary(.focusContinuity, .error, seq: 12, "A")])
  }

  @Test func aNewSceneHasNothingFocusedSinceItConnected() {
    let result = replay(S.bothActiveAKey + [Self.focus("B", "cell", "next")])
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.focusContinuity, .error, seq: 11, "B", related: [7])
      ])
  }

  @Test func eachSceneHasItsOwnFocusedItem() {
    let result = replay(
      S.bothActiveAKey + [
        Self.focus("A", nil, "a1"), Self.focus("B", nil, "b1"), Self.focus("A", "a1", "a2"),
        Self.focus("B", "b1", nil), Self.focus("A", "a2", "a3"),
      ])
    #expect(result.findings.isEmpty)
    #expect(result.state.sessions["A"]?.scene?.focus == "a3")
    #expect(result.state.sessions["B"]?.scene?.focus == nil)
  }

  @Test func aReconnectedSceneStartsWithNothingFocused() {
    let result = replay(
      S.bothActiveAKey + [
        Self.focus("B", nil, "b1"), S.resign("B"), S.background("B"), S.disconnect("B"),
        S.connect("B"), S.enter("B"), S.activate("B"), Self.focus("B", nil, "b2"),
      ])
    #expect(result.findings.isEmpty)
  }

  @Test func focusUpdateInABackgroundSceneIsAWarning() {
    let background: [Event.Payload] =
      S.bothActiveAKey + [Self.focus("B", nil, "b1"), S.resign("B"), S.background("B")]
    let broken = replay(background + [Self.focus("B", "b1", "b2")])
    #expect(
      broken.findings.withRelated == [
        FindingWithRelated(.focusInactiveScene, .warning, seq: 14, "B", related: [13])
      ])
    let fixed = replay(
      background + [S.enter("B"), Self.focus("B", "b1", "b2"), S.activate("B")])
    #expect(fixed.findings.isEmpty)
  }

  @Test func focusUpdateBeforeTheFirstTransitionIsAWarning() {
    let result = replay(S.connecting("A") + [Self.focus("A", nil, "a")])
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.focusInactiveScene, .warning, seq: 4, "A", related: [3])
      ])
  }

  @Test func sceneMetMidLifeLearnsItsFocusFromItsFirstUpdate() {
    let result = replay([
      S.activate("A"), Self.focus("A", "x", "y"), Self.focus("A", "y", "z"),
      Self.focus("A", "q", "r"),
    ])
    #expect(
      result.findings.summaries == [
        FindingSummary(.lifecycleUnknownScene, .error, seq: 1, "A"),
        FindingSummary(.focusContinuity, .error, seq: 4, "A"),
      ])
  }

  @Test func unknownSceneHidesTheFocusSceneCheck() {
    let result = replay(S.archived("A") + [Self.focus("A", nil, "a")])
    #expect(
      result.findings.summaries == [FindingSummary(.lifecycleUnknownScene, .error, seq: 9, "A")])
  }
}
