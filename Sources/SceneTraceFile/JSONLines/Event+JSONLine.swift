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
  private mutating func startMember(_ key: StaticString) {
    defer { isEmpty = false }
    // Keys are the event table's field names: nothing in them to escape.
    switch (form == .fieldText, isEmpty) {
    case (true, true): text.appendKey(key, prefix: "", suffix: "=")
    case (true, false): text.appendKey(key, prefix: " ", suffix: "=")
    case (false, true): text.appendKey(key, prefix: "\"", suffix: "\":")
    case (false, false): text.appendKey(key, prefix: ",\"", suffix: "\":")
    }
  }

  mutating func add(_ key: StaticString, _ value: JSONValue) {
    guard writesText else { return object.appendUnchecked(key.description, value) }
    if case .string(let string) = value { return add(key, string) }
    startMember(key)
    value.write(to: &text, indent: nil)
  }

  mutating func add(_ key: StaticString, _ value: String?) {
    guard let value else { return }
    guard writesText else { return add(key, .string(value)) }
    startMember(key)
    if form == .fieldText {
      text.appendWord(value)
    } else {
      text.appendString(value)
    }
  }

  mutating func add(_ key: StaticString, _ value: SessionID?) {
    add(key, value?.rawValue)
  }

  mutating func add(_ key: StaticString, _ value: Int) {
    guard writesText else { return add(key, JSONValue(value)) }
    startMember(key)
    text.appendInteger(value)
  }

  mutating func add(_ key: StaticString, _ value: TraceTime) {
    guard writesText else { return add(key, JSONValue(value)) }
    startMember(key)
    text.appendSeconds(value)
  }

  mutating func add(_ key: StaticString, _ value: Double) {
    guard writesText else { return add(key, JSONValue(value)) }
    startMember(key)
    text.appendNumber(value)
  }

  mutating func add(_ key: StaticString, _ value: Bool?) {
    if let value { add(key, .bool(value)) }
  }

  mutating func add(_ key: StaticString, _ values: [String]?) {
    guard let values else { return }
    guard writesText else { return add(key, JSONValue(values)) }
    addStrings(key) { write in values.forEach(write) }
  }

  mutating func add(_ key: StaticString, _ values: [SessionID]?) {
    guard let values else { return }
    guard writesText else { return add(key, values.map(\.rawValue)) }
    addStrings(key) { write in
      for session in values { write(session.rawValue) }
    }
  }

  mutating func add(_ key: StaticString, _ value: (some OpenEnumeration)?) {
    add(key, value?.rawValue)
  }

  mutating func add(_ key: StaticString, _ modifiers: ModifierFlags) {
    guard !modifiers.isEmpty else { return }
    guard writesText else { return add(key, modifiers.members.map(\.rawValue)) }
    addStrings(key) { write in modifiers.forEachMember { write($0.rawValue) } }
  }

  mutating func add(_ key: StaticString, _ rect: Rect?) {
    guard let rect else { return }
    guard writesText else {
      return add(key, .array([rect.x, rect.y, rect.width, rect.height].map { JSONValue($0) }))
    }
    startMember(key)
    text.append("[")
    text.appendNumber(rect.x)
    text.append(",")
    text.appendNumber(rect.y)
    text.append(",")
    text.appendNumber(rect.width)
    text.append(",")
    text.appendNumber(rect.height)
    text.append("]")
  }

  /// Adds the member `key`: an array of the strings `strings` hands to its argument, one by one,
  /// written as they come rather than gathered into an array first.
  private mutating func addStrings(_ key: StaticString, _ strings: ((String) -> Void) -> Void) {
    startMember(key)
    text.append("[")
    var isFirst = true
    strings { string in
      if !isFirst { text.append(",") }
      isFirst = false
      text.appendString(string)
    }
    text.append("]")
  }
}

extension JSONText {
  /// Appends `value` as the JSON value of a `Double` writes it: a whole number without a
  /// fraction (`12`), any other in its shortest form (`0.5`), `null` when it is not finite.
  package mutating func appendNumber(_ value: Double) {
    guard value.isFinite else { return append("null") }
    if let whole = value.wholeValue {
      appendInteger(whole)
    } else {
      appendRaw(value.description)
    }
  }

  /// Appends `time` in seconds as ``TraceTime/description`` writes it: `3.25`, `0`, `12`.
  package mutating func appendSeconds(_ time: TraceTime) {
    time.withSecondsText { appendRaw($0.assumingMemoryBound(to: UInt8.self)) }
  }
}

extension JSONText {
  /// Appends `word` as it is when it reads unambiguously without quotes
  /// (``Swift/String/isBareWord``), as a JSON string otherwise: a value of a report's line.
  package mutating func appendWord(_ word: String) {
    // Nearly every value in a trace is ASCII: its bytes are checked where they are stored and
    // copied from there, without looking up each scalar's Unicode properties (a report prints
    // tens of thousands of such lines).
    let appended = word.withUTF8Bytes { bytes in
      guard String.isASCIIBareWord(bytes) == true else { return false }
      appendRaw(bytes)
      return true
    }
    guard !appended else { return }
    if word.isBareWord { appendRaw(word) } else { appendString(word) }
  }
}

extension String {
  /// Whether the string reads unambiguously without quotes: letters, digits and `-_.:/@#+`.
  package var isBareWord: Bool {
    if let ascii = withUTF8Bytes(Self.isASCIIBareWord) { return ascii }
    return unicodeScalars.allSatisfy {
      $0.properties.isAlphabetic || $0.properties.numericType != nil
        || "-_.:/@#+".unicodeScalars.contains($0)
    }
  }

  /// Whether `bytes` are a bare word: false when there are none or at an ASCII byte that is
  /// not of one, nil at a byte that is not ASCII before that (the scalars decide).
  fileprivate static func isASCIIBareWord(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
    guard !bytes.isEmpty else { return false }
    for byte in bytes {
      guard byte < 0x80 else { return nil }
      guard bareWordASCII(has: byte) else { return false }
    }
    return true
  }

  /// Whether the ASCII byte `byte` is a letter, a digit or one of `-_.:/@#+`: the ASCII scalars
  /// ``isBareWord`` accepts. A bit per byte: bytes 0–63 in the first word, 64–127 in the second.
  private static func bareWordASCII(has byte: UInt8) -> Bool {
    // `#` 35, `+` 43, `-./` 45–47, digits 48–57, `:` 58; `@` 64, A–Z 65–90, `_` 95, a–z 97–122.
    let low: UInt64 = 1 << 35 | 1 << 43 | 0b111 << 45 | 0x3FF << 48 | 1 << 58
    let high: UInt64 = 1 << 0 | 0x3FF_FFFF << 1 | 1 << 31 | 0x3FF_FFFF << 33
    return (byte < 64 ? low : high) >> (byte & 63) & 1 != 0
  }
}
