/// Why bytes are not one JSON value, and where.
package struct JSONSyntaxError: Error, Equatable {
  /// What is wrong, such as `expected ':' after a key, found '}'`.
  package var message: String
  /// The offset of the offending byte in the parsed buffer.
  package var offset: Int
  /// Whether the input ended before the value was complete (what a cut line looks like).
  package var isAtEnd: Bool
}

/// A strict JSON parser over a range of bytes (RFC 8259), with numbers kept as text: here what
/// reads strings, numbers and literals and passes over values, which a stored state is read
/// with; `SceneTraceFile` builds whole documents with it.
///
/// It never traps on any input: every index is checked against the end, nesting is limited to
/// ``maximumDepth``, and strings are validated as UTF-8.
package struct JSONParser {
  /// The deepest nesting of arrays and objects accepted.
  package static let maximumDepth = 64

  package let bytes: UnsafeBufferPointer<UInt8>
  package var position: Int
  package let end: Int

  /// A parser for `bytes[range]`; `range` must lie within `bytes`.
  package init(bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) {
    precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count)
    self.bytes = bytes
    self.position = range.lowerBound
    self.end = range.upperBound
  }

  /// Reads a value as `parseDocument` would and with the same errors, keeping nothing but one
  /// string or number at a time; only a key repeated in an object inside it goes unnoticed.
  package mutating func skipValue(depth: Int) throws(JSONSyntaxError) {
    skipWhitespace()
    guard position < end else { throw endFailure("a value") }
    let opening = bytes[position]
    guard opening == UInt8(ascii: "{") || opening == UInt8(ascii: "[") else {
      return try skipScalar()
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

  /// Reads a string, a number or a literal, keeping nothing.
  private mutating func skipScalar() throws(JSONSyntaxError) {
    switch bytes[position] {
    case UInt8(ascii: "\""): _ = try parseString()
    case UInt8(ascii: "t"): try parseLiteral("true")
    case UInt8(ascii: "f"): try parseLiteral("false")
    case UInt8(ascii: "n"): try parseLiteral("null")
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try parseNumber()
    default: throw unexpected(expecting: "a value")
    }
  }

  /// Reads a member's key and the `:` after it when the key is printable ASCII without escapes,
  /// and returns where its bytes are (between the quotes); otherwise reads nothing but the
  /// whitespace before it and returns nil. Such a key is taken as its bytes, with no string
  /// made of it.
  package mutating func parsePlainMemberKey() -> Range<Int>? {
    skipWhitespace()
    let opening = position
    guard position < end, bytes[position] == UInt8(ascii: "\"") else { return nil }
    var closing = position + 1
    while closing < end, (0x20..<0x80).contains(bytes[closing]),
      bytes[closing] != UInt8(ascii: "\""), bytes[closing] != UInt8(ascii: "\\")
    {
      closing += 1
    }
    guard closing < end, bytes[closing] == UInt8(ascii: "\"") else { return nil }
    position = closing + 1
    skipWhitespace()
    guard position < end, bytes[position] == UInt8(ascii: ":") else {
      position = opening
      return nil
    }
    position += 1
    return (opening + 1)..<closing
  }

  /// Reads the next member's key and the `:` after it when the key is `expected`, spelled as it
  /// is (no escapes), after a comma when `afterMember`: where the bytes say anything else, the
  /// position is left where it was and the result is nil. The key's bytes, when read. (A stored
  /// state's members come in the order its fields are read, nearly always every one: each is
  /// matched where it stands, without reading the key first and comparing it after. Through
  /// ``parsePlainMemberKey()`` and a comparison, which scans the key for its closing quote
  /// first, reading the state of 2·10^6 mixed events took 170.9 M instructions, not 160.1 M.)
  package mutating func parseMemberKey(
    _ expected: StaticString, afterMember: Bool
  ) -> Range<Int>? {
    let opening = position
    skipWhitespace()
    if afterMember {
      guard position < end, bytes[position] == UInt8(ascii: ",") else {
        position = opening
        return nil
      }
      position += 1
      skipWhitespace()
    }
    let count = expected.utf8CodeUnitCount
    let start = position + 1
    guard start + count < end, bytes[position] == UInt8(ascii: "\""),
      bytes[start + count] == UInt8(ascii: "\""),
      UnsafeBufferPointer(rebasing: bytes[start..<start + count]).compareBytewise(
        with: UnsafeBufferPointer(start: expected.utf8Start, count: count)) == 0
    else {
      position = opening
      return nil
    }
    position = start + count + 1
    skipWhitespace()
    guard position < end, bytes[position] == UInt8(ascii: ":") else {
      position = opening
      return nil
    }
    position += 1
    return start..<start + count
  }

  /// Reads a member's key and the `:` after it.
  package mutating func parseMemberKey() throws(JSONSyntaxError) -> String {
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

  package func checkDepth(_ depth: Int) throws(JSONSyntaxError) {
    if depth > Self.maximumDepth {
      throw failure("arrays and objects nest deeper than \(Self.maximumDepth) levels")
    }
  }

  package mutating func parseLiteral(_ word: StaticString) throws(JSONSyntaxError) {
    let text = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    for expected in text {
      guard position < end else { throw endFailure("the rest of \(word)") }
      guard bytes[position] == expected else { throw unexpected(expecting: "\(word)") }
      position += 1
    }
  }

  /// Reads a number in JSON's grammar and returns its text unchanged.
  package mutating func parseNumber() throws(JSONSyntaxError) -> String {
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

  /// The integer at the position when it is written in plain digits, as the canonical form
  /// writes one (`-12`, `0`): an optional minus, then `0` or digits without a leading zero,
  /// not followed by a fraction, an exponent or another digit, whose value fits `Integer`. The
  /// position is moved past it; otherwise it is left where it was and the result is nil, for
  /// ``parseNumber()`` to read the number and say what is wrong with it. (A number read as text
  /// and then converted made a string of each: about 500 instructions, where the digits take
  /// 40.)
  package mutating func parsePlainInteger<Integer: FixedWidthInteger>(
    _ type: Integer.Type
  ) -> Integer? {
    var index = position
    let negative = index < end && bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    let first = index
    var value: Integer = 0
    while index < end, isDigit(bytes[index]) {
      let digit = Integer(bytes[index] &- UInt8(ascii: "0"))
      let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
      // Accumulated with its sign, so that the most negative value fits too.
      let (next, carry) =
        negative
        ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
      guard !overflow, !carry else { return nil }
      value = next
      index += 1
    }
    let count = index - first
    guard count > 0, count == 1 || bytes[first] != UInt8(ascii: "0") else { return nil }
    if index < end {
      let next = bytes[index]
      guard next != UInt8(ascii: "."), next | 0x20 != UInt8(ascii: "e") else { return nil }
    }
    position = index
    return value
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

  /// Reads a string from its opening quote, decoding escapes and validating UTF-8.
  package mutating func parseString() throws(JSONSyntaxError) -> String {
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

  package mutating func skipWhitespace() {
    while position < end {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  package func failure(_ message: String) -> JSONSyntaxError {
    JSONSyntaxError(message: message, offset: position, isAtEnd: false)
  }

  package func endFailure(_ expected: String) -> JSONSyntaxError {
    JSONSyntaxError(
      message: "the text ends where \(expected) should follow", offset: position, isAtEnd: true)
  }

  package func unexpected(expecting expected: String) -> JSONSyntaxError {
    failure("expected \(expected), found \(describeByte(bytes[position]))")
  }

  /// A byte as messages show it: `'x'` when printable ASCII, `byte 0xC3` otherwise.
  package func describeByte(_ byte: UInt8) -> String {
    if byte >= 0x20 && byte < 0x7F {
      return "'\(Character(Unicode.Scalar(byte)))'"
    }
    let digits = String(byte, radix: 16, uppercase: true)
    return "byte 0x\(digits.count < 2 ? "0" : "")\(digits)"
  }
}
