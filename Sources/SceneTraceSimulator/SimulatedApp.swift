import SceneTrace

/// What the simulated system calls on the app: the UIKit delegate surface, reduced to the
/// callbacks that SceneTrace records, in the order UIKit makes them.
public protocol SimulatedApp: AnyObject {
  /// `application(_:willFinishLaunchingWithOptions:)`; `openSessions` are the sessions the
  /// system keeps from earlier launches.
  func willFinishLaunching(launch: String, openSessions: [String])
  /// `application(_:configurationForConnecting:options:)`, for a new session.
  func configurationForConnecting(session: String, activityType: String?)
  /// `scene(_:willConnectTo:options:)`; `restoring` when the session existed before.
  func sceneWillConnect(session: String, activityType: String?, restoring: Bool)
  /// One of the scene lifecycle callbacks.
  func sceneLifecycle(_ callback: LifecycleCallback, session: String)
  /// `stateRestorationActivity(for:)`, asked as a scene enters the background.
  func saveRestorationState(session: String)
  /// `application(_:didDiscardSceneSessions:)`.
  func didDiscardSceneSessions(_ sessions: [String])
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
  /// `applicationWillTerminate(_:)`.
  func willTerminate()
}
