// Writing JSON text.

extension JSONValue {
  /// The value as JSON text.
  ///
  /// Compact text has no space at all; pretty text puts each member and element on its own line,
  /// indented by two spaces, with a space after each colon. Object members keep their order.
  /// Strings escape `"`, `\` and control characters (as `\u00XX`) and keep every other character
  /// as UTF-8.
  package func serialized(pretty: Bool = false) -> String {
    var output = JSONText()
    write(to: &output, indent: pretty ? 0 : nil)
    return output.string
  }

  /// Appends the value to `output`; `indent` is the current depth when pretty, nil when compact.
  package func write(to output: inout JSONText, indent: Int?) {
    switch self {
    case .null: output.append("null")
    case .bool(let value): output.append(value ? "true" : "false")
    case .number(let text): output.appendRaw(text)
    case .string(let text): output.appendString(text)
    case .array(let elements):
      writeContainer(open: "[", close: "]", count: elements.count, to: &output, indent: indent) {
        index, output, inner in
        elements[index].write(to: &output, indent: inner)
      }
    case .object(let object):
      let keys = object.keys
      let values = object.values
      writeContainer(open: "{", close: "}", count: keys.count, to: &output, indent: indent) {
        index, output, inner in
        output.appendString(keys[index])
        output.append(inner == nil ? ":" : ": ")
        values[index].write(to: &output, indent: inner)
      }
    }
  }

  private func writeContainer(
    open: StaticString, close: StaticString, count: Int, to output: inout JSONText,
    indent: Int?, element: (Int, inout JSONText, Int?) -> Void
  ) {
    output.append(open)
    guard count > 0 else {
      output.append(close)
      return
    }
    let inner = indent.map { $0 + 1 }
    for index in 0..<count {
      if index > 0 { output.append(",") }
      if let inner { output.appendLineBreak(indent: inner) }
      element(index, &output, inner)
    }
    if let indent { output.appendLineBreak(indent: indent) }
    output.append(close)
  }
}

/// JSON text under construction, as UTF-8 bytes: appending to a byte array costs a fraction of
/// appending to a `String`, which checks and updates its storage's flags at every append.
package struct JSONText {
  /// The text so far.
  package private(set) var bytes: [UInt8] = []

  /// Empty text, with room for `capacity` bytes.
  package init(reservingCapacity capacity: Int = 128) {
    bytes.reserveCapacity(capacity)
  }

  /// The text as a string.
  package var string: String { String(decoding: bytes, as: UTF8.self) }

  /// Empties the text, keeping its room.
  package mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
  }

  /// Appends `literal` as it is.
  package mutating func append(_ literal: StaticString) {
    // Most literals are one byte (a comma, a colon, a quote): appended as a byte, not a buffer.
    if literal.hasPointerRepresentation, literal.utf8CodeUnitCount == 1 {
      bytes.append(literal.utf8Start.pointee)
    } else {
      literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }
  }

  /// Appends `text` as it is: text already in JSON's form, such as a number's.
  package mutating func appendRaw(_ text: String) {
    if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
      bytes.append(contentsOf: text.utf8)
    }
  }

  /// How many bytes the text holds.
  package var byteCount: Int { bytes.count }

  /// Appends the bytes of `other` in `range`.
  package mutating func append(_ other: borrowing JSONText, range: Range<Int>) {
    other.bytes.withUnsafeBufferPointer { bytes.append(contentsOf: $0[range]) }
  }

  /// Appends `count` spaces (none when it is not positive).
  package mutating func appendSpaces(_ count: Int) {
    guard count > 0 else { return }
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
  }

  /// Removes the spaces at the end of the text, but none of its first `start` bytes.
  package mutating func removeTrailingSpaces(after start: Int) {
    while bytes.count > start, bytes.last == UInt8(ascii: " ") { bytes.removeLast() }
  }

  /// Appends `value` in decimal.
  package mutating func appendInteger(_ value: Int) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    appendDigits(value.magnitude, minimumCount: 1)
  }

  /// Appends the decimal digits of `value`, with leading zeros up to `minimumCount` digits.
  package mutating func appendDigits(_ value: UInt, minimumCount: Int) {
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for UInt.max's 20 digits
    var count = 0
    var rest = value
    withUnsafeMutableBytes(of: &digits) { buffer in
      repeat {
        buffer[buffer.count - 1 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
        count += 1
      } while rest != 0 || count < minimumCount
      bytes.append(contentsOf: buffer[(buffer.count - count)...])
    }
  }

  /// Appends `text` as a JSON string literal: `"` and `\` escaped, control characters as
  /// `\u00XX`, every other character as its UTF-8.
  package mutating func appendString(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      var runStart = 0
      for (index, byte) in utf8.enumerated() where byte == 0x22 || byte == 0x5C || byte < 0x20 {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        appendEscape(byte)
        runStart = index + 1
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private mutating func appendEscape(_ byte: UInt8) {
    switch byte {
    case 0x22: append("\\\"")
    case 0x5C: append("\\\\")
    default:
      let hex: StaticString = "0123456789abcdef"
      append("\\u00")
      bytes.append(hex.utf8Start[Int(byte >> 4)])
      bytes.append(hex.utf8Start[Int(byte & 0xF)])
    }
  }

  /// Appends a newline and `indent` levels of two spaces.
  package mutating func appendLineBreak(indent: Int) {
    bytes.append(UInt8(ascii: "\n"))
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
  }
}

/// Compact JSON text of an object written a part at a time, for an object with a member too
/// long to hold at once (the findings of `replay check --json` on a long trace): the same text
/// ``JSONValue/serialized(pretty:)`` gives for the whole object, handed to `write` in pieces of
/// about 64 KiB.
package struct JSONObjectWriter {
  private let write: (String) -> Void
  private var pending = JSONText(reservingCapacity: 1 << 16 + 4096)
  private var isFirstMember = true
  private var isFirstElement = true

  package init(write: @escaping (String) -> Void) {
    self.write = write
    pending.append("{")
  }

  /// Writes the member `key`: `value`.
  package mutating func member(_ key: String, _ value: JSONValue) {
    startMember(key)
    value.write(to: &pending, indent: nil)
    flushIfLong()
  }

  /// Starts the member `key`: an array, whose elements ``element(_:)`` writes until
  /// ``endArray()``.
  package mutating func startArray(_ key: String) {
    startMember(key)
    pending.append("[")
    isFirstElement = true
  }

  /// Writes an element of the array ``startArray(_:)`` started.
  package mutating func element(_ value: JSONValue) {
    if !isFirstElement { pending.append(",") }
    isFirstElement = false
    value.write(to: &pending, indent: nil)
    flushIfLong()
  }

  /// Ends the array ``startArray(_:)`` started.
  package mutating func endArray() {
    pending.append("]")
  }

  /// Ends the object and writes what is left; `terminator` follows it.
  package mutating func finish(terminator: String = "") {
    pending.append("}")
    pending.appendRaw(terminator)
    write(pending.string)
    pending = JSONText(reservingCapacity: 0)
  }

  private mutating func startMember(_ key: String) {
    if !isFirstMember { pending.append(",") }
    isFirstMember = false
    pending.appendString(key)
    pending.append(":")
  }

  private mutating func flushIfLong() {
    guard pending.bytes.count >= 1 << 16 else { return }
    write(pending.string)
    pending.removeAll()
  }
}
