import SceneTrace

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
    guard pending.byteCount >= 1 << 16 else { return }
    write(pending.string)
    pending.removeAll()
  }
}
