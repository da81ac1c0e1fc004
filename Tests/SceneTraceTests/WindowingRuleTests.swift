import SceneTrace
import Testing

/// The windowing rules of iPadOS 26 and 27: each scenario breaks one at an exact event, and its
/// fixed version does not. `windowed` (seqs 1–12) is a 26.1 launch in Windowed Apps with A and B
/// both foreground-active, A's window the key window (seq 11) and A frontmost (seq 12).
@Suite struct WindowingRuleTests {
  typealias S = Script

  static func launch(os: String, sdk: String? = nil) -> [Event.Payload] {
    [
      .appLaunch(launch: "L1", os: os, sdk: sdk),
      .appEnvironment(mode: .windowed, requiresFullScreen: false, os: os, sdk: sdk),
    ]
  }

  static let windowed: [Event.Payload] =
    launch(os: "26.1", sdk: "26.0")
    + [S.configure("A"), S.connect("A"), S.enter("A"), S.activate("A")]
    + [S.configure("B"), S.connect("B"), S.enter("B"), S.activate("B")]
    + [.appKeyWindow(session: "A", window: "A.main"), appearance("A", .active)]

  static func appearance(_ id: SessionID, _ value: ActiveAppearance) -> Event.Payload {
    .sceneActiveAppearance(session: id, appearance: value)
  }

  static func geometry(
    _ id: SessionID, width: Double, _ sizeClass: SizeClass, resizing: Bool? = nil
  ) -> Event.Payload {
    .sceneEffectiveGeometry(
      session: id, width: width, height: 900, horizontalSizeClass: sizeClass, resizing: resizing)
  }

  static func menu(
    _ id: SessionID?, target: String?, origin: CommandOrigin = .menuBar,
    offeredBy: [String]? = nil
  ) -> Event.Payload {
    .commandInvoke(
      session: id, action: "newNote:", origin: origin, target: target, offeredBy: offeredBy)
  }

  static let mark: Event.Payload = .appMark(label: "next")

  // MARK: appearance.frontmost

  @Test func aClickMovesTheAppearanceAndTheKeyWindowInAnyOrder() {
    let click: [Event.Payload] = [
      Self.appearance("B", .active), .appKeyWindow(session: "B", window: "B.main"),
      Self.appearance("A", .inactive), Self.mark,
    ]
    let result = replay(Self.windowed + click)
    #expect(result.findings.isEmpty)
    #expect(result.state.app.frontmostScene == "B")
    #expect(result.state.sessions["A"]?.scene?.appearance == .inactive)
    // Activation is not appearance: both scenes stay foreground-active.
    #expect(result.state.sessions["A"]?.scene?.state == .foregroundActive)
    #expect(result.state.sessions["B"]?.scene?.state == .foregroundActive)
  }

