/// Everything the reducer rebuilds from a trace: the app, every session and its scene, the drags
/// in flight and the app's shared store, as of one event.
///
/// The public properties are those of the state JSON that `replay state --json` prints, and
/// `notes`, the custom rules' memory. The internal ones are what the rules need to remember
/// between events; they take part in equality, so two replays of the same events compare equal
/// only when they agree on everything.
public struct TraceState: Hashable, Sendable, Codable {
  /// The seq of the last event applied; 0 before the first.
  public var seq: Int = 0
  /// The time of the last event applied.
  public var time: TraceTime = .zero
  /// The application as a whole.
  public var app = AppState()
  /// Every session the trace has named, by identifier.
  public var sessions = SessionTable()
  /// The drag sessions of the current launch, by identifier.
  public var drags: [DragID: DragState] {
    get { dragTable.records }
    set { dragTable = DragTable(newValue) }
    _modify { yield &dragTable.all }
  }
  /// The drags, with where to find those a new session may have been opened by.
  var dragTable = DragTable()
  /// The app's shared store: the latest `state.write` of each key not deleted since.
  public var shared: [String: SharedValue] = [:]
  /// The keys of ``shared`` that the reducer changed, while it notes them
  /// (``Replay/noteChanges(to:)``): not part of the state's value.
  var changedSharedKeys = NotedChanges<String>()

  /// Whether the trace has reported the app-level key window itself (`app.keyWindow`); until it
  /// does, the key scene follows `window.becomeKey` in a foreground-active scene.
  var reportsAppKeyWindow = false
  /// What the rules remember across the trace.
  var memory = RuleMemory()
  /// The sessions whose role is a non-interactive external display (`key.noninteractive-scene`),
  /// kept apart so that key, focus and drop events need not look the role up; sorted (an array
  /// rather than a set, so that a stored state always encodes alike).
  var nonInteractiveSessions: [SessionID] = []
  /// The sessions whose scene shows a layout for a size class its settled geometry left
  /// (`geometry.stale-layout`), sorted: most events need not look their scene up.
  var staleLayoutSessions: [SessionID] = []
  /// What each custom rule (`TraceRule`) remembers between events, by rule: its
  /// `RuleContext.notes`. Not part of the state JSON.
  public internal(set) var notes: [RuleID: [String: String]] = [:]

  /// The state before any event.
  public init() {}

  // The drags are coded as `drags`: their table's places to look are rebuilt when needed.
  private enum CodingKeys: String, CodingKey {
    case seq, time, app, sessions
    case dragTable = "drags"
    case shared, reportsAppKeyWindow, memory, nonInteractiveSessions, staleLayoutSessions, notes
  }

  /// The entries of the state's maps that changed, as ``takeChangedEntries()`` gives them.
  package struct ChangedEntries {
    package var sessions: [SessionID]
    package var drags: [DragID]
    /// As the events spelled them (the store may hold another spelling of the same
    /// characters).
    package var sharedKeys: [String]

    /// No entry.
    package static let none = ChangedEntries(sessions: [], drags: [], sharedKeys: [])
  }

  /// Starts noting which sessions, drags and shared values the events applied change, for
  /// ``takeChangedEntries()``. Notes never taken grow with the events applied.
  package mutating func noteChangedEntries() {
    sessions.noteChangedSessions()
    dragTable.noteChangedDrags()
    changedSharedKeys.start()
  }

  /// The sessions, drags and shared keys changed since noting began or this last ran, each
  /// once, in no order; an entry noted may have been set to what it was.
  package mutating func takeChangedEntries() -> ChangedEntries {
    ChangedEntries(
      sessions: sessions.takeChangedSessions(), drags: dragTable.takeChangedDrags(),
      sharedKeys: changedSharedKeys.take())
  }

  /// The most active state of any connected scene, `background` when none is connected.
  public var appActivation: SceneActivation {
    sessions.sceneActivations.filter { $0 != .unattached }.max() ?? .background
  }

  /// Runs `body` on the fields of session `id` but its scene, where they are stored
  /// (`sessions[id]?.role = role` moves the whole session, scene and all, out of its slot and
  /// back). Nil when the trace has not named it. `sessions.setScene(_:of:)` changes the scene.
  @discardableResult
  mutating func updateSession<Result>(
    _ id: SessionID, _ body: (inout SessionTable.Record) -> Result
  ) -> Result? {
    sessions.update(id, body)
  }

  /// Runs `body` on the connected scene of session `id` in place, without copying it (so that
  /// changing its maps does not copy them either). Nil when no scene is connected.
  @discardableResult
  mutating func updateScene<Result>(
    _ id: SessionID, _ body: (inout SceneState) -> Result
  ) -> Result? {
    sessions.updateScene(id, body)
  }

  /// Runs `body` on every connected scene in place.
  mutating func updateEveryScene(_ body: (inout SceneState) -> Void) {
    sessions.updateEachScene(body)
  }

  /// The status of session `id`, read where it is stored; nil when the trace has not named it.
  func status(of id: SessionID) -> SessionStatus? {
    sessions.status(of: id)
  }

  /// The sessions that have a connected scene, in scalar order.
  public var connectedSessions: [SessionID] {
    sessions.keysWithScene().sorted()
  }

