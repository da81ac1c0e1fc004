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

  /// Appends the event's fields as `name=value` to `text`, in the order of the export form,
  /// without its seq, time and type: a value is bare when it is a simple word
  /// (``Swift/String/isBareWord``), JSON otherwise.
  package func writeFields(to text: inout JSONText) {
    var fields = ExportFields(writingFieldsTo: &text)
    payload.export(to: &fields)
    fields.finish(writingTo: &text)
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
/// the value is absent, either to a JSON object or straight to text: a line's JSON object, or
/// the `name=value` fields of a report's line.
struct ExportFields {
  /// What the members make.
  private enum Form {
    /// A JSON object, in ``object``.
    case object
    /// A JSON object's text: a JSON line.
    case jsonText
    /// `name=value` fields apart by spaces: a report's line.
    case fieldText
  }

  /// The members added, when they make an object.
  private(set) var object = JSONObject()
  /// The text of the members added, when they make text.
  private var text = JSONText(reservingCapacity: 0)
  private let form: Form
  private var isEmpty = true

  /// Fields that make a JSON object.
  init() {
    object = JSONObject(reservingCapacity: 10)
    form = .object
  }

  /// Fields written to the end of `text` as a JSON object, which they hold until
  /// ``finish(writingTo:)``.
  init(writingTo text: inout JSONText) {
    form = .jsonText
    swap(&self.text, &text)
    self.text.append("{")
  }

  /// Fields written to the end of `text` as `name=value`, apart by spaces, which they hold
  /// until ``finish(writingTo:)``.
  init(writingFieldsTo text: inout JSONText) {
    form = .fieldText
    swap(&self.text, &text)
  }

  /// Ends the text (a line's object) and hands it back.
  mutating func finish(writingTo text: inout JSONText) {
    if form == .jsonText { self.text.append("}") }
    swap(&self.text, &text)
  }

  /// Whether the members are written as text rather than to ``object``.
  private var writesText: Bool { form != .object }

  /// Starts a member of the text: its key and colon, or its name and `=`.
  private mutating func startMember(_ key: String) {
    defer { isEmpty = false }
    if form == .fieldText {
      if !isEmpty { text.append(" ") }
      text.appendRaw(key)
      text.append("=")
    } else {
      if !isEmpty { text.append(",") }
      text.appendString(key)
      text.append(":")
    }
  }

  mutating func add(_ key: String, _ value: JSONValue) {
    guard writesText else { return object.appendUnchecked(key, value) }
    if case .string(let string) = value { return add(key, string) }
    startMember(key)
    value.write(to: &text, indent: nil)
  }

  mutating func add(_ key: String, _ value: String?) {
    guard let value else { return }
    guard writesText else { return add(key, .string(value)) }
    startMember(key)
    if form == .fieldText, value.isBareWord {
      text.appendRaw(value)
    } else {
      text.appendString(value)
    }
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

extension String {
  /// Whether the string reads unambiguously without quotes: letters, digits and `-_.:/@#+`.
  package var isBareWord: Bool {
    guard !isEmpty else { return false }
    // Nearly every value in a trace is ASCII: its bytes are checked one by one where they are
    // stored, without looking up each scalar's Unicode properties (a report prints tens of
    // thousands of such lines).
    let ascii =
      utf8.withContiguousStorageIfAvailable(Self.isASCIIBareWord) ?? Self.isASCIIBareWord(utf8)
    if let ascii { return ascii }
    return unicodeScalars.allSatisfy {
      $0.properties.isAlphabetic || $0.properties.numericType != nil
        || "-_.:/@#+".unicodeScalars.contains($0)
    }
  }

  /// Whether `bytes` are a bare word: false at an ASCII byte that is not of one, nil at a byte
  /// that is not ASCII before that (the scalars decide).
  private static func isASCIIBareWord(_ bytes: some Sequence<UInt8>) -> Bool? {
    for byte in bytes {
      guard byte < 0x80 else { return nil }
      guard byte.isBareWordASCII else { return false }
    }
    return true
  }
}

extension UInt8 {
  /// Whether this ASCII byte is a letter, a digit or one of `-_.:/@#+`: the ASCII scalars
  /// `isBareWord` accepts.
  fileprivate var isBareWordASCII: Bool {
    switch self {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"),
      UInt8(ascii: "/"), UInt8(ascii: "@"), UInt8(ascii: "#"), UInt8(ascii: "+"):
      true
    default: false
    }
  }
}
