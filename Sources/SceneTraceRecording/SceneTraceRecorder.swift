import SceneTrace

/// The hooks an app calls, one per UIKit callback: `recorder.sceneWillEnterForeground(session:)`
/// inside `sceneWillEnterForeground(_:)`, and so on.
///
/// A recorder is a small value: make one wherever it is convenient (`SceneTraceRecorder()` uses
/// the recording started with ``RecordingSystem/bootstrap(sink:options:)``). When nothing is
/// recording, each hook costs one branch and builds nothing. When something is, a hook reads the
/// clock and builds the event in the slot of the recording's buffer it claims with one
/// compare-and-exchange: no lock, no I/O, no allocation and, for identifiers of up to 15 UTF-8
/// bytes, no reference counting per event. It never throws and never crashes the app.
/// <doc:RecorderLimits> gives its cost and the benchmark that measures it.
public struct SceneTraceRecorder: Sendable {
  /// What the hooks use of the recording, nil when nothing is recording. A hook writes
  /// `hooks?.record(payload)`, so that the payload is built only when something is recording.
  let hooks: Recording.Hooks?

  /// A recorder that records into the recording the app bootstrapped, if any.
  public init() {
    hooks = RecordingSystem.current?.hooks
  }

  /// A recorder that records into `recording`.
  public init(recording: Recording) {
    hooks = recording.hooks
  }

  /// Whether the hooks record anything.
  public var isRecording: Bool { hooks != nil }

  /// Records an event built only when something is recording.
  @inline(__always)
  public func record(_ payload: @autoclosure () -> Event.Payload) {
    hooks?.record(payload())
  }

  // MARK: Application

  /// In `application(_:willFinishLaunchingWithOptions:)`: a new launch, which closes every scene
  /// of the previous one. `openSessions` are the ids of `UIApplication.openSessions`.
  public func applicationWillFinishLaunching(
    launch: String, os: String? = nil, sdk: String? = nil, supportsMultipleScenes: Bool? = nil,
    activityTypes: [String]? = nil, openSessions: [String]? = nil
  ) {
    hooks?.record(
      .appLaunch(
        launch: launch, os: os, sdk: sdk, supportsMultipleScenes: supportsMultipleScenes,
        activityTypes: activityTypes, openSessions: openSessions?.map { SessionID($0) }))
  }

  /// In `applicationWillTerminate(_:)`.
  public func applicationWillTerminate() {
    hooks?.record(.appTerminate)
  }

  /// When the application-level key window changes (nil: no key window).
  public func keyWindowDidChange(session: String?, window: String? = nil) {
    hooks?.record(.appKeyWindow(session: session.map { SessionID($0) }, window: window))
  }

  /// In `application(_:configurationForConnecting:options:)`.
  public func configurationForConnecting(
    session: String, role: SceneRole, activityType: String? = nil
  ) {
    hooks?.record(
      .sessionConfigure(session: SessionID(session), role: role, activityType: activityType))
  }

  /// In `application(_:didDiscardSceneSessions:)`.
  public func didDiscardSceneSessions(_ sessions: [String]) {
    hooks?.record(.appDiscardSessions(sessions: sessions.map { SessionID($0) }))
  }

  // MARK: Scene lifecycle

  /// In `scene(_:willConnectTo:options:)`.
  public func sceneWillConnect(
    session: String, role: SceneRole? = nil, activityType: String? = nil,
    hasRestorationActivity: Bool? = nil
  ) {
    hooks?.record(
      .sceneWillConnect(
        session: SessionID(session), role: role, activityType: activityType,
        hasRestorationActivity: hasRestorationActivity))
  }

  /// In `sceneWillEnterForeground(_:)`.
  public func sceneWillEnterForeground(session: String) {
    hooks?.record(.sceneWillEnterForeground(session: SessionID(session)))
  }

  /// In `sceneDidBecomeActive(_:)`.
  public func sceneDidBecomeActive(session: String) {
    hooks?.record(.sceneDidBecomeActive(session: SessionID(session)))
  }

  /// In `sceneWillResignActive(_:)`.
  public func sceneWillResignActive(session: String) {
    hooks?.record(.sceneWillResignActive(session: SessionID(session)))
  }

  /// In `sceneDidEnterBackground(_:)`; also flushes the trace soon, since the app may be
  /// suspended next.
  public func sceneDidEnterBackground(session: String) {
    guard let hooks else { return }
    hooks.record(.sceneDidEnterBackground(session: SessionID(session)))
    hooks.recording.requestFlush()
  }

  /// In `sceneDidDisconnect(_:)`.
  public func sceneDidDisconnect(session: String) {
    hooks?.record(.sceneDidDisconnect(session: SessionID(session)))
  }

  /// In `stateRestorationActivity(for:)`: where the scene's restoration state is stored.
  public func stateRestorationActivity(
    session: String, activityType: String? = nil, key: String? = nil
  ) {
    hooks?.record(
      .sceneSaveRestoration(session: SessionID(session), activityType: activityType, key: key))
  }

  /// In `scene(_:restoreInteractionStateWith:)`.
  public func restoreInteractionState(session: String) {
    hooks?.record(.sceneRestoreInteractionState(session: SessionID(session)))
  }

  /// Where the app calls `UIScene.extendStateRestoration()`.
  public func extendStateRestoration(session: String) {
    hooks?.record(.sceneExtendRestoration(session: SessionID(session)))
  }

  /// Where the app calls `UIScene.completeStateRestoration()`.
  public func completeStateRestoration(session: String) {
    hooks?.record(.sceneCompleteRestoration(session: SessionID(session)))
  }

  /// In `windowScene(_:didUpdate:interfaceOrientation:traitCollection:)`.
  public func windowSceneDidUpdateGeometry(
    session: String, width: Double, height: Double, orientation: Orientation? = nil,
    horizontalSizeClass: SizeClass? = nil
  ) {
    hooks?.record(
      .sceneGeometry(
        session: SessionID(session), width: width, height: height, orientation: orientation,
        horizontalSizeClass: horizontalSizeClass))
  }

  /// On `UIWindow.didBecomeKeyNotification`: the scene's own key window.
  public func windowDidBecomeKey(session: String, window: String) {
    hooks?.record(.windowBecomeKey(session: SessionID(session), window: window))
  }

  // MARK: Scene requests

  /// Where the app calls `requestSceneSessionActivation` or `activateSceneSession(for:)`
  /// (`session` nil: a new session).
  public func requestSceneSessionActivation(
    request: String, session: String? = nil, activityType: String? = nil,
    style: PresentationStyle? = nil, requester: String? = nil
  ) {
    hooks?.record(
      .requestActivate(
        request: request, session: session.map { SessionID($0) }, activityType: activityType,
        style: style, requester: requester.map { SessionID($0) }))
  }

  /// In a scene request's error handler, with UIKit's error code.
  public func sceneRequestDidFail(request: String, code: Int) {
    hooks?.record(.requestFailed(request: request, code: code))
  }

  /// Where the app calls `requestSceneSessionDestruction`.
  public func requestSceneSessionDestruction(
    request: String, session: String, animation: DismissalAnimation? = nil
  ) {
    hooks?.record(
      .requestDestroy(request: request, session: SessionID(session), animation: animation))
  }
}
