import SceneTrace

/// What the simulated system calls on the app: the UIKit delegate surface, reduced to the
/// callbacks that SceneTrace records, in the order UIKit makes them.
public protocol SimulatedApp: AnyObject {
  /// `application(_:willFinishLaunchingWithOptions:)`; `openSessions` are the sessions the
  /// system keeps from earlier launches, `environment` the system the app runs on.
  func willFinishLaunching(
    launch: String, openSessions: [String], environment: SimulatedEnvironment)
  /// `application(_:configurationForConnecting:options:)`, for a new session.
  func configurationForConnecting(session: String, activityType: String?)
  /// `scene(_:willConnectTo:options:)`; `restoring` when the session existed before.
  func sceneWillConnect(session: String, activityType: String?, restoring: Bool)
  /// One of the scene lifecycle callbacks.
  func sceneLifecycle(_ callback: LifecycleCallback, session: String)
  /// `stateRestorationActivity(for:)`, asked as a scene enters the background.
  func saveRestorationState(session: String)
  /// `application(_:didDiscardSceneSessions:)`; returns the sessions the app asks the system
  /// to destroy in answer (`requestSceneSessionDestruction`), none for a careful app.
  @discardableResult
  func didDiscardSceneSessions(_ sessions: [String]) -> [String]
  /// The application's key window moved to `session`'s scene (nil: no key window).
  func keyWindowDidChange(session: String?)
  /// A hardware key press in the key scene.
  func pressesDidChange(
    session: String, phase: PressPhase, keyCode: Int, characters: String,
    modifiers: ModifierFlags)
  /// A key command the system routed to the key scene's focused item.
  func performKeyCommand(session: String, input: String, modifiers: ModifierFlags)
  /// The focus system moves focus in `session`'s scene.
  func moveFocus(session: String, heading: FocusHeading)
  /// A pointer drag sample in `session`'s scene.
  func pointerDrag(session: String, phase: PointerPhase, x: Double, y: Double)
  /// A band selection in `view` of `session`'s scene; `inside` are the items in the band.
  func bandSelection(
    session: String, view: String, state: BandState, rect: Rect, modifiers: ModifierFlags,
    inside: [String])
  /// The user tapped an item of `view`.
  func tap(session: String, view: String, item: String)
  /// A drag of an item began in `session`'s scene.
  func dragWillBegin(drag: String, session: String, item: String)
  /// The drag was dropped in `session`'s scene.
  func performDrop(drag: String, session: String)
  /// The drag ended.
  func dragDidEnd(drag: String, operation: DropOperation)
  /// The user changed a setting in `session`'s scene.
  func userChangedSetting(session: String, key: String, value: String)
  /// The user opened `content` in `session`'s scene.
  func userOpened(session: String, content: String)
  /// The scene's `activeAppearance` trait changed: its window became, or stopped being, the
  /// focused one (windowed mode).
  func activeAppearanceDidChange(session: String, appearance: ActiveAppearance)
  /// `windowScene(_:didUpdateEffectiveGeometry:)`: the scene's bounds and width class, and
  /// whether the user is still resizing it (nil: not a resize).
  func effectiveGeometryDidChange(
    session: String, width: Double, height: Double, horizontalSizeClass: SizeClass,
    resizing: Bool?)
  /// A menu-bar pick, sent to the responder chain of `session`'s scene (nil: no scene was
  /// focused, as on iPadOS 27 while the menu is open).
  func menuBarCommand(session: String?, action: String, title: String)
  /// The user closed `session`'s window (its close control, or ⌘W); returns the session whose
  /// scene the system then closes: `session` unless the app handled ⌘W itself and asked to
  /// destroy another.
  func sceneCloseRequested(session: String, via: CloseRequest) -> String
  /// `applicationWillTerminate(_:)`.
  func willTerminate()
}
