import SceneTrace
import Testing

/// `shared.stale-render`: the word-count setting bug of WWDC 2019,
/// in Split View and after returning from the background, with its deadlines.
@Suite struct StaleRenderRuleTests {
  typealias S = Script
  static let key = "defaults:showWordCount"

  static func render(_ id: SessionID, _ value: String, _ key: String = key) -> Event.Payload {
    .stateRender(session: id, key: key, value: value)
  }

  static func write(_ value: String, by id: SessionID? = "A", _ key: String = key)
    -> Event.Payload
  {
    .stateWrite(key: key, value: value, session: id)
  }

  static let mark = Event.Payload.appMark(label: "later")

  /// Seqs 1–11, t ≤ 10 ms: A and B side by side, both active, both showing "false" (A's render
  /// is seq 10, B's seq 11).
  static let splitView: [Event] = timed(
    S.bothActive.enumerated().map { (Int64($0.offset), $0.element) }
      + [(10, render("A", "false")), (10, render("B", "false"))].map {
        (milliseconds: $0.0, payload: $0.1)
      })

  /// Seqs 1–13: `splitView`, then B goes to the background (seqs 12–13).
  static let bIsInTheBackground: [Event] = continuing(
    splitView, [(20, S.resign("B")), (30, S.background("B"))])

  // MARK: Split View

