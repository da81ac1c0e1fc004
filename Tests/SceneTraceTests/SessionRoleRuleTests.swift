import SceneTrace
import Testing

/// The rules judged by the session's role: a screen-mirroring scene's normal life gives no
/// finding, and what UIKit never does is still reported for it.
struct SessionRoleRuleTests {
  /// A launch on `os`, then session `id` of `role` configured and connected.
  static func connected(
    _ id: SessionID, role: SceneRole?, os: String = "17.4"
  ) -> [Event.Payload] {
    var payloads: [Event.Payload] = [.appLaunch(launch: "L1", os: os, sdk: os)]
    if let role { payloads.append(.sessionConfigure(session: id, role: role)) }
    payloads.append(.sceneWillConnect(session: id, role: role))
    return payloads
  }

  /// The screen-mirroring roles, each on a system that gives it.
  static let mirroring: [(SceneRole, String)] = [
    (.windowExternalDisplayNonInteractive, "17.4"), (.windowExternalDisplay, "15.7"),
  ]

  @Test(arguments: mirroring)
  func mirroringSceneShownAndHiddenWithoutBecomingActiveHasNoFinding(
    role: SceneRole, os: String
  ) {
    typealias S = Script
    let trace = replay(
      Self.connected("X", role: role, os: os) + [
        S.enter("X"), S.background("X"),  // the display sleeps: L11
        S.enter("X"), S.background("X"),
        S.enter("X"), S.disconnect("X"),  // the display detaches in the foreground: L9
      ])
    #expect(trace.findings.summaries == [])
    #expect(trace.state.sessions["X"]?.status == .archived)
  }

  @Test(arguments: mirroring)
  func mirroringSceneStillBreaksLifecycleOrder(role: SceneRole, os: String) {
    typealias S = Script
    let setup = Self.connected("X", role: role, os: os) + [S.enter("X"), S.background("X")]
    // I1: from the background straight to active.
    let fromBackground = replay(setup + [S.activate("X")])
    #expect(
      fromBackground.findings.summaries == [
        FindingSummary(.lifecycleOrder, .error, seq: setup.count + 1, "X")
      ])
    // I2: an active scene entering the background without resigning.
    let skipped = setup + [S.enter("X"), S.activate("X"), S.background("X")]
    #expect(
      replay(skipped).findings.summaries == [
        FindingSummary(.lifecycleOrder, .error, seq: skipped.count, "X")
      ])
    // I6: the same transition twice.
    let twice = setup + [S.enter("X"), S.enter("X")]
    #expect(
      replay(twice).findings.summaries == [
        FindingSummary(.lifecycleOrder, .error, seq: twice.count, "X")
      ])
  }

  @Test(arguments: [SceneRole.windowApplication, .carTemplateApplication, nil])
  func sceneThatTakesInputStillWarnsOnTheIrregularPaths(role: SceneRole?) {
    typealias S = Script
    let setup = Self.connected("A", role: role) + [S.enter("A")]
    let l11 = replay(setup + [S.background("A")])
    #expect(
      l11.findings.summaries == [
        FindingSummary(.lifecycleIrregular, .warning, seq: setup.count + 1, "A")
      ])
    let l9 = replay(setup + [S.disconnect("A")])
    #expect(
      l9.findings.summaries == [
        FindingSummary(.lifecycleIrregular, .warning, seq: setup.count + 1, "A")
      ])
  }

  @Test func sceneOfAnUnknownRoleGetsInformationNotAWarningOnTheIrregularPaths() {
    typealias S = Script
    let role = SceneRole(rawValue: "windowApplicationVolumetric")
    let setup = Self.connected("V", role: role) + [S.enter("V")]
    let trace = replay(setup + [S.background("V"), S.enter("V"), S.disconnect("V")])
    let lifecycle = trace.findings.filter { $0.rule != .eventUnknownValue }
    #expect(
      lifecycle.summaries == [
        FindingSummary(.lifecycleInfo, .info, seq: setup.count + 1, "V"),
        FindingSummary(.lifecycleInfo, .info, seq: setup.count + 3, "V"),
      ])
    #expect(lifecycle.allSatisfy { $0.message.contains("windowApplicationVolumetric") })
    // The role itself is reported where it is named: configure and connect.
    #expect(
      trace.findings.filter { $0.rule == .eventUnknownValue }.map(\.seq) == [2, 3])
  }

  @Test func transitionRowForAMirroringRoleNamesWhyItIsLegal() {
    let row = LifecycleTransition.of(
      .didEnterBackground, in: .foregroundInactive, activeSinceEnteringForeground: false,
      role: .windowExternalDisplayNonInteractive)
    #expect(row.row == "L11")
    #expect(row.verdict == .legal)
    #expect(row.reason.contains("without ever becoming active"))
    let unrecorded = LifecycleTransition.of(
      .didEnterBackground, in: .foregroundInactive, activeSinceEnteringForeground: false,
      role: nil)
    #expect(unrecorded.verdict == .irregular)
  }

  @Test func mirroringSceneShowingThePresentersNavigationIsNotSharedNavigation() {
    typealias S = Script
    let setup: [Event.Payload] =
      Self.connected("X", role: .windowExternalDisplayNonInteractive) + [
        S.configure("P"), S.connect("P"), S.enter("P"), S.activate("P"), S.enter("X"),
        .stateWrite(key: "nav:slide", value: "2", session: "P"),
        .stateRender(session: "P", key: "nav:slide", value: "2"),
      ]
    let mirrored = replay(setup + [.stateRender(session: "X", key: "nav:slide", value: "2")])
    #expect(mirrored.findings.summaries == [])
    // The same render in a second app window is the bug the rule is for.
    let window =
      setup + [
        S.configure("B"), S.connect("B"), .stateRender(session: "B", key: "nav:slide", value: "2"),
      ]
    #expect(
      replay(window).findings.summaries == [
        FindingSummary(.navigationSharedState, .error, seq: window.count, "B")
      ])
  }
}

