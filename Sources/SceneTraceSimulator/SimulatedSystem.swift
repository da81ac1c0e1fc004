import SceneTrace

/// A model of the system side of iPadOS: it launches the app, connects sessions, moves scenes
/// through their lifecycle in the order UIKit does, keeps the key window, and routes input to
/// the key scene. Scripts drive it like a user; it calls a ``SimulatedApp``, which records.
/// Its ``SimulatedEnvironment`` decides what a system version changes: in Windowed Apps
/// (iPadOS 26) every window stays active and a click moves only the key window and the
/// active appearance (`SimulatedSystem+Windowing.swift`).
///
/// Time is virtual: each callback takes a millisecond and ``wait(_:)`` moves the clock, so the
/// same script always gives the same trace, times included.
public final class SimulatedSystem {
  /// A scene session as the system keeps it.
  struct Session {
    /// The connected scene's state; nil when no scene is connected.
    var scene: SceneActivation?
    /// Whether the session's scene was connected when the process last ended.
    var wasConnected = false
    /// The window's size in points, which the user can change in windowed mode.
    var width = SimulatedSystem.windowSize.width
    var height = SimulatedSystem.windowSize.height
  }

  /// The app the system calls.
  public let app: any SimulatedApp
  /// The system version and windowing mode the simulation runs.
  public let environment: SimulatedEnvironment
  /// Nanoseconds since the simulation started.
  public private(set) var now: UInt64 = 0
  /// The sessions by identifier (internal: the windowing extension reads and resizes them).
  var sessions: [String: Session] = [:]
  /// Sessions in the order they were created, so every walk over them is deterministic.
  private var order: [String] = []
  private var keyScene: String?
  private var launches = 0
  private var sessionsCreated = 0
  private var dragsStarted = 0

  /// A system that runs `app` in `environment` (by default iPadOS 17.4, full screen).
  public init(app: any SimulatedApp, environment: SimulatedEnvironment = .iPadOS17) {
    self.app = app
    self.environment = environment
  }

  /// The sessions whose scenes are connected, in creation order.
  public var connectedSessions: [String] {
    order.filter { sessions[$0]?.scene != nil }
  }

  /// The session whose scene holds the key window.
  public var keySession: String? { keyScene }

  /// Lets `seconds` of virtual time pass.
  public func wait(_ seconds: Double) {
    now += UInt64(max(seconds, 0) * 1e9)
  }

  func tick() {
    now += 1_000_000
  }

  // MARK: Launching

  /// Launches the app; the scenes that were connected when the process last ended reconnect
  /// (state restoration), the last of them key. Returns the launch's identifier.
  @discardableResult
  public func launch() -> String {
    launches += 1
    let launch = "L\(launches)"
    let open = order.filter { sessions[$0] != nil }
    app.willFinishLaunching(launch: launch, openSessions: open, environment: environment)
    tick()
    let restoring = open.filter { sessions[$0]?.wasConnected == true }
    for id in restoring {
      sessions[id]?.wasConnected = false
      connect(id, activityType: nil, restoring: true)
    }
    for id in restoring { bringToForeground(id) }
    if let last = restoring.last { makeKey(last) }
    return launch
  }

  /// Ends the process without a callback, as when the system reclaims a suspended app.
  public func killProcess() {
    for id in order where sessions[id]?.scene != nil {
      sessions[id]?.scene = nil
      sessions[id]?.wasConnected = true
    }
    keyScene = nil
  }

  /// `applicationWillTerminate`: the process ends after telling the app.
  public func terminate() {
    app.willTerminate()
    tick()
    killProcess()
  }

  // MARK: Windows

  /// Opens a new window for a new session: beside the key window (Split View, both active),
  /// or in its place (the key window goes to the background). In windowed mode every window
  /// opens on screen beside the others, whatever `besideKeyWindow` says. Returns the new
  /// session.
  @discardableResult
  public func openWindow(activityType: String? = nil, besideKeyWindow: Bool = true) -> String {
    sessionsCreated += 1
    let id = "S\(sessionsCreated)"
    order.append(id)
    sessions[id] = Session()
    if !besideKeyWindow, !environment.isWindowed, let current = keyScene {
      sendToBackground(current)
    }
    app.configurationForConnecting(session: id, activityType: activityType)
    tick()
    connect(id, activityType: activityType, restoring: false)
    bringToForeground(id)
    makeKey(id)
    return id
  }

