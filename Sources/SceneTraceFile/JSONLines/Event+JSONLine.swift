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
    var fields = JSONLineFields(writingTo: &text)
    fields.add("seq", seq)
    fields.add("t", time)
    fields.add("type", type.rawValue)
    payload.export(to: &fields)
    fields.finish(writingTo: &text)
  }

  /// The event as a JSON object, in the export form of ``jsonLine``.
  package var json: JSONValue {
    var fields = JSONObjectFields()
    fields.add("seq", JSONValue(seq))
    fields.add("t", JSONValue(time))
    fields.add("type", type.rawValue)
    payload.export(to: &fields)
    return .object(fields.object)
  }

  /// Appends the event's fields as `name=value` to `text`, in the order of the export form,
  /// without its seq, time and type: a value is bare when it is a simple word
  /// (``Swift/String/isBareWord``), JSON otherwise.
  package func writeFields(to text: inout JSONText) {
    var fields = ReportLineFields(writingTo: &text)
    payload.export(to: &fields)
    fields.finish(writingTo: &text)
  }

  /// The event's fields as the export form writes them, in its order, without `"seq"`, `"t"`
  /// and `"type"`.
  package var jsonFields: JSONObject {
    var fields = JSONObjectFields()
    payload.export(to: &fields)
    return fields.object
  }
}

/// What an event's fields are written to, one at a time in the order of the event table
/// (`Event.Payload.export(to:)`): each `add` writes a member unless its value is absent (nil,
/// no modifiers). Three forms: a JSON object (``JSONObjectFields``), a JSON line's text
/// (``JSONLineFields``) and a report line's `name=value` fields (``ReportLineFields``); the
/// export is specialized for each, so that the form is chosen once, not at every field.
protocol EventFieldWriter {
  mutating func add(_ key: StaticString, _ value: String?)
  mutating func add(_ key: StaticString, _ value: SessionID?)
  mutating func add(_ key: StaticString, _ value: Int)
  mutating func add(_ key: StaticString, _ value: Double)
  mutating func add(_ key: StaticString, _ value: Bool?)
  mutating func add(_ key: StaticString, _ values: [String]?)
  mutating func add(_ key: StaticString, _ values: [SessionID]?)
  mutating func add<Value: OpenEnumeration>(_ key: StaticString, _ value: Value?)
  mutating func add(_ key: StaticString, _ modifiers: ModifierFlags)
  mutating func add(_ key: StaticString, _ rect: Rect?)
}

/// An event's fields as the members of a JSON object.
struct JSONObjectFields: EventFieldWriter {
  /// The members added.
  private(set) var object = JSONObject(reservingCapacity: 10)

  mutating func add(_ key: StaticString, _ value: JSONValue) {
    object.appendUnchecked(key.description, value)
  }

  mutating func add(_ key: StaticString, _ value: String?) {
    if let value { add(key, .string(value)) }
  }

  mutating func add(_ key: StaticString, _ value: SessionID?) {
    add(key, value?.rawValue)
  }

  mutating func add(_ key: StaticString, _ value: Int) {
    add(key, JSONValue(value))
  }

  mutating func add(_ key: StaticString, _ value: Double) {
    add(key, JSONValue(value))
  }

  mutating func add(_ key: StaticString, _ value: Bool?) {
    if let value { add(key, .bool(value)) }
  }

  mutating func add(_ key: StaticString, _ values: [String]?) {
    if let values { add(key, JSONValue(values)) }
  }

  mutating func add(_ key: StaticString, _ values: [SessionID]?) {
    add(key, values?.map(\.rawValue))
  }

  mutating func add<Value: OpenEnumeration>(_ key: StaticString, _ value: Value?) {
    add(key, value?.rawValue)
  }

  mutating func add(_ key: StaticString, _ modifiers: ModifierFlags) {
    guard !modifiers.isEmpty else { return }
    add(key, modifiers.members.map(\.rawValue))
  }