  @Test func sceneOnScreenThatMissesTheWriteForASecondIsStaleAtTheFirstEventAfter() {
    let result = Replay.run(
      continuing(
        Self.splitView,
        [(1000, Self.write("true")), (1001, Self.render("A", "true")), (2500, Self.mark)]))
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.sharedStaleRender, .error, seq: 14, "B", related: [11, 12])
      ])
  }

  @Test func sceneOnScreenThatRendersWithinASecondIsFine() {
    for renderAt in [Int64(1500), 2000] {
      let result = Replay.run(
        continuing(
          Self.splitView,
          [
            (1000, Self.write("true")), (1001, Self.render("A", "true")),
            (renderAt, Self.render("B", "true")), (5000, Self.mark),
          ]))
      #expect(result.findings.isEmpty, "render at \(renderAt) ms")
      #expect(result.state.sessions["B"]?.scene?.renders[Self.key] == "true")
    }
  }

  @Test func renderArrivingAfterTheDeadlineIsWhereStalenessBecameCertain() {
    let result = Replay.run(
      continuing(
        Self.splitView,
        [
          (1000, Self.write("true")), (1001, Self.render("A", "true")),
          (2001, Self.render("B", "true")),
        ]))
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.sharedStaleRender, .error, seq: 14, "B", related: [11, 12])
      ])
  }

  @Test func sceneOnScreenIsStaleAtItsNextLifecycleEventBeforeTheSecondIsUp() {
    let result = Replay.run(
      continuing(
        Self.splitView,
        [(1000, Self.write("true")), (1001, Self.render("A", "true")), (1200, S.resign("B"))]))
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.sharedStaleRender, .error, seq: 14, "B", related: [11, 12])
      ])
    #expect(result.findings.first?.message.contains("scene.willResignActive") == true)
  }

  @Test func theWriterMustRenderItsOwnWriteToo() {
    let result = Replay.run(
      continuing(
        Self.splitView,
        [(1000, Self.write("true")), (1001, Self.render("B", "true")), (2500, Self.mark)]))
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.sharedStaleRender, .error, seq: 14, "A", related: [10, 12])
      ])
  }

  @Test func twoScenesStaleAtOneEventGiveOneFindingWithoutASession() {
    let result = Replay.run(
      continuing(Self.splitView, [(1000, Self.write("true")), (2500, Self.mark)]))
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.sharedStaleRender, .error, seq: 13, nil, related: [10, 11, 12])
      ])
  }

  // MARK: after returning from the background

  @Test func backgroundSceneHasUntilASecondAfterBecomingActive() {
    let written = continuing(
      Self.bIsInTheBackground,
      [(1000, Self.write("true")), (1001, Self.render("A", "true")), (9000, Self.mark)])
    let returned = continuing(written, [(20000, S.enter("B")), (20010, S.activate("B"))])
    let broken = Replay.run(continuing(returned, [(21500, Self.mark)]))
    #expect(
      broken.findings.withRelated == [
        FindingWithRelated(.sharedStaleRender, .error, seq: 19, "B", related: [11, 14])
      ])
    #expect(broken.findings.first?.message.contains("becoming active at seq 18") == true)
    let fixed = Replay.run(
      continuing(returned, [(20100, Self.render("B", "true")), (21500, Self.mark)]))
    #expect(fixed.findings.isEmpty)
    let early = Replay.run(
      continuing(
        written,
        [
          (20000, S.enter("B")), (20005, Self.render("B", "true")), (20010, S.activate("B")),
          (21500, Self.mark),
        ]))
    #expect(early.findings.isEmpty)
  }

  @Test func backgroundSceneIsStaleAtItsNextLifecycleEventAfterBecomingActive() {
    let result = Replay.run(
      continuing(
        Self.bIsInTheBackground,
        [
          (1000, Self.write("true")), (1001, Self.render("A", "true")), (20000, S.enter("B")),
          (20010, S.activate("B")), (20300, S.resign("B")),
        ]))
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.sharedStaleRender, .error, seq: 18, "B", related: [11, 14])
      ])
  }

  @Test func sceneThatNeverReturnsOwesTheRenderAtTheEnd() {
    let result = Replay.run(
      continuing(
        Self.bIsInTheBackground,
        [(1000, Self.write("true")), (1001, Self.render("A", "true")), (60000, Self.mark)]))
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.sharedStaleRender, .error, seq: 16, "B", related: [11, 14])
      ])
  }

  @Test func traceEndingBeforeTheDeadlineReportsThePendingRender() {
    let result = Replay.run(
      continuing(Self.splitView, [(1000, Self.write("true")), (1001, Self.render("A", "true"))]))
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.sharedStaleRender, .error, seq: 13, "B", related: [11, 12])
      ])
  }

  // MARK: renders of older values

  @Test func renderOfAnOlderValueAfterTheWriteIsStaleAtOnce() {
    let result = Replay.run(
      continuing(
        Self.splitView,
        [
          (1000, Self.write("true")), (1001, Self.render("A", "true")),
          (1002, Self.render("B", "true")), (4000, Self.render("B", "false")),
        ]))
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.sharedStaleRender, .error, seq: 15, "B", related: [12, 14])
      ])
  }

  @Test func newSceneWhoseFirstRenderIsOlderIsStaleAtOnce() {
    let written = continuing(
      Self.splitView,
      [
        (1000, Self.write("true")), (1001, Self.render("A", "true")),
        (1002, Self.render("B", "true")), (5000, S.configure("C")), (5001, S.connect("C")),
        (5002, S.enter("C")), (5003, S.activate("C")),
      ])
    let broken = Replay.run(continuing(written, [(5010, Self.render("C", "false"))]))
    #expect(
      broken.findings.withRelated == [
        FindingWithRelated(.sharedStaleRender, .error, seq: 19, "C", related: [12])
      ])
    let fixed = Replay.run(continuing(written, [(5010, Self.render("C", "true"))]))
    #expect(fixed.findings.isEmpty)
  }

  @Test func sceneOfANewLaunchRenderingTheValueBeforeTheLastWriteIsStale() {
    let result = Replay.run(
      continuing(
        Self.splitView,
        [
          (1000, Self.write("true")), (1001, Self.render("A", "true")),
          (1002, Self.render("B", "true")), (9000, S.launch2), (9001, S.connect("A")),
          (9002, S.enter("A")), (9003, Self.render("A", "false")),
        ]))
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.sharedStaleRender, .error, seq: 18, "A", related: [12])
      ])
  }

  /// Seqs 12–14: A writes "true" at 1 s and both scenes render it.
  static let caughtUp: [Event] = continuing(
    splitView,
    [(1000, write("true")), (1001, render("A", "true")), (1002, render("B", "true"))])

  @Test func sceneChangingItsOwnViewBeforeTheModelIsAWarning() {
    let broken = Replay.run(
      continuing(
        Self.caughtUp,
        [
          (3000, Self.render("A", "big")), (3001, Self.write("big", by: "A")),
          (3002, Self.render("B", "big")), (6000, Self.mark),
        ]))
    #expect(
      broken.findings.withRelated == [
        FindingWithRelated(.sharedRenderBeforeWrite, .warning, seq: 15, "A", related: [12, 13])
      ])
    let fixed = Replay.run(
      continuing(
        Self.caughtUp,
        [
          (3000, Self.write("big", by: "A")), (3001, Self.render("A", "big")),
          (3002, Self.render("B", "big")), (6000, Self.mark),
        ]))
    #expect(fixed.findings.isEmpty)
  }

  @Test func renderOfAValueNeverWrittenDoesNotSettleWhatTheSceneOwes() {
    let result = Replay.run(
      continuing(
        Self.splitView,
        [
          (1000, Self.write("true")), (1001, Self.render("A", "true")),
          (1500, Self.render("B", "maybe")), (2500, Self.mark),
        ]))
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.sharedRenderBeforeWrite, .warning, seq: 14, "B", related: [11, 12]),
        FindingWithRelated(.sharedStaleRender, .error, seq: 15, "B", related: [12, 14]),
      ])
  }

  @Test func olderValuesAreWhatTheKeyHeldOrScenesShowedBeforeAWrite() {
    // "false" was only ever rendered, "true" written; both are older than "big".
    let result = Replay.run(
      continuing(
        Self.caughtUp,
        [
          (3000, Self.write("big", by: "A")), (3001, Self.render("A", "false")),
          (3002, Self.render("B", "true")),
        ]))
    #expect(
      result.findings.summaries == [
        FindingSummary(.sharedStaleRender, .error, seq: 16, "A"),
        FindingSummary(.sharedStaleRender, .error, seq: 17, "B"),
      ])
  }

  @Test func laterWritesMoveTheValueOwedButNotTheDeadline() {
    let caughtUp = Replay.run(
      continuing(
        Self.splitView,
        [
          (1000, Self.write("true")), (1500, Self.write("big")), (1600, Self.render("A", "big")),
          (1800, Self.render("B", "big")), (4000, Self.mark),
        ]))
    #expect(caughtUp.findings.isEmpty)
    let late = Replay.run(
      continuing(
        Self.splitView,
        [
          (1000, Self.write("true")), (1500, Self.write("big")), (1600, Self.render("A", "big")),
          (2100, Self.render("B", "big")),
        ]))
    #expect(
      late.findings.withRelated == [
        FindingWithRelated(.sharedStaleRender, .error, seq: 15, "B", related: [11, 12, 13])
      ])
  }

  // MARK: what is not shared

  @Test func scenesThatNeverRenderedTheKeyOweNothing() {
    let result = Replay.run(
      continuing(Self.splitView, [(1000, Self.write("1", "defaults:other")), (5000, Self.mark)]))
    #expect(result.findings.isEmpty)
  }

  @Test(arguments: ["nav:path", "restoration:A", "session:A/draft"])
  func navigationRestorationAndSessionKeysAreNotShared(_ key: String) {
    let result = Replay.run(
      timed([
        (0, S.launch1), (1, S.connect("A")), (2, S.enter("A")), (3, S.activate("A")),
        (4, Self.render("A", "old", key)), (1000, Self.write("new", by: "B", key)),
        (5000, Self.mark),
      ]))
    #expect(result.findings.isEmpty)
  }

  @Test func deletingTheKeyCancelsTheRendersOwed() {
    let result = Replay.run(
      continuing(
        Self.splitView,
        [(1000, Self.write("true")), (1100, .stateDelete(key: Self.key)), (5000, Self.mark)]))
    #expect(result.findings.isEmpty)
  }

  @Test func aLaunchForgetsTheRendersOwedByTheScenesItCloses() {
    let result = Replay.run(
      continuing(
        Self.splitView, [(1000, Self.write("true")), (1200, S.launch2), (5000, Self.mark)]))
    #expect(result.findings.isEmpty)
  }
}
