import Foundation
import SceneTrace
import Testing

/// Identifiers are compared exactly as recorded, never by Unicode equivalence.
@Suite struct IdentifierTests {
  static let composed = "caf\u{E9}"
  static let decomposed = "cafe\u{301}"

  @Test func canonicallyEquivalentSpellingsAreDifferentIdentifiers() {
    #expect(SessionID(Self.composed) != SessionID(Self.decomposed))
    #expect(DragID(Self.composed) != DragID(Self.decomposed))
    #expect(RuleID(Self.composed) != RuleID(Self.decomposed))
    #expect(Set([SessionID(Self.composed), SessionID(Self.decomposed)]).count == 2)
    #expect(SessionID(Self.composed) == SessionID("caf\u{E9}"))
  }

  @Test func identifiersSortByScalarsAndCodeAsPlainStrings() throws {
    let ids: [SessionID] = ["b", "B", "a", "\u{E9}"]
    #expect(ids.sorted().map(\.rawValue) == ["B", "a", "b", "\u{E9}"])
    let encoded = try JSONEncoder().encode([SessionID("A"): 1])
    #expect(String(decoding: encoded, as: UTF8.self) == #"{"A":1}"#)
    #expect(
      try JSONDecoder().decode(RuleID.self, from: Data(#""lifecycle.order""#.utf8))
        == .lifecycleOrder)
  }

  @Test func twoSessionsSpelledEquivalentlyStayTwoSessionsInTheState() {
    let replay = Replay.run([
      Event(seq: 1, time: .zero, .sceneWillConnect(session: SessionID(Self.composed))),
      Event(seq: 2, time: .zero, .sceneWillConnect(session: SessionID(Self.decomposed))),
    ])
    #expect(replay.state.sessions.count == 2)
    #expect(replay.findings.isEmpty)
  }
}
