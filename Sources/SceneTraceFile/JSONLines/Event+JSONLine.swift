import SceneTrace

extension Event {
  /// The event in the JSON Lines export form, without a trailing newline:
  /// `{"seq":4,"t":3.25,"type":"scene.didBecomeActive","session":"A"}`.
  ///
  /// `"seq"` and `"t"` come first, then `"type"`, then the fields in the order of the event
  /// table; absent fields (nil optionals, no modifiers) are left out. Reading the line back gives
  /// this event again.
  public var jsonLine: String {
    JSONValue.object(jsonObject).serialized()
  }

  /// The event as a JSON object, in the export form of ``jsonLine``.
  package var json: JSONValue {
    .object(jsonObject)
  }

  /// The event's fields as the export form writes them, in its order, without `"seq"`, `"t"`
  /// and `"type"`.
  package var jsonFields: JSONObject {
    var fields = ExportFields()
    payload.export(to: &fields)
    return fields.object
  }

  private var jsonObject: JSONObject {
    var fields = ExportFields()
    fields.add("seq", seq)
    fields.add("t", JSONValue(time))
    fields.add("type", type.rawValue)
    payload.export(to: &fields)
    return fields.object
  }
}

/// An export object under construction: each `add` appends a member unless the value is absent.
struct ExportFields {
  var object = JSONObject(reservingCapacity: 10)

  mutating func add(_ key: String, _ value: JSONValue) {
    object.appendUnchecked(key, value)
  }

  mutating func add(_ key: String, _ value: String?) {
    if let value { add(key, .string(value)) }
  }

  mutating func add(_ key: String, _ value: SessionID?) {
    if let value { add(key, .string(value.rawValue)) }
  }

  mutating func add(_ key: String, _ value: Int) {
    add(key, JSONValue(value))
  }

  mutating func add(_ key: String, _ value: Double) {
    add(key, JSONValue(value))
  }

  mutating func add(_ key: String, _ value: Bool?) {
    if let value { add(key, .bool(value)) }
  }

  mutating func add(_ key: String, _ values: [String]?) {
    if let values { add(key, JSONValue(values)) }
  }

  mutating func add(_ key: String, _ values: [SessionID]?) {
    if let values { add(key, JSONValue(values.map(\.rawValue))) }
  }

  mutating func add(_ key: String, _ value: (some OpenEnumeration)?) {
    if let value { add(key, .string(value.rawValue)) }
  }

  mutating func add(_ key: String, _ modifiers: ModifierFlags) {
    if !modifiers.isEmpty { add(key, JSONValue(modifiers.members.map(\.rawValue))) }
  }

  mutating func add(_ key: String, _ rect: Rect?) {
    if let rect {
      add(key, .array([rect.x, rect.y, rect.width, rect.height].map { JSONValue($0) }))
    }
  }
}
