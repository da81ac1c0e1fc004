import SceneTrace

/// The interaction generator's own model of an app with several windows, written from the
/// reference (§4–§10) independently of the reducer, so that the property tests compare the two.
struct InteractionModel: Sendable {
  /// One connected scene.
  struct Scene: Sendable {
    var state: SceneActivation = .unattached
    /// Whether the scene became active since it last entered the foreground (§2.7.1, L6/L11).
    var activeSinceForeground = false
    var focus: String?
    var firstResponder: String?
    /// Key codes down.
    var keysDown: Set<Int> = []
    var pointerInFlight = false
    /// The region a latched drag is in.
    var latchedRegion: String?
    /// The band in flight: its view, the modifiers at began, the selection before.
    var band: (view: String, modifiers: ModifierFlags, before: Set<String>)?
    var selection: [String: Set<String>] = [:]
    var content: String?
    var contentExclusive = false
    /// What the scene shows for each key it renders.
    var renders: [String: String] = [:]

    var isForeground: Bool { state == .foregroundActive || state == .foregroundInactive }
  }

  enum SessionStatus: Sendable { case configuring, connected, archived, discarded }

  var sessions: [SessionID: SessionStatus] = [:]
  var scenes: [SessionID: Scene] = [:]
  /// The app-level key scene, when one is.
  var keyScene: SessionID?
  /// The shared store.
  var shared: [String: (value: String, writer: SessionID?)] = [:]
  /// The value each shared key held before its latest write ("initial" before the first).
  var formerValue: [String: String] = [:]
  /// The restoration key each session stored under.
  var restorationKeys: [SessionID: String] = [:]
  /// Drags by identifier: whether active, whether dropped.
  var drags: [String: (active: Bool, dropped: Bool)] = [:]

  /// The connected sessions, sorted.
  var connected: [SessionID] { scenes.keys.sorted() }

  /// Connected sessions whose scene is in the foreground.
  var foreground: [SessionID] { connected.filter { scenes[$0]?.isForeground == true } }

  /// Connected sessions whose scene is foreground-active.
  var active: [SessionID] { connected.filter { scenes[$0]?.state == .foregroundActive } }

  /// The selection UIKit's band semantics give (§6.2): replace, Shift adds, Command toggles
  /// (and wins over Shift).
  static func bandResult(
    before: Set<String>, inside: Set<String>, modifiers: ModifierFlags
  ) -> Set<String> {
    if modifiers.contains(.command) {
      return before.subtracting(inside).union(inside.subtracting(before))
    }
    if modifiers.contains(.shift) { return before.union(inside) }
    return inside
  }
}