  /// The user taps or clicks into `session`'s window: it becomes the key window, in the
  /// foreground. A window already `foregroundActive` gets no lifecycle callback: beside the key
  /// window in Split View, and always in windowed mode, where every window on screen stays
  /// active and only the key window and the active appearance move (FB18443571).
  public func focusWindow(_ session: String) {
    guard sessions[session]?.scene != nil else { return }
    if sessions[session]?.scene != .foregroundActive { bringToForeground(session) }
    makeKey(session)
  }

  /// The user goes to the Home Screen: every foreground scene resigns, saves its restoration
  /// state and enters the background.
  public func goHome() {
    let foreground = order.filter {
      sessions[$0]?.scene == .foregroundActive || sessions[$0]?.scene == .foregroundInactive
    }
    for id in foreground where sessions[id]?.scene == .foregroundActive {
      app.sceneLifecycle(.willResignActive, session: id)
      sessions[id]?.scene = .foregroundInactive
      tick()
    }
    setKey(nil)
    for id in foreground { sendToBackground(id, resigned: true) }
  }

  /// The user returns to the app: its background scenes come back, the last key one key again.
  public func returnToApp(keyWindow: String? = nil) {
    let background = order.filter { sessions[$0]?.scene == .background }
    for id in background { bringToForeground(id) }
    if let key = keyWindow ?? background.last { makeKey(key) }
  }

  /// The system disconnects a background scene to reclaim memory; the session stays open.
  public func reclaim(_ session: String) {
    guard sessions[session]?.scene == .background else { return }
    disconnect(session)
  }

  /// The user closes `session`'s window (in the switcher, or the app asks for its destruction):
  /// it resigns, enters the background, disconnects, and the session is discarded.
  public func closeWindow(_ session: String) {
    guard sessions[session]?.scene != nil else { return }
    if sessions[session]?.scene == .foregroundActive {
      app.sceneLifecycle(.willResignActive, session: session)
      sessions[session]?.scene = .foregroundInactive
      tick()
    }
    if keyScene == session { setKey(nil) }
    if sessions[session]?.scene == .foregroundInactive {
      sendToBackground(session, resigned: true)
    }
    disconnect(session)
    app.didDiscardSceneSessions([session])
    sessions[session] = nil
    order.removeAll { $0 == session }
    tick()
    if keyScene == nil, let next = order.last(where: { sessions[$0]?.scene == .foregroundActive }) {
      makeKey(next)
    }
  }

  // MARK: Input, routed to the key scene

  /// A key command (`⌘N`, …) goes to the key scene's focused item.
  public func keyCommand(_ input: String, _ modifiers: ModifierFlags) {
    guard let key = inputScene else { return }
    app.performKeyCommand(session: key, input: input, modifiers: modifiers)
    tick()
  }

  /// The user types `text` in the key scene: a press began and ended per character.
  public func type(_ text: String, interval: Double = 0.12) {
    guard let key = inputScene else { return }
    for character in text {
      let code = Self.keyCode(for: character)
      app.pressesDidChange(
        session: key, phase: .began, keyCode: code, characters: String(character), modifiers: [])
      wait(0.06)
      app.pressesDidChange(
        session: key, phase: .ended, keyCode: code, characters: String(character), modifiers: [])
      wait(max(interval - 0.06, 0.001))
    }
  }

  /// The user moves focus in the key scene with the keyboard.
  public func moveFocus(_ heading: FocusHeading) {
    guard let key = inputScene else { return }
    app.moveFocus(session: key, heading: heading)
    tick()
  }

  /// The user drags the pointer in `session`'s scene from one point to another, sampled at
  /// `rate` per second over `duration` seconds.
  public func dragPointer(
    in session: String, from start: (Double, Double), to end: (Double, Double),
    duration: Double, rate: Double = 120
  ) {
    let samples = max(Int(duration * rate), 1)
    let step = UInt64(1e9 / rate)
    app.pointerDrag(session: session, phase: .began, x: start.0, y: start.1)
    for sample in 1...samples {
      now += step
      let fraction = Double(sample) / Double(samples)
      // An ease-in-out path, on the quarter-point grid a touch screen reports.
      let eased = fraction * fraction * (3 - 2 * fraction)
      let x = ((start.0 + (end.0 - start.0) * eased) * 4).rounded() / 4
      let y = ((start.1 + (end.1 - start.1) * eased) * 4).rounded() / 4
      app.pointerDrag(
        session: session, phase: sample == samples ? .ended : .changed, x: x, y: y)
    }
  }

