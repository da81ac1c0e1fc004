import SceneTrace
import SceneTraceFile
import SceneTraceText

/// Differences between two states, grouped scene by scene, for `replay diff`.
enum ChangeText {
  /// The changes as lines: a heading per session, drag or part of the app, then a row per
  /// field: `+ path  value` for what appeared, `- path  value` for what went away, and
  /// `  path  old → new` for what changed.
  static func render(_ changes: [JSONChange]) -> [String] {
    var groups: [(base: String, heading: String, rows: [Row])] = []
    for change in changes {
      let (heading, relative) = group(of: change.path)
      var title = heading
      var rows: [Row] = []
      switch (change.before, change.after) {
      case (let before, .object?) where isNothing(before):
        if relative.components.isEmpty { title += "  (new)" }
        rows = leaves(of: change.after ?? .null, under: relative).map {
          Row(marker: "+", path: $0.0, text: value($0.1))
        }
      case (.object?, let after) where isNothing(after):
        if relative.components.isEmpty { title += "  (gone)" }
        let what = relative.components.isEmpty ? "" : relative.description
        rows = [Row(marker: "-", path: what, text: value(change.before))]
      default:
        let text = "\(value(change.before)) → \(value(change.after))"
        rows = [Row(marker: " ", path: relative.description, text: text)]
      }
      if let last = groups.last, last.base == heading, title == heading {
        groups[groups.count - 1].rows += rows
      } else {
        groups.append((heading, title, rows))
      }
    }
    var lines: [String] = []
    for group in groups {
      lines.append(group.heading)
      let width = group.rows.map(\.path.count).max() ?? 0
      for row in group.rows {
        lines.append("  \(row.marker) \(row.path.rightPadded(to: width))  \(row.text)")
      }
    }
    return lines
  }

  private struct Row {
    var marker: Character
    var path: String
    var text: String
  }

  /// The heading a change belongs under, and its path below that heading.
  private static func group(of path: JSONPath) -> (String, JSONPath) {
    let components = path.components
    switch components.first {
    case .key("sessions")? where components.count >= 2:
      return (
        "session \(name(components[1]))", JSONPath(components: Array(components.dropFirst(2)))
      )
    case .key("drags")? where components.count >= 2:
      return ("drag \(name(components[1]))", JSONPath(components: Array(components.dropFirst(2))))
    case .key("shared")? where components.count >= 2:
      return ("shared", JSONPath(components: Array(components.dropFirst(1))))
    case .key(let key)?:
      return (key, JSONPath(components: Array(components.dropFirst())))
    default:
      return ("state", path)
    }
  }

  private static func name(_ component: JSONPath.Component) -> String {
    switch component {
    case .key(let key): key
    case .index(let index): String(index)
    }
  }

  /// The values of an object's non-null, non-empty members, flattened.
  private static func leaves(of value: JSONValue, under path: JSONPath) -> [(String, JSONValue)] {
    guard case .object(let object) = value else { return [(path.description, value)] }
    return object.pairs.flatMap { member -> [(String, JSONValue)] in
      switch member.value {
      case .null: []
      case .object(let inner) where inner.isEmpty: []
      case .array(let items) where items.isEmpty: []
      default: leaves(of: member.value, under: path.appending(.key(member.key)))
      }
    }
  }

  private static func isNothing(_ value: JSONValue?) -> Bool {
    value == nil || value == .null
  }

  /// A value as compact JSON; an object that went away as its size.
  private static func value(_ value: JSONValue?) -> String {
    switch value {
    case nil: "absent"
    case .object(let object)? where object.count > 3: "{\(object.count) fields}"
    case let value?: value.serialized()
    }
  }
}

extension Replay {
  /// Notes, from now on, the entries of the state's maps that events change, for
  /// ``takeEveryChange()``.
  mutating func noteEveryChange() {
    for map in [NotedMap.sessions, .drags, .shared] { noteChanges(to: map) }
  }

  /// The entries of the state's maps that the events applied since noting began, or since this
  /// last ran, changed (or may have: an entry may have been set to what it was).
  mutating func takeEveryChange() -> ChangedEntries {
    ChangedEntries(
      sessions: takeChangedSessions(), drags: takeChangedDrags(), shared: takeChangedSharedKeys())
  }

  /// Applies `event` and returns how it changed the state, as the state JSON (without `seq` and
  /// `t`) before and after it would say: made of the app's member and of the entries of
  /// the maps the replay noted the event changing (``noteEveryChange()`` must have begun), not
  /// of every session. (The timeline page made the whole state's JSON twice for each of the up
  /// to 300 findings it details: a page of the last 2,000 of 10^7 mixed events, 20,933
  /// sessions, took 46 s, 8 s now.)
  mutating func applyTellingChanges(_ event: Event) -> [JSONChange] {
    _ = takeEveryChange()
    let before = state
    apply(event)
    return takeEveryChange().changes(from: before, to: state)
  }
}

/// The entries of a state's maps that a replay noted as changed (``Replay/takeEveryChange()``).
struct ChangedEntries {
  let sessions: [SessionID]
  let drags: [DragID]
  let shared: [String]

  /// How `after` differs from `before`, as their state JSON (without `seq` and `t`, which say
  /// where a state is rather than what it holds) would say, for two states that differ in these
  /// entries and the app's member alone: made of those.
  func changes(from before: TraceState, to after: TraceState) -> [JSONChange] {
    before.comparableJSON(sessions: sessions, drags: drags, shared: shared)
      .changes(to: after.comparableJSON(sessions: sessions, drags: drags, shared: shared))
  }
}
