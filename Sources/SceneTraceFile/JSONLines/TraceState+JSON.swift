import SceneTrace

// The state JSON contract, printed by `replay state --json`: every field always
// present (null when unknown), maps sorted by their keys' Unicode scalar values.
//
// Each part of the state is described once, as what it hands a `JSONSink`: written as text as it
// goes (`jsonText(pretty:)`, `replay state --json`: a state of 10^4 sessions made as a tree,
// written and destroyed took 880 M instructions), or made into a `JSONValue` (`json`, a path's
// value for `replay why`).

extension TraceState {
  /// The state JSON as text, as `replay state --json` prints it: compact, or indented with
  /// `pretty`.
  public func jsonText(pretty: Bool = false) -> String {
    var text = JSONText(reservingCapacity: 1 << 12)
    appendJSON(to: &text, pretty: pretty)
    return text.string
  }

  /// Appends ``jsonText(pretty:)`` to `output`, written as it is made.
  package func appendJSON(to output: inout JSONText, pretty: Bool) {
    JSONTextSink.append(to: &output, indent: pretty ? 0 : nil) { emitJSON(to: &$0) }
  }

  /// Hands ``jsonText(pretty:)`` to `part` a part of about 64 KiB at a time, as it is written:
  /// the state of 10^7 mixed events is 11 MB of pretty text, held twice while it grew whole.
  package func writeJSON(pretty: Bool, parts part: (borrowing JSONText) -> Void) {
    JSONTextSink.write(indent: pretty ? 0 : nil, parts: part) { emitJSON(to: &$0) }
  }

  /// The state as the public state JSON: `"seq"`, `"t"`, `"app"`, `"sessions"`, `"drags"` and
  /// `"shared"`, in that order.
  package var json: JSONValue {
    JSONTreeSink.build { emitJSON(to: &$0) }
  }

  /// Hands ``json`` to `sink`.
  private func emitJSON(to sink: inout some JSONSink) {
    sink.beginObject()
    for key in Self.jsonMembers {
      sink.key(key)
      emitMember(key, to: &sink)
    }
    sink.endObject()
  }

  /// The keys of the state JSON, in order.
  private static let jsonMembers = ["seq", "t", "app", "sessions", "drags", "shared"]

  /// The value at `path` in ``json``, made without the rest of the state: only the member the
  /// path starts with, and only the session, drag or shared value it names there. Following a
  /// field over a long trace (`replay why`) asks this after every event.
  package func json(at path: JSONPath) -> JSONValue? {
    let components = path.components
    guard case .key(let member)? = components.first else { return json[path] }
    if components.count > 1, case .key(let key) = components[1] {
      let rest = JSONPath(components: Array(components.dropFirst(2)))
      switch member {
      case "sessions": return sessions[SessionID(key)]?.json[rest]
      case "drags": return drags[DragID(key)]?.json[rest]
      case "shared": return shared[key]?.json[rest]
      // Only the member asked for: the app's state reads every scene.
      case "app": return appMember(key)?[rest]
      default: break
      }
    }
    guard Self.jsonMembers.contains(member) else { return nil }
    let value = JSONTreeSink.build { emitMember(member, to: &$0) }
    return value[JSONPath(components: Array(components.dropFirst()))]
  }

  /// The state JSON without `seq` and `t` (which say where a state is rather than what it
  /// holds), with only the entries of its maps that `sessions`, `drags` and `shared` name and
  /// the state holds, in the order the whole JSON has them: what two states that differ in
  /// those entries alone differ in.
  package func comparableJSON(
    sessions ids: [SessionID], drags dragIDs: [DragID], shared keys: [String]
  ) -> JSONValue {
    let held = ids.compactMap { id in sessions[id].map { (id, $0) } }
    let dragsHeld = dragIDs.compactMap { id in drags[id].map { (id, $0) } }
    let store = shared
    // A key may be named in two spellings of the same characters: the store holds one entry.
    let places = Array(Set(keys.compactMap { store.index(forKey: $0) }))
    // Made as ``json`` is: an object's keys are told apart by their characters, and two
    // sessions may be named in two spellings of the same ones.
    return JSONTreeSink.build { sink in
      sink.beginObject()
      sink.key("app")
      emitMember("app", to: &sink)
      sink.key("sessions")
      sink.emitSorted(count: held.count, key: { held[$0].0.rawValue }) { position, sink in
        held[position].1.emitJSON(to: &sink)
      }
      sink.key("drags")
      sink.emitSorted(count: dragsHeld.count, key: { dragsHeld[$0].0.rawValue }) {
        position, sink in dragsHeld[position].1.emitJSON(to: &sink)
      }
      sink.key("shared")
      sink.emitSorted(count: places.count, key: { store[places[$0]].key }) { position, sink in
        store[places[position]].value.emitJSON(to: &sink)
      }
      sink.endObject()
    }
  }

