/// One thing that happened in the app, at a point in the trace.
///
/// `seq` is 1-based over the whole trace, across launches, and counts every event: in a JSON
/// Lines file event N is the Nth event line.
public struct Event: Hashable, Sendable {
  /// The event's position in the trace, from 1.
  public var seq: Int
  /// When it happened.
  public var time: TraceTime
  /// What happened.
  public var payload: Payload

  /// Creates an event.
  public init(seq: Int, time: TraceTime, _ payload: Payload) {
    self.seq = seq
    self.time = time
    self.payload = payload
  }

  /// The event's wire type, such as `scene.didBecomeActive`.
  public var type: EventType { payload.type }
}

extension Event {
  /// What an event says happened: one case per event type of the v1 table.
  ///
  /// The associated values are named like the JSON Lines fields; optional ones default to absent.
  public enum Payload: Hashable, Sendable {
    /// A process started: a new launch closes every scene of the previous one.
    case appLaunch(
      launch: String, os: String? = nil, sdk: String? = nil, supportsMultipleScenes: Bool? = nil,
      activityTypes: [String]? = nil, openSessions: [SessionID]? = nil)
    /// The process is terminating; every scene closes.
    case appTerminate
    /// The application-level key window changed (`session` nil: no key window).
    case appKeyWindow(session: SessionID? = nil, window: String? = nil)
    /// `application(_:configurationForConnecting:options:)`: called for new sessions only.
    case sessionConfigure(session: SessionID, role: SceneRole, activityType: String? = nil)
    /// `application(_:didDiscardSceneSessions:)`.
    case appDiscardSessions(sessions: [SessionID])
    /// `scene(_:willConnectTo:options:)`.
    case sceneWillConnect(
      session: SessionID, role: SceneRole? = nil, activityType: String? = nil,
      hasRestorationActivity: Bool? = nil)
    /// `sceneWillEnterForeground(_:)`.
    case sceneWillEnterForeground(session: SessionID)
    /// `sceneDidBecomeActive(_:)`.
    case sceneDidBecomeActive(session: SessionID)
    /// `sceneWillResignActive(_:)`.
    case sceneWillResignActive(session: SessionID)
    /// `sceneDidEnterBackground(_:)`.
    case sceneDidEnterBackground(session: SessionID)
    /// `sceneDidDisconnect(_:)`.
    case sceneDidDisconnect(session: SessionID)
    /// `stateRestorationActivity(for:)`: the scene saved its restoration state (under `key`).
    case sceneSaveRestoration(session: SessionID, activityType: String? = nil, key: String? = nil)
    /// `scene(_:restoreInteractionStateWith:)`.
    case sceneRestoreInteractionState(session: SessionID)
    /// `UIScene.extendStateRestoration()`.
    case sceneExtendRestoration(session: SessionID)
    /// `UIScene.completeStateRestoration()`.
    case sceneCompleteRestoration(session: SessionID)
    /// The scene's size, orientation or size class changed.
    case sceneGeometry(
      session: SessionID, width: Double, height: Double, orientation: Orientation? = nil,
      horizontalSizeClass: SizeClass? = nil)
    /// A window became the scene's own key window (per scene since iPadOS 15).
    case windowBecomeKey(session: SessionID, window: String)
    /// The app asked for a scene to be activated (`session` nil: a new session).
    case requestActivate(
      request: String, session: SessionID? = nil, activityType: String? = nil,
      style: PresentationStyle? = nil, requester: SessionID? = nil)
    /// A scene request failed with UIKit's error `code`.
    case requestFailed(request: String, code: Int)
    /// The app asked for a session to be destroyed.
    case requestDestroy(request: String, session: SessionID, animation: DismissalAnimation? = nil)
    /// A hardware key press changed phase.
    case keyPress(
      session: SessionID, phase: PressPhase, keyCode: Int, characters: String? = nil,
      modifiers: ModifierFlags = .none)
    /// A key command was dispatched (`target` nil: no responder could perform it).
    case keyCommand(
      session: SessionID, input: String, modifiers: ModifierFlags = .none, action: String,
      title: String? = nil, target: String? = nil, chain: [String]? = nil,
      wantsPriority: Bool? = nil)
    /// The first responder of a window of the scene changed (`responder` nil: none).
    case responderFirst(session: SessionID, window: String? = nil, responder: String? = nil)
    /// The scene's focus system moved focus.
    case focusUpdate(
      session: SessionID, from: String? = nil, to: String? = nil, heading: FocusHeading? = nil,
      group: String? = nil)
    /// A pointer drag sample.
    case pointerDrag(
      session: SessionID, phase: PointerPhase, x: Double, y: Double,
      modifiers: ModifierFlags = .none, latching: Latching? = nil, region: String? = nil)
    /// A band selection in `view` changed state.
    case bandSelection(
      session: SessionID, view: String, state: BandState, rect: Rect? = nil,
      modifiers: ModifierFlags = .none, items: [String]? = nil)
    /// The selection of `view` is now `items`.
    case selectionChange(
      session: SessionID, view: String, items: [String], cause: SelectionCause? = nil)
    /// A drag session began in the `session` scene.
    case dragBegin(drag: DragID, session: SessionID, activityType: String? = nil)
    /// A drag session ended.
    case dragEnd(drag: DragID, operation: DropOperation? = nil)
    /// A drag was dropped in the `session` scene (`local`: it started in this app).
    case dropPerform(drag: DragID, session: SessionID, local: Bool)
    /// The app wrote shared state (`session`: the scene that wrote it).
    case stateWrite(key: String, value: String, session: SessionID? = nil)
    /// The app deleted shared state.
    case stateDelete(key: String, session: SessionID? = nil)
    /// The scene now shows `value` for `key`.
    case stateRender(session: SessionID, key: String, value: String)
    /// The scene now shows `content` (nil: nothing).
    case contentDisplay(session: SessionID, content: String? = nil, exclusive: Bool? = nil)
    /// The recorder had to drop `dropped` events here.
    case traceGap(dropped: Int)
    /// A breadcrumb the app added.
    case appMark(label: String)
  }
}
