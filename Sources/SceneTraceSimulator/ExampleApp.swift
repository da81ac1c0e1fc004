import SceneTrace
import SceneTraceRecording

/// A small multi-window notes app that records through the hooks, with switches for the
/// multi-window bugs SceneTrace looks for. With no bug switched on it does what a careful app
/// does; each switch reproduces one bug class.
public final class ExampleApp: SimulatedApp {
  /// The bugs the app can have.
  public struct Bugs: OptionSet, Hashable, Sendable {
    public let rawValue: Int

    /// Creates a set of bugs from its raw value.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Every window saves its restoration state to one file (WWDC 2019's sketch pad).
    public static let sharedRestorationFile = Bugs(rawValue: 1 << 0)
    /// A window reads a setting once and never observes it (WWDC 2019's word count).
    public static let settingReadOnce = Bugs(rawValue: 1 << 1)
    /// A key command or a menu-bar command is rebroadcast to every window through a
    /// notification.
    public static let keyCommandBroadcast = Bugs(rawValue: 1 << 2)
    /// One focus tracker for the whole app instead of one per scene.
    public static let globalFocusTracker = Bugs(rawValue: 1 << 3)
    /// A window's data is deleted when its scene disconnects, not when it is discarded.
    public static let deletesSessionDataOnDisconnect = Bugs(rawValue: 1 << 4)
    /// Content meant for one window at a time opens in a second one.
    public static let duplicatesExclusiveContent = Bugs(rawValue: 1 << 5)
    /// A band selection replaces the selection whatever the modifiers.
    public static let bandIgnoresModifiers = Bugs(rawValue: 1 << 6)
    /// A window reads the settings again only when its scene becomes active, and a change
    /// redraws only the window where it was made; on iPadOS 26 a click between windows makes
    /// no scene active.
    public static let settingRefreshedOnActivation = Bugs(rawValue: 1 << 7)
    /// ⌘W closes the window whose scene last became active, not the one it was sent to.
    public static let closesLastActivatedWindow = Bugs(rawValue: 1 << 8)
    /// The app destroys every session a discard names, even one whose scene is connected.
    public static let trustsDiscardedSessions = Bugs(rawValue: 1 << 9)
    /// A window's layout is chosen once, for the size class it connects with.
    public static let layoutChosenOnce = Bugs(rawValue: 1 << 10)
    /// A menu-bar command goes only to the focused scene's responder chain, and is lost when
    /// no scene is focused (iPadOS 27).
    public static let menuWithoutFallback = Bugs(rawValue: 1 << 11)
    /// The app records a scene's becoming active as its becoming frontmost, instead of
    /// observing the `activeAppearance` trait (a recorder bug).
    public static let appearanceFromActivation = Bugs(rawValue: 1 << 12)
    /// The app handles a geometry update only when the bounds changed, so it misses the end of
    /// a resize, whose bounds are those of its last sample (a recorder bug).
    public static let geometryFilteredByBounds = Bugs(rawValue: 1 << 13)
  }

  /// One window's state, as the app keeps it.
  struct Window {
    var content: String
    var focus: String?
    var selection: [String: [String]] = [:]
    var bandBefore: [String] = []
    /// The bounds of the latest geometry the app handled (windowed mode).
    var width: Double?
    var height: Double?
    /// The size class the window is laid out for (windowed mode).
    var layout: SizeClass?
  }

  /// The setting the app's windows show.
  public static let wordCountKey = "defaults:showWordCount"
  /// Content that may be shown by one window at a time.
  public static let exclusiveContent = "settings"
  private static let activityType = "com.example.notes.open"
  private static let focusOrder = ["sidebar", "list", "editor"]

  let recorder: SceneTraceRecorder
  let bugs: Bugs
  var windows: [String: Window] = [:]
  /// What survives the process: settings, restoration files, per-window data.
  var settings: [String: String] = [wordCountKey: "false"]
  private var store: [String: String] = [:]
  private var notesCreated = 0
  private var lastFocusedItem: String?
  /// The window whose scene last became active: the buggy app's idea of the current window.
  private var lastActivated: String?
  /// The frontmost window, as the `activeAppearance` trait says.
  var frontmost: String?

  /// An app that records into `recorder`, with `bugs`.
  public init(recorder: SceneTraceRecorder, bugs: Bugs = []) {
    self.recorder = recorder
    self.bugs = bugs
  }

  public func willFinishLaunching(
    launch: String, openSessions: [String], environment: SimulatedEnvironment
  ) {
    windows = [:]
    lastFocusedItem = nil
    lastActivated = nil
    frontmost = nil
    recorder.applicationWillFinishLaunching(
      launch: launch, os: environment.os, sdk: environment.sdk, supportsMultipleScenes: true,
      activityTypes: [Self.activityType], openSessions: openSessions)
    if let mode = environment.mode {
      recorder.windowingEnvironment(mode: mode, os: environment.os, sdk: environment.sdk)
    }
  }