  /// The members of `"app"` in ``json``, in order.
  private static let appKeys = ["state", "launch", "keyScene", "terminated"]

  /// The member `key` of `"app"` in ``json``, made alone; nil when it has none.
  private func appMember(_ key: String) -> JSONValue? {
    switch key {
    case "state": .string(appActivation.rawValue)
    case "launch": JSONValue(app.launch)
    case "keyScene": JSONValue(app.keyScene?.rawValue)
    case "terminated": .bool(app.terminated)
    default: nil
    }
  }

  /// Hands the member `key` of ``json`` to `sink`; `key` is one of ``jsonMembers``.
  private func emitMember(_ key: String, to sink: inout some JSONSink) {
    switch key {
    case "seq": sink.scalar(JSONValue(seq))
    case "t": sink.scalar(JSONValue(time))
    case "app":
      sink.beginObject()
      for key in Self.appKeys {
        sink.key(key)
        sink.scalar(appMember(key) ?? .null)
      }
      sink.endObject()
    case "sessions":
      let ids = sessions.keys
      sink.emitSorted(count: ids.count, key: { ids[$0].rawValue }) { position, sink in
        sessions[ids[position]]?.emitJSON(to: &sink)
      }
    case "drags":
      let drags = Array(drags)
      sink.emitSorted(count: drags.count, key: { drags[$0].key.rawValue }) { position, sink in
        drags[position].value.emitJSON(to: &sink)
      }
    case "shared":
      let shared = Array(shared)
      sink.emitSorted(count: shared.count, key: { shared[$0].key }) { position, sink in
        shared[position].value.emitJSON(to: &sink)
      }
    default: sink.scalar(.null)
    }
  }
}

