/// Writes a state's canonical JSON from its ``StateCodable`` fields: the text the canonical
/// encoder of `SceneTraceFile` writes of its `Codable` form, each member written once, in
/// order.
struct StateJSONWriter: StateCoder {
  private(set) var text = JSONText(reservingCapacity: 4096)
  private let byteLimit: Int
  /// Whether the struct being written has a field already, so that the next follows a comma.
  private var hasField = false
  /// Where the text goes a part at a time, when it is not kept whole: a part is handed over
  /// once it holds `JSONText.partSize` bytes, at the end of a struct or of a map's member.
  private let part: ((borrowing JSONText) -> Void)?
  /// How many bytes were handed to `part`.
  private var handedCount = 0

  init(byteLimit: Int, part: ((borrowing JSONText) -> Void)? = nil) {
    self.byteLimit = byteLimit
    self.part = part
  }

  /// The text, moved out: the writer is left empty, so that the text's bytes have one owner
  /// and are given up without a copy (`text.takeBytes()` copied the 8 MB of a large state).
  mutating func takeText() -> JSONText {
    var taken = JSONText(reservingCapacity: 0)
    swap(&taken, &text)
    return taken
  }

  /// Hands what `part` has not had of the text to it.
  mutating func handOver() {
    if let part { handedCount += text.handOver(to: part) }
  }

  var isReading: Bool { false }

  mutating func code(_ value: inout Int) throws(StateCodingError) { text.appendInteger(value) }

  mutating func code(_ value: inout Int64) throws(StateCodingError) {
    text.appendInteger(Int(value))
  }

  mutating func code(_ value: inout Double) throws(StateCodingError) {
    if let whole = value.wholeValue {
      text.appendInteger(whole)
    } else {
      text.appendRaw(value.canonicalJSONText)
    }
  }

  mutating func code(_ value: inout Bool) throws(StateCodingError) {
    text.append(value ? "true" : "false")
  }

  mutating func code(_ value: inout String) throws(StateCodingError) { text.appendString(value) }

  mutating func beginFields() throws(StateCodingError) {
    text.append("{")
    hasField = false
  }

  mutating func field<Value: StateCodable>(_ key: StaticString, _ value: inout Value)
    throws(StateCodingError)
  {
    text.appendKey(key, prefix: hasField ? ",\"" : "\"", suffix: "\":")
    try value.code(with: &self)
    hasField = true
  }

  mutating func field<Value: StateCodable>(_ key: StaticString, _ value: inout Value?)
    throws(StateCodingError)
  {
    guard var present = value else { return }
    try field(key, &present)
  }

  mutating func endFields() throws(StateCodingError) {
    text.append("}")
    try checkLimit()
  }

  mutating func writeElements(
    _ count: Int, _ element: (Int, inout StateJSONWriter) throws(StateCodingError) -> Void
  ) throws(StateCodingError) {
    text.append("[")
    for index in 0..<count {
      if index > 0 { text.append(",") }
      try element(index, &self)
    }
    text.append("]")
  }

  mutating func readElements(_ element: (inout StateJSONWriter) throws(StateCodingError) -> Void)
    throws(StateCodingError)
  {
    throw StateCodingError(.shape, "a writer reads nothing")
  }

  mutating func writeMembers(
    _ count: Int, key: (Int) -> String,
    value: (Int, inout StateJSONWriter) throws(StateCodingError) -> Void
  ) throws(StateCodingError) {
    text.append("{")
    for index in 0..<count {
      if index > 0 { text.append(",") }
      text.appendString(key(index))
      text.append(":")
      try value(index, &self)
      // A map of many sessions or drags stops at its limit, not at its end.
      try checkLimit()
    }
    text.append("}")
  }

  mutating func readMembers(
    _ member: (String, inout StateJSONWriter) throws(StateCodingError) -> Void
  )
    throws(StateCodingError)
  {
    throw StateCodingError(.shape, "a writer reads nothing")
  }

  private mutating func checkLimit() throws(StateCodingError) {
    if handedCount + text.byteCount > byteLimit {
      throw StateCodingError(.tooLong, "longer than \(byteLimit)")
    }
    if let part { handedCount += text.handOver(atLeast: JSONText.partSize, to: part) }
  }
}

