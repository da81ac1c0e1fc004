import Foundation
import SceneTrace
import SceneTraceFile
import SceneTraceSimulator
import SceneTraceTestSupport
import Testing

/// The simulator in Windowed Apps (iPadOS 26 and 27), against the same steps on iPadOS 17.4.
@Suite struct WindowedScenarioTests {
  static let windowed = Scenario.all.filter { $0.environment.mode == .windowed }.map(\.name)

  /// Each lifecycle callback of a trace as "callback session".
  private static func lifecycle(_ events: [Event]) -> [String] {
    events.compactMap { event in
      switch event.payload {
      case .sceneWillEnterForeground(let id), .sceneDidBecomeActive(let id),
        .sceneWillResignActive(let id), .sceneDidEnterBackground(let id),
        .sceneDidDisconnect(let id):
        "\(event.type.rawValue) \(id)"
      default: nil
      }
    }
  }

  /// What the app did, without times, lifecycle callbacks or the launch's OS and SDK.
  private static func steps(_ events: [Event], leavingOut types: Set<EventType>) -> [Event.Payload]
  {
    events.compactMap { event in
      switch event.payload {
      case .appLaunch(let launch, _, _, let multiple, let activityTypes, let open):
        .appLaunch(
          launch: launch, supportsMultipleScenes: multiple, activityTypes: activityTypes,
          openSessions: open)
      case .sceneWillEnterForeground, .sceneDidBecomeActive, .sceneWillResignActive,
        .sceneDidEnterBackground, .sceneDidDisconnect:
        nil
      default:
        types.contains(event.type) ? nil : event.payload
      }
    }
  }

  @Test func theSameStepsOnIPadOS17And26DifferOnlyWhereTheSystemDoes() throws {
    let old = try events(of: try #require(Scenario.named("window-focus-ipados17")))
    let new = try events(of: try #require(Scenario.named("window-focus-ipados26")))
    // On 17.4 the second window takes the first one's place, which resigns and goes to the
    // background, and the click brings it back; in Windowed Apps both stay active.
    #expect(
      Self.lifecycle(old) == [
        "scene.willEnterForeground S1", "scene.didBecomeActive S1", "scene.willResignActive S1",
        "scene.didEnterBackground S1", "scene.willEnterForeground S2", "scene.didBecomeActive S2",
        "scene.willEnterForeground S1", "scene.didBecomeActive S1",
      ])
    #expect(
      Self.lifecycle(new) == [
        "scene.willEnterForeground S1", "scene.didBecomeActive S1", "scene.willEnterForeground S2",
        "scene.didBecomeActive S2",
      ])
    // Only 26 records its environment, the frontmost window's trait and each geometry (with
    // the layout the app builds for it); only 17.4 saves the restoration state of the window
    // that goes to the background and records that it is no longer key.
    let windowedOnly: Set<EventType> = [
      .appEnvironment, .sceneActiveAppearance, .sceneEffectiveGeometry, .sceneLayout,
    ]
    #expect(windowedOnly.isSubset(of: Set(new.map(\.type))))
    #expect(!old.contains { windowedOnly.contains($0.type) })
    let backgroundOnly: [Event.Payload] = [
      .stateWrite(key: "restoration:S1.note", value: "note:1", session: "S1"),
      .sceneSaveRestoration(
        session: "S1", activityType: "com.example.notes.open", key: "restoration:S1.note"),
      .appKeyWindow(),
    ]
    let oldSteps = Self.steps(old, leavingOut: [])
    #expect(backgroundOnly.allSatisfy { oldSteps.contains($0) })
    let rest = oldSteps.filter { !backgroundOnly.contains($0) }
    #expect(rest.count > 30)
    #expect(rest == Self.steps(new, leavingOut: windowedOnly))
    // 26 records its environment right after the launch.
    #expect(new[1].payload == .appEnvironment(mode: .windowed, os: "26.1", sdk: "26.0"))
    #expect(
      old.first?.payload
        == .appLaunch(
          launch: "L1", os: "17.4", sdk: "17.2", supportsMultipleScenes: true,
          activityTypes: ["com.example.notes.open"], openSessions: []))
  }

  @Test(arguments: windowed)
  func aWindowedRunRecordsItsEnvironmentAndKeepsEveryWindowActiveUntilItCloses(name: String)
    throws
  {
    let scenario = try #require(Scenario.named(name))
    let trace = try events(of: scenario)
    let launches = trace.indices.filter { trace[$0].type == .appLaunch }
    #expect(!launches.isEmpty)
    for index in launches {
      guard case .appLaunch(_, let os, let sdk, _, _, _) = trace[index].payload else { continue }
      #expect(os == scenario.environment.os && sdk == scenario.environment.sdk)
      #expect(
        trace[index + 1].payload
          == .appEnvironment(mode: .windowed, os: scenario.environment.os, sdk: sdk))
    }
    // A scene resigns only on its way out: home, or closing, never for a click.
    for (index, event) in trace.enumerated() {
      guard case .sceneWillResignActive(let id) = event.payload else { continue }
      let next = trace[(index + 1)...].first { $0.payload.scene == id }
      #expect(
        [.sceneSaveRestoration, .sceneDidEnterBackground, .sceneActiveAppearance].contains(
          next?.type), "\(name) seq \(event.seq)")
    }
  }

  @Test func aClickMovesTheKeyWindowAndTheActiveAppearanceTogether() throws {
    let trace = try events(of: try #require(Scenario.named("windowed-apps")))
    var frontmost: SessionID?
    var keys = 0
    for event in trace {
      switch event.payload {
      case .sceneActiveAppearance(let id, .active): frontmost = id
      case .sceneActiveAppearance(let id, .inactive) where frontmost == id: frontmost = nil
      case .appKeyWindow(let id?, _):
        keys += 1
        #expect(frontmost == id, "seq \(event.seq)")
      default: break
      }
    }
    #expect(keys >= 5)
  }

  @Test func aLiveResizeEndsWithAGeometryNoLongerResizingAndTheAppLaysOutAgain() throws {
    let trace = try events(of: try #require(Scenario.named("layout-after-resize-fixed")))
    let geometry = trace.compactMap { event -> String? in
      switch event.payload {
      case .sceneEffectiveGeometry(_, let width, _, _, let sizeClass?, let resizing, _, _):
        "\(Int(width)) \(sizeClass) \(resizing.map { "\($0)" } ?? "-")"
      case .sceneLayout(_, let sizeClass, _): "layout \(sizeClass)"
      default: nil
      }
    }
    #expect(
      geometry == [
        "900 regular -", "layout regular", "795 regular true", "690 regular true",
        "585 compact true", "480 compact true", "480 compact false", "layout compact",
      ])
  }

  @Test(arguments: windowed + ["window-focus-ipados17"])
  func theCapturedTraceHoldsWhatTheSimulatorRecords(name: String) throws {
    let scenario = try #require(Scenario.named(name))
    let path = PackageFolders.traces.appendingPathComponent("captured/\(name).sctrace").path
    #expect(try TraceFile.load(path: path).events == (try events(of: scenario)))
  }
}