/// shared.stale-render for a screen-mirroring scene, which is on screen from willEnterForeground
/// and never becomes active.
struct MirroringStaleRenderTests {
  /// The presenter P active, the mirroring scene X showing `slide = 1`, then X in the
  /// background while P writes `slide = 2`.
  static let written: [Event.Payload] =
    SessionRoleRuleTests.connected("X", role: .windowExternalDisplayNonInteractive) + [
      Script.configure("P"), Script.connect("P"), Script.enter("P"), Script.activate("P"),
      Script.enter("X"), .stateWrite(key: "model:slide", value: "1", session: "P"),
      .stateRender(session: "X", key: "model:slide", value: "1"), Script.background("X"),
      .stateWrite(key: "model:slide", value: "2", session: "P"),
    ]

  /// Numbers payloads a millisecond apart, with `pause` seconds before the last one.
  static func replay(_ payloads: [Event.Payload], pause: Int64) -> Replay {
    var events = numbered(payloads)
    if let last = events.popLast() {
      let time = TraceTime(nanoseconds: last.time.nanoseconds + pause * 1_000_000_000)
      events.append(Event(seq: last.seq, time: time, last.payload))
    }
    return Replay.run(events)
  }

  @Test func mirroringSceneRenderingTheNewValueBackOnScreenHasNoFinding() {
    let trace = Self.replay(
      Self.written + [
        Script.enter("X"), .stateRender(session: "X", key: "model:slide", value: "2"),
        .appMark(label: "later"),
      ], pause: 5)
    #expect(trace.findings.summaries == [])
  }

  @Test func mirroringSceneStillStaleASecondAfterComingBackOnScreenIsReportedThen() {
    let payloads = Self.written + [Script.enter("X"), .appMark(label: "later")]
    let trace = Self.replay(payloads, pause: 2)
    #expect(
      trace.findings.summaries == [
        FindingSummary(.sharedStaleRender, .error, seq: payloads.count, "X")
      ])
    #expect(trace.findings.first?.message.contains("after entering the foreground") == true)
  }
}
