import SceneTrace

extension SceneTraceRecorder {
  // MARK: Windowing (iPadOS 26 and 27)

  /// At launch, after `applicationWillFinishLaunching`, and whenever it changes: how the iPad
  /// presents windows (no API reports the mode: pass what the test or the device setting says),
  /// whether the app declares `UIRequiresFullScreen`, and the OS and SDK versions.
  public func windowingEnvironment(
    mode: WindowingMode? = nil, requiresFullScreen: Bool? = nil, os: String? = nil,
    sdk: String? = nil
  ) {
    hooks?.record(
      .appEnvironment(mode: mode, requiresFullScreen: requiresFullScreen, os: os, sdk: sdk))
  }

  /// When the scene's `activeAppearance` trait changes (`registerForTraitChanges`): whether its
  /// window is the frontmost one. Record it as UIKit reports it, not from the activation state.
  public func activeAppearanceDidChange(session: String, appearance: ActiveAppearance) {
    hooks?.record(.sceneActiveAppearance(session: SessionID(session), appearance: appearance))
  }

  /// In `windowScene(_:didUpdateEffectiveGeometry:)`, or when observing `effectiveGeometry`:
  /// the bounds of its coordinate space, its traits, and `isInteractivelyResizing`.
  public func effectiveGeometryDidChange(
    session: String, width: Double, height: Double, orientation: Orientation? = nil,
    horizontalSizeClass: SizeClass? = nil, resizing: Bool? = nil,
    orientationLocked: Bool? = nil, screen: String? = nil
  ) {
    hooks?.record(
      .sceneEffectiveGeometry(
        session: SessionID(session), width: width, height: height, orientation: orientation,
        horizontalSizeClass: horizontalSizeClass, resizing: resizing,
        orientationLocked: orientationLocked, screen: screen))
  }

  /// When the app sets the scene's `sizeRestrictions`.
  public func sizeRestrictionsDidChange(
    session: String, minimumWidth: Double, minimumHeight: Double, maximumWidth: Double,
    maximumHeight: Double
  ) {
    hooks?.record(
      .sceneSizeRestrictions(
        session: SessionID(session), minimumWidth: minimumWidth, minimumHeight: minimumHeight,
        maximumWidth: maximumWidth, maximumHeight: maximumHeight))
  }

  /// Where the app builds the scene's layout for a size class (`layout`: its name for it), so
  /// that replay can tell a layout the window has outgrown (`geometry.stale-layout`).
  public func sceneDidLayOut(session: String, for horizontalSizeClass: SizeClass, layout: String?) {
    hooks?.record(
      .sceneLayout(
        session: SessionID(session), horizontalSizeClass: horizontalSizeClass, layout: layout))
  }

  /// Where a command from a keyboard shortcut, the menu bar or a context menu arrives: the
  /// scene whose responder chain it went to (nil: none was focused), the responder that
  /// performed it (nil: none), and the responders of the focused scene's chain that can perform
  /// it (`canPerformAction(_:withSender:)`).
  public func commandDidInvoke(
    session: String?, action: String, origin: CommandOrigin, title: String? = nil,
    target: String? = nil, offeredBy: [String]? = nil
  ) {
    hooks?.record(
      .commandInvoke(
        session: session.map { SessionID($0) }, action: action, origin: origin, title: title,
        target: target, offeredBy: offeredBy))
  }

  /// When the app sets the scene's `title`, which the Window menu lists (a document's name:
  /// `replay redact` replaces it).
  public func sceneTitleDidChange(session: String, title: String?) {
    hooks?.record(.sceneTitle(session: SessionID(session), title: title))
  }

  /// When the user closes the scene's window: its close control, or Perform Close (⌘W).
  public func sceneCloseRequested(session: String, via: CloseRequest) {
    hooks?.record(.sceneClose(session: SessionID(session), via: via))
  }
}
