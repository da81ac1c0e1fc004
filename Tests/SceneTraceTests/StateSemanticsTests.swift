import SceneTrace
import Testing

/// The state contract: what the reducer rebuilds from each kind of event.
@Suite struct StateSemanticsTests {
  typealias S = Script

  /// Two scenes, A and B, both foreground-active.
  static let twoActiveScenes: [Event.Payload] =
    [S.launch1, S.connect("A"), S.enter("A"), S.activate("A")]
    + [S.connect("B"), S.enter("B"), S.activate("B")]

  /// The app's state after each of `payloads`.
  static func appStates(_ payloads: [Event.Payload]) -> [SceneActivation] {
    var replay = Replay()
    return numbered(payloads).map { event in
      replay.apply(event)
      return replay.state.appActivation
    }
  }

  // MARK: app.state

  @Test func appStateIsTheMostActiveConnectedScene() {
    let states = Self.appStates([
      S.launch1,  // nothing connected
      S.connect("A"),  // unattached only
      S.background("A"),
      S.connect("B"),
      S.enter("B"),
      S.activate("B"),
      S.enter("A"),  // A foregroundInactive, B still active
      S.resign("B"),
      S.activate("A"),
      S.resign("A"),
      S.background("A"),
      S.background("B"),
      S.disconnect("B"),
      S.disconnect("A"),
    ])
    #expect(
      states == [
        .background, .background, .background, .background, .foregroundInactive,
        .foregroundActive, .foregroundActive, .foregroundInactive, .foregroundActive,
        .foregroundInactive, .foregroundInactive, .background, .background, .background,
      ])
  }

  @Test func appStateIsBackgroundBeforeAnyEventAndAfterALaunchClosesTheScenes() {
    #expect(TraceState().appActivation == .background)
    #expect(Self.appStates(Self.twoActiveScenes + [S.launch2]).last == .background)
    #expect(Self.appStates(Self.twoActiveScenes + [.appTerminate]).last == .background)
  }

  @Test func sceneWhoseStateIsUnknownDoesNotRaiseTheAppState() {
    let result = replay([S.launch1, .sceneGeometry(session: "A", width: 1, height: 1)])
    #expect(result.state.sessions["A"]?.scene?.state == nil)
    #expect(result.state.appActivation == .background)
  }

  // MARK: keyScene

  @Test func keySceneFollowsAppKeyWindowOnceTheTraceReportsIt() {
    var replay = Replay()
    replay.apply(numbered(Self.twoActiveScenes))
    replay.apply(Event(seq: 8, time: .zero, .appKeyWindow(session: "A", window: "W1")))
    #expect(replay.state.app.keyScene == "A")
    // The app-level key window is reported: a scene's own key window no longer decides.
    replay.apply(Event(seq: 9, time: .zero, .windowBecomeKey(session: "B", window: "W2")))
    #expect(replay.state.app.keyScene == "A")
    #expect(replay.state.sessions["B"]?.scene?.keyWindow == "W2")
    replay.apply(Event(seq: 10, time: .zero, .appKeyWindow(session: "B", window: "W2")))
    #expect(replay.state.app.keyScene == "B")
    replay.apply(Event(seq: 11, time: .zero, .appKeyWindow()))
    #expect(replay.state.app.keyScene == nil)
    #expect(replay.findings.isEmpty)
  }

  @Test func withoutAppKeyWindowTheKeySceneIsTheLatestBecomeKeyInAnActiveScene() {
    let states = Self.keyScenes(
      Self.twoActiveScenes + [
        .windowBecomeKey(session: "A", window: "W1"),
        .windowBecomeKey(session: "B", window: "W2"),
        S.resign("A"),
        .windowBecomeKey(session: "A", window: "W3"),  // A is not active: B stays key
        S.background("A"),
        .windowBecomeKey(session: "A", window: "W4"),
        .windowBecomeKey(session: "B", window: "W5"),
      ])
    #expect(states.suffix(7) == ["A", "B", "B", "B", "B", "B", "B"])
  }

  @Test func keySceneIsClearedWhenItsSceneDisconnectsOnly() {
    let states = Self.keyScenes(
      Self.twoActiveScenes + [
        .windowBecomeKey(session: "A", window: "W1"),
        S.resign("B"), S.background("B"), S.disconnect("B"),
        S.resign("A"), S.background("A"), S.disconnect("A"),
      ])
    #expect(states.suffix(7) == ["A", "A", "A", "A", "A", "A", nil])
  }

  @Test func keySceneReportedByAppKeyWindowIsClearedWhenItsSceneDisconnects() {
    let states = Self.keyScenes(
      S.backgrounded("A") + [.appKeyWindow(session: "A", window: "W1"), S.disconnect("A")])
    #expect(states.suffix(2) == ["A", nil])
  }

  @Test(arguments: [S.launch2, Event.Payload.appTerminate])
  func keySceneIsClearedByLaunchAndTerminate(_ closing: Event.Payload) {
    let viaWindow = Self.keyScenes(
      Self.twoActiveScenes + [.windowBecomeKey(session: "A", window: "W1"), closing])
    #expect(viaWindow.suffix(2) == ["A", nil])
    let viaApp = Self.keyScenes(
      Self.twoActiveScenes + [.appKeyWindow(session: "B", window: "W1"), closing])
    #expect(viaApp.suffix(2) == ["B", nil])
  }

  static func keyScenes(_ payloads: [Event.Payload]) -> [SessionID?] {
    var replay = Replay()
    return numbered(payloads).map { event in
      replay.apply(event)
      return replay.state.app.keyScene
    }
  }

  // MARK: sessions, instances, launches

  @Test func instanceCountsConnectionsFromOneAcrossReconnectsAndLaunches() {
    var replay = Replay()
    var instances: [Int?] = []
    let payloads: [Event.Payload] = [
      S.launch1, S.configure("A"), S.connect("A"), S.background("A"), S.disconnect("A"),
      S.connect("A"), S.enter("A"), S.launch2, S.connect("A"),
    ]
    for event in numbered(payloads) {
      replay.apply(event)
      instances.append(replay.state.sessions["A"]?.scene?.instance)
    }
    #expect(instances == [nil, nil, 1, 1, nil, 2, 2, nil, 3])
    #expect(replay.findings.isEmpty)
  }

  @Test(arguments: [S.launch2, Event.Payload.appTerminate])
  func launchAndTerminateCloseScenesAndDragsButKeepSharedState(_ closing: Event.Payload) {
    let result = replay(
      Self.twoActiveScenes + [
        .stateWrite(key: "defaults:theme", value: "dark", session: "A"),
        .dragBegin(drag: "d1", session: "A"),
        .pointerDrag(session: "B", phase: .began, x: 1, y: 2),
        .bandSelection(session: "B", view: "grid", state: .began),
        closing,
      ])
    #expect(result.findings.isEmpty)
    #expect(result.state.drags.isEmpty)
    #expect(result.state.connectedSessions.isEmpty)
    #expect(result.state.sessions["A"]?.status == .archived)
    #expect(result.state.sessions["B"]?.status == .archived)
    #expect(
      result.state.shared == ["defaults:theme": SharedValue(value: "dark", writer: "A", seq: 8)])
  }

  @Test func terminateMarksTheAppTerminatedUntilTheNextLaunch() {
    var replay = Replay()
    replay.apply(numbered([S.launch1, .appTerminate]))
    #expect(replay.state.app.terminated)
    #expect(replay.state.app.launch == "L1")
    replay.apply(Event(seq: 3, time: .zero, S.launch2))
    #expect(!replay.state.app.terminated)
    #expect(replay.state.app.launch == "L2")
  }

  @Test func launchOpensTheSessionsTheSystemReportsAsArchived() {
    let result = replay([
      S.launch1, S.connect("A"),
      .appLaunch(launch: "L2", openSessions: ["A", "B"]),
    ])
    #expect(result.findings.isEmpty)
    #expect(result.state.sessions["A"]?.status == .archived)
    #expect(result.state.sessions["B"]?.status == .archived)
    #expect(result.state.sessions["B"]?.scene == nil)
  }

  @Test func eventsBeforeTheFirstLaunchAreAccepted() {
    let result = replay([S.configure("A"), S.connect("A"), S.enter("A"), S.launch1])
    #expect(result.findings.isEmpty)
    #expect(result.state.sessions["A"]?.status == .archived)
    #expect(result.state.sessions["A"]?.role == .windowApplication)
  }

  @Test func stateRecordsTheSeqAndTimeOfTheLastEvent() {
    var replay = Replay()
    replay.apply(Event(seq: 1, time: TraceTime(milliseconds: 250), S.launch1))
    replay.apply(Event(seq: 2, time: TraceTime(milliseconds: 3250), .appMark(label: "x")))
    #expect(replay.state.seq == 2)
    #expect(replay.state.time == TraceTime(milliseconds: 3250))
  }

  // MARK: shared store and scene fields

  @Test func writesAndDeletesFillTheSharedStore() {
    let result = replay([
      .stateWrite(key: "defaults:a", value: "1", session: "A"),
      .stateWrite(key: "defaults:b", value: "2"),
      .stateWrite(key: "defaults:a", value: "3", session: "B"),
      .stateDelete(key: "defaults:b", session: "A"),
      .stateDelete(key: "defaults:missing"),
    ])
    #expect(result.state.shared == ["defaults:a": SharedValue(value: "3", writer: "B", seq: 3)])
    #expect(result.findings.isEmpty)
  }

  @Test func sceneEventsFillTheScenesFields() {
    let result = replay(
      S.active("A") + [
        .stateRender(session: "A", key: "defaults:a", value: "1"),
        .stateRender(session: "A", key: "defaults:a", value: "2"),
        .contentDisplay(session: "A", content: "doc-7", exclusive: true),
        .focusUpdate(session: "A", from: nil, to: "cell-3", heading: .down),
        .responderFirst(session: "A", window: "W1", responder: "editor"),
        .sceneGeometry(
          session: "A", width: 1024, height: 768, orientation: .landscapeLeft,
          horizontalSizeClass: .regular),
        .sceneSaveRestoration(session: "A", activityType: "com.example.doc", key: "restoration:A"),
        .windowBecomeKey(session: "A", window: "W1"),
      ])
    #expect(result.findings.isEmpty)
    let scene = result.state.sessions["A"]?.scene
    #expect(scene?.renders == ["defaults:a": "2"])
    #expect(scene?.content == "doc-7")
    #expect(scene?.contentIsExclusive == true)
    #expect(scene?.focus == "cell-3")
    #expect(scene?.firstResponder == "editor")
    #expect(scene?.keyWindow == "W1")
    #expect(
      scene?.geometry
        == Geometry(
          width: 1024, height: 768, orientation: .landscapeLeft, horizontalSizeClass: .regular))
    #expect(
      result.state.sessions["A"]?.restoration
        == Restoration(activityType: "com.example.doc", key: "restoration:A"))
  }

  @Test func contentAndFocusAndResponderCanBeCleared() {
    let result = replay(
      S.active("A") + [
        .contentDisplay(session: "A", content: "doc", exclusive: true),
        .focusUpdate(session: "A", to: "cell"),
        .responderFirst(session: "A", responder: "editor"),
        .contentDisplay(session: "A", content: nil, exclusive: true),
        .focusUpdate(session: "A", from: "cell", to: nil),
        .responderFirst(session: "A", responder: nil),
      ])
    let scene = result.state.sessions["A"]?.scene
    #expect(scene?.content == nil)
    #expect(scene?.contentIsExclusive == false)
    #expect(scene?.focus == nil)
    #expect(scene?.firstResponder == nil)
  }

  @Test func selectionChangeKeepsEachViewsItemsSortedByScalarsWithoutRepeats() {
    let result = replay(
      S.active("A") + [
        .selectionChange(session: "A", view: "grid", items: ["b", "a", "B", "é", "a"]),
        .selectionChange(session: "A", view: "list", items: ["2", "10"], cause: .keyboard),
      ])
    #expect(
      result.state.sessions["A"]?.scene?.selection == [
        "grid": ["B", "a", "b", "é"], "list": ["10", "2"],
      ])
  }

  @Test func sceneFieldsDoNotOutliveTheirScene() {
    let result = replay(
      S.backgrounded("A") + [
        .selectionChange(session: "A", view: "grid", items: ["a"]),
        S.disconnect("A"), S.connect("A"),
      ])
    #expect(result.state.sessions["A"]?.scene?.selection == [:])
  }

  // MARK: band selection and pointer drag

  struct BandCase: Sendable, CustomTestStringConvertible {
    var name: String
    var modifiers: ModifierFlags
    var before: [String]
    var ended: [String]
    var expected: [String]
    var testDescription: String { name }
  }

  static let bandCases: [BandCase] = [
    BandCase(
      name: "plain replaces", modifiers: [], before: ["a", "b"], ended: ["c", "b"],
      expected: ["b", "c"]),
    BandCase(
      name: "shift unions", modifiers: [.shift], before: ["a", "b"], ended: ["c", "b"],
      expected: ["a", "b", "c"]),
    BandCase(
      name: "command toggles", modifiers: [.command], before: ["a", "b"],
      ended: ["c", "b"], expected: ["a", "c"]),
    BandCase(
      name: "command wins over shift", modifiers: [.shift, .command],
      before: ["a", "b"], ended: ["c", "b"], expected: ["a", "c"]),
    BandCase(
      name: "option alone replaces", modifiers: [.option], before: ["a"], ended: ["b"],
      expected: ["b"]),
    BandCase(
      name: "empty band with command keeps the selection", modifiers: [.command],
      before: ["a"], ended: [], expected: ["a"]),
  ]

  @Test(arguments: bandCases)
  func bandSelectionDerivesTheSelectionWhenItEnds(_ band: BandCase) {
    var replay = Replay()
    replay.apply(
      numbered(
        S.active("A") + [
          .selectionChange(session: "A", view: "grid", items: band.before),
          .bandSelection(
            session: "A", view: "grid", state: .began,
            rect: Rect(x: 0, y: 0, width: 1, height: 1), modifiers: band.modifiers, items: []),
          .bandSelection(
            session: "A", view: "grid", state: .selecting,
            rect: Rect(x: 0, y: 0, width: 5, height: 5), items: ["z"]),
        ]))
    let inFlight = replay.state.sessions["A"]?.scene?.band
    #expect(
      inFlight
        == BandProgress(
          view: "grid", state: .selecting, rect: Rect(x: 0, y: 0, width: 5, height: 5),
          modifiers: band.modifiers, items: ["z"], before: band.before.sortedInScalarOrder()))
    #expect(replay.state.sessions["A"]?.scene?.selection["grid"] == band.before.sorted())

    replay.apply(
      Event(
        seq: 9, time: .zero,
        .bandSelection(session: "A", view: "grid", state: .ended, items: band.ended)))
    #expect(replay.state.sessions["A"]?.scene?.band == nil)
    #expect(replay.state.sessions["A"]?.scene?.selection["grid"] == band.expected)
    #expect(replay.findings.isEmpty)
  }

  @Test func bandEndingWithoutItemsUsesTheItemsLastSelected() {
    let result = replay(
      S.active("A") + [
        .bandSelection(session: "A", view: "grid", state: .began, modifiers: [.shift]),
        .bandSelection(session: "A", view: "grid", state: .selecting, items: ["q", "p"]),
        .bandSelection(session: "A", view: "grid", state: .ended),
      ])
    #expect(result.state.sessions["A"]?.scene?.selection["grid"] == ["p", "q"])
  }

  /// A scene shows the band changed latest of the views banding, as each event leaves it: a
  /// `selecting` without a rect or items keeps the band's; with two views banding, each event
  /// shows its own view's; when one ends, the other's is shown again.
  @Test func theBandShownIsTheOneChangedLatest() {
    var replay = Replay()
    replay.apply(numbered(S.active("A")))
    var seq = 5
    func band(_ view: String, _ state: BandState, rect: Rect? = nil, items: [String]? = nil)
      -> BandProgress?
    {
      seq += 1
      replay.apply(
        Event(
          seq: seq, time: .zero,
          .bandSelection(
            session: "A", view: view, state: state, rect: rect,
            modifiers: view == "list" ? [.shift] : [], items: items)))
      return replay.state.sessions["A"]?.scene?.band
    }
    let (small, large) = (
      Rect(x: 0, y: 0, width: 2, height: 2), Rect(x: 0, y: 0, width: 9, height: 9)
    )
    func grid(_ state: BandState, _ rect: Rect?, _ items: [String]) -> BandProgress {
      BandProgress(view: "grid", state: state, rect: rect, modifiers: [], items: items, before: [])
    }
    func list(_ state: BandState, _ rect: Rect?, _ items: [String]) -> BandProgress {
      BandProgress(
        view: "list", state: state, rect: rect, modifiers: [.shift], items: items, before: [])
    }
    #expect(band("grid", .began, rect: small, items: []) == grid(.began, small, []))
    #expect(band("grid", .selecting, items: ["b", "a"]) == grid(.selecting, small, ["a", "b"]))
    #expect(band("grid", .selecting, rect: large) == grid(.selecting, large, ["a", "b"]))
    #expect(band("list", .began, items: ["x"]) == list(.began, nil, ["x"]))
    #expect(band("grid", .selecting, items: ["c"]) == grid(.selecting, large, ["c"]))
    #expect(band("list", .selecting, rect: small) == list(.selecting, small, ["x"]))
    #expect(band("list", .ended) == grid(.selecting, large, ["c"]))
    #expect(
      band("grid", .selecting, items: ["d", "c", "d"]) == grid(.selecting, large, ["c", "d"]))
    #expect(band("grid", .ended) == nil)
    #expect(replay.findings.isEmpty)
  }

  @Test func pointerDragIsInFlightFromBeganUntilEndedOrCancelled() {
    var replay = Replay()
    replay.apply(numbered(S.active("A")))
    var seq = 5
    func drag(_ phase: PointerPhase, _ x: Double, latching: Latching? = nil)
      -> PointerDragProgress?
    {
      seq += 1
      replay.apply(
        Event(
          seq: seq, time: .zero,
          .pointerDrag(session: "A", phase: phase, x: x, y: x * 2, latching: latching)))
      return replay.state.sessions["A"]?.scene?.drag
    }
    #expect(
      drag(.began, 1, latching: .vertical)
        == PointerDragProgress(phase: .began, x: 1, y: 2, latching: .vertical))
    #expect(
      drag(.changed, 3)
        == PointerDragProgress(phase: .changed, x: 3, y: 6, latching: .vertical))
    #expect(drag(.ended, 4) == nil)
    #expect(drag(.began, 5) == PointerDragProgress(phase: .began, x: 5, y: 10, latching: nil))
    #expect(drag(.cancelled, 6) == nil)
  }

  @Test func dragSessionsRecordSourceTargetAndEnd() {
    let result = replay(
      Self.twoActiveScenes + [
        .dragBegin(drag: "d1", session: "A"),
        .dropPerform(drag: "d1", session: "B", local: true),
        .dragEnd(drag: "d1", operation: .copy),
        .dragBegin(drag: "d2", session: "B"),
      ])
    #expect(result.state.drags["d1"]?.source == "A")
    #expect(result.state.drags["d1"]?.target == "B")
    #expect(result.state.drags["d1"]?.phase == .ended)
    #expect(result.state.drags["d1"]?.operation == .copy)
    #expect(result.state.drags["d2"]?.phase == .active)
    #expect(result.state.drags["d2"]?.began == 11)
  }
}