/// Reads a state from canonical JSON into its ``StateCodable`` fields, with the project's JSON
/// parser, a value at a time: no document is built first.
///
/// A struct's members are met in the order of their keys, as the canonical text has them: each
/// field looks at the next member, takes it when it is its own, passes over one whose key comes
/// before its own (a member a newer version wrote) and is absent when the next comes after.
/// A text whose keys are out of order or repeated is not canonical, and is refused.
struct StateJSONReader: StateCoder {
  private var parser: JSONParser
  /// The structs being read, innermost last.
  private var structs: [OpenStruct] = []
  /// How deep in arrays and objects the reader is.
  private var depth = 0

  /// A struct being read: the member after the last one taken, when its key was read.
  private struct OpenStruct {
    /// The next member's key (its `:` read too), or nil when not read yet.
    var next: MemberKey?
    /// The last member's key taken or passed over (not one read and left for a later field).
    var last: MemberKey?
    /// Whether a member has been read, so that the next one follows a comma.
    var hasMember = false
    /// Whether the closing brace has been read.
    var isClosed = false
  }

  /// A member's key: its bytes in the text, or the string they spell when they hold escapes.
  private struct MemberKey {
    var range: Range<Int>
    var decoded: String?
  }

  init(parser: JSONParser) {
    self.parser = parser
  }

  var isReading: Bool { true }

  /// Reads a whole document into `value`: nothing but whitespace may follow it.
  static func read<Value: StateCodable>(
    _ type: Value.Type, from bytes: UnsafeBufferPointer<UInt8>
  ) throws(StateCodingError) -> Value {
    var reader = StateJSONReader(parser: JSONParser(bytes: bytes, range: 0..<bytes.count))
    var value = Value.blank
    try value.code(with: &reader)
    try reader.syntax { (parser) throws(JSONSyntaxError) in
      parser.skipWhitespace()
      if parser.position < parser.end {
        throw parser.failure("unexpected text after the end of the state")
      }
    }
    return value
  }

  // MARK: Values

  mutating func code(_ value: inout Int) throws(StateCodingError) {
    value = try integer(Int.self)
  }

  mutating func code(_ value: inout Int64) throws(StateCodingError) {
    value = try integer(Int64.self)
  }

  mutating func code(_ value: inout Double) throws(StateCodingError) {
    switch try peek() {
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      let text = try syntax { (parser) throws(JSONSyntaxError) in try parser.parseNumber() }
      guard let number = Double(text) else { throw mismatch("a number", found: text) }
      value = number
    case UInt8(ascii: "\""):
      // The canonical form's spellings of what JSON has no number for.
      switch try string() {
      case "NaN": value = .nan
      case "Infinity": value = .infinity
      case "-Infinity": value = -.infinity
      default: throw mismatch("a number", found: "a string")
      }
    default:
      throw try wrongKind("a number")
    }
  }

  mutating func code(_ value: inout Bool) throws(StateCodingError) {
    switch try peek() {
    case UInt8(ascii: "t"):
      try syntax { (parser) throws(JSONSyntaxError) in try parser.parseLiteral("true") }
      value = true
    case UInt8(ascii: "f"):
      try syntax { (parser) throws(JSONSyntaxError) in try parser.parseLiteral("false") }
      value = false
    default:
      throw try wrongKind("a boolean")
    }
  }

  mutating func code(_ value: inout String) throws(StateCodingError) {
    value = try string()
  }

  // MARK: Structs

  mutating func beginFields() throws(StateCodingError) {
    try open(UInt8(ascii: "{"), "an object")
    structs.append(OpenStruct())
  }

  mutating func field<Value: StateCodable>(_ key: StaticString, _ value: inout Value)
    throws(StateCodingError)
  {
    guard try take(key) else {
      throw StateCodingError(.shape, "the member is missing").inside(.key(key.description))
    }
    do {
      try value.code(with: &self)
    } catch {
      throw error.inside(.key(key.description))
    }
  }