  /// The user drags a band over `view` in `session`'s scene, holding `modifiers`; `inside` are
  /// the items the band ends up covering.
  public func bandSelect(
    in session: String, view: String, rect: Rect, modifiers: ModifierFlags, inside: [String]
  ) {
    var growing = rect
    growing.width /= 2
    growing.height /= 2
    app.bandSelection(
      session: session, view: view, state: .began,
      rect: Rect(x: rect.x, y: rect.y, width: 0, height: 0),
      modifiers: modifiers, inside: [])
    wait(0.1)
    app.bandSelection(
      session: session, view: view, state: .selecting, rect: growing, modifiers: modifiers,
      inside: Array(inside.prefix((inside.count + 1) / 2)))
    wait(0.1)
    app.bandSelection(
      session: session, view: view, state: .ended, rect: rect, modifiers: modifiers,
      inside: inside)
    tick()
  }

  /// The user taps `item` in `view` of `session`'s window, which becomes key.
  public func tap(in session: String, view: String, item: String) {
    focusWindow(session)
    app.tap(session: session, view: view, item: item)
    tick()
  }

  /// The user drags `item` from one window and drops it in another.
  public func dragItem(_ item: String, from source: String, to target: String) {
    dragsStarted += 1
    let drag = "D\(dragsStarted)"
    app.dragWillBegin(drag: drag, session: source, item: item)
    wait(0.4)
    app.performDrop(drag: drag, session: target)
    tick()
    app.dragDidEnd(drag: drag, operation: .copy)
    tick()
  }

  /// The user changes a setting in `session`'s window.
  public func changeSetting(in session: String, key: String, value: String) {
    app.userChangedSetting(session: session, key: key, value: value)
    tick()
  }

  /// The user opens `content` in `session`'s window.
  public func open(_ content: String, in session: String) {
    app.userOpened(session: session, content: content)
    tick()
  }

  // MARK: Transitions, in UIKit's order

  private var inputScene: String? {
    keyScene ?? order.first { sessions[$0]?.scene == .foregroundActive }
  }

  private func connect(_ id: String, activityType: String?, restoring: Bool) {
    sessions[id]?.scene = .unattached
    app.sceneWillConnect(session: id, activityType: activityType, restoring: restoring)
    tick()
    if environment.isWindowed { reportGeometry(of: id, resizing: nil) }
  }

  private func bringToForeground(_ id: String) {
    guard let state = sessions[id]?.scene else { return }
    if state == .unattached || state == .background {
      app.sceneLifecycle(.willEnterForeground, session: id)
      sessions[id]?.scene = .foregroundInactive
      tick()
    }
    if sessions[id]?.scene == .foregroundInactive {
      app.sceneLifecycle(.didBecomeActive, session: id)
      sessions[id]?.scene = .foregroundActive
      tick()
    }
  }

  private func sendToBackground(_ id: String, resigned: Bool = false) {
    if !resigned, sessions[id]?.scene == .foregroundActive {
      app.sceneLifecycle(.willResignActive, session: id)
      sessions[id]?.scene = .foregroundInactive
      tick()
      if keyScene == id { setKey(nil) }
    }
    guard sessions[id]?.scene == .foregroundInactive else { return }
    app.saveRestorationState(session: id)
    tick()
    app.sceneLifecycle(.didEnterBackground, session: id)
    sessions[id]?.scene = .background
    tick()
  }

  private func disconnect(_ id: String) {
    app.sceneLifecycle(.didDisconnect, session: id)
    sessions[id]?.scene = nil
    if keyScene == id { setKey(nil) }
    tick()
  }

  func makeKey(_ id: String) {
    guard keyScene != id else { return }
    setKey(id)
  }

  private func setKey(_ id: String?) {
    let previous = keyScene
    keyScene = id
    if environment.isWindowed {
      // The focused window's scene is the frontmost one: the trait moves with the key window.
      if let previous, previous != id, sessions[previous]?.scene != nil {
        app.activeAppearanceDidChange(session: previous, appearance: .inactive)
        tick()
      }
      if let id, id != previous {
        app.activeAppearanceDidChange(session: id, appearance: .active)
        tick()
      }
    }
    app.keyWindowDidChange(session: id)
    tick()
  }

  /// The HID usage code of a character on a US keyboard (letters, digits, space, others 0).
  static func keyCode(for character: Character) -> Int {
    guard let scalar = character.lowercased().unicodeScalars.first else { return 0 }
    switch scalar {
    case "a"..."z": return Int(scalar.value - 97) + 4
    case "1"..."9": return Int(scalar.value - 49) + 30
    case "0": return 39
    case " ": return 44
    default: return 0
    }
  }
}
