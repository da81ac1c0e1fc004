import SceneTrace
import SceneTraceRecording
import Testing

/// The platform-neutral half of the UIKit and SwiftUI adapters.
@Suite struct AdapterMappingTests {
  @Test func uiKitModifierBitsBecomeModifiers() {
    #expect(ModifierFlags(uiKitRawValue: 0) == [])
    #expect(ModifierFlags(uiKitRawValue: 1 << 20) == [.command])
    #expect(
      ModifierFlags(uiKitRawValue: (1 << 17) | (1 << 20) | (1 << 19)) == [
        .shift, .option, .command,
      ])
    #expect(
      ModifierFlags(uiKitRawValue: (1 << 16) | (1 << 21) | (1 << 18)) == [
        .capsLock, .control, .numericPad,
      ])
    // Bits UIKit does not define are not modifiers.
    #expect(ModifierFlags(uiKitRawValue: (1 << 15) | (1 << 22) | (1 << 20) | 1) == [.command])
    #expect(
      ModifierFlags(uiKitRawValue: (0..<6).reduce(0) { $0 | 1 << (16 + $1) }).members
        == Modifier.recognizedCases)
  }

  @Test func uiKitRawValuesBecomeTraceValuesAndUnknownOnesAreKept() {
    #expect(
      (0...5).map { PressPhase(uiKitRawValue: $0) } == [
        .began, .changed, .stationary, .ended, .cancelled, .unrecognized("raw:5"),
      ])
    #expect(BandState(uiKitRawValue: 0) == nil)
    #expect(
      (1...4).map { BandState(uiKitRawValue: $0) } == [
        .began, .selecting, .ended, .unrecognized("raw:4"),
      ])
    #expect(
      (0...4).map { DropOperation(uiKitRawValue: $0) } == [
        .cancel, .forbidden, .copy, .move, .unrecognized("raw:4"),
      ])
    #expect(
      (0...3).map { PresentationStyle(uiKitRawValue: $0) } == [
        .automatic, .standard, .prominent, .unrecognized("raw:3"),
      ])
    #expect(
      (1...3).map { DismissalAnimation(uiKitRawValue: $0) } == [.standard, .commit, .decline])
    #expect(
      (0...4).map { Latching(uiKitAxes: $0) } == [
        .none, .horizontal, .vertical, .both, .unrecognized("raw:4"),
      ])
    #expect(SizeClass(uiKitRawValue: 0) == nil)
    #expect(SizeClass(uiKitRawValue: 1) == .compact)
    #expect(SizeClass(uiKitRawValue: 2) == .regular)
    #expect(Orientation(uiKitRawValue: 0) == nil)
    #expect(
      (1...4).map { Orientation(uiKitRawValue: $0) } == [
        .portrait, .portraitUpsideDown, .landscapeRight, .landscapeLeft,
      ])
  }

  @Test func uiKitSessionRolesBecomeTheRolesTheRulesKnow() {
    #expect(SceneRole(uiKitRawValue: "UIWindowSceneSessionRoleApplication") == .windowApplication)
    #expect(
      SceneRole(uiKitRawValue: "UIWindowSceneSessionRoleExternalDisplayNonInteractive")
        == .windowExternalDisplayNonInteractive)
    #expect(
      SceneRole(uiKitRawValue: "UIWindowSceneSessionRoleExternalDisplay") == .windowExternalDisplay)
    #expect(
      SceneRole(uiKitRawValue: "CPTemplateApplicationSceneSessionRoleApplication")
        == .carTemplateApplication)
    #expect(
      SceneRole(uiKitRawValue: "UIWindowSceneSessionRoleVolumetricApplication")
        == .unrecognized("UIWindowSceneSessionRoleVolumetricApplication"))
  }

  @Test func focusHeadingBitmaskGivesItsLowestHeading() {
    #expect(FocusHeading(uiKitBitmask: 0) == nil)
    #expect(FocusHeading(uiKitBitmask: 8) == .right)
    #expect(FocusHeading(uiKitBitmask: 16 | 8) == .right)
    #expect(FocusHeading(uiKitBitmask: 256) == .first)
    #expect(FocusHeading(uiKitBitmask: 512) == .last)
    #expect(FocusHeading(uiKitBitmask: 64) == .unrecognized("raw:64"))
    // The lowest bit UIKit defines, past one it does not.
    #expect(FocusHeading(uiKitBitmask: 64 | 256) == .first)
    #expect(FocusHeading(uiKitBitmask: 1024 | 2) == .down)
  }

  @Test(arguments: [
    ([ScenePhaseValue.active], [LifecycleCallback.willEnterForeground, .didBecomeActive]),
    (
      [.active, .inactive, .active],
      [.willEnterForeground, .didBecomeActive, .willResignActive, .didBecomeActive]
    ),
    (
      [.active, .background],
      [.willEnterForeground, .didBecomeActive, .willResignActive, .didEnterBackground]
    ),
    (
      [.active, .inactive, .background, .active],
      [
        .willEnterForeground, .didBecomeActive, .willResignActive, .didEnterBackground,
        .willEnterForeground, .didBecomeActive,
      ]
    ),
    ([.background], [.didEnterBackground]),
    ([.inactive, .inactive, .active], [.willEnterForeground, .didBecomeActive]),
  ])
  func scenePhasesBecomeTheCallbacksUIKitMakes(
    phases: [ScenePhaseValue], callbacks: [LifecycleCallback]
  ) {
    var tracker = ScenePhaseTracker()
    #expect(phases.flatMap { tracker.callbacks(to: $0) } == callbacks)
  }

  @Test func scenePhaseCallbacksReplayWithoutFindings() {
    // Every path the tracker produces, after a connect, is legal for the reducer.
    let phases: [ScenePhaseValue] = [
      .inactive, .active, .inactive, .background, .active, .background, .inactive, .active,
    ]
    var tracker = ScenePhaseTracker()
    var payloads: [Event.Payload] = [.appLaunch(launch: "L1"), .sceneWillConnect(session: "A")]
    for phase in phases {
      for callback in tracker.callbacks(to: phase) {
        switch callback {
        case .willEnterForeground: payloads.append(.sceneWillEnterForeground(session: "A"))
        case .didBecomeActive: payloads.append(.sceneDidBecomeActive(session: "A"))
        case .willResignActive: payloads.append(.sceneWillResignActive(session: "A"))
        case .didEnterBackground: payloads.append(.sceneDidEnterBackground(session: "A"))
        case .didDisconnect: payloads.append(.sceneDidDisconnect(session: "A"))
        }
      }
    }
    let replay = Replay.run(
      payloads.enumerated().map { Event(seq: $0.offset + 1, time: .zero, $0.element) })
    #expect(replay.findings == [])
  }

  @Test func objectsKeepTheirNamesAndNamesAreNeverReused() {
    final class Cell {}
    final class Window {}
    let names = ObjectNames()
    let first = Cell()
    let window = Window()
    #expect(names.name(of: first) == "Cell#1")
    #expect(names.name(of: window) == "Window#1")
    #expect(names.name(of: first) == "Cell#1")
    var names2: [String] = []
    for _ in 0..<3 { names2.append(names.name(of: Cell())) }
    #expect(names2 == ["Cell#2", "Cell#3", "Cell#4"])
  }
}
