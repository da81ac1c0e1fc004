// Writing JSON text.

extension JSONValue {
  /// The value as JSON text.
  ///
  /// Compact text has no space at all; pretty text puts each member and element on its own line,
  /// indented by two spaces, with a space after each colon. Object members keep their order.
  /// Strings escape `"`, `\` and control characters (as `\u00XX`) and keep every other character
  /// as UTF-8.
  package func serialized(pretty: Bool = false) -> String {
    var output = ""
    output.reserveCapacity(128)
    write(to: &output, indent: pretty ? 0 : nil)
    return output
  }

  /// Appends the value to `output`; `indent` is the current depth when pretty, nil when compact.
  func write(to output: inout String, indent: Int?) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .number(let text): output += text
    case .string(let text): JSONValue.writeString(text, to: &output)
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
        JSONValue.writeString(keys[index], to: &output)
        output += inner == nil ? ":" : ": "
        values[index].write(to: &output, indent: inner)
      }
    }
  }

  private func writeContainer(
    open: String, close: String, count: Int, to output: inout String, indent: Int?,
    element: (Int, inout String, Int?) -> Void
  ) {
    output += open
    guard count > 0 else {
      output += close
      return
    }
    let inner = indent.map { $0 + 1 }
    for index in 0..<count {
      if index > 0 { output += "," }
      if let inner { output += "\n" + String(repeating: "  ", count: inner) }
      element(index, &output, inner)
    }
    if let indent { output += "\n" + String(repeating: "  ", count: indent) }
    output += close
  }

  /// Appends `text` as a JSON string literal.
  static func writeString(_ text: String, to output: inout String) {
    output += "\""
    defer { output += "\"" }
    guard text.utf8.contains(where: { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 }) else {
      output += text
      return
    }
    // The characters escaped are ASCII, so every run between them ends on a scalar boundary
    // (not always on a character's: "\r\n" is one). Each run is appended as a substring, in
    // place; appending a view of scalars would copy the whole output each time.
    let bytes = text.utf8
    let run = { (range: Range<String.Index>) in Substring(text.unicodeScalars[range]) }
    var unescapedStart = bytes.startIndex
    var index = unescapedStart
    while index < bytes.endIndex {
      let byte = bytes[index]
      if byte == 0x22 || byte == 0x5C || byte < 0x20 {
        output += run(unescapedStart..<index)
        output += escape(Unicode.Scalar(byte))
        unescapedStart = bytes.index(after: index)
      }
      index = bytes.index(after: index)
    }
    output += run(unescapedStart..<bytes.endIndex)
  }

  private static func escape(_ scalar: Unicode.Scalar) -> String {
    switch scalar {
    case "\"": return "\\\""
    case "\\": return "\\\\"
    default:
      let hex = String(scalar.value, radix: 16)
      return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
  }
}

/// Compact JSON text of an object written a part at a time, for an object with a member too
/// long to hold at once (the findings of `replay check --json` on a long trace): the same text
/// ``JSONValue/serialized(pretty:)`` gives for the whole object, handed to `write` in pieces of
/// about 64 KiB.
package struct JSONObjectWriter {
  private let write: (String) -> Void
  private var pending = "{"
  private var isFirstMember = true
  private var isFirstElement = true

  package init(write: @escaping (String) -> Void) {
    self.write = write
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
    pending += "["
    isFirstElement = true
  }

  /// Writes an element of the array ``startArray(_:)`` started.
  package mutating func element(_ value: JSONValue) {
    if !isFirstElement { pending += "," }
    isFirstElement = false
    value.write(to: &pending, indent: nil)
    flushIfLong()
  }

  /// Ends the array ``startArray(_:)`` started.
  package mutating func endArray() {
    pending += "]"
  }

  /// Ends the object and writes what is left; `terminator` follows it.
  package mutating func finish(terminator: String = "") {
    pending += "}" + terminator
    write(pending)
    pending = ""
  }

  private mutating func startMember(_ key: String) {
    if !isFirstMember { pending += "," }
    isFirstMember = false
    JSONValue.writeString(key, to: &pending)
    pending += ":"
  }

  private mutating func flushIfLong() {
    guard pending.utf8.count >= 1 << 16 else { return }
    write(pending)
    pending.removeAll(keepingCapacity: true)
  }
}