  mutating func add(_ key: StaticString, _ rect: Rect?) {
    guard let rect else { return }
    add(key, .array([rect.x, rect.y, rect.width, rect.height].map { JSONValue($0) }))
  }
}

/// An event's fields written straight to text, as `Form` spells them: a JSON line's members
/// (``JSONLineFields``) or a report line's `name=value` fields (``ReportLineFields``).
struct TextFields<Form: FieldTextForm>: EventFieldWriter {
  /// The text, held from ``init(writingTo:)`` to ``finish(writingTo:)``.
  private var text = JSONText(reservingCapacity: 0)
  private var isEmpty = true

  /// Fields written to the end of `text`, which they hold until ``finish(writingTo:)``.
  init(writingTo text: inout JSONText) {
    swap(&self.text, &text)
    self.text.append(Form.opening)
  }

  /// Ends the fields and hands the text back.
  mutating func finish(writingTo text: inout JSONText) {
    self.text.append(Form.closing)
    swap(&self.text, &text)
  }

  /// Starts a field: its name, between what comes before (after the first field too) and after.
  private mutating func startMember(_ key: StaticString) {
    // Keys are the event table's field names: nothing in them to escape.
    text.appendKey(
      key, prefix: isEmpty ? Form.firstKeyPrefix : Form.keyPrefix, suffix: Form.keySuffix)
    isEmpty = false
  }

  mutating func add(_ key: StaticString, _ value: String?) {
    guard let value else { return }
    startMember(key)
    Form.appendString(value, to: &text)
  }

  mutating func add(_ key: StaticString, _ value: SessionID?) {
    add(key, value?.rawValue)
  }

  mutating func add(_ key: StaticString, _ value: Int) {
    startMember(key)
    text.appendInteger(value)
  }

  mutating func add(_ key: StaticString, _ value: TraceTime) {
    startMember(key)
    text.appendSeconds(value)
  }

  mutating func add(_ key: StaticString, _ value: Double) {
    startMember(key)
    text.appendNumber(value)
  }

  mutating func add(_ key: StaticString, _ value: Bool?) {
    guard let value else { return }
    startMember(key)
    text.append(value ? "true" : "false")
  }

  mutating func add(_ key: StaticString, _ values: [String]?) {
    guard let values else { return }
    startMember(key)
    text.appendStrings(values)
  }

  mutating func add(_ key: StaticString, _ values: [SessionID]?) {
    guard let values else { return }
    startMember(key)
    text.appendStrings(values)
  }

  mutating func add<Value: OpenEnumeration>(_ key: StaticString, _ value: Value?) {
    add(key, value?.rawValue)
  }

  mutating func add(_ key: StaticString, _ modifiers: ModifierFlags) {
    guard !modifiers.isEmpty else { return }
    startMember(key)
    text.appendStrings(modifiers)
  }

  mutating func add(_ key: StaticString, _ rect: Rect?) {
    guard let rect else { return }
    startMember(key)
    text.appendRect(rect)
  }
}

/// How ``TextFields`` spells an event's fields: what surrounds them and each name, and a
/// string value. Every other value is written as JSON in both forms.
protocol FieldTextForm {
  /// What opens and closes the fields.
  static var opening: StaticString { get }
  static var closing: StaticString { get }
  /// What comes before the first field's name, before any other's, and after each.
  static var firstKeyPrefix: StaticString { get }
  static var keyPrefix: StaticString { get }
  static var keySuffix: StaticString { get }
  /// Appends a string value.
  static func appendString(_ value: String, to text: inout JSONText)
}

/// A JSON object's members: `{"session":"A","x":3}`.
enum JSONLineForm: FieldTextForm {
  static var opening: StaticString { "{" }
  static var closing: StaticString { "}" }
  static var firstKeyPrefix: StaticString { "\"" }
  static var keyPrefix: StaticString { ",\"" }
  static var keySuffix: StaticString { "\":" }
  static func appendString(_ value: String, to text: inout JSONText) { text.appendString(value) }
}

