import SceneTrace
import SceneTraceRecording
import Testing

/// The platform-neutral half of the adapters' windowing hooks (iPadOS 26 and 27): what they read
/// at launch, which appearance and geometry reports they record, and the responder-chain walks
/// of commands.
@Suite struct WindowingAdapterTests {
  /// Records through `body` into a memory sink and returns the payloads recorded.
  private func recorded(_ body: (SceneTraceRecorder) -> Void) throws -> [Event.Payload] {
    let sink = MemoryTraceSink()
    let recording = try Recording(sink: sink)
    body(recording.recorder)
    #expect(recording.close())
    return sink.events.map(\.payload)
  }

  @Test func launchEnvironmentReadsTheVersionsAndTheFullScreenKey() {
    let launch = LaunchEnvironment(
      systemVersion: "26.0.1",
      infoDictionary: ["DTSDKName": "iphoneos26.0", "UIRequiresFullScreen": true], isPad: true)
    #expect(launch == LaunchEnvironment(os: "26.0.1", sdk: "26.0", requiresFullScreen: true))

    let simulator = LaunchEnvironment(
      systemVersion: " 27.0\n", infoDictionary: ["DTSDKName": "iphonesimulator27.0"], isPad: true)
    #expect(simulator == LaunchEnvironment(os: "27.0", sdk: "27.0", requiresFullScreen: false))

    let platformOnly = LaunchEnvironment(
      systemVersion: "26.2", infoDictionary: ["DTPlatformVersion": "26.2"], isPad: true)
    #expect(platformOnly.sdk == "26.2")

    let nothing = LaunchEnvironment(systemVersion: "unknown", infoDictionary: nil, isPad: true)
    #expect(nothing == LaunchEnvironment(os: nil, sdk: nil, requiresFullScreen: false))
  }

  @Test func sdkNamesAndVersionsThatAreNotVersionsGiveNone() {
    #expect(LaunchEnvironment.sdkVersion(fromSDKName: "macosx26.0") == "26.0")
    #expect(LaunchEnvironment.sdkVersion(fromSDKName: "iphoneos") == nil)
    #expect(LaunchEnvironment.sdkVersion(fromSDKName: "26.0") == "26.0")
    #expect(LaunchEnvironment.sdkVersion(fromSDKName: "iphone-os26.0") == nil)
    #expect(LaunchEnvironment.version("26") == "26")
    #expect(LaunchEnvironment.version("26..1") == nil)
    #expect(LaunchEnvironment.version("26.0b3") == nil)
    #expect(LaunchEnvironment.version("") == nil)
  }

