import SceneTrace
import Testing

/// The keyboard rules: each scenario breaks one at an exact event, and its fixed version does
/// not. Seqs 1–10 are `Script.bothActiveAKey`: A and B active, A the key scene since seq 10.
@Suite struct KeyboardRuleTests {
  typealias S = Script

  // MARK: key.inactive-scene

  @Test func keyCommandInABackgroundSceneIsAnError() {
    let result = replay(
      S.bothActive + [S.resign("B"), S.background("B"), S.command("B")])
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.keyInactiveScene, .error, seq: 12, "B", related: [11])
      ])
  }

  @Test func keyCommandInAnActiveSceneThatIsNotKeyIsAnError() {
    let result = replay(S.bothActiveAKey + [S.command("B")])
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.keyInactiveScene, .error, seq: 11, "B", related: [10])
      ])
  }

  @Test func keyCommandInTheActiveKeySceneIsFine() {
    let result = replay(
      S.bothActiveAKey + [
        S.command("A"), .appKeyWindow(session: "B", window: "B.main"), S.command("B"),
      ])
    #expect(result.findings.isEmpty)
  }

  @Test func keySceneFromBecomeKeyIsCheckedToo() {
    let broken = replay(
      S.bothActive + [.windowBecomeKey(session: "B", window: "B.main"), S.command("A")])
    #expect(
      broken.findings.withRelated == [
        FindingWithRelated(.keyInactiveScene, .error, seq: 11, "A", related: [10])
      ])
    let fixed = replay(
      S.bothActive + [.windowBecomeKey(session: "B", window: "B.main"), S.command("B")])
    #expect(fixed.findings.isEmpty)
  }

  @Test func withNoKeySceneOnlyActivationIsChecked() {
    // keyScene null: the key scene is not known, so only foregroundActive counts.
    let result = replay(
      S.bothActiveAKey + [
        .appKeyWindow(), S.press("A", .began), S.press("A", .ended), S.resign("B"),
        S.command("B"),
      ])
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.keyInactiveScene, .error, seq: 15, "B", related: [14])
      ])
  }

  @Test func keyPressInAResignedSceneIsAnError() {
    let result = replay(S.bothActiveAKey + [S.resign("A"), S.press("A", .began)])
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.keyInactiveScene, .error, seq: 12, "A", related: [11])
      ])
  }

  @Test func withoutAnyKeyWindowEventOnlyActivationCounts() {
    let result = replay(S.bothActive + [S.press("B", .began), S.press("B", .ended)])
    #expect(result.findings.isEmpty)
  }

  @Test func unknownSceneHidesTheKeySceneCheck() {
    let result = replay(S.bothActiveAKey + [S.command("Z")])
    #expect(
      result.findings.summaries == [FindingSummary(.lifecycleUnknownScene, .error, seq: 11, "Z")])
  }

  // MARK: key.press-balance

  @Test func pressesCancelledBySceneResignationAreKeptUntilTheCancellationArrives() {
    var replay = Replay()
    replay.apply(numbered(S.bothActiveAKey + [S.press("A", .began, 40), S.resign("A")]))
    #expect(replay.state.sessions["A"]?.scene?.presses[40]?.phase == .cancelled)
    replay.apply(Event(seq: 13, time: .zero, S.press("A", .cancelled, 40)))
    #expect(replay.state.sessions["A"]?.scene?.presses == [:])
    replay.finish()
    #expect(replay.findings.isEmpty)
  }

  @Test func pressEndedAfterItsSceneResignedBreaksTheBalance() {
    let result = replay(
      S.bothActiveAKey + [S.press("A", .began, 40), S.resign("A"), S.press("A", .ended, 40)])
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.keyInactiveScene, .error, seq: 13, "A", related: [12]),
        FindingWithRelated(.keyPressBalance, .warning, seq: 13, "A", related: [11, 12]),
      ])
  }

  @Test func secondBeganWhileTheKeyIsDownIsAWarning() {
    let broken = replay(
      S.bothActiveAKey + [
        S.press("A", .began), S.press("A", .stationary), S.press("A", .began),
      ])
    #expect(
      broken.findings.withRelated == [
        FindingWithRelated(.keyPressBalance, .warning, seq: 13, "A", related: [11])
      ])
    let fixed = replay(
      S.bothActiveAKey + [
        S.press("A", .began), S.press("A", .stationary), S.press("A", .ended),
        S.press("A", .began), S.press("A", .changed), S.press("A", .cancelled),
      ])
    #expect(fixed.findings.isEmpty)
  }

  @Test(arguments: [PressPhase.changed, .stationary, .ended, .cancelled])
  func phaseWithoutBeganIsAWarning(_ phase: PressPhase) {
    let result = replay(S.bothActiveAKey + [S.press("A", .began, 5), S.press("A", phase, 4)])
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.keyPressBalance, .warning, seq: 12, "A", related: [])
      ])
  }

  @Test func pressesAreBalancedPerKeyAndPerScene() {
    let result = replay(
      S.bothActive + [
        S.press("A", .began, 4), S.press("B", .began, 4), S.press("A", .began, 5),
        S.press("B", .ended, 4), S.press("A", .ended, 5), S.press("A", .ended, 4),
      ])
    #expect(result.findings.isEmpty)
  }

  @Test func becomingActiveAgainForgetsCancelledPresses() {
    let result = replay(
      S.bothActive + [
        S.press("A", .began), S.resign("A"), S.activate("A"), S.press("A", .cancelled),
      ])
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.keyPressBalance, .warning, seq: 13, "A", related: [])
      ])
  }

  @Test func sceneMetMidLifeIsNotBlamedForPressesThatBeganBeforeTheTrace() {
    let result = replay([S.activate("A"), S.press("A", .ended), S.press("A", .began)])
    #expect(
      result.findings.summaries == [FindingSummary(.lifecycleUnknownScene, .error, seq: 1, "A")])
  }

  @Test func launchClearsThePresses() {
    let result = replay(S.bothActive + [S.press("A", .began), S.launch2])
    #expect(result.state.sessions["A"]?.scene == nil)
    #expect(result.findings.isEmpty)
  }

  // MARK: key.target-chain and key.chain-start

  @Test func targetOutsideTheRecordedChainIsAnError() {
    let chain = ["editor", "DocumentViewController", "UIApplication"]
    let broken = replay(S.bothActiveAKey + [S.command("A", target: "SettingsCenter", chain: chain)])
    #expect(
      broken.findings.withRelated == [
        FindingWithRelated(.keyTargetChain, .error, seq: 11, "A", related: [])
      ])
    let fixed = replay(
      S.bothActiveAKey + [
        S.command("A", target: "DocumentViewController", chain: Array(chain.prefix(2))),
        S.command("A", target: nil, chain: chain),
        S.command("A", target: "SettingsCenter", chain: nil),
      ])
    #expect(fixed.findings.isEmpty)
  }

  @Test func chainStartingAwayFromTheFocusedItemIsAWarning() {
    let focused: [Event.Payload] =
      S.bothActiveAKey + [
        .responderFirst(session: "A", window: "A.main", responder: "sidebar"),
        .focusUpdate(session: "A", to: "cell-3"),
      ]
    let broken = replay(
      focused + [S.command("A", target: "Root", chain: ["sidebar", "Root"])])
    #expect(
      broken.findings.withRelated == [
        FindingWithRelated(.keyChainStart, .warning, seq: 13, "A", related: [12])
      ])
    let fixed = replay(
      focused + [S.command("A", target: "Root", chain: ["cell-3", "sidebar", "Root"])])
    #expect(fixed.findings.isEmpty)
  }

  @Test func withoutFocusTheChainStartsAtTheFirstResponder() {
    let responder: [Event.Payload] =
      S.bothActiveAKey + [.responderFirst(session: "A", window: "A.main", responder: "editor")]
    let broken = replay(responder + [S.command("A", target: "Root", chain: ["other", "Root"])])
    #expect(
      broken.findings.summaries == [FindingSummary(.keyChainStart, .warning, seq: 12, "A")])
    let fixed = replay(responder + [S.command("A", target: "Root", chain: ["editor", "Root"])])
    #expect(fixed.findings.isEmpty)
  }

  // MARK: key.reserved-input

  static func focusedApp(sdk: String) -> [Event.Payload] {
    [
      .appLaunch(launch: "L1", sdk: sdk), S.connect("A"), S.enter("A"), S.activate("A"),
      .focusUpdate(session: "A", to: "cell-1"),
    ]
  }

  @Test func tabCommandWhileFocusedWithoutPriorityIsAWarning() {
    let broken = replay(
      Self.focusedApp(sdk: "17.2") + [.keyCommand(session: "A", input: "\t", action: "next:")])
    #expect(
      broken.findings.withRelated == [
        FindingWithRelated(.keyReservedInput, .warning, seq: 6, "A", related: [5])
      ])
    let arrow = replay(
      Self.focusedApp(sdk: "15.0") + [
        .keyCommand(session: "A", input: "UIKeyInputDownArrow", action: "down:")
      ])
    #expect(arrow.findings.summaries == [FindingSummary(.keyReservedInput, .warning, seq: 6, "A")])
  }

  @Test func reservedKeyCommandIsFineWithPriorityOldSDKModifiersOrNoFocus() {
    let tab = Event.Payload.keyCommand(session: "A", input: "\t", action: "next:")
    let priority = replay(
      Self.focusedApp(sdk: "17.2") + [
        .keyCommand(session: "A", input: "\t", action: "next:", wantsPriority: true)
      ])
    let oldSDK = replay(Self.focusedApp(sdk: "14.5") + [tab])
    let commandArrow = replay(
      Self.focusedApp(sdk: "17.2") + [
        .keyCommand(
          session: "A", input: "UIKeyInputUpArrow", modifiers: [.command], action: "top:")
      ])
    let unfocused = replay(
      Self.focusedApp(sdk: "17.2") + [
        .focusUpdate(session: "A", from: "cell-1", to: nil), tab,
      ])
    #expect(priority.findings.isEmpty)
    #expect(oldSDK.findings.isEmpty)
    #expect(commandArrow.findings.isEmpty)
    #expect(unfocused.findings.isEmpty)
  }

  struct ReservedCase: Sendable, CustomTestStringConvertible {
    var input: String
    var modifiers: ModifierFlags
    var reserved: Bool
    var testDescription: String { "\(input.debugDescription) \(modifiers)" }
  }

  @Test(arguments: [
    ReservedCase(input: "\t", modifiers: [], reserved: true),
    ReservedCase(input: "\t", modifiers: [.shift], reserved: true),
    ReservedCase(input: "\t", modifiers: [.control], reserved: false),
    ReservedCase(input: "UIKeyInputLeftArrow", modifiers: [.capsLock], reserved: true),
    ReservedCase(input: "UIKeyInputRightArrow", modifiers: [.shift], reserved: false),
    ReservedCase(input: "a", modifiers: [], reserved: false),
    // Every recorded spelling, and inputs of their lengths that are not one.
    ReservedCase(input: "tab", modifiers: [], reserved: true),
    ReservedCase(input: "upArrow", modifiers: [], reserved: true),
    ReservedCase(input: "downArrow", modifiers: [], reserved: true),
    ReservedCase(input: "leftArrow", modifiers: [.numericPad], reserved: true),
    ReservedCase(input: "rightArrow", modifiers: [], reserved: true),
    ReservedCase(input: "UIKeyInputUpArrow", modifiers: [], reserved: true),
    ReservedCase(input: "UIKeyInputDownArrow", modifiers: [], reserved: true),
    ReservedCase(input: "UIKeyInputRightArrow", modifiers: [], reserved: true),
    ReservedCase(input: "tub", modifiers: [], reserved: false),
    ReservedCase(input: "pageDown!", modifiers: [], reserved: false),
    ReservedCase(input: "UIKeyInputPageDown", modifiers: [], reserved: false),
    ReservedCase(input: "UIKeyInputEscape", modifiers: [], reserved: false),
    // `String` equates the Kelvin sign with K.
    ReservedCase(input: "UI\u{212A}eyInputRightArrow", modifiers: [], reserved: true),
  ])
  func reservedKeysAreTabShiftTabAndBareArrows(_ key: ReservedCase) {
    let result = replay(
      Self.focusedApp(sdk: "17.0") + [
        .keyCommand(session: "A", input: key.input, modifiers: key.modifiers, action: "x:")
      ])
    #expect(result.findings.map(\.rule) == (key.reserved ? [.keyReservedInput] : []))
  }

  // MARK: key.noninteractive-scene

  static let externalDisplay: [Event.Payload] =
    S.bothActiveAKey + [
      .sessionConfigure(session: "X", role: .windowExternalDisplayNonInteractive),
      .sceneWillConnect(session: "X"), S.enter("X"), S.activate("X"),
    ]

  @Test(arguments: [
    Event.Payload.appKeyWindow(session: "X", window: "X.main"),
    .windowBecomeKey(session: "X", window: "X.main"),
    .focusUpdate(session: "X", to: "slide"),
    .dropPerform(drag: "d1", session: "X", local: false),
  ])
  func externalDisplaySceneNeverBecomesKeyOrTakesFocusOrDrops(_ payload: Event.Payload) {
    let result = replay(Self.externalDisplay + [payload])
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.keyNonInteractiveScene, .error, seq: 15, "X", related: [12])
      ])
  }

  @Test func keyPressInTheExternalDisplaySceneIsAlsoOutsideTheKeyScene() {
    let result = replay(Self.externalDisplay + [S.press("X", .began)])
    #expect(
      result.findings.summaries == [
        FindingSummary(.keyInactiveScene, .error, seq: 15, "X"),
        FindingSummary(.keyNonInteractiveScene, .error, seq: 15, "X"),
      ])
  }

  @Test func externalDisplaySceneRendersAndShowsContentFreely() {
    let result = replay(
      Self.externalDisplay + [
        .contentDisplay(session: "X", content: "slides"),
        .sceneGeometry(session: "X", width: 1920, height: 1080),
        S.command("A"),
      ])
    #expect(result.findings.isEmpty)
  }
}
