/// Why bytes are not one JSON value, and where.
struct JSONSyntaxError: Error {
  /// What is wrong, such as `expected ':' after a key, found '}'`.
  var message: String
  /// The offset of the offending byte in the parsed buffer.
  var offset: Int
  /// Whether the input ended before the value was complete (what a cut line looks like).
  var isAtEnd: Bool
}

/// A strict JSON parser over a range of bytes (RFC 8259), with numbers kept as text.
///
/// It never traps on any input: every index is checked against the end, nesting is limited to
/// ``maximumDepth``, and strings are validated as UTF-8.
struct JSONParser {
  /// The deepest nesting of arrays and objects accepted.
  static let maximumDepth = 64

  private let bytes: UnsafeBufferPointer<UInt8>
  private var position: Int
  private let end: Int

  /// A parser for `bytes[range]`; `range` must lie within `bytes`.
  init(bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) {
    precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count)
    self.bytes = bytes
    self.position = range.lowerBound
    self.end = range.upperBound
  }

  /// Parses one value filling the whole range, whitespace around it allowed.
  ///
  /// With `keys`, a member of the outermost object whose key is not among them is checked but
  /// not kept (its value reads as null): a large field nobody reads costs no memory.
  mutating func parseDocument(keeping keys: JSONKeySet? = nil) throws(JSONSyntaxError)
    -> JSONValue
  {
    skipWhitespace()
    let value: JSONValue
    if let keys, position < end, bytes[position] == UInt8(ascii: "{") {
      value = .object(try parseObject(depth: 1, keeping: keys))
    } else {
      value = try parseValue(depth: 0)
    }
    skipWhitespace()
    if position < end {
      throw failure("unexpected \(describeByte(bytes[position])) after the end of the value")
    }
    return value
  }

  /// Where the numbers of `first` and `second` are in the outermost object, nil for a key it does
  /// not have or whose value is null, read without decoding anything else: for text a strict
  /// parse already found valid. Returns nil, having read nothing that counts, when the bytes are
  /// not one object, a key holds an escape (it might spell one of the two), or one of them has a
  /// value other than a number or null: the caller then parses them. It stops at the second of
  /// the two it finds: valid text repeats no key, and an event line's `"seq"` and `"t"` come
  /// first, so that a skimmed line is not read to its end. (Reading every member, into an array
  /// of strings made for the two, took about 2,600 instructions a line of the mixed session.)
  mutating func numberMembers(
    _ first: StaticString, _ second: StaticString
  ) -> (first: Range<Int>?, second: Range<Int>?)? {
    var found: (first: Range<Int>?, second: Range<Int>?) = (nil, nil)
    var keysLeft = 2
    skipWhitespace()
    guard position < end, bytes[position] == UInt8(ascii: "{") else { return nil }
    position += 1
    while true {
      skipWhitespace()
      guard position < end else { return nil }
      switch bytes[position] {
      case UInt8(ascii: "}"): return found
      case UInt8(ascii: ","):
        position += 1
        continue
      case UInt8(ascii: "\""): break
      default: return nil
      }
      let keyStart = position + 1
      guard skimString(), !bytes[keyStart..<(position - 1)].contains(UInt8(ascii: "\\")) else {
        return nil
      }
      let key = keyStart..<(position - 1)
      skipWhitespace()
      guard position < end, bytes[position] == UInt8(ascii: ":") else { return nil }
      position += 1
      skipWhitespace()
      guard position < end else { return nil }
      let isFirst = spells(first, at: key)
      guard isFirst || spells(second, at: key) else {
        guard skimValue() else { return nil }
        continue
      }
      let valueStart = position
      guard skimValue() else { return nil }
      let value: Range<Int>?
      if spells("null", at: valueStart..<position) {
        value = nil
      } else if bytes[valueStart] == UInt8(ascii: "-")
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[valueStart])
      {
        value = valueStart..<position
      } else {
        return nil
      }
      if isFirst { found.first = value } else { found.second = value }
      keysLeft -= 1
      if keysLeft == 0 { return found }
    }
  }

  /// Whether the bytes of `range` are those of `word`.
  private func spells(_ word: StaticString, at range: Range<Int>) -> Bool {
    word.withUTF8Buffer { spelling in
      guard range.count == spelling.count else { return false }
      for offset in spelling.indices where bytes[range.lowerBound + offset] != spelling[offset] {
        return false
      }
      return true
    }
  }

  /// Moves past the string that starts at `position`; false when it does not end.
  private mutating func skimString() -> Bool {
    position += 1
    while position < end {
      switch bytes[position] {
      case UInt8(ascii: "\\"): position += 2
      case UInt8(ascii: "\""):
        position += 1
        return true
      default: position += 1
      }
    }
    return false
  }

  /// Moves past the value that starts at `position`, strings, arrays and objects nested in it
  /// included; false when it does not end.
  private mutating func skimValue() -> Bool {
    var depth = 0
    while position < end {
      switch bytes[position] {
      case UInt8(ascii: "\""):
        guard skimString() else { return false }
        if depth == 0 { return true }
        continue
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if depth == 0 { return true }
        depth -= 1
        if depth == 0 {
          position += 1
          return true
        }
      case UInt8(ascii: ","), 0x20, 0x09, 0x0A, 0x0D:
        if depth == 0 { return true }
      default: break
      }
      position += 1
    }
    return depth == 0
  }

  // MARK: Values

  private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    skipWhitespace()
    guard position < end else { throw endFailure("a value") }
    switch bytes[position] {
    case UInt8(ascii: "{"): return .object(try parseObject(depth: depth + 1))
    case UInt8(ascii: "["): return .array(try parseArray(depth: depth + 1))
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try parseLiteral("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try parseLiteral("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try parseLiteral("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return .number(try parseNumber())
    default:
      throw unexpected(expecting: "a value")
    }
  }

  private mutating func parseObject(depth: Int, keeping keys: JSONKeySet? = nil)
    throws(JSONSyntaxError) -> JSONObject
  {
    try checkDepth(depth)
    position += 1
    var object = JSONObject(reservingCapacity: 8)
    skipWhitespace()
    if position < end, bytes[position] == UInt8(ascii: "}") {
      position += 1
      return object
    }
    // Whether a key repeats is known without comparing keys when all of them are kept ones.
    var keysSeen = JSONKeySet.Members()
    var repeatsKnownKey = false
    var hasOtherKeys = keys == nil
    while true {
      // A key kept and written without escapes is found by its bytes; any other is read whole.
      var known: String?
      if let keys, let (index, member) = parseKnownMemberKey(keys) {
        known = member
        // Two of the kept keys are told apart by their numbers.
        if !keysSeen.insert(index) { repeatsKnownKey = true }
      }
      let key: String
      if let known {
        key = known
      } else {
        key = try parseMemberKey()
        hasOtherKeys = true
      }
      if let keys, known == nil, !keys.contains(key) {
        try skipValue(depth: depth)
        object.appendUnchecked(key, .null)
      } else {
        object.appendUnchecked(key, try parseValue(depth: depth))
      }
      skipWhitespace()
      guard position < end else { throw endFailure("',' or '}'") }
      switch bytes[position] {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "}"):
        if repeatsKnownKey || hasOtherKeys, let key = object.repeatedKey {
          throw failure("the key \"\(key)\" appears twice in one object")
        }
        position += 1
        return object
      default: throw unexpected(expecting: "',' or '}' after a member")
      }
    }
  }

  private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> [JSONValue] {
    try checkDepth(depth)
    position += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if position < end, bytes[position] == UInt8(ascii: "]") {
      position += 1
      return elements
    }
    while true {
      elements.append(try parseValue(depth: depth))
      skipWhitespace()
      guard position < end else { throw endFailure("',' or ']'") }
      switch bytes[position] {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "]"):
        position += 1
        return elements
      default: throw unexpected(expecting: "',' or ']' after an element")
      }
    }
  }

  /// Reads a value as `parseValue` does and with the same errors, keeping nothing but one string
  /// or number at a time; only a key repeated in an object inside it goes unnoticed.
  private mutating func skipValue(depth: Int) throws(JSONSyntaxError) {
    skipWhitespace()
    guard position < end else { throw endFailure("a value") }
    let opening = bytes[position]
    guard opening == UInt8(ascii: "{") || opening == UInt8(ascii: "[") else {
      _ = try parseValue(depth: depth)
      return
    }
    let isObject = opening == UInt8(ascii: "{")
    let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
    try checkDepth(depth + 1)
    position += 1
    skipWhitespace()
    if position < end, bytes[position] == closing {
      position += 1
      return
    }
    while true {
      if isObject {
        _ = try parseMemberKey()
      }
      try skipValue(depth: depth + 1)
      skipWhitespace()
      guard position < end else { throw endFailure(isObject ? "',' or '}'" : "',' or ']'") }
      switch bytes[position] {
      case UInt8(ascii: ","): position += 1
      case closing:
        position += 1
        return
      default:
        throw unexpected(
          expecting: isObject ? "',' or '}' after a member" : "',' or ']' after an element")
      }
    }
  }

  /// Reads a member's key and the `:` after it when the key is one of `keys` written without
  /// escapes, and returns the set's own string for it; otherwise reads nothing and returns nil.
  private mutating func parseKnownMemberKey(_ keys: JSONKeySet) -> (index: Int, key: String)? {
    skipWhitespace()
    guard position < end, bytes[position] == UInt8(ascii: "\"") else { return nil }
    var closing = position + 1
    while closing < end, bytes[closing] != UInt8(ascii: "\""), bytes[closing] != UInt8(ascii: "\\")
    {
      closing += 1
    }
    guard closing < end, bytes[closing] == UInt8(ascii: "\""),
      let member = keys.member(
        spelled: UnsafeBufferPointer(rebasing: bytes[(position + 1)..<closing]))
    else { return nil }
    let start = position
    position = closing + 1
    skipWhitespace()
    guard position < end, bytes[position] == UInt8(ascii: ":") else {
      // Read again as any key, for the error it gives.
      position = start
      return nil
    }
    position += 1
    return member
  }

  /// Reads a member's key and the `:` after it.
  private mutating func parseMemberKey() throws(JSONSyntaxError) -> String {
    skipWhitespace()
    guard position < end else { throw endFailure("a key") }
    guard bytes[position] == UInt8(ascii: "\"") else {
      throw unexpected(expecting: "a key in double quotes")
    }
    let key = try parseString()
    skipWhitespace()
    guard position < end else { throw endFailure("':' after a key") }
    guard bytes[position] == UInt8(ascii: ":") else {
      throw unexpected(expecting: "':' after the key \"\(key)\"")
    }
    position += 1
    return key
  }

  private func checkDepth(_ depth: Int) throws(JSONSyntaxError) {
    if depth > Self.maximumDepth {
      throw failure("arrays and objects nest deeper than \(Self.maximumDepth) levels")
    }
  }

  private mutating func parseLiteral(_ word: StaticString) throws(JSONSyntaxError) {
    let text = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    for expected in text {
      guard position < end else { throw endFailure("the rest of \(word)") }
      guard bytes[position] == expected else { throw unexpected(expecting: "\(word)") }
      position += 1
    }
  }

  // MARK: Numbers

  /// Reads a number in JSON's grammar and returns its text unchanged.
  private mutating func parseNumber() throws(JSONSyntaxError) -> String {
    let start = position
    if bytes[position] == UInt8(ascii: "-") { position += 1 }
    guard position < end else { throw endFailure("a digit") }
    if bytes[position] == UInt8(ascii: "0") {
      position += 1
    } else {
      try parseDigits()
    }
    if position < end, bytes[position] == UInt8(ascii: ".") {
      position += 1
      try parseDigits()
    }
    if position < end, bytes[position] | 0x20 == UInt8(ascii: "e") {
      position += 1
      if position < end,
        bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
      {
        position += 1
      }
      try parseDigits()
    }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
  }

  /// Reads one or more digits.
  private mutating func parseDigits() throws(JSONSyntaxError) {
    guard position < end else { throw endFailure("a digit") }
    guard isDigit(bytes[position]) else { throw unexpected(expecting: "a digit") }
    while position < end, isDigit(bytes[position]) { position += 1 }
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  // MARK: Strings

  /// Reads a string from its opening quote, decoding escapes and validating UTF-8.
  private mutating func parseString() throws(JSONSyntaxError) -> String {
    let opening = position
    position += 1
    var decoded: [UInt8]? = nil
    var runStart = position
    // Bytes from escapes are valid UTF-8 by construction; only raw non-ASCII bytes need checking.
    var hasRawNonASCII = false
    while true {
      guard position < end else { throw endFailure("the closing '\"' of a string") }
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        let run = UnsafeBufferPointer(rebasing: bytes[runStart..<position])
        position += 1
        if var buffer = decoded {
          buffer.append(contentsOf: run)
          return try makeString(buffer, validating: hasRawNonASCII, opening: opening)
        }
        return try makeString(run, validating: hasRawNonASCII, opening: opening)
      } else if byte == UInt8(ascii: "\\") {
        var buffer = decoded ?? []
        decoded = nil  // leave `buffer` the only reference, so appending does not copy it
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<position]))
        try parseEscape(into: &buffer)
        decoded = buffer
        runStart = position
      } else if byte < 0x20 {
        throw failure(
          "control character \(describeByte(byte)) inside a string; write it as "
            + "\\u00\(byte < 0x10 ? "0" : "")\(String(byte, radix: 16))")
      } else {
        hasRawNonASCII = hasRawNonASCII || byte >= 0x80
        position += 1
      }
    }
  }

  /// The string `bytes` spell; when `validating`, an error unless they are valid UTF-8.
  private func makeString(
    _ bytes: some Collection<UInt8>, validating: Bool, opening: Int
  ) throws(JSONSyntaxError) -> String {
    guard validating else { return String(decoding: bytes, as: UTF8.self) }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw JSONSyntaxError(
        message: "the string starting here is not valid UTF-8; save the file as UTF-8",
        offset: opening, isAtEnd: false)
    }
    return text
  }

  /// Decodes the escape at `position` (a backslash) and appends its UTF-8 to `buffer`.
  private mutating func parseEscape(into buffer: inout [UInt8]) throws(JSONSyntaxError) {
    position += 1
    guard position < end else { throw endFailure("an escape after '\\'") }
    let letter = bytes[position]
    position += 1
    switch letter {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(letter)
    case UInt8(ascii: "b"): buffer.append(0x08)
    case UInt8(ascii: "f"): buffer.append(0x0C)
    case UInt8(ascii: "n"): buffer.append(0x0A)
    case UInt8(ascii: "r"): buffer.append(0x0D)
    case UInt8(ascii: "t"): buffer.append(0x09)
    case UInt8(ascii: "u"):
      let scalar = try parseUnicodeEscape()
      UTF8.encode(scalar) { buffer.append($0) }
    default:
      position -= 1
      throw failure(
        "invalid escape: \(describeByte(letter)) after '\\'; the escapes are "
          + "\\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX")
    }
  }

  /// Reads `XXXX` after `\u`, and the low surrogate's `\uXXXX` after a high surrogate.
  private mutating func parseUnicodeEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
    let start = position - 2
    let first = try parseHexQuad()
    if let scalar = Unicode.Scalar(first) { return scalar }
    guard (0xD800...0xDBFF).contains(first) else {
      position = start
      throw failure("\\u\(hex(first)) is a low surrogate without a high surrogate before it")
    }
    let escapeFollows =
      position + 1 < end && bytes[position] == UInt8(ascii: "\\")
      && bytes[position + 1] == UInt8(ascii: "u")
    guard escapeFollows else {
      if position >= end || (position + 1 == end && bytes[position] == UInt8(ascii: "\\")) {
        throw endFailure("the low surrogate after \\u\(hex(first))")
      }
      position = start
      throw failure("\\u\(hex(first)) is a high surrogate without a low surrogate after it")
    }
    position += 2
    let second = try parseHexQuad()
    guard (0xDC00...0xDFFF).contains(second),
      let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
    else {
      position = start
      throw failure("\\u\(hex(first)) is a high surrogate without a low surrogate after it")
    }
    return scalar
  }

  private mutating func parseHexQuad() throws(JSONSyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard position < end else { throw endFailure("four hexadecimal digits after \\u") }
      let byte = bytes[position]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw unexpected(expecting: "four hexadecimal digits after \\u")
      }
      value = value << 4 | UInt32(digit)
      position += 1
    }
    return value
  }

  private func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  // MARK: Whitespace and errors

  private mutating func skipWhitespace() {
    while position < end {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  private func failure(_ message: String) -> JSONSyntaxError {
    JSONSyntaxError(message: message, offset: position, isAtEnd: false)
  }

  private func endFailure(_ expected: String) -> JSONSyntaxError {
    JSONSyntaxError(
      message: "the text ends where \(expected) should follow", offset: position, isAtEnd: true)
  }

  private func unexpected(expecting expected: String) -> JSONSyntaxError {
    failure("expected \(expected), found \(describeByte(bytes[position]))")
  }

  /// A byte as messages show it: `'x'` when printable ASCII, `byte 0xC3` otherwise.
  private func describeByte(_ byte: UInt8) -> String {
    if byte >= 0x20 && byte < 0x7F {
      return "'\(Character(Unicode.Scalar(byte)))'"
    }
    let digits = String(byte, radix: 16, uppercase: true)
    return "byte 0x\(digits.count < 2 ? "0" : "")\(digits)"
  }
}

/// Keys an object's members are kept for, found by their bytes: the parser hands on the set's
/// own string for a key, rather than making and hashing one for every member it reads.
struct JSONKeySet: Sendable {
  /// The keys by their length in UTF-8 bytes and first byte, each with its bytes and number.
  private let buckets: [[(bytes: [UInt8], index: Int, key: String)]]
  private static let longest = 64

  init(_ keys: some Sequence<String>) {
    var buckets = [[(bytes: [UInt8], index: Int, key: String)]](
      repeating: [], count: (Self.longest + 1) << 8)
    for (index, key) in keys.sorted().enumerated() {
      let bytes = Array(key.utf8)
      precondition(!bytes.isEmpty && bytes.count <= Self.longest && index < Members.capacity)
      buckets[Self.bucket(bytes.count, bytes[0])].append((bytes, index, key))
    }
    self.buckets = buckets
  }

  private static func bucket(_ length: Int, _ first: UInt8) -> Int { length << 8 | Int(first) }

  /// Whether `key` is one of the keys.
  func contains(_ key: String) -> Bool {
    var key = key
    return key.withUTF8 { member(spelled: $0) != nil }
  }

  /// The key spelled by `bytes` and its number, nil when there is none.
  func member(spelled bytes: UnsafeBufferPointer<UInt8>) -> (index: Int, key: String)? {
    guard let first = bytes.first, bytes.count <= Self.longest else { return nil }
    for candidate in buckets[Self.bucket(bytes.count, first)] {
      if candidate.bytes.withUnsafeBufferPointer({ $0.elementsEqual(bytes) }) {
        return (candidate.index, candidate.key)
      }
    }
    return nil
  }

  /// A set of the keys' numbers.
  struct Members {
    static let capacity = 128
    private var bits: (UInt64, UInt64) = (0, 0)

    /// Adds `index`; false when it was there.
    mutating func insert(_ index: Int) -> Bool {
      let bit = UInt64(1) << UInt64(index & 63)
      if index < 64 {
        defer { bits.0 |= bit }
        return bits.0 & bit == 0
      }
      defer { bits.1 |= bit }
      return bits.1 & bit == 0
    }
  }
}