  public func configurationForConnecting(session: String, activityType: String?) {
    recorder.configurationForConnecting(
      session: session, role: .windowApplication, activityType: activityType)
  }

  public func sceneWillConnect(session: String, activityType: String?, restoring: Bool) {
    recorder.sceneWillConnect(
      session: session, role: .windowApplication, activityType: activityType,
      hasRestorationActivity: restoring)
    recorder.windowDidBecomeKey(session: session, window: "\(session).main")
    let content: String
    if restoring, let saved = store[restorationKey(for: session)] {
      content = saved
    } else {
      notesCreated += 1
      content = "note:\(notesCreated)"
    }
    windows[session] = Window(content: content)
    recorder.sceneDidDisplay(session: session, content: content)
    render(Self.wordCountKey, in: session)
    let draft = "session:\(session)/draft"
    if store[draft] == nil {
      store[draft] = ""
      recorder.sharedStateDidWrite(key: draft, value: "", session: session)
    }
  }

  public func sceneLifecycle(_ callback: LifecycleCallback, session: String) {
    recorder.lifecycle(callback, session: session)
    switch callback {
    case .didBecomeActive:
      lastActivated = session
      if bugs.contains(.appearanceFromActivation) {
        recorder.activeAppearanceDidChange(session: session, appearance: .active)
      }
      if bugs.contains(.settingRefreshedOnActivation) {
        for key in settings.keys.sorted() { render(key, in: session) }
      }
    case .willResignActive:
      if bugs.contains(.appearanceFromActivation) {
        recorder.activeAppearanceDidChange(session: session, appearance: .inactive)
      }
    case .didDisconnect:
      windows[session] = nil
      if lastActivated == session { lastActivated = nil }
      if frontmost == session { frontmost = nil }
      if bugs.contains(.deletesSessionDataOnDisconnect) { deleteData(of: session) }
    default:
      break
    }
  }

  public func saveRestorationState(session: String) {
    guard let window = windows[session] else { return }
    let key = restorationKey(for: session)
    store[key] = window.content
    recorder.sharedStateDidWrite(key: key, value: window.content, session: session)
    recorder.stateRestorationActivity(session: session, activityType: Self.activityType, key: key)
  }

  @discardableResult
  public func didDiscardSceneSessions(_ sessions: [String]) -> [String] {
    recorder.didDiscardSceneSessions(sessions)
    // A discard can name a session whose scene is connected (iPadOS 26): the careful app keeps
    // it and its data; the buggy one destroys the live window.
    let live = sessions.filter { windows[$0] != nil }
    if !bugs.contains(.deletesSessionDataOnDisconnect) {
      for session in sessions where windows[session] == nil { deleteData(of: session) }
    }
    guard bugs.contains(.trustsDiscardedSessions) else { return [] }
    for session in live {
      recorder.requestSceneSessionDestruction(request: "discard-\(session)", session: session)
    }
    return live
  }

  public func keyWindowDidChange(session: String?) {
    recorder.keyWindowDidChange(session: session, window: session.map { "\($0).main" })
  }

  public func pressesDidChange(
    session: String, phase: PressPhase, keyCode: Int, characters: String,
    modifiers: ModifierFlags
  ) {
    recorder.pressesDidChange(
      session: session, phase: phase, keyCode: keyCode, characters: characters,
      modifiers: modifiers)
  }

  public func performKeyCommand(session: String, input: String, modifiers: ModifierFlags) {
    let (action, title) = Self.command(input, modifiers)
    // The buggy app rebroadcasts the command, and every window's controller performs it.
    let performers = bugs.contains(.keyCommandBroadcast) ? windows.keys.sorted() : [session]
    for window in performers {
      let focus = windows[window]?.focus ?? "editor"
      recorder.keyCommand(
        session: window, input: input, modifiers: modifiers, action: action, title: title,
        target: "NoteViewController",
        chain: [focus, "NoteViewController", "\(window).main", "UIApplication"])
    }
    if action == "toggleWordCount:" {
      let value = settings[Self.wordCountKey] == "true" ? "false" : "true"
      userChangedSetting(session: session, key: Self.wordCountKey, value: value)
    }
  }

  public func moveFocus(session: String, heading: FocusHeading) {
    guard let window = windows[session] else { return }
    let from = bugs.contains(.globalFocusTracker) ? lastFocusedItem : window.focus
    let index = window.focus.flatMap { Self.focusOrder.firstIndex(of: $0) } ?? -1
    let step = heading == .previous || heading == .up || heading == .left ? -1 : 1
    let next = Self.focusOrder[(index + step + Self.focusOrder.count) % Self.focusOrder.count]
    recorder.focusDidUpdate(session: session, from: from, to: next, heading: heading)
    windows[session]?.focus = next
    lastFocusedItem = next
    if next == "editor" {
      recorder.firstResponderDidChange(
        session: session, window: "\(session).main", responder: "editor")
    }
  }

