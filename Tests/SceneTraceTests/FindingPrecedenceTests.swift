import SceneTrace
import Testing

/// How findings combine: one finding per rule per event, which rules hide which, a
/// trace that starts mid-life, and the order findings are reported in.
@Suite struct FindingPrecedenceTests {
  typealias S = Script

  @Test func discardingTwoConnectedSessionsGivesOneIrregularFindingWithoutASession() {
    let result = replay(
      [S.launch1, S.connect("A"), S.connect("B"), .appDiscardSessions(sessions: ["A", "B"])])
    #expect(
      result.findings.summaries == [FindingSummary(.sessionIrregular, .warning, seq: 4, nil)])
    #expect(result.findings.first?.related == [2, 3])
    #expect(result.state.sessions["A"]?.status == .discarded)
    #expect(result.state.sessions["B"]?.status == .discarded)
  }

  @Test func launchClosingTwoConfiguringSessionsGivesOneFinding() {
    let result = replay([S.launch1, S.configure("A"), S.configure("B"), S.launch2])
    #expect(
      result.findings.summaries == [FindingSummary(.sessionIrregular, .warning, seq: 4, nil)])
  }

  @Test func namingADiscardedSessionTwiceInOneEventGivesOneFinding() {
    let result = replay(S.discarded("A") + [.appDiscardSessions(sessions: ["A", "A"])])
    let last = result.findings.filter { $0.seq == S.discarded("A").count + 1 }
    #expect(last.summaries == [FindingSummary(.sessionAfterDiscard, .error, seq: 10, "A")])
  }

  @Test func unknownSceneHidesTheOrderCheckOfTheSameEvent() {
    // After disconnecting, the session has no scene: a didBecomeActive would be illegal from
    // any state the scene could be in, yet only the unknown scene is reported.
    let result = replay(S.archived("A") + [S.activate("A"), S.activate("A")])
    #expect(
      result.findings.summaries == [
        FindingSummary(.lifecycleUnknownScene, .error, seq: 9, "A"),
        FindingSummary(.lifecycleOrder, .error, seq: 10, "A"),
      ])
  }

  /// Events naming discarded session A that would break other rules too.
  static let eventsNamingADiscardedSession: [Event.Payload] = [
    // event.unknown-value
    .sceneWillConnect(session: "A", role: .unrecognized("windowFuture")),
    // event.unknown-value (the role)
    .sessionConfigure(session: "A", role: .unrecognized("windowFuture")),
    // lifecycle.unknown-scene
    .sceneWillResignActive(session: "A"),
    // lifecycle.unknown-scene and event.unknown-value
    .pointerDrag(session: "A", phase: .unrecognized("hover"), x: 0, y: 0),
    // lifecycle.unknown-scene
    .stateRender(session: "A", key: "defaults:x", value: "1"),
  ]

  @Test(arguments: eventsNamingADiscardedSession)
  func afterDiscardHidesEveryOtherFindingOfItsEvent(_ payload: Event.Payload) {
    let base = S.discarded("A")
    var replay = Replay()
    replay.apply(numbered(base))
    let found = replay.apply(Event(seq: base.count + 1, time: .zero, payload))
    #expect(
      found.summaries == [FindingSummary(.sessionAfterDiscard, .error, seq: base.count + 1, "A")])
  }

  @Test func afterDiscardNamesEachDiscardedSessionOfAnEventOnce() {
    let result = replay(
      S.discarded("A") + [S.connect("B"), .requestActivate(request: "r", session: "A")])
    #expect(
      result.findings.summaries == [FindingSummary(.sessionAfterDiscard, .error, seq: 11, "A")])
  }

  @Test func unknownValueOnAnUndiscardedSessionIsReportedBesideOtherRules() {
    let result = replay(
      S.active("A") + [.sessionConfigure(session: "A", role: .unrecognized("x"))])
    #expect(
      result.findings.summaries == [
        FindingSummary(.eventUnknownValue, .info, seq: 6, "A"),
        FindingSummary(.sessionIrregular, .warning, seq: 6, "A"),
      ])
  }

  @Test func traceStartingMidLifeGivesOneUnknownSceneFindingPerScene() {
    // Three scenes already running when the recording starts; none of their willConnects is in
    // the trace. Each goes on along the documented path.
    let result = replay([
      S.activate("A"),
      .sceneGeometry(session: "B", width: 320, height: 480),
      S.resign("C"),
      S.resign("A"),
      S.background("A"),
      .stateWrite(key: "defaults:x", value: "1", session: "B"),
      .windowBecomeKey(session: "B", window: "W"),
      S.resign("B"),
      S.background("B"),
      S.background("C"),
      S.enter("A"),
      S.activate("A"),
      S.disconnect("C"),
      S.enter("B"),
      S.activate("B"),
    ])
    #expect(
      result.findings.summaries == [
        FindingSummary(.lifecycleUnknownScene, .error, seq: 1, "A"),
        FindingSummary(.lifecycleUnknownScene, .error, seq: 2, "B"),
        FindingSummary(.lifecycleUnknownScene, .error, seq: 3, "C"),
      ])
    #expect(result.state.sessions["A"]?.scene?.state == .foregroundActive)
    #expect(result.state.sessions["B"]?.scene?.state == .foregroundActive)
    #expect(result.state.sessions["C"]?.status == .archived)
    #expect(result.state.sessions["A"]?.scene?.instance == 1)
  }

  @Test func sceneEventsBeforeAnyLifecycleEventDoNotRepeatTheUnknownScene() {
    let result = replay([
      .sceneGeometry(session: "A", width: 1, height: 1),
      .focusUpdate(session: "A", to: "cell"),
      .contentDisplay(session: "A", content: "doc"),
      S.background("A"),
    ])
    #expect(
      result.findings.summaries == [FindingSummary(.lifecycleUnknownScene, .error, seq: 1, "A")])
    #expect(result.state.sessions["A"]?.scene?.state == .background)
    #expect(result.state.sessions["A"]?.scene?.focus == "cell")
  }

  @Test func findingsOfOneEventAreOrderedByRule() {
    var state = TraceState()
    let reducer = TraceReducer()
    for event in numbered(S.active("A")) { reducer.reduce(into: &state, event: event) }
    let found = reducer.reduce(
      into: &state,
      event: Event(
        seq: 6, time: .zero, .sessionConfigure(session: "A", role: .unrecognized("x"))))
    #expect(found.map(\.rule) == [.eventUnknownValue, .sessionIrregular])
  }

  /// A key command in a scene in the background, walking the chain from another responder
  /// than the focused item: `key.inactive-scene` is reported first, `key.chain-start` after,
  /// and the event's findings come in rule order as the event is applied, not only once the
  /// replay is finished (which orders a trace's findings that are not), for the reads that
  /// take findings as they come.
  @Test func anEventsFindingsComeInRuleOrderAsItIsApplied() {
    var replay = Replay()
    replay.apply(
      numbered(
        S.active("A") + [
          .focusUpdate(session: "A", to: "cell-1"), S.resign("A"), S.background("A"),
          .keyCommand(session: "A", input: "s", action: "save:", chain: ["editor", "App"]),
        ]))
    #expect(
      replay.findings.summaries == [
        FindingSummary(.keyChainStart, .warning, seq: 9, "A"),
        FindingSummary(.keyInactiveScene, .error, seq: 9, "A"),
      ])
  }

  @Test func findingsAreOrderedBySeqThenRuleIncludingThoseOfTheFinishStep() {
    // The last event breaks session.one-scene; the finish step then reports B, still
    // configuring, at the same seq under session.irregular, which sorts first.
    let result = replay([
      S.launch1, S.configure("B"), S.connect("A"), S.enter("A"), S.activate("A"),
      S.background("A"), S.connect("A"),
    ])
    #expect(
      result.findings.summaries == [
        FindingSummary(.lifecycleOrder, .error, seq: 6, "A"),
        FindingSummary(.sessionIrregular, .warning, seq: 7, "B"),
        FindingSummary(.sessionOneScene, .error, seq: 7, "A"),
      ])
    #expect(result.findings == result.findings.sorted(by: Finding.reportOrder))
  }

  @Test func finishReportsSessionsStillConfiguringAtTheLastEvent() {
    let result = replay([S.launch1, S.configure("A"), .appMark(label: "end")])
    #expect(
      result.findings.summaries == [FindingSummary(.sessionIrregular, .warning, seq: 3, "A")])
  }

  @Test func orderFindingNamesTheScenesPreviousLifecycleEvent() {
    let result = replay(S.backgrounded("A") + [S.activate("A")])
    #expect(result.findings.first?.related == [7])
  }

  @Test func findingsAboutAMissingSceneOrADiscardedSessionRelateTheEventThatCausedIt() {
    let events: [Event.Payload] = [
      .appLaunch(launch: "L1"),
      .sceneWillConnect(session: "A"),
      .sceneDidEnterBackground(session: "A"),
      .sceneDidDisconnect(session: "A"),  // 4: A has no scene from here
      .sceneWillEnterForeground(session: "A"),  // 5: unknown scene, explained by 4
      .appLaunch(launch: "L2"),  // 6: closes A's scene again
      .sceneDidBecomeActive(session: "A"),  // 7: unknown scene, explained by 6
      .sceneWillResignActive(session: "A"),
      .sceneDidEnterBackground(session: "A"),
      .sceneDidDisconnect(session: "A"),
      .appDiscardSessions(sessions: ["A"]),  // 11
      .stateWrite(key: "model:x", value: "1", session: "A"),  // 12: after discard, by 11
    ]
    var replay = Replay()
    for (index, payload) in events.enumerated() {
      replay.apply(Event(seq: index + 1, time: .zero, payload))
    }
    let related = replay.findings.map { "\($0.rule)@\($0.seq)<-\($0.related)" }
    #expect(
      related == [
        "lifecycle.unknown-scene@5<-[4]", "lifecycle.unknown-scene@7<-[6]",
        "session.after-discard@12<-[11]",
      ])
  }
}
