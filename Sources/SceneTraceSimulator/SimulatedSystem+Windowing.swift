import SceneTrace

// Windowed Apps (iPadOS 26): live resize, the menu bar, the close control and ⌘W, and the
// discards UIKit reports right after launch. The key window and its active appearance move in
// `setKey`; here are the gestures and reports that only a windowed system has.

extension SimulatedSystem {
  /// The size a window opens at, in points.
  static let windowSize = (width: 900.0, height: 700.0)
  /// Narrower than this a window has the compact horizontal size class. UIKit's threshold
  /// depends on the device; this one is the model's.
  static let compactWidthBelow = 600.0

  /// The horizontal size class of a window `width` points wide.
  static func sizeClass(forWidth width: Double) -> SizeClass {
    width < compactWidthBelow ? .compact : .regular
  }

  /// The user drags the edge of `session`'s window until it is `width` × `height` points, over
  /// `duration` seconds (windowed mode only). The scene reports `samples` geometries while
  /// resizing, the last at the final size, then the same size once more, no longer resizing,
  /// when the drag ends.
  public func resizeWindow(
    _ session: String, width: Double, height: Double, samples: Int = 4, duration: Double = 0.6
  ) {
    guard environment.isWindowed, let start = sessions[session], start.scene != nil else {
      return
    }
    let count = max(samples, 1)
    for sample in 1...count {
      let fraction = Double(sample) / Double(count)
      sessions[session]?.width = (start.width + (width - start.width) * fraction).rounded()
      sessions[session]?.height = (start.height + (height - start.height) * fraction).rounded()
      reportGeometry(of: session, resizing: true)
      wait(duration / Double(count))
    }
    reportGeometry(of: session, resizing: false)
  }

  /// The user picks `title` in the menu bar. The pick goes to the responder chain of the key
  /// window's scene; on iPadOS 27 the open menu takes the focus from the app's windows, and the
  /// pick reaches no scene (rootshell #456 and #457).
  public func menuBarCommand(_ action: String, title: String) {
    let focused = environment.majorVersion >= 27 ? nil : keySession
    app.menuBarCommand(session: focused, action: action, title: title)
    tick()
  }

  /// The user clicks the close control of `session`'s window. The app hears of it; then the
  /// system closes the scene as it does in the app switcher: it resigns, enters the
  /// background, disconnects and its session is discarded. No source gives the close
  /// control's callbacks (reference 5.11): this order is the model's.
  public func clickCloseControl(_ session: String) {
    guard sessions[session]?.scene != nil else { return }
    let closing = app.sceneCloseRequested(session: session, via: .closeControl)
    tick()
    closeWindow(closing)
  }

  /// The user presses ⌘W, Perform Close: the command goes to the key window's scene, which
  /// UIKit closes by default (WWDC25 "What's new in UIKit"); an app that handles the command
  /// itself may ask to close another.
  public func performClose() {
    guard let key = keySession else { return }
    let closing = app.sceneCloseRequested(session: key, via: .performClose)
    tick()
    closeWindow(closing)
  }

  /// UIKit reports `discarded` sessions (`didDiscardSceneSessions`) and leaves their scenes
  /// alone. On iPadOS 26 this comes right after launch for sessions the user closed while the
  /// app was not running, and one report named the session driving the app at that moment
  /// (NativeScript PR #11376). The system closes the scenes the app asks it to destroy in
  /// answer.
  public func reportDiscardedSessions(_ discarded: [String]) {
    let destroyed = app.didDiscardSceneSessions(discarded)
    tick()
    for session in destroyed { closeWindow(session) }
  }

  /// Tells the app the scene's geometry: at connection, and while and after a resize.
  func reportGeometry(of id: String, resizing: Bool?) {
    guard let session = sessions[id] else { return }
    app.effectiveGeometryDidChange(
      session: id, width: session.width, height: session.height,
      horizontalSizeClass: Self.sizeClass(forWidth: session.width), resizing: resizing)
    tick()
  }
}