  mutating func field<Value: StateCodable>(_ key: StaticString, _ value: inout Value?)
    throws(StateCodingError)
  {
    guard try take(key) else { return value = nil }
    do {
      if try peek() == UInt8(ascii: "n") {
        try syntax { (parser) throws(JSONSyntaxError) in try parser.parseLiteral("null") }
        return value = nil
      }
      var present = Value.blank
      try present.code(with: &self)
      value = present
    } catch {
      throw error.inside(.key(key.description))
    }
  }

  mutating func endFields() throws(StateCodingError) {
    // Members after the last field are a newer version's: passed over.
    while try nextKey() != nil { try passOver() }
    structs.removeLast()
    depth -= 1
  }

  /// Whether the next member is `key`'s, its value to be read next; members before it are
  /// passed over.
  private mutating func take(_ key: StaticString) throws(StateCodingError) -> Bool {
    // Nearly always the next member is this field's, matched where it stands.
    let top = structs.count - 1
    if structs[top].next == nil, !structs[top].isClosed,
      let range = parser.parseMemberKey(key, afterMember: structs[top].hasMember)
    {
      structs[top].hasMember = true
      structs[top].last = MemberKey(range: range, decoded: nil)
      return true
    }
    while let next = try nextKey() {
      let order = compare(next, key)
      if order > 0 { return false }
      if order == 0 {
        // After the last member taken or passed over: each of those came before this field's
        // key, as the fields' keys come in order.
        structs[structs.count - 1].next = nil
        structs[structs.count - 1].last = next
        return true
      }
      try passOver()
    }
    return false
  }

  /// Passes over the value of the next member, read with its key, which must come after the
  /// last member's: a member taken for a field is in order by the fields' order, one passed
  /// over is checked here.
  private mutating func passOver() throws(StateCodingError) {
    let top = structs.count - 1
    if let key = structs[top].next, let last = structs[top].last, compare(last, key) >= 0 {
      throw StateCodingError(
        .shape,
        "the member \"\(spelling(of: key))\" is out of order or repeated; "
          + "a stored state has its keys in order, each once")
    }
    structs[top].last = structs[top].next
    structs[top].next = nil
    let depth = depth
    try syntax { (parser) throws(JSONSyntaxError) in try parser.skipValue(depth: depth) }
  }

  /// The key of the next member of the innermost struct, read when it was not; nil after its
  /// last member (its closing brace read).
  private mutating func nextKey() throws(StateCodingError) -> MemberKey? {
    let top = structs.count - 1
    if let next = structs[top].next { return next }
    if structs[top].isClosed { return nil }
    let hasMember = structs[top].hasMember
    let key = try syntax { (parser) throws(JSONSyntaxError) -> MemberKey? in
      parser.skipWhitespace()
      guard parser.position < parser.end else {
        throw parser.endFailure(hasMember ? "',' or '}'" : "a key or '}'")
      }
      switch parser.bytes[parser.position] {
      case UInt8(ascii: "}"):
        parser.position += 1
        return nil
      case UInt8(ascii: ","):
        guard hasMember else { throw parser.unexpected(expecting: "a key or '}'") }
        parser.position += 1
      default:
        guard !hasMember else { throw parser.unexpected(expecting: "',' or '}' after a member") }
      }
      // A key of printable ASCII without escapes (every key of a struct's fields) is taken as
      // its bytes, with no string made; any other is read as a string, and checked as one.
      if let plain = parser.parsePlainMemberKey() { return MemberKey(range: plain, decoded: nil) }
      return MemberKey(range: 0..<0, decoded: try parser.parseMemberKey())
    }
    guard let key else {
      structs[top].isClosed = true
      return nil
    }
    structs[top].hasMember = true
    structs[top].next = key
    return key
  }

  /// Orders two keys by their scalars (their UTF-8 bytes).
  private func compare(_ key: MemberKey, _ other: MemberKey) -> Int {
    withBytes(of: key) { first in withBytes(of: other) { first.compareBytewise(with: $0) } }
  }

