import SceneTrace

// The example app in Windowed Apps (iPadOS 26 and 27): the frontmost window, layouts that
// follow the window's size class, and menu-bar commands.

extension ExampleApp {
  /// The responders of a window's chain that can perform the app's commands.
  private static let commandResponders = ["NoteViewController"]

  public func activeAppearanceDidChange(session: String, appearance: ActiveAppearance) {
    // The buggy app never registers for the trait: it records activation instead.
    guard !bugs.contains(.appearanceFromActivation) else { return }
    recorder.activeAppearanceDidChange(session: session, appearance: appearance)
    if appearance == .active {
      frontmost = session
    } else if frontmost == session {
      frontmost = nil
    }
  }

  public func effectiveGeometryDidChange(
    session: String, width: Double, height: Double, horizontalSizeClass: SizeClass,
    resizing: Bool?
  ) {
    guard let window = windows[session] else { return }
    if bugs.contains(.geometryFilteredByBounds), window.width == width, window.height == height {
      return
    }
    windows[session]?.width = width
    windows[session]?.height = height
    recorder.effectiveGeometryDidChange(
      session: session, width: width, height: height, horizontalSizeClass: horizontalSizeClass,
      resizing: resizing)
    // Layout waits for the end of a resize (WWDC25 "Make your UIKit app more flexible").
    guard resizing != true, window.layout != horizontalSizeClass else { return }
    if window.layout != nil, bugs.contains(.layoutChosenOnce) { return }
    windows[session]?.layout = horizontalSizeClass
    recorder.sceneDidLayOut(
      session: session, for: horizontalSizeClass,
      layout: horizontalSizeClass == .compact ? "single column" : "sidebar and editor")
  }

  public func menuBarCommand(session: String?, action: String, title: String) {
    guard let session else {
      // No scene is focused, so the responder chain is empty. The careful app falls back to
      // the application, which sends the command on to the frontmost window (rootshell #457).
      let target = bugs.contains(.menuWithoutFallback) ? nil : "UIApplication"
      recorder.commandDidInvoke(
        session: nil, action: action, origin: .menuBar, title: title, target: target,
        offeredBy: frontmost.map { _ in Self.commandResponders })
      return
    }
    // The buggy app rebroadcasts the command, and every window's controller performs it.
    let performers = bugs.contains(.keyCommandBroadcast) ? windows.keys.sorted() : [session]
    for window in performers {
      recorder.commandDidInvoke(
        session: window, action: action, origin: .menuBar, title: title,
        target: Self.commandResponders[0], offeredBy: Self.commandResponders)
    }
  }
}