/// A report line's fields, `name=value` apart by spaces, a value bare when it is a simple word
/// (``Swift/String/isBareWord``) and JSON otherwise: `session=A x=3`.
enum ReportLineForm: FieldTextForm {
  static var opening: StaticString { "" }
  static var closing: StaticString { "" }
  static var firstKeyPrefix: StaticString { "" }
  static var keyPrefix: StaticString { " " }
  static var keySuffix: StaticString { "=" }
  static func appendString(_ value: String, to text: inout JSONText) { text.appendWord(value) }
}

/// An event's fields as a JSON line's members.
typealias JSONLineFields = TextFields<JSONLineForm>

/// An event's fields as a report's line shows them.
typealias ReportLineFields = TextFields<ReportLineForm>

extension JSONText {
  /// Appends `values` as a JSON array of strings.
  mutating func appendStrings(_ values: [String]) {
    append("[")
    for index in values.indices {
      if index > 0 { append(",") }
      appendString(values[index])
    }
    append("]")
  }

  /// Appends the spellings of `sessions` as a JSON array of strings.
  mutating func appendStrings(_ sessions: [SessionID]) {
    append("[")
    for index in sessions.indices {
      if index > 0 { append(",") }
      appendString(sessions[index].rawValue)
    }
    append("]")
  }

  /// Appends the spellings of `modifiers` as a JSON array of strings.
  mutating func appendStrings(_ modifiers: ModifierFlags) {
    append("[")
    var isFirst = true
    modifiers.forEachMember { modifier in
      if !isFirst { append(",") }
      isFirst = false
      appendString(modifier.rawValue)
    }
    append("]")
  }

  /// Appends `rect` as a JSON array of its x, y, width and height.
  mutating func appendRect(_ rect: Rect) {
    append("[")
    appendNumber(rect.x)
    append(",")
    appendNumber(rect.y)
    append(",")
    appendNumber(rect.width)
    append(",")
    appendNumber(rect.height)
    append("]")
  }
}

extension JSONText {
  /// Appends `value` as the JSON value of a `Double` writes it: a whole number without a
  /// fraction (`12`), any other in its shortest form (`0.5`), `null` when it is not finite.
  package mutating func appendNumber(_ value: Double) {
    guard value.isFinite else { return append("null") }
    if let whole = value.wholeValue {
      appendInteger(whole)
    } else if !appendShortDecimal(value) {
      appendRaw(value.description)
    }
  }

  /// Appends `value` as `description` writes it when it is a decimal of one to three
  /// fractional digits and of magnitude from 0.001 to 10^11 (a point's coordinate, `91.5`),
  /// without making a string: `description` made one for each, 580 instructions of a line's
  /// 5,000 in `replay events`. False, and nothing appended, for any other value.
  ///
  /// Written only when the decimal reads back as `value` (the quotient of its digits by a
  /// power of ten, each exact, is correctly rounded), and then it is the shortest that does:
  /// below 10^11 two doubles are less than 2^-16 apart, so no other decimal of as few
  /// fractional digits (0.001 or more away) reads back as `value`, and one of fewer would have
  /// been found first. Any other value is left to `description`: below 0.001 no decimal of three
  /// fractional digits is its, and from 2^53 `description` writes an exponent.
  private mutating func appendShortDecimal(_ value: Double) -> Bool {
    let magnitude = value.magnitude
    guard magnitude >= 0.001, magnitude < 1e11 else { return false }
    var (scale, digits) = (10.0, 1)
    while digits <= 3 {
      let scaled = (magnitude * scale).rounded()
      if scaled / scale == magnitude {
        let (whole, fraction) = Int(scaled).quotientAndRemainder(dividingBy: Int(scale))
        if value < 0 { append("-") }
        appendInteger(whole)
        append(".")
        // The fraction's leading zeros, then its digits (the last of which is not 0).
        var place = Int(scale) / 10
        while place > fraction {
          append("0")
          place /= 10
        }
        appendInteger(fraction)
        return true
      }
      scale *= 10
      digits += 1
    }
    return false
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