  /// The sessions whose connected scene owes a render, in scalar order.
  var sessionsOwingRenders: [SessionID] {
    sessions.keysWithScene { !$0.pendingRenders.isEmpty }.sorted()
  }
}

/// The application as a whole.
public struct AppState: Hashable, Sendable, Codable {
  /// The current launch's identifier, from `app.launch`.
  public var launch: String?
  /// The session whose scene holds the app-level key window, when known.
  public var keyScene: SessionID?
  /// Whether the app has terminated and not launched again.
  public var terminated = false
  /// Where the app runs (`app.environment`), when recorded.
  public var environment: WindowingEnvironment?
  /// The scene whose `activeAppearance` is `active`: the frontmost window's. Nil when none is,
  /// or the trace does not record appearances.
  public var frontmostScene: SessionID?

  /// The seq of the event that made `keyScene` the key scene.
  var keySceneSince: Int?
  /// The major version of the SDK the current launch was linked against, when recorded.
  var sdkMajorVersion: Int?
  /// The activity types the current launch declares (`NSUserActivityTypes`), when recorded.
  var declaredActivityTypes: [String]?
  /// The seq of the current launch's `app.launch`.
  var launchSeq: Int?
  /// The major version of the OS the trace was recorded on (`app.launch` or `app.environment`),
  /// when recorded: rules whose answer changed with iPadOS 26 or 27 ask it.
  var osMajorVersion: Int?
  /// The seq of the first appearance or key-window change not yet checked against the others
  /// (`appearance.frontmost`): they are checked once the changes of one click have all come.
  var appearanceChangedAt: Int?
  /// The close the user asked for and UIKit has not carried out yet (`close.wrong-scene`).
  var pendingClose: PendingClose?

  /// An app that has not launched yet.
  public init() {}
}

/// Where the app runs: the multitasking mode and versions of `app.environment`.
public struct WindowingEnvironment: Hashable, Sendable, Codable {
  /// How the iPad presents windows, when recorded.
  public var mode: WindowingMode?
  /// Whether the app declares `UIRequiresFullScreen`, when recorded.
  public var requiresFullScreen: Bool?
  /// The OS version, when recorded.
  public var os: String?
  /// The SDK version the app was linked against, when recorded.
  public var sdk: String?

  /// Creates an environment record.
  public init(
    mode: WindowingMode? = nil, requiresFullScreen: Bool? = nil, os: String? = nil,
    sdk: String? = nil
  ) {
    self.mode = mode
    self.requiresFullScreen = requiresFullScreen
    self.os = os
    self.sdk = sdk
  }
}

/// A close the user asked for (`scene.close`) that has not happened yet.
struct PendingClose: Hashable, Sendable, Codable {
  /// The session whose window the user closed.
  var session: SessionID
  /// How.
  var via: CloseRequest
  /// The seq of the `scene.close`.
  var seq: Int
}

/// A scene's activation state (`UIScene.ActivationState`), ordered from least to most active.
public enum SceneActivation: String, Hashable, Sendable, Comparable, CaseIterable, Codable {
  /// Connected, before its first transition.
  case unattached
  /// Not on screen.
  case background
  /// On screen, not receiving events.
  case foregroundInactive
  /// On screen and receiving events.
  case foregroundActive

  /// How active the state is; `unattached` counts as least.
  private var rank: Int {
    switch self {
    case .unattached: 0
    case .background: 1
    case .foregroundInactive: 2
    case .foregroundActive: 3
    }
  }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}

/// Where a session is in its life: configured, connected, archived (open, no scene), discarded.
public enum SessionStatus: String, Hashable, Sendable, Codable {
  /// `session.configure` seen, the scene not connected yet.
  case configuring
  /// A scene is connected.
  case connected
  /// Open, with no scene: it may connect again.
  case archived
  /// Gone for good.
  case discarded
}

/// One scene session and its scene, if one is connected.
public struct SessionState: Hashable, Sendable, Codable {
  /// Where the session is in its life.
  public var status: SessionStatus
  /// Its role, when known.
  public var role: SceneRole?
  /// Where its scene last saved its restoration state.
  public var restoration: Restoration?
  /// The connected scene, if any.
  public var scene: SceneState?
  /// How many scenes have connected to this session so far.
  var connections = 0
  /// The seq of the event that last took the session's scene away or discarded it: what
  /// explains a later event that finds no scene, or names a discarded session.
  var closedAt: Int?

  /// Creates a session with the given status.
  public init(status: SessionStatus, role: SceneRole? = nil) {
    self.status = status
    self.role = role
  }
}

/// Where a scene saved its restoration state (`scene.saveRestoration`).
public struct Restoration: Hashable, Sendable, Codable {
  /// The restoration activity's type.
  public var activityType: String?
  /// Where the app stored it.
  public var key: String?

  /// Creates a restoration record.
  public init(activityType: String?, key: String?) {
    self.activityType = activityType
    self.key = key
  }
}

extension SceneState {
  /// Runs `body` on the scene; reached through optional chaining, it changes the scene where
  /// it is stored.
  mutating func update<Result>(_ body: (inout SceneState) -> Result) -> Result {
    body(&self)
  }
}