/// The JSON of one of the state's maps (`sessions`, `drags`, `shared`) as ``TraceState/json``
/// holds it, kept up to date one entry at a time, for following the whole map over a trace
/// (`replay why FILE sessions`): after each event only the entries the replay noted as changed
/// are made anew (``Replay/noteChanges(to:)``). Made whole after every event, the map's JSON grew
/// with the trace, and following it with the square of the trace (10^5 mixed events: 9.7 s for
/// `sessions`; 2·10^6: 45 s for `drags`, 5.6 s for `shared`).
///
/// Each entry keeps the name the state's JSON writes for it: the store may hold a key in
/// another spelling of the same characters as the event that changed it (`"é"`,
/// `"e\u{301}"`), and the name is the spelling the store holds.
package struct StateMapJSON {
  /// The entries of the map followed: one of the three is not nil. Optionals changed through
  /// optional chaining, where they are stored: an enum's payload bound to a variable and changed
  /// would be a second reference to its dictionary, copied whole at the change.
  private var sessions: Entries<SessionID>?
  private var drags: Entries<DragID>?
  private var shared: Entries<String>?

  /// What an update changed: each changed entry as it was before, for ``undo(_:)``.
  package enum Change {
    case sessions([Entries<SessionID>.Before])
    case drags([Entries<DragID>.Before])
    case shared([Entries<String>.Before])
  }

  /// The map `member` of the state (`sessions`, `drags` or `shared`) as `state` holds it; nil
  /// for any other member.
  package init?(_ member: String, of state: TraceState) {
    switch member {
    case "sessions": sessions = Entries(state.sessions.lazy.map { ($0, $0.rawValue, $1.json) })
    case "drags": drags = Entries(state.drags.lazy.map { ($0, $0.rawValue, $1.json) })
    case "shared": shared = Entries(state.shared.lazy.map { ($0, $0, $1.json) })
    default: return nil
    }
  }

  /// The map of the state this follows, whose changes a replay must note for it.
  package var notedMap: Replay.NotedMap {
    sessions != nil ? .sessions : drags != nil ? .drags : .shared
  }

  /// Makes anew the JSON of the entries the events `replay` applied since the last update
  /// changed (the replay notes them: ``Replay/noteChanges(to:)`` with ``notedMap``); nil when
  /// the map is what it was.
  package mutating func update(after replay: inout Replay) -> Change? {
    if sessions != nil {
      let ids = replay.takeChangedSessions()
      let changed =
        sessions?.update(ids) { id in replay.state.sessions[id].map { (id.rawValue, $0.json) } }
      return changed?.isEmpty == false ? .sessions(changed ?? []) : nil
    }
    if drags != nil {
      let ids = replay.takeChangedDrags()
      let changed =
        drags?.update(ids) { id in replay.state.drags[id].map { (id.rawValue, $0.json) } }
      return changed?.isEmpty == false ? .drags(changed ?? []) : nil
    }
    let keys = replay.takeChangedSharedKeys()
    let changed = shared?.update(keys) { key in
      let store = replay.state.shared
      return store.index(forKey: key).map { (store[$0].key, store[$0].value.json) }
    }
    return changed?.isEmpty == false ? .shared(changed ?? []) : nil
  }

  /// Puts back what `change`, the result of one ``update(after:)``, changed.
  package mutating func undo(_ change: Change) {
    switch change {
    case .sessions(let before): sessions?.undo(before)
    case .drags(let before): drags?.undo(before)
    case .shared(let before): shared?.undo(before)
    }
  }

  /// The map's JSON, as ``TraceState/json`` writes it.
  package var json: JSONValue {
    sessions?.json ?? drags?.json ?? shared?.json ?? .object([:])
  }

  /// The name and JSON of each entry of a map, by its key.
  package struct Entries<Key: Hashable> {
    /// One entry: the name the state's JSON writes it under, and its JSON.
    fileprivate typealias Entry = (name: String, json: JSONValue)
    private var members: [Key: Entry] = [:]

    /// An entry changed: its key, and the entry before (nil when it was not there).
    package struct Before {
      fileprivate let key: Key
      fileprivate let entry: Entry?
    }

    fileprivate init(_ entries: some Sequence<(Key, String, JSONValue)>) {
      for (key, name, json) in entries { members[key] = (name, json) }
    }

    /// Makes anew the entries of `keys` (`entry` makes one, nil when it is gone), and returns
    /// what it was of each one that changed.
    fileprivate mutating func update(_ keys: [Key], entry: (Key) -> Entry?) -> [Before] {
      var changed: [Before] = []
      for key in keys {
        let (now, before) = (entry(key), members[key])
        guard !Self.alike(now, before) else { continue }
        changed.append(Before(key: key, entry: before))
        members[key] = now
      }
      return changed
    }

    fileprivate mutating func undo(_ changed: [Before]) {
      for before in changed { members[before.key] = before.entry }
    }

    /// Whether two entries, either of which may be missing, are written alike: the same JSON
    /// under the same spelling of the name.
    private static func alike(_ one: Entry?, _ other: Entry?) -> Bool {
      switch (one, other) {
      case (nil, nil): true
      case (let one?, let other?):
        one.json == other.json && one.name.utf8.elementsEqual(other.name.utf8)
      default: false
      }
    }

    /// The entries as an object, ordered by their names' scalars as the state JSON orders them.
    fileprivate var json: JSONValue {
      let members = Array(members.values)
      return JSONTreeSink.build { sink in
        sink.emitSorted(count: members.count, key: { members[$0].name }) { position, sink in
          members[position].json.emit(to: &sink)
        }
      }
    }
  }
}

extension JSONSink {
  /// An object of `count` members, ordered by their keys' scalars: `key(i)` is the key of the
  /// member `value` hands over for `i`.
  fileprivate mutating func emitSorted(
    count: Int, key: (Int) -> String, value: (Int, inout Self) -> Void
  ) {
    beginObject()
    var keys: [String] = []
    keys.reserveCapacity(count)
    for position in 0..<count { keys.append(key(position)) }
    for position in positionsInScalarOrder(count: count, name: { keys[$0] }) {
      self.key(keys[position])
      value(position, &self)
    }
    endObject()
  }

  /// A string, or `null` when there is none.
  fileprivate mutating func scalar(_ value: String?) {
    scalar(JSONValue(value))
  }

  /// An object of `pairs` in their order, each value a scalar.
  fileprivate mutating func object(_ pairs: KeyValuePairs<String, JSONValue>) {
    beginObject()
    for (key, value) in pairs {
      self.key(key)
      scalar(value)
    }
    endObject()
  }

  /// An array of strings.
  fileprivate mutating func array(_ strings: [String]) {
    beginArray()
    for string in strings { scalar(.string(string)) }
    endArray()
  }
}

extension SessionState {
  /// `{"status", "role", "restoration", "scene"}`.
  var json: JSONValue { JSONTreeSink.build { emitJSON(to: &$0) } }

