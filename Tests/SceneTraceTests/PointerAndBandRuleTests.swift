import SceneTrace
import Testing

/// The pointer drag and band selection rules. Seqs 1–10 are `Script.bothActiveAKey`.
@Suite struct PointerAndBandRuleTests {
  typealias S = Script

  static func drag(
    _ phase: PointerPhase, _ x: Double = 10, in id: SessionID = "A",
    latching: Latching? = nil, region: String? = nil
  ) -> Event.Payload {
    .pointerDrag(session: id, phase: phase, x: x, y: 20, latching: latching, region: region)
  }

  static func band(
    _ state: BandState, _ view: String = "grid", in id: SessionID = "A",
    modifiers: ModifierFlags = [], items: [String]? = nil
  ) -> Event.Payload {
    .bandSelection(
      session: id, view: view, state: state, rect: Rect(x: 0, y: 0, width: 50, height: 50),
      modifiers: modifiers, items: items)
  }

  static func select(_ items: [String], _ view: String = "grid") -> Event.Payload {
    .selectionChange(session: "A", view: view, items: items, cause: .band)
  }

  // MARK: pointer.sequence

  @Test(arguments: [PointerPhase.changed, .ended, .cancelled])
  func dragPhaseWithoutBeganIsAnError(_ phase: PointerPhase) {
    let result = replay(
      S.bothActiveAKey + [Self.drag(.began), Self.drag(.ended), Self.drag(phase)])
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.pointerSequence, .error, seq: 13, "A", related: [])
      ])
  }

  @Test func secondBeganWhileADragIsInFlightIsAnError() {
    let result = replay(
      S.bothActiveAKey + [Self.drag(.began), Self.drag(.changed, 12), Self.drag(.began, 30)])
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.pointerSequence, .error, seq: 13, "A", related: [11])
      ])
    #expect(
      result.state.sessions["A"]?.scene?.drag
        == PointerDragProgress(phase: .began, x: 30, y: 20, latching: nil))
  }

  /// A sample's check reads its scene's drag where the table stores it, and a finding's message
  /// names the drag's phase: the drag must outlive the check. (Passed straight from the table's
  /// `_read` accessor as arguments, a debug build freed it before the message was made; regions
  /// longer than a small string made that a crash.) A writer keeps the state of its last
  /// checkpoint while it reduces on: the copies kept are unchanged, and the replay is the one
  /// that keeps none.
  @Test func dragsReducedWhileEarlierStatesAreKeptLeaveThemAlone() {
    let payloads =
      S.bothActiveAKey + [
        Self.drag(.began, latching: Latching.none, region: "the canvas of the first document"),
        Self.drag(.changed, 12), Self.drag(.began, 30, region: "the list of the second document"),
        Self.drag(.changed, 31),
        Self.drag(.ended, 32), Self.drag(.changed, 33),
      ]
    let reducer = TraceReducer()
    var state = TraceState()
    var kept: [TraceState] = []
    var findings: [Finding] = []
    for event in numbered(payloads) {
      kept.append(state)
      findings += reducer.reduce(into: &state, event: event)
    }
    // The state before each event, made again by a replay that keeps nothing.
    var replay = Replay()
    for (event, copy) in zip(numbered(payloads), kept) {
      #expect(copy == replay.state, "before seq \(event.seq)")
      replay.apply(event)
    }
    #expect(state == replay.state)
    #expect(findings.withRelated == replay.findings.withRelated)
    #expect(findings.contains { $0.rule == .pointerSequence })
  }

  @Test func wellFormedDragsInTwoScenesAtOnceAreFine() {
    let result = replay(
      S.bothActiveAKey + [
        Self.drag(.began), Self.drag(.began, in: "B"), Self.drag(.changed, 11),
        Self.drag(.changed, 5, in: "B"), Self.drag(.ended, 12), Self.drag(.cancelled, in: "B"),
        Self.drag(.began, 40), Self.drag(.cancelled, 41),
      ])
    #expect(result.findings.isEmpty)
    #expect(result.state.sessions["A"]?.scene?.drag == nil)
  }

  @Test func dragKeepsItsLatchingAndRegionUntilASampleSaysOtherwise() {
    let result = replay(
      S.bothActiveAKey + [
        Self.drag(.began, latching: .horizontal, region: "slider"), Self.drag(.changed, 90),
      ])
    #expect(
      result.state.sessions["A"]?.scene?.drag
        == PointerDragProgress(
          phase: .changed, x: 90, y: 20, latching: .horizontal, region: "slider"))
  }

  // MARK: pointer.latching

  @Test func latchedDragSampleInAnotherRegionIsInformation() {
    let broken = replay(
      S.bothActiveAKey + [
        Self.drag(.began, latching: .horizontal, region: "slider"),
        Self.drag(.changed, 400, region: "toolbar"),
      ])
    #expect(
      broken.findings.withRelated == [
        FindingWithRelated(.pointerLatching, .info, seq: 12, "A", related: [11])
      ])
    let fixed = replay(
      S.bothActiveAKey + [
        Self.drag(.began, latching: .horizontal, region: "slider"),
        Self.drag(.changed, 400, region: "slider"), Self.drag(.ended, 401),
        Self.drag(.began, latching: Latching.none, region: "slider"),
        Self.drag(.changed, 400, region: "toolbar"),
      ])
    #expect(fixed.findings.isEmpty)
  }

  // MARK: band.sequence

  @Test(arguments: [BandState.selecting, .ended])
  func bandStateBeforeBeganIsAnError(_ state: BandState) {
    let result = replay(S.bothActiveAKey + [Self.band(state, items: ["a"])])
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.bandSequence, .error, seq: 11, "A", related: [])
      ])
  }

  @Test func twoBeganIsAnError() {
    let result = replay(
      S.bothActiveAKey + [Self.band(.began), Self.band(.selecting), Self.band(.began)])
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.bandSequence, .error, seq: 13, "A", related: [11])
      ])
  }

  @Test func eachViewHasItsOwnBandSequence() {
    let result = replay(
      S.bothActiveAKey + [
        Self.band(.began, "grid"), Self.band(.ended, "list", items: ["x"]),
        Self.band(.began, "list"), Self.band(.selecting, "list", items: ["y"]),
        Self.band(.ended, "grid", items: ["a"]), Self.band(.began, "list"),
      ])
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.bandSequence, .error, seq: 12, "A", related: []),
        FindingWithRelated(.bandSequence, .error, seq: 16, "A", related: [13]),
      ])
    #expect(result.state.sessions["A"]?.scene?.selection == ["grid": ["a"]])
    #expect(result.state.sessions["A"]?.scene?.band?.view == "list")
    #expect(result.state.sessions["A"]?.scene?.band?.state == .began)
  }

  @Test func theStateShowsTheBandThatChangedLast() {
    let result = replay(
      S.bothActiveAKey + [
        Self.band(.began, "grid"), Self.band(.began, "list"),
        Self.band(.selecting, "grid", items: ["a"]),
      ])
    #expect(result.findings.isEmpty)
    #expect(result.state.sessions["A"]?.scene?.band?.view == "grid")
    let ended = replay(
      S.bothActiveAKey + [
        Self.band(.began, "grid"), Self.band(.began, "list"), Self.band(.ended, "list"),
      ])
    #expect(ended.state.sessions["A"]?.scene?.band?.view == "grid")
  }

  @Test func wellFormedBandsInSeveralViewsAndScenesAreFine() {
    let result = replay(
      S.bothActiveAKey + [
        Self.band(.began, "grid"), Self.band(.selecting, "grid", items: ["a"]),
        Self.band(.began, "grid", in: "B"), Self.band(.ended, "grid", items: ["a", "b"]),
        Self.band(.ended, "grid", in: "B", items: []), Self.band(.began, "list"),
        Self.band(.ended, "list", items: ["x"]),
      ])
    #expect(result.findings.isEmpty)
    #expect(result.state.sessions["A"]?.scene?.selection == ["grid": ["a", "b"], "list": ["x"]])
  }

  @Test func aBandSampleKeepsTheRectAndItemsItLeavesOut() {
    let bare = Event.Payload.bandSelection(
      session: "A", view: "grid", state: .selecting, rect: nil, modifiers: [], items: nil)
    // A `selecting` with no band in flight starts one (and breaks band.sequence), from the
    // view's selection; a later sample without a rect or items keeps the band's.
    let result = replay(
      S.bothActiveAKey + [Self.select(["z"]), Self.band(.selecting, items: ["b", "a"]), bare])
    #expect(result.findings.summaries == [FindingSummary(.bandSequence, .error, seq: 12, "A")])
    #expect(
      result.state.sessions["A"]?.scene?.band
        == BandProgress(
          view: "grid", state: .selecting, rect: Rect(x: 0, y: 0, width: 50, height: 50),
          modifiers: [], items: ["a", "b"], before: ["z"]))
  }

  @Test func sceneMetMidLifeMayBeInTheMiddleOfABand() {
    let result = replay([S.activate("A"), Self.band(.selecting), Self.band(.ended, items: ["a"])])
    #expect(
      result.findings.summaries == [FindingSummary(.lifecycleUnknownScene, .error, seq: 1, "A")])
    #expect(result.state.sessions["A"]?.scene?.selection["grid"] == ["a"])
  }

  // MARK: band.modifiers

  struct ModifierCase: Sendable, CustomTestStringConvertible {
    var modifiers: ModifierFlags
    var expected: [String]
    var testDescription: String { "\(modifiers)" }
  }

  /// Before the band: [a, b]; inside it at the end: [b, c].
  static let modifierCases = [
    ModifierCase(modifiers: [], expected: ["b", "c"]),
    ModifierCase(modifiers: [.shift], expected: ["a", "b", "c"]),
    ModifierCase(modifiers: [.command], expected: ["a", "c"]),
    ModifierCase(modifiers: [.shift, .command], expected: ["a", "c"]),
  ]

  static func bandEnding(with modifiers: ModifierFlags) -> [Event.Payload] {
    S.bothActiveAKey + [
      Self.select(["a", "b"]), Self.band(.began, modifiers: modifiers),
      Self.band(.selecting, items: ["c"]), Self.band(.ended, items: ["c", "b"]),
    ]
  }

  @Test(arguments: modifierCases)
  func selectionAfterABandFollowsTheModifiersAtBegan(_ band: ModifierCase) {
    let fixed = replay(Self.bandEnding(with: band.modifiers) + [Self.select(band.expected)])
    #expect(fixed.findings.isEmpty)
    let wrong: [String] = band.expected == ["b", "c"] ? ["a", "b", "c"] : ["b", "c"]
    let broken = replay(Self.bandEnding(with: band.modifiers) + [Self.select(wrong)])
    #expect(
      broken.findings.withRelated == [
        FindingWithRelated(.bandModifiers, .warning, seq: 15, "A", related: [12, 14])
      ])
    #expect(broken.state.sessions["A"]?.scene?.selection["grid"] == wrong)
  }

  @Test func onlyTheFirstSelectionChangeOfThatViewIsCompared() {
    let result = replay(
      Self.bandEnding(with: [.shift]) + [
        Self.select(["q"], "list"), Self.select(["a", "b", "c"]), Self.select(["z"]),
      ])
    #expect(result.findings.isEmpty)
    #expect(result.state.sessions["A"]?.scene?.selection["grid"] == ["z"])
  }

  @Test func bandWithoutAReportedSelectionKeepsTheDerivedOne() {
    let result = replay(Self.bandEnding(with: [.command]))
    #expect(result.findings.isEmpty)
    #expect(result.state.sessions["A"]?.scene?.selection["grid"] == ["a", "c"])
  }

  @Test func modifiersHeldOnlyAtTheEndDoNotCount() {
    // The initial modifier flags are constant for the interaction: Shift at ended is ignored.
    let result = replay(
      S.bothActiveAKey + [
        Self.select(["a"]), Self.band(.began), Self.band(.ended, modifiers: [.shift], items: ["b"]),
        Self.select(["a", "b"]),
      ])
    #expect(result.findings.map(\.rule) == [.bandModifiers])
  }
}