  private func compare(_ key: MemberKey, _ expected: StaticString) -> Int {
    withBytes(of: key) { bytes in
      bytes.compareBytewise(
        with: UnsafeBufferPointer(start: expected.utf8Start, count: expected.utf8CodeUnitCount))
    }
  }

  private func withBytes<Result>(
    of key: MemberKey, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    guard let decoded = key.decoded else {
      return body(UnsafeBufferPointer(rebasing: parser.bytes[key.range]))
    }
    return decoded.withUTF8Bytes(body)
  }

  private func spelling(of key: MemberKey) -> String {
    key.decoded
      ?? String(decoding: UnsafeBufferPointer(rebasing: parser.bytes[key.range]), as: UTF8.self)
  }

  // MARK: Arrays and maps

  mutating func writeElements(
    _ count: Int, _ element: (Int, inout StateJSONReader) throws(StateCodingError) -> Void
  ) throws(StateCodingError) {
    throw StateCodingError(.shape, "a reader writes nothing")
  }

  mutating func readElements(_ element: (inout StateJSONReader) throws(StateCodingError) -> Void)
    throws(StateCodingError)
  {
    try open(UInt8(ascii: "["), "an array")
    defer { depth -= 1 }
    if try closes(UInt8(ascii: "]")) { return }
    var index = 0
    repeat {
      do {
        try element(&self)
      } catch {
        throw error.inside(.index(index))
      }
      index += 1
    } while try follows(UInt8(ascii: "]"), "',' or ']' after an element")
  }

  mutating func writeMembers(
    _ count: Int, key: (Int) -> String,
    value: (Int, inout StateJSONReader) throws(StateCodingError) -> Void
  ) throws(StateCodingError) {
    throw StateCodingError(.shape, "a reader writes nothing")
  }

  mutating func readMembers(
    _ member: (String, inout StateJSONReader) throws(StateCodingError) -> Void
  )
    throws(StateCodingError)
  {
    try open(UInt8(ascii: "{"), "an object")
    defer { depth -= 1 }
    if try closes(UInt8(ascii: "}")) { return }
    repeat {
      let key = try syntax { (parser) throws(JSONSyntaxError) in try parser.parseMemberKey() }
      do {
        try member(key, &self)
      } catch {
        throw error.inside(.key(key))
      }
    } while try follows(UInt8(ascii: "}"), "',' or '}' after a member")
  }

  // MARK: Reading the text

  /// Reads `opening` (after whitespace), one level deeper.
  private mutating func open(_ opening: UInt8, _ kind: String) throws(StateCodingError) {
    guard try peek() == opening else { throw try wrongKind(kind) }
    depth += 1
    let depth = depth
    try syntax { (parser) throws(JSONSyntaxError) in
      try parser.checkDepth(depth)
      parser.position += 1
    }
  }

  /// Whether `closing` comes next (after whitespace), read if so.
  private mutating func closes(_ closing: UInt8) throws(StateCodingError) -> Bool {
    guard try peek() == closing else { return false }
    parser.position += 1
    return true
  }

  /// After an element or a member: true when a comma follows (read), false at `closing` (read).
  private mutating func follows(_ closing: UInt8, _ expected: String) throws(StateCodingError)
    -> Bool
  {
    try syntax { (parser) throws(JSONSyntaxError) -> Bool in
      parser.skipWhitespace()
      guard parser.position < parser.end else { throw parser.endFailure(expected) }
      let byte = parser.bytes[parser.position]
      guard byte == UInt8(ascii: ",") || byte == closing else {
        throw parser.unexpected(expecting: expected)
      }
      parser.position += 1
      return byte == UInt8(ascii: ",")
    }
  }

  /// The next byte after whitespace, not read.
  private mutating func peek() throws(StateCodingError) -> UInt8 {
    try syntax { (parser) throws(JSONSyntaxError) -> UInt8 in
      parser.skipWhitespace()
      guard parser.position < parser.end else { throw parser.endFailure("a value") }
      return parser.bytes[parser.position]
    }
  }

  private mutating func string() throws(StateCodingError) -> String {
    guard try peek() == UInt8(ascii: "\"") else { throw try wrongKind("a string") }
    return try syntax { (parser) throws(JSONSyntaxError) in try parser.parseString() }
  }