  @Test func twoFrontmostScenesOnceTheClickSettlesIsAnError() {
    let result = replay(
      Self.windowed + [
        Self.appearance("B", .active), .appKeyWindow(session: "B", window: "B.main"), Self.mark,
      ])
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.appearanceFrontmost, .error, seq: 15, "B", related: [12, 13])
      ])
  }

  @Test func aFrontmostSceneThatIsNotTheKeyWindowsIsAnError() {
    let result = replay(
      Self.windowed + [Self.appearance("A", .inactive), Self.appearance("B", .active), Self.mark])
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.appearanceFrontmost, .error, seq: 15, "B", related: [11, 14])
      ])
  }

  @Test func theEndOfTheTraceSettlesTheLastClick() {
    let result = replay(Self.windowed + [Self.appearance("B", .active)])
    #expect(
      result.findings.summaries == [FindingSummary(.appearanceFrontmost, .error, seq: 13, "B")])
  }

  // MARK: command.not-frontmost

  @Test func aMenuCommandPerformedInAWindowBehindIsAnError() {
    let result = replay(Self.windowed + [Self.menu("B", target: "NotesViewController")])
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.commandNotFrontmost, .error, seq: 13, "B", related: [12])
      ])
    let fixed = replay(
      Self.windowed + [
        Self.menu("A", target: "NotesViewController"),
        Self.menu("B", target: "NotesViewController", origin: .contextMenu),
      ])
    #expect(fixed.findings.isEmpty)
  }

  @Test func aKeyCommandIsJudgedByTheFrontmostSceneWhenNoKeySceneIsRecorded() {
    let noKeyWindow = Array(Self.windowed.prefix(10)) + [Self.appearance("A", .active)]
    let broken = replay(noKeyWindow + [S.command("B")])
    #expect(
      broken.findings.summaries == [FindingSummary(.commandNotFrontmost, .error, seq: 12, "B")])
    #expect(replay(noKeyWindow + [S.command("A")]).findings.isEmpty)
    // With the key scene known, key.inactive-scene judges it alone.
    #expect(
      replay(Self.windowed + [S.command("B")]).findings.summaries == [
        FindingSummary(.keyInactiveScene, .error, seq: 13, "B")
      ])
  }

  // MARK: command.unhandled-menu

  @Test func aMenuPickNoResponderPerformedWhileTheChainOffersItIsAWarning() {
    let result = replay(Self.windowed + [Self.menu(nil, target: nil, offeredBy: ["Editor"])])
    #expect(
      result.findings.summaries == [FindingSummary(.commandUnhandledMenu, .warning, seq: 13, nil)])
    #expect(replay(Self.windowed + [Self.menu(nil, target: nil)]).findings.isEmpty)
    #expect(replay(Self.windowed + [Self.menu("A", target: "Editor")]).findings.isEmpty)
  }

  // MARK: session.discard-live and session.destroy-live

  @Test func onIPadOS26ADiscardOfALiveSessionIsFlaggedOnceAndTheSessionStaysLive() {
    let result = replay(
      Self.windowed + [
        S.discard("A"), .sceneTitle(session: "A", title: "Groceries"), S.command("A"),
      ])
    #expect(
      result.findings.summaries == [FindingSummary(.sessionDiscardLive, .warning, seq: 13, "A")])
    #expect(result.state.sessions["A"]?.status == .connected)
    #expect(result.state.sessions["A"]?.scene?.title == "Groceries")
  }

  @Test func destroyingTheLiveSessionADiscardNamedIsAnError() {
    let result = replay(
      Self.windowed + [
        S.discard("A"), .requestDestroy(request: "R1", session: "A"), S.resign("A"),
        S.background("A"), S.disconnect("A"),
      ])
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.sessionDiscardLive, .warning, seq: 13, "A", related: []),
        FindingWithRelated(.sessionDestroyLive, .error, seq: 14, "A", related: [13]),
      ])
  }

  @Test func onEarlierSystemsADiscardOfALiveSessionClosesItAsBefore() {
    let result = replay(
      S.bothActiveAKey + [S.discard("A"), .sceneTitle(session: "A", title: "Groceries")])
    #expect(
      result.findings.summaries == [
        FindingSummary(.sessionIrregular, .warning, seq: 11, "A"),
        FindingSummary(.sessionAfterDiscard, .error, seq: 12, "A"),
      ])
  }

  // MARK: close.wrong-scene

  @Test func performCloseThatDestroysAnotherSceneIsAnError() {
    let result = replay(
      Self.windowed + [
        .sceneClose(session: "A", via: .performClose), .requestDestroy(request: "R1", session: "B"),
      ])
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.closeWrongScene, .error, seq: 14, "B", related: [13])
      ])
  }

  @Test func theCloseControlMayDiscardTheClosedSceneInAnyOfTheWaysTheModelAccepts() {
    let closeA: [Event.Payload] = [S.resign("A"), S.background("A"), S.disconnect("A")]
    for teardown: [Event.Payload] in [
      [.requestDestroy(request: "R1", session: "A")] + closeA,
      closeA + [S.discard("A")],
      [S.discard("A")],
    ] {
      let result = replay(
        Self.windowed + [.sceneClose(session: "A", via: .closeControl)] + teardown
          + [.appKeyWindow(session: "B", window: "B.main"), Self.appearance("B", .active)]
          + [S.resign("B"), S.background("B"), S.disconnect("B")])
      #expect(result.findings.isEmpty, "\(teardown): \(result.findings)")
      #expect(result.state.sessions["A"]?.scene == nil)
    }
  }

  // MARK: geometry.resize-balance

  @Test func aResizeThatNeverEndsIsAWarning() {
    let resize = [
      Self.geometry("A", width: 1000, .regular, resizing: true),
      Self.geometry("A", width: 800, .regular, resizing: true),
    ]
    let result = replay(Self.windowed + resize + [S.resign("A"), S.background("A")])
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.geometryResizeBalance, .warning, seq: 16, "A", related: [13])
      ])
    let atEnd = replay(Self.windowed + resize)
    #expect(
      atEnd.findings.summaries == [FindingSummary(.geometryResizeBalance, .warning, seq: 14, "A")])
    let ended = replay(
      Self.windowed + resize + [Self.geometry("A", width: 800, .regular, resizing: false)])
    #expect(ended.findings.isEmpty)
    #expect(ended.state.sessions["A"]?.scene?.geometry?.isInteractivelyResizing == false)
  }

  // MARK: geometry.stale-layout

  static let regularLayout: [Event.Payload] = [
    geometry("A", width: 1100, .regular),
    .sceneLayout(session: "A", horizontalSizeClass: .regular, layout: "split"),
  ]
  static let resizeToCompact: [Event.Payload] = [
    geometry("A", width: 900, .regular, resizing: true),
    geometry("A", width: 500, .compact, resizing: true),
    geometry("A", width: 480, .compact, resizing: false),
  ]

  @Test func aLayoutChosenOnceAtLaunchIsStaleAfterAResizeAcrossSizeClasses() {
    let result = replay(
      Self.windowed + Self.regularLayout + Self.resizeToCompact
        + [.contentDisplay(session: "A", content: "note-1"), .contentDisplay(session: "A")])
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.geometryStaleLayout, .warning, seq: 18, "A", related: [17])
      ])
  }

  @Test func aLayoutRedoneWhenTheResizeEndsIsFine() {
    let result = replay(
      Self.windowed + Self.regularLayout + Self.resizeToCompact
        + [
          .sceneLayout(session: "A", horizontalSizeClass: .compact, layout: "stack"),
          .contentDisplay(session: "A", content: "note-1"),
        ])
    #expect(result.findings.isEmpty)
    #expect(
      result.state.sessions["A"]?.scene?.layout
        == SceneLayout(horizontalSizeClass: .compact, name: "stack"))
  }

  @Test func aLayoutNeverRedoneIsReportedAtTheEndAndALayoutForTheWrongClassAtOnce() {
    let atEnd = replay(Self.windowed + Self.regularLayout + Self.resizeToCompact)
    #expect(
      atEnd.findings.summaries == [FindingSummary(.geometryStaleLayout, .warning, seq: 17, "A")])
    let wrong = replay(
      Self.windowed + Self.regularLayout + Self.resizeToCompact
        + [.sceneLayout(session: "A", horizontalSizeClass: .regular)])
    #expect(
      wrong.findings.summaries == [FindingSummary(.geometryStaleLayout, .warning, seq: 18, "A")])
  }

  // MARK: session.external-display-accessory

  @Test func onIPadOS27TheExternalDisplaySceneConfiguredTheOldWayIsAnError() {
    let configure: Event.Payload = .sessionConfigure(
      session: "X", role: .windowExternalDisplayNonInteractive)
    let on27 = replay(Self.launch(os: "27.0", sdk: "27.0") + [configure])
    #expect(
      on27.findings.summaries
        == [
          FindingSummary(.sessionExternalDisplayAccessory, .error, seq: 3, "X"),
          FindingSummary(.sessionIrregular, .warning, seq: 3, "X"),
        ].sorted { $0.rule < $1.rule })
    for launch in [Self.launch(os: "26.1", sdk: "26.0"), Self.launch(os: "27.0", sdk: "26.0")] {
      #expect(
        replay(launch + [configure]).findings.map(\.rule) == [.sessionIrregular], "\(launch)")
    }
  }

  // MARK: A clean recording

  @Test func aCleanWindowedRecordingHasNoWarningOrError() {
    let result = replay(
      Self.windowed + Self.regularLayout
        + [
          .sceneTitle(session: "A", title: "Groceries"),
          .sceneSizeRestrictions(
            session: "A", minimumWidth: 320, minimumHeight: 400, maximumWidth: 2000,
            maximumHeight: 1500),
          Self.menu("A", target: "NotesViewController"),
          // A click on B, in UIKit's order or another.
          .appKeyWindow(session: "B", window: "B.main"), Self.appearance("A", .inactive),
          Self.appearance("B", .active), S.command("B"),
          Self.menu("B", target: "NotesViewController"),
          // Back to A, and a live resize across size classes with a new layout at its end.
          Self.appearance("A", .active), Self.appearance("B", .inactive),
          .appKeyWindow(session: "A", window: "A.main"),
        ] + Self.resizeToCompact
        + [
          .sceneLayout(session: "A", horizontalSizeClass: .compact, layout: "stack"),
          S.command("A"), .sceneClose(session: "B", via: .closeControl), S.resign("B"),
          S.background("B"), S.disconnect("B"),
        ])
    #expect(result.findings.filter { $0.severity > .info }.isEmpty, "\(result.findings)")
    #expect(result.state.app.frontmostScene == "A")
    #expect(
      result.state.app.environment
        == WindowingEnvironment(mode: .windowed, requiresFullScreen: false, os: "26.1", sdk: "26.0")
    )
    #expect(result.state.sessions["A"]?.scene?.geometry?.width == 480)
  }
}
