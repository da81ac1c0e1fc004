import Foundation
import SceneTrace
import Testing

/// Restoration storage, per-session data, exclusive content and navigation state. Seqs 1–9 are
/// `Script.bothActive`: A and B active.
@Suite struct SharedStateRuleTests {
  typealias S = Script

  static func save(_ id: SessionID, _ key: String) -> Event.Payload {
    .sceneSaveRestoration(session: id, activityType: "com.example.sketch", key: key)
  }

  // MARK: restoration.shared-storage (the sketch-pad bug)

  @Test func twoSessionsSavingUnderOneKeyIsAnErrorOncePerPair() {
    let result = replay(
      S.bothActive + [
        S.resign("A"), S.resign("B"),
        Self.save("A", "restoration:sketch.txt"), Self.save("B", "restoration:sketch.txt"),
        S.background("A"), S.background("B"), S.enter("A"), S.enter("B"), S.activate("A"),
        S.resign("A"), Self.save("A", "restoration:sketch.txt"),
        Self.save("B", "restoration:sketch.txt"),
      ])
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.restorationSharedStorage, .error, seq: 13, "B", related: [12])
      ])
  }

  @Test func eachSessionSavingUnderItsOwnKeyIsFine() {
    let result = replay(
      S.bothActive + [
        S.resign("A"), S.resign("B"),
        Self.save("A", "restoration:A/sketch.txt"), Self.save("B", "restoration:B/sketch.txt"),
        .stateWrite(key: "restoration:A/sketch.txt", value: "house", session: "A"),
        .stateWrite(key: "restoration:B/sketch.txt", value: "tree", session: "B"),
      ])
    #expect(result.findings.isEmpty)
  }

  @Test func restorationWritesNamingASessionCountAcrossLaunches() {
    let result = replay(
      S.bothActive + [
        .stateWrite(key: "restoration:sketch.txt", value: "house", session: "A"),
        // A write naming no session says nothing about whose restoration state it is.
        .stateWrite(key: "restoration:sketch.txt", value: "blank"),
        S.launch2, S.connect("B"),
        .stateWrite(key: "restoration:sketch.txt", value: "tree", session: "B"),
      ])
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.restorationSharedStorage, .error, seq: 14, "B", related: [10])
      ])
  }

  @Test func aDiscardedSessionNoLongerSharesItsKey() {
    let result = replay(
      S.bothActive + [
        S.resign("A"), Self.save("A", "restoration:sketch.txt"), S.background("A"),
        S.disconnect("A"), S.discard("A"), S.resign("B"),
        Self.save("B", "restoration:sketch.txt"),
      ])
    #expect(result.findings.isEmpty)
  }

  /// Many windows saving under one key: each save is one finding naming every session that
  /// saved there before (its related events in order, each once, its message one part per
  /// session), and a pair is reported once, also after the state was stored and read back.
  @Test(arguments: Seeds.range(0x9A1E_5000, count: 4))
  func manySessionsSavingUnderOneKeyFoldEachSavesPairsIntoOneFinding(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    var ids = (0..<60).map { SessionID("W\($0)") }
    for index in ids.indices.reversed() {
      ids.swapAt(index, Int(random.next() % UInt64(index + 1)))
    }
    var payloads: [Event.Payload] = [S.launch1]
    for id in ids { payloads += [S.configure(id), S.connect(id)] }
    let firstSave = payloads.count + 1
    payloads += ids.map { Self.save($0, "restoration:board") }
    var replay = Replay()
    replay.apply(numbered(payloads))
    let findings = replay.findings.filter { $0.rule == .restorationSharedStorage }
    #expect(findings.count == ids.count - 1)
    for finding in findings {
      let earlier = Array(firstSave..<finding.seq)
      #expect(finding.related == earlier, "seed \(seed), seq \(finding.seq)")
      #expect(
        finding.message.components(separatedBy: "stores its restoration state").count - 1
          == earlier.count,
        "seed \(seed), seq \(finding.seq)")
    }
    // Saved again, after the state was stored and read back: every pair was reported.
    let stored = try JSONEncoder().encode(replay.state)
    var resumed = Replay(from: try JSONDecoder().decode(TraceState.self, from: stored))
    let again = ids.shuffled(using: &random).enumerated().map { offset, id in
      Event(
        seq: payloads.count + offset + 1, time: TraceTime(seconds: Int64(10 + offset)),
        Self.save(id, "restoration:board"))
    }
    resumed.apply(again)
    #expect(resumed.findings.isEmpty, "seed \(seed)")
  }

  // MARK: content.exclusive

  static func show(_ id: SessionID, _ content: String?, exclusive: Bool? = nil) -> Event.Payload {
    .contentDisplay(session: id, content: content, exclusive: exclusive)
  }

  @Test func exclusiveContentInTwoScenesIsAnErrorOncePerPair() {
    let result = replay(
      S.bothActive + [
        Self.show("A", "page:sync", exclusive: true), Self.show("B", "page:sync"),
        Self.show("B", "page:home"), Self.show("B", "page:sync"),
      ])
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.contentExclusive, .error, seq: 11, "B", related: [10])
      ])
  }

  @Test func exclusiveContentMovingFromOneSceneToAnotherIsFine() {
    let result = replay(
      S.bothActive + [
        Self.show("A", "page:sync", exclusive: true), Self.show("A", nil),
        Self.show("B", "page:sync", exclusive: true), Self.show("A", "doc:1"),
        Self.show("B", "doc:1"),
      ])
    #expect(result.findings.isEmpty)
  }

  @Test func secondDisplayMarkingItExclusiveCountsAndDisconnectedScenesDoNot() {
    let marked = replay(
      S.bothActive + [Self.show("A", "doc:1"), Self.show("B", "doc:1", exclusive: true)])
    #expect(marked.findings.summaries == [FindingSummary(.contentExclusive, .error, seq: 11, "B")])
    let gone = replay(
      S.bothActive + [
        Self.show("A", "doc:1", exclusive: true), S.resign("A"), S.background("A"),
        S.disconnect("A"), Self.show("B", "doc:1", exclusive: true),
      ])
    #expect(gone.findings.isEmpty)
  }

  @Test func aReconnectedSceneIsANewPair() {
    let result = replay(
      S.bothActive + [
        Self.show("A", "doc:1", exclusive: true), Self.show("B", "doc:1"), S.resign("B"),
        S.background("B"), S.disconnect("B"), S.connect("B"), Self.show("B", "doc:1"),
      ])
    #expect(
      result.findings.summaries == [
        FindingSummary(.contentExclusive, .error, seq: 11, "B"),
        FindingSummary(.contentExclusive, .error, seq: 16, "B"),
      ])
  }

  // MARK: session.data-deleted-early and session.data-leaked

  static let draftWritten: [Event.Payload] =
    S.bothActive + [.stateWrite(key: "session:B/draft", value: "Dear…", session: "B")]

  @Test func deletingDataOfAnArchivedSessionIsAWarning() {
    let broken = replay(
      Self.draftWritten + [
        S.resign("B"), S.background("B"), S.disconnect("B"),
        .stateDelete(key: "session:B/draft", session: "A"),
      ])
    #expect(
      broken.findings.withRelated == [
        FindingWithRelated(.sessionDataDeletedEarly, .warning, seq: 14, "B", related: [13])
      ])
    let fixed = replay(
      Self.draftWritten + [
        S.resign("B"), S.background("B"), S.disconnect("B"), S.discard("B"),
        .stateDelete(key: "session:B/draft"), S.launch2,
      ])
    #expect(fixed.findings.isEmpty)
  }

  @Test func deletingDataOfAConnectedSessionIsFine() {
    let result = replay(Self.draftWritten + [.stateDelete(key: "session:B/draft", session: "B")])
    #expect(result.findings.isEmpty)
  }

  @Test func dataOfADiscardedSessionStillStoredAtTheNextLaunchIsALeak() {
    let result = replay(
      Self.draftWritten + [
        S.resign("B"), S.background("B"), S.disconnect("B"), S.discard("B"), S.launch2,
      ])
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.sessionDataLeaked, .warning, seq: 15, "B", related: [10, 14])
      ])
  }

  @Test func writingDataForADiscardedSessionIsALeak() {
    let result = replay(
      Self.draftWritten + [
        S.resign("B"), S.background("B"), S.disconnect("B"), S.discard("B"),
        .stateWrite(key: "session:B/draft", value: "late", session: "A"),
        .stateDelete(key: "session:B/draft"),
      ])
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.sessionDataLeaked, .warning, seq: 15, "B", related: [14])
      ])
  }

  @Test func sessionKeysNeedASlashAfterTheIdentifier() {
    #expect("session:B/draft".owningSessionForTests == "B")
    #expect("session:B".owningSessionForTests == nil)
    #expect("session:/x".owningSessionForTests == nil)
    #expect("defaults:session:B/x".owningSessionForTests == nil)
  }

  // MARK: navigation.shared-state

  @Test func sceneRenderingNavigationAnotherSessionWroteIsAnErrorOncePerPair() {
    let result = replay(
      S.bothActive + [
        .stateWrite(key: "nav:selection", value: "inbox/7", session: "A"),
        .stateRender(session: "A", key: "nav:selection", value: "inbox/7"),
        .stateRender(session: "B", key: "nav:selection", value: "inbox/7"),
        .stateWrite(key: "nav:selection", value: "sent", session: "A"),
        .stateRender(session: "B", key: "nav:selection", value: "sent"),
      ])
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.navigationSharedState, .error, seq: 12, "B", related: [10])
      ])
  }

  @Test func navigationStatePerSessionIsFine() {
    let result = replay(
      S.bothActive + [
        .stateWrite(key: "nav:A/selection", value: "inbox/7", session: "A"),
        .stateRender(session: "A", key: "nav:A/selection", value: "inbox/7"),
        .stateWrite(key: "nav:B/selection", value: "inbox/7", session: "B"),
        .stateRender(session: "B", key: "nav:B/selection", value: "inbox/7"),
        // B showing its own navigation under a shared key does not mirror A.
        .stateWrite(key: "nav:selection", value: "sent", session: "A"),
        .stateRender(session: "B", key: "nav:selection", value: "drafts"),
      ])
    #expect(result.findings.isEmpty)
  }
}

extension String {
  /// The session a `session:<id>/` key belongs to, seen through the leak rule.
  fileprivate var owningSessionForTests: SessionID? {
    let result = replay(
      [
        S.launch1, .sceneWillConnect(session: "B"), .sceneDidDisconnect(session: "B"),
        .appDiscardSessions(sessions: ["B"]), .stateWrite(key: self, value: "x"),
      ])
    return result.findings.first { $0.rule == .sessionDataLeaked }?.session
  }

  private typealias S = Script
}
