import SceneTrace

extension Event {
  /// The event in the JSON Lines export form, without a trailing newline:
  /// `{"seq":4,"t":3.25,"type":"scene.didBecomeActive","session":"A"}`.
  ///
  /// `"seq"` and `"t"` come first, then `"type"`, then the fields in the order of the event
  /// table; absent fields (nil optionals, no modifiers) are left out. Reading the line back gives
  /// this event again.
  public var jsonLine: String {
    var text = JSONText()
    writeJSONLine(to: &text)
    return text.string
  }

  /// Appends ``jsonLine`` to `text`, without building the line's JSON value.
  package func writeJSONLine(to text: inout JSONText) {
    var fields = ExportFields(writingTo: &text)
    addMembers(to: &fields)
    fields.finish(writingTo: &text)
  }

  /// The event as a JSON object, in the export form of ``jsonLine``.
  package var json: JSONValue {
    var fields = ExportFields()
    addMembers(to: &fields)
    return .object(fields.object)
  }

  /// The event's fields as the export form writes them, in its order, without `"seq"`, `"t"`
  /// and `"type"`.
  package var jsonFields: JSONObject {
    var fields = ExportFields()
    payload.export(to: &fields)
    return fields.object
  }

  private func addMembers(to fields: inout ExportFields) {
    fields.add("seq", seq)
    fields.add("t", time)
    fields.add("type", type.rawValue)
    payload.export(to: &fields)
  }
}

/// An event's members in the export form, added one at a time: each `add` adds a member unless
/// the value is absent, either to a JSON object or straight to the text of a line.
struct ExportFields {
  /// The members added, when they make an object.
  private(set) var object = JSONObject()
  /// The text of the members added, from the line's `{`, when they make text.
  private var text = JSONText(reservingCapacity: 0)
  private let writesText: Bool
  private var isEmpty = true

  /// Fields that make a JSON object.
  init() {
    object = JSONObject(reservingCapacity: 10)
    writesText = false
  }

  /// Fields written to the end of `text`, which they hold until ``finish(writingTo:)``.
  init(writingTo text: inout JSONText) {
    writesText = true
    swap(&self.text, &text)
    self.text.append("{")
  }

  /// Ends the line's object and hands its text back.
  mutating func finish(writingTo text: inout JSONText) {
    self.text.append("}")
    swap(&self.text, &text)
  }

  /// Starts a member of the text: its key and colon.
  private mutating func startMember(_ key: String) {
    if !isEmpty { text.append(",") }
    isEmpty = false
    text.appendString(key)
    text.append(":")
  }

  mutating func add(_ key: String, _ value: JSONValue) {
    guard writesText else { return object.appendUnchecked(key, value) }
    startMember(key)
    value.write(to: &text, indent: nil)
  }

  mutating func add(_ key: String, _ value: String?) {
    guard let value else { return }
    guard writesText else { return add(key, .string(value)) }
    startMember(key)
    text.appendString(value)
  }

  mutating func add(_ key: String, _ value: SessionID?) {
    add(key, value?.rawValue)
  }

  mutating func add(_ key: String, _ value: Int) {
    guard writesText else { return add(key, JSONValue(value)) }
    startMember(key)
    text.appendInteger(value)
  }

  mutating func add(_ key: String, _ value: TraceTime) {
    guard writesText else { return add(key, JSONValue(value)) }
    startMember(key)
    text.appendSeconds(value)
  }

  mutating func add(_ key: String, _ value: Double) {
    add(key, JSONValue(value))
  }

  mutating func add(_ key: String, _ value: Bool?) {
    if let value { add(key, .bool(value)) }
  }

  mutating func add(_ key: String, _ values: [String]?) {
    guard let values else { return }
    guard writesText else { return add(key, JSONValue(values)) }
    startMember(key)
    text.append("[")
    for (index, value) in values.enumerated() {
      if index > 0 { text.append(",") }
      text.appendString(value)
    }
    text.append("]")
  }

  mutating func add(_ key: String, _ values: [SessionID]?) {
    add(key, values?.map(\.rawValue))
  }

  mutating func add(_ key: String, _ value: (some OpenEnumeration)?) {
    add(key, value?.rawValue)
  }

  mutating func add(_ key: String, _ modifiers: ModifierFlags) {
    if !modifiers.isEmpty { add(key, modifiers.members.map(\.rawValue)) }
  }

  mutating func add(_ key: String, _ rect: Rect?) {
    if let rect {
      add(key, .array([rect.x, rect.y, rect.width, rect.height].map { JSONValue($0) }))
    }
  }
}

extension JSONText {
  /// Appends `time` in seconds as ``TraceTime/description`` writes it: `3.25`, `0`, `12`.
  package mutating func appendSeconds(_ time: TraceTime) {
    if time.nanoseconds < 0 { append("-") }
    let magnitude = UInt(time.nanoseconds.magnitude)
    appendDigits(magnitude / 1_000_000_000, minimumCount: 1)
    var fraction = magnitude % 1_000_000_000
    guard fraction != 0 else { return }
    var digits = 9
    while fraction % 10 == 0 {
      fraction /= 10
      digits -= 1
    }
    append(".")
    appendDigits(fraction, minimumCount: digits)
  }
}