  fileprivate func emitJSON(to sink: inout some JSONSink) {
    sink.beginObject()
    sink.key("status")
    sink.scalar(.string(status.rawValue))
    sink.key("role")
    sink.scalar(role?.rawValue)
    sink.key("restoration")
    if let restoration {
      sink.object([
        "activityType": JSONValue(restoration.activityType), "key": JSONValue(restoration.key),
      ])
    } else {
      sink.scalar(.null)
    }
    sink.key("scene")
    if let scene { scene.emitJSON(to: &sink) } else { sink.scalar(.null) }
    sink.endObject()
  }
}

extension SceneState {
  /// The scene, with extensions of the documented shape: `contentExclusive` after `content`,
  /// and `presses` (the keys down, by key code: `{"phase"}`) after `renders`.
  fileprivate func emitJSON(to sink: inout some JSONSink) {
    sink.beginObject()
    sink.key("instance")
    sink.scalar(JSONValue(instance))
    sink.key("state")
    sink.scalar(state?.rawValue)
    sink.key("keyWindow")
    sink.scalar(keyWindow)
    sink.key("firstResponder")
    sink.scalar(firstResponder)
    sink.key("focus")
    sink.scalar(focus)
    sink.key("geometry")
    if let geometry {
      sink.object([
        "width": JSONValue(geometry.width),
        "height": JSONValue(geometry.height),
        "orientation": JSONValue(geometry.orientation?.rawValue),
        "horizontalSizeClass": JSONValue(geometry.horizontalSizeClass?.rawValue),
      ])
    } else {
      sink.scalar(.null)
    }
    sink.key("content")
    sink.scalar(content)
    sink.key("contentExclusive")
    sink.scalar(.bool(contentIsExclusive))
    sink.key("selection")
    let views = Array(selection.keys)
    sink.emitSorted(count: views.count, key: { views[$0] }) { position, sink in
      sink.array((selection[views[position]] ?? []).sorted { $0.precedesInScalarOrder($1) })
    }
    sink.key("band")
    if let band { band.emitJSON(to: &sink) } else { sink.scalar(.null) }
    sink.key("drag")
    if let drag {
      sink.object([
        "phase": .string(drag.phase.rawValue),
        "x": JSONValue(drag.x),
        "y": JSONValue(drag.y),
        "latching": JSONValue(drag.latching?.rawValue),
        "region": JSONValue(drag.region),
      ])
    } else {
      sink.scalar(.null)
    }
    sink.key("renders")
    let keys = Array(renders.keys)
    sink.emitSorted(count: keys.count, key: { keys[$0] }) { position, sink in
      sink.scalar(renders[keys[position]])
    }
    sink.key("presses")
    let codes = Array(presses.keys)
    sink.emitSorted(count: codes.count, key: { String(codes[$0]) }) { position, sink in
      sink.object(["phase": .string(presses[codes[position]]?.phase.rawValue ?? "")])
    }
    sink.endObject()
  }
}

extension BandProgress {
  /// `{"view", "state", "rect", "modifiers", "items", "before"}`.
  fileprivate func emitJSON(to sink: inout some JSONSink) {
    sink.beginObject()
    sink.key("view")
    sink.scalar(.string(view))
    sink.key("state")
    sink.scalar(.string(state.rawValue))
    sink.key("rect")
    if let rect {
      sink.beginArray()
      for value in [rect.x, rect.y, rect.width, rect.height] { sink.scalar(JSONValue(value)) }
      sink.endArray()
    } else {
      sink.scalar(.null)
    }
    sink.key("modifiers")
    sink.array(modifiers.members.map(\.rawValue))
    sink.key("items")
    sink.array(items)
    sink.key("before")
    sink.array(before)
    sink.endObject()
  }
}

extension DragState {
  /// `{"source", "phase", "target", "operation"}`, and `"activityType"` and `"newSession"` (the
  /// session the drag opened as a new window), extensions of the documented shape.
  var json: JSONValue { JSONTreeSink.build { emitJSON(to: &$0) } }

  fileprivate func emitJSON(to sink: inout some JSONSink) {
    sink.object([
      "source": .string(source.rawValue),
      "phase": .string(phase.rawValue),
      "target": JSONValue(target?.rawValue),
      "operation": JSONValue(operation?.rawValue),
      "activityType": JSONValue(activityType),
      "newSession": JSONValue(newSession?.rawValue),
    ])
  }
}

extension SharedValue {
  /// `{"value", "writer", "seq"}`.
  var json: JSONValue { JSONTreeSink.build { emitJSON(to: &$0) } }

  fileprivate func emitJSON(to sink: inout some JSONSink) {
    sink.object([
      "value": .string(value),
      "writer": JSONValue(writer?.rawValue),
      "seq": JSONValue(seq),
    ])
  }
}