  public func pointerDrag(session: String, phase: PointerPhase, x: Double, y: Double) {
    recorder.pointerDrag(session: session, phase: phase, x: x, y: y)
  }

  public func bandSelection(
    session: String, view: String, state: BandState, rect: Rect, modifiers: ModifierFlags,
    inside: [String]
  ) {
    guard let window = windows[session] else { return }
    if state == .began { windows[session]?.bandBefore = window.selection[view] ?? [] }
    recorder.bandSelection(
      session: session, view: view, state: state, rect: rect, modifiers: modifiers,
      items: inside)
    guard state == .ended else { return }
    let before = Set(windows[session]?.bandBefore ?? [])
    let selected: Set<String>
    if bugs.contains(.bandIgnoresModifiers) {
      selected = Set(inside)
    } else if modifiers.contains(.command) {
      selected = before.symmetricDifference(inside)
    } else if modifiers.contains(.shift) {
      selected = before.union(inside)
    } else {
      selected = Set(inside)
    }
    select(selected.sorted(), in: view, of: session, cause: .band)
  }

  public func tap(session: String, view: String, item: String) {
    select([item], in: view, of: session, cause: .tap)
  }

  public func dragWillBegin(drag: String, session: String, item: String) {
    recorder.dragSessionWillBegin(drag: drag, session: session, activityType: Self.activityType)
  }

  public func performDrop(drag: String, session: String) {
    recorder.performDrop(drag: drag, session: session, local: true)
  }

  public func dragDidEnd(drag: String, operation: DropOperation) {
    recorder.dragSessionDidEnd(drag: drag, operation: operation)
  }

  public func userChangedSetting(session: String, key: String, value: String) {
    settings[key] = value
    recorder.sharedStateDidWrite(key: key, value: value, session: session)
    // A careful app observes the setting in every window; the buggy one redraws only the
    // window where it was changed.
    let readOnce = bugs.contains(.settingReadOnce) || bugs.contains(.settingRefreshedOnActivation)
    let redrawn = readOnce ? [session] : windows.keys.sorted()
    for window in redrawn { render(key, in: window) }
  }

  public func userOpened(session: String, content: String) {
    let exclusive = content == Self.exclusiveContent
    if exclusive, !bugs.contains(.duplicatesExclusiveContent),
      let owner = windows.keys.sorted().first(where: { windows[$0]?.content == content }),
      owner != session
    {
      // Activate the window that already shows it instead of showing it twice.
      recorder.requestSceneSessionActivation(
        request: "open-\(content)", session: owner, requester: session)
      return
    }
    windows[session]?.content = content
    recorder.sceneDidDisplay(session: session, content: content, exclusive: exclusive)
  }

  public func willTerminate() {
    recorder.applicationWillTerminate()
  }

  public func sceneCloseRequested(session: String, via: CloseRequest) -> String {
    recorder.sceneCloseRequested(session: session, via: via)
    // The buggy app handles ⌘W itself and closes its own idea of the current window.
    guard via == .performClose, bugs.contains(.closesLastActivatedWindow),
      let current = lastActivated, current != session
    else { return session }
    recorder.requestSceneSessionDestruction(request: "close-\(current)", session: current)
    return current
  }

  // MARK: Helpers

  private func restorationKey(for session: String) -> String {
    bugs.contains(.sharedRestorationFile) ? "restoration:notes.txt" : "restoration:\(session).note"
  }

  func render(_ key: String, in session: String) {
    recorder.sceneDidRender(session: session, key: key, value: settings[key] ?? "")
  }

  private func select(_ items: [String], in view: String, of session: String, cause: SelectionCause)
  {
    windows[session]?.selection[view] = items
    recorder.selectionDidChange(session: session, view: view, items: items, cause: cause)
  }

  private func deleteData(of session: String) {
    let draft = "session:\(session)/draft"
    guard store.removeValue(forKey: draft) != nil else { return }
    recorder.sharedStateDidDelete(key: draft)
  }

  private static func command(_ input: String, _ modifiers: ModifierFlags) -> (String, String) {
    switch (input, modifiers.contains(.shift)) {
    case ("n", _): ("newNote:", "New Note")
    case ("w", true): ("toggleWordCount:", "Show Word Count")
    case ("f", _): ("find:", "Find")
    case ("b", _): ("toggleBold:", "Bold")
    default: ("performCommand:", input.uppercased())
    }
  }
}