  private mutating func integer<Integer: FixedWidthInteger>(_ type: Integer.Type)
    throws(StateCodingError) -> Integer
  {
    switch try peek() {
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      if let integer = parser.parsePlainInteger(Integer.self) { return integer }
      let text = try syntax { (parser) throws(JSONSyntaxError) in try parser.parseNumber() }
      // The canonical form writes an integer in plain digits; any other spelling is refused.
      guard let integer = Integer(text) else {
        throw mismatch("an integer that fits \(Integer.self)", found: text)
      }
      return integer
    default:
      throw try wrongKind("an integer that fits \(Integer.self)")
    }
  }

  /// The error of a value that is not `expected`, naming the kind the next value is.
  private mutating func wrongKind(_ expected: String) throws(StateCodingError) -> StateCodingError {
    let found =
      switch try peek() {
      case UInt8(ascii: "\""): "a string"
      case UInt8(ascii: "t"), UInt8(ascii: "f"): "a boolean"
      case UInt8(ascii: "n"): "null"
      case UInt8(ascii: "["): "an array"
      case UInt8(ascii: "{"): "an object"
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): "a number"
      default: "no value"
      }
    // What is there must be JSON for the error to be about its shape.
    if found == "no value" {
      try syntax { (parser) throws(JSONSyntaxError) in throw parser.unexpected(expecting: "a value")
      }
    }
    return mismatch(expected, found: found)
  }

  private func mismatch(_ expected: String, found: String) -> StateCodingError {
    StateCodingError(.shape, "expected \(expected), found \(found)")
  }

  /// Runs `body` on the parser, its syntax errors made state errors.
  private mutating func syntax<Result>(
    _ body: (inout JSONParser) throws(JSONSyntaxError) -> Result
  ) throws(StateCodingError) -> Result {
    do {
      return try body(&parser)
    } catch {
      throw StateCodingError(.syntax(error), error.message)
    }
  }
}

extension TraceState {
  /// The state as canonical JSON (UTF-8): the Codable form, every field the reducer keeps, with
  /// sorted keys and numbers written one way only, so the same state gives the same bytes on
  /// every platform. A checkpoint stores it, and its digest identifies it.
  package func canonicalJSON() -> [UInt8] {
    // Only a limit makes a writer fail.
    canonicalJSON(byteLimit: .max) ?? []
  }

  /// The state's canonical JSON, or nil when it is longer than `byteLimit` bytes: the writing
  /// stops about where it passes the limit, so that a state too large to store costs no more.
  package func canonicalJSON(byteLimit: Int) -> [UInt8]? {
    var writer = StateJSONWriter(byteLimit: byteLimit)
    var state = self
    do {
      try state.code(with: &writer)
    } catch {
      return nil
    }
    guard writer.text.byteCount <= byteLimit else { return nil }
    return writer.takeText().takeBytes()
  }

  /// Hands the state's canonical JSON to `part` a piece at a time (about 64 KiB each), in
  /// order: what a digest reads, without the whole text held (7.7 MB for the state of 10^7
  /// mixed events, in room for twice that).
  package func writeCanonicalJSON(parts part: (borrowing JSONText) -> Void) {
    withoutActuallyEscaping(part) { part in
      var writer = StateJSONWriter(byteLimit: .max, part: part)
      var state = self
      // Only a limit makes a writer fail.
      try? state.code(with: &writer)
      writer.handOver()
    }
  }

  /// Reads a state from its canonical JSON.
  package init(canonicalJSON bytes: UnsafeBufferPointer<UInt8>) throws(StateCodingError) {
    self = try StateJSONReader.read(TraceState.self, from: bytes)
  }
}

extension Double {
  /// The canonical JSON text of the number: the shortest that reads back as it (a whole number
  /// below 10^15 without a fraction), NaN and the infinities as the strings `"NaN"`,
  /// `"Infinity"` and `"-Infinity"`.
  package var canonicalJSONText: String {
    if isNaN { return #""NaN""# }
    if isInfinite { return self < 0 ? #""-Infinity""# : #""Infinity""# }
    return compactDescription
  }
}