  @Test func theIPadKeyOfUIRequiresFullScreenWinsOnAnIPadOnly() {
    let info: [String: Any] = ["UIRequiresFullScreen": true, "UIRequiresFullScreen~ipad": false]
    #expect(
      !LaunchEnvironment(systemVersion: "26.0", infoDictionary: info, isPad: true)
        .requiresFullScreen)
    #expect(
      LaunchEnvironment(systemVersion: "26.0", infoDictionary: info, isPad: false)
        .requiresFullScreen)
    #expect(LaunchEnvironment.bool("YES") == true)
    #expect(LaunchEnvironment.bool(" no ") == false)
    #expect(LaunchEnvironment.bool("maybe") == nil)
    #expect(LaunchEnvironment.bool(1.5) == nil)
    let hand = LaunchEnvironment(
      systemVersion: "26.0", infoDictionary: ["UIRequiresFullScreen": "YES"], isPad: true)
    #expect(hand.requiresFullScreen)
  }

  @Test func theLaunchEnvironmentIsRecordedAsAppEnvironment() throws {
    let launch = LaunchEnvironment(
      systemVersion: "26.1", infoDictionary: ["DTSDKName": "iphoneos26.0"], isPad: true)
    let payloads = try recorded { $0.windowingEnvironment(mode: .windowed, launch: launch) }
    #expect(
      payloads == [
        .appEnvironment(mode: .windowed, requiresFullScreen: false, os: "26.1", sdk: "26.0")
      ])
  }

  @Test func uiKitActiveAppearanceRawValuesBecomeAppearances() {
    #expect(
      (-1...2).map { ActiveAppearance(uiKitRawValue: $0) } == [
        .unspecified, .inactive, .active, .unrecognized("raw:2"),
      ])
  }

  @Test func anAppearanceIsRecordedOnlyWhenItChanges() throws {
    let payloads = try recorded { recorder in
      var reports = SceneWindowingReports(session: "A")
      for appearance in [ActiveAppearance.active, .active, .inactive, .inactive, .active] {
        reports.appearanceDidChange(to: appearance, recorder: recorder)
      }
    }
    #expect(
      payloads == [
        .sceneActiveAppearance(session: "A", appearance: .active),
        .sceneActiveAppearance(session: "A", appearance: .inactive),
        .sceneActiveAppearance(session: "A", appearance: .active),
      ])
  }

  /// A geometry of scene A on iPadOS 26.
  private func geometry(
    _ width: Double, _ sizeClass: SizeClass, resizing: Bool, screen: String = "UIScreen#1"
  ) -> Geometry {
    Geometry(
      width: width, height: 700, orientation: .landscapeLeft, horizontalSizeClass: sizeClass,
      isInteractivelyResizing: resizing, isOrientationLocked: false, screen: screen)
  }

  /// The `scene.effectiveGeometry` event of `geometry(…)`.
  private func event(_ width: Double, _ sizeClass: SizeClass, resizing: Bool) -> Event.Payload {
    .sceneEffectiveGeometry(
      session: "A", width: width, height: 700, orientation: .landscapeLeft,
      horizontalSizeClass: sizeClass, resizing: resizing, orientationLocked: false,
      screen: "UIScreen#1")
  }

  @Test func aLiveResizeRecordsItsBeginningItsSizeClassChangesAndItsEnd() throws {
    let restrictions = SizeRestrictions(
      minimumWidth: 320, minimumHeight: 400, maximumWidth: .greatestFiniteMagnitude,
      maximumHeight: .greatestFiniteMagnitude)
    let payloads = try recorded { recorder in
      var reports = SceneWindowingReports(session: "A")
      let samples: [(Geometry, SizeRestrictions?)] = [
        (geometry(1024, .regular, resizing: false), restrictions),
        // The same change again, from the delegate callback after KVO.
        (geometry(1024, .regular, resizing: false), restrictions),
        (geometry(1000, .regular, resizing: true), nil),
        (geometry(900, .regular, resizing: true), restrictions),
        (geometry(600, .compact, resizing: true), nil),
        (geometry(520, .compact, resizing: true), nil),
        (geometry(500, .compact, resizing: false), nil),
        (geometry(500, .compact, resizing: false), nil),
      ]
      for (sample, restrictions) in samples {
        reports.geometryDidChange(to: sample, restrictions: restrictions, recorder: recorder)
      }
    }
    #expect(
      payloads == [
        .sceneSizeRestrictions(
          session: "A", minimumWidth: 320, minimumHeight: 400,
          maximumWidth: .greatestFiniteMagnitude, maximumHeight: .greatestFiniteMagnitude),
        event(1024, .regular, resizing: false),
        event(1000, .regular, resizing: true),
        event(600, .compact, resizing: true),
        event(500, .compact, resizing: false),
      ])
  }

  @Test func aResizeThatMovesToAnotherScreenRecordsTheMove() {
    let last = geometry(900, .regular, resizing: true)
    #expect(
      !SceneWindowingReports.isWorthRecording(geometry(800, .regular, resizing: true), after: last))
    #expect(
      SceneWindowingReports.isWorthRecording(
        geometry(800, .regular, resizing: true, screen: "UIScreen#2"), after: last))
    // Before iPadOS 26 nothing says a resize is under way: every new size is recorded.
    let old = Geometry(
      width: 900, height: 700, orientation: .portrait, horizontalSizeClass: .regular)
    var smaller = old
    smaller.width = 800
    #expect(SceneWindowingReports.isWorthRecording(smaller, after: old))
    #expect(!SceneWindowingReports.isWorthRecording(old, after: old))
  }

  @Test func aWindowedRecordingThroughTheReportsReplaysWithoutFindings() throws {
    // Two windows, both foreground-active; a click moves the frontmost appearance from A to B,
    // then the user resizes B from regular to compact and the app lays it out again.
    let payloads = try recorded { recorder in
      recorder.applicationWillFinishLaunching(launch: "L1", os: "26.1", sdk: "26.0")
      recorder.windowingEnvironment(
        mode: .windowed,
        launch: LaunchEnvironment(
          systemVersion: "26.1", infoDictionary: ["DTSDKName": "iphoneos26.0"], isPad: true))
      var a = SceneWindowingReports(session: "A")
      var b = SceneWindowingReports(session: "B")
      for session in ["A", "B"] {
        recorder.sceneWillConnect(session: session, role: .windowApplication)
        recorder.sceneWillEnterForeground(session: session)
        recorder.sceneDidBecomeActive(session: session)
      }
      a.geometryDidChange(to: geometry(700, .regular, resizing: false), recorder: recorder)
      recorder.sceneDidLayOut(session: "A", for: .regular, layout: "split")
      recorder.keyWindowDidChange(session: "A", window: "UIWindow#1")
      a.appearanceDidChange(to: .active, recorder: recorder)
      b.appearanceDidChange(to: .inactive, recorder: recorder)
      recorder.keyWindowDidChange(session: "B", window: "UIWindow#2")
      b.appearanceDidChange(to: .active, recorder: recorder)
      a.appearanceDidChange(to: .inactive, recorder: recorder)
      for (width, sizeClass, resizing) in [
        (1024.0, SizeClass.regular, false), (1000, .regular, true), (900, .regular, true),
        (600, .compact, true), (500, .compact, true), (500, .compact, false),
      ] {
        b.geometryDidChange(
          to: Geometry(
            width: width, height: 700, orientation: .landscapeLeft,
            horizontalSizeClass: sizeClass, isInteractivelyResizing: resizing),
          recorder: recorder)
        if width == 1024 { recorder.sceneDidLayOut(session: "B", for: .regular, layout: "split") }
      }
      recorder.sceneDidLayOut(session: "B", for: .compact, layout: "stack")
      recorder.commandDidInvoke(
        session: "B", action: "newNote:", origin: .keyboardShortcut, target: "NotesController#2")
    }
    let resizeEvents = payloads.filter {
      if case .sceneEffectiveGeometry(let session, _, _, _, _, _, _, _) = $0 {
        return session == "B"
      }
      return false
    }
    #expect(resizeEvents.count == 4)
    let replay = Replay.run(
      payloads.enumerated().map { Event(seq: $0.offset + 1, time: .zero, $0.element) })
    #expect(replay.findings == [])
  }

  @Test func theRespondersOfferingACommandAreListedOnceInChainOrder() {
    let chain = Node.chain(["TextView#1", "NoteController#1", "TextView#1", "UIWindow#1"])
    let offering = ResponderChain.offering(
      from: chain.first, next: { $0.next }, canPerform: { $0.name != "NoteController#1" },
      name: \.name)
    #expect(offering == ["TextView#1", "UIWindow#1"])
    #expect(
      ResponderChain.offering(
        from: Node?.none, next: { $0.next }, canPerform: { _ in true }, name: \.name) == [])
  }

  @Test func aChainThatLoopsBackIsWalkedOnce() {
    let chain = Node.chain(["A", "B", "C"])
    chain[2].next = chain[0]
    // The loop is a reference cycle: broken when the test ends, so nothing leaks.
    defer { chain[2].next = nil }
    var asked: [String] = []
    let offering = ResponderChain.offering(
      from: chain.first, next: { $0.next },
      canPerform: {
        asked.append($0.name)
        return true
      }, name: \.name)
    #expect(offering == ["A", "B", "C"])
    #expect(asked == ["A", "B", "C"])
  }

  @Test func aLongChainIsCutAtTheLimit() {
    let chain = Node.chain((0..<(ResponderChain.limit + 10)).map { "R\($0)" })
    let offering = ResponderChain.offering(
      from: chain.first, next: { $0.next }, canPerform: { _ in true }, name: \.name)
    #expect(offering.count == ResponderChain.limit)
  }

  @Test func theSceneOfAResponderIsTheFirstAlongItsChain() {
    let chain = Node.chain(["Cell#1", "Table#1", "Window#1@A", "Scene@A"])
    let scene = ResponderChain.first(from: chain.first, next: { $0.next }) { node -> String? in
      node.name.split(separator: "@").dropFirst().first.map(String.init)
    }
    #expect(scene == "A")
    let none = ResponderChain.first(from: chain.first, next: { $0.next }) { _ -> String? in nil }
    #expect(none == nil)
  }
}

/// A responder of a test chain.
private final class Node {
  let name: String
  var next: Node?

  init(_ name: String) { self.name = name }

  /// Nodes named `names`, each the next of the one before.
  static func chain(_ names: [String]) -> [Node] {
    let nodes = names.map(Node.init)
    for (node, next) in zip(nodes, nodes.dropFirst()) { node.next = next }
    return nodes
  }
}
