import SceneTrace

// The state JSON contract, printed by `replay state --json`: every field always
// present (null when unknown), maps sorted by their keys' Unicode scalar values.

extension TraceState {
  /// The state JSON as text, as `replay state --json` prints it: compact, or indented with
  /// `pretty`.
  public func jsonText(pretty: Bool = false) -> String {
    json.serialized(pretty: pretty)
  }

  /// The state as the public state JSON: `"seq"`, `"t"`, `"app"`, `"sessions"`, `"drags"` and
  /// `"shared"`, in that order.
  package var json: JSONValue {
    .object(JSONObject(Self.jsonMembers.map { ($0, jsonMember($0) ?? .null) }))
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
    return jsonMember(member)?[JSONPath(components: Array(components.dropFirst()))]
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

  /// The member `key` of ``json``; nil when it has none.
  private func jsonMember(_ key: String) -> JSONValue? {
    switch key {
    case "seq": JSONValue(seq)
    case "t": JSONValue(time)
    case "app": .object(JSONObject(Self.appKeys.map { ($0, appMember($0) ?? .null) }))
    case "sessions":
      .object(JSONObject(sortingKeys: sessions.map { ($0.key.rawValue, $0.value.json) }))
    case "drags":
      .object(JSONObject(sortingKeys: drags.map { ($0.key.rawValue, $0.value.json) }))
    case "shared": .object(JSONObject(sortingKeys: shared.map { ($0.key, $0.value.json) }))
    default: nil
    }
  }
}

extension SessionState {
  /// `{"status", "role", "restoration", "scene"}`.
  var json: JSONValue {
    [
      "status": .string(status.rawValue),
      "role": JSONValue(role?.rawValue),
      "restoration": restoration.map { restoration in
        ["activityType": JSONValue(restoration.activityType), "key": JSONValue(restoration.key)]
      } ?? .null,
      "scene": scene?.json ?? .null,
    ]
  }
}

extension SceneState {
  /// The scene, with extensions of the documented shape: `contentExclusive` after `content`,
  /// and `presses` (the keys down, by key code: `{"phase"}`) after `renders`.
  var json: JSONValue {
    [
      "instance": JSONValue(instance),
      "state": JSONValue(state?.rawValue),
      "keyWindow": JSONValue(keyWindow),
      "firstResponder": JSONValue(firstResponder),
      "focus": JSONValue(focus),
      "geometry": geometry?.json ?? .null,
      "content": JSONValue(content),
      "contentExclusive": .bool(contentIsExclusive),
      "selection": .object(
        JSONObject(
          sortingKeys: selection.map { view, items in
            (view, JSONValue(items.sorted { $0.precedesInScalarOrder($1) }))
          })),
      "band": band?.json ?? .null,
      "drag": drag?.json ?? .null,
      "renders": .object(JSONObject(sortingKeys: renders.map { ($0.key, .string($0.value)) })),
      "presses": .object(
        JSONObject(
          sortingKeys: presses.map { code, press in
            (String(code), ["phase": .string(press.phase.rawValue)])
          })),
    ]
  }
}

extension Geometry {
  /// `{"width", "height", "orientation", "horizontalSizeClass"}`.
  var json: JSONValue {
    [
      "width": JSONValue(width),
      "height": JSONValue(height),
      "orientation": JSONValue(orientation?.rawValue),
      "horizontalSizeClass": JSONValue(horizontalSizeClass?.rawValue),
    ]
  }
}

extension BandProgress {
  /// `{"view", "state", "rect", "modifiers", "items", "before"}`.
  var json: JSONValue {
    [
      "view": .string(view),
      "state": .string(state.rawValue),
      "rect": rect.map { rect in
        .array([rect.x, rect.y, rect.width, rect.height].map { JSONValue($0) })
      } ?? .null,
      "modifiers": JSONValue(modifiers.members.map(\.rawValue)),
      "items": JSONValue(items),
      "before": JSONValue(before),
    ]
  }
}

extension PointerDragProgress {
  /// `{"phase", "x", "y", "latching"}`, and `"region"` (an extension of the documented shape).
  var json: JSONValue {
    [
      "phase": .string(phase.rawValue),
      "x": JSONValue(x),
      "y": JSONValue(y),
      "latching": JSONValue(latching?.rawValue),
      "region": JSONValue(region),
    ]
  }
}

extension DragState {
  /// `{"source", "phase", "target", "operation"}`, and `"activityType"` and `"newSession"` (the
  /// session the drag opened as a new window), extensions of the documented shape.
  var json: JSONValue {
    [
      "source": .string(source.rawValue),
      "phase": .string(phase.rawValue),
      "target": JSONValue(target?.rawValue),
      "operation": JSONValue(operation?.rawValue),
      "activityType": JSONValue(activityType),
      "newSession": JSONValue(newSession?.rawValue),
    ]
  }
}

extension SharedValue {
  /// `{"value", "writer", "seq"}`.
  var json: JSONValue {
    [
      "value": .string(value),
      "writer": JSONValue(writer?.rawValue),
      "seq": JSONValue(seq),
    ]
  }
}
