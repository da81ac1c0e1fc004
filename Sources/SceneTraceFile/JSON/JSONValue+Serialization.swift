import SceneTrace

// Writing JSON text.

extension JSONValue {
  /// The value as JSON text, compact or pretty, in the form ``JSONTextSink`` writes. Object
  /// members keep their order.
  package func serialized(pretty: Bool = false) -> String {
    var output = JSONText()
    write(to: &output, indent: pretty ? 0 : nil)
    return output.string
  }

  /// Appends the value to `output`; `indent` is the current depth when pretty, nil when compact.
  package func write(to output: inout JSONText, indent: Int?) {
    JSONTextSink.append(to: &output, indent: indent) { emit(to: &$0) }
  }

  /// Hands the value to `sink`, a container's members and elements in order.
  package func emit(to sink: inout some JSONSink) {
    switch self {
    case .null, .bool, .number, .string: sink.scalar(self)
    case .array(let elements):
      sink.beginArray()
      for index in elements.indices { elements[index].emit(to: &sink) }
      sink.endArray()
    case .object(let object):
      sink.beginObject()
      // By index: a `zip` of the two arrays copied out (retained) every key and value.
      let keys = object.keys
      let values = object.values
      for index in keys.indices {
        sink.key(keys[index])
        values[index].emit(to: &sink)
      }
      sink.endObject()
    }
  }

  /// Appends a value that holds no other, as it is written.
  fileprivate func writeScalar(to output: inout JSONText) {
    switch self {
    case .null: output.append("null")
    case .bool(let value): output.append(value ? "true" : "false")
    case .number(let text): output.appendRaw(text)
    case .string(let text): output.appendString(text)
    case .array, .object: preconditionFailure("a container is not a scalar")
    }
  }
}

/// Where JSON goes as it is made, a value at a time: a value that holds no other, or a
/// container's start, its members (each key, then its value) or elements, and its end. The public
/// state JSON is described once, as what it hands a sink, and either written as text as it goes
/// (``JSONTextSink``: `replay state --json` of a long trace, with no tree of it made) or made into
/// a ``JSONValue`` (``JSONTreeSink``: a path's value, a comparison).
package protocol JSONSink {
  mutating func beginObject()
  /// The next member's key; its value follows.
  mutating func key(_ key: String)
  mutating func endObject()
  mutating func beginArray()
  mutating func endArray()
  /// `null`, a boolean, a number or a string.
  mutating func scalar(_ value: JSONValue)
}

/// JSON text written as it is handed over, compact or pretty: the one place the form of JSON text
/// is made (``JSONValue/serialized(pretty:)`` hands its tree to one).
///
/// Compact text has no space at all; pretty text puts each member and element on its own line,
/// indented by two spaces, with a space after each colon, and an empty container as `{}` or `[]`.
/// Strings escape `"`, `\` and control characters (as `\u00XX`) and keep every other character
/// as UTF-8.
package struct JSONTextSink: JSONSink {
  /// The text so far.
  package var output: JSONText
  /// The depth of the outermost value when pretty; nil when compact.
  private let indent: Int?
  /// How many containers are open.
  private var depth = 0
  /// For each of the 64 outermost containers open, whether it has a member or an element yet:
  /// bit `d - 1` for the container at depth `d`. (An array of them cost each finding of `replay
  /// check --json` an allocation and a uniqueness check at every entry.)
  private var filledBits: UInt64 = 0
  /// The same for the containers deeper than 64, outermost first.
  private var deeperFilled: [Bool] = []
  /// Whether a key was written whose value comes next.
  private var afterKey = false
  /// Where the text goes a part at a time, when it is not kept whole: handed over at the start
  /// of an entry once it holds `JSONText.partSize` bytes (the sink never reads back what it
  /// wrote).
  private var part: ((borrowing JSONText) -> Void)?

  /// Text appended to `output`, pretty from depth `indent`, compact when it is nil.
  package init(output: JSONText, indent: Int?) {
    self.output = output
    self.indent = indent
  }

  /// Appends to `output` what `write` hands a sink, pretty from depth `indent` (compact when it
  /// is nil). The text is moved into the sink and back, not copied: a copy would share its
  /// storage, and copy it all at the first append.
  package static func append(
    to output: inout JSONText, indent: Int?, _ write: (inout JSONTextSink) -> Void
  ) {
    var sink = JSONTextSink(output: JSONText(reservingCapacity: 0), indent: indent)
    swap(&sink.output, &output)
    defer { swap(&sink.output, &output) }
    write(&sink)
  }

  /// Hands `part` what `write` hands a sink, as text pretty from depth `indent` (compact when it
  /// is nil), a part of about 64 KiB at a time as it is made, and the rest at the end.
  package static func write(
    indent: Int?, parts part: (borrowing JSONText) -> Void, _ write: (inout JSONTextSink) -> Void
  ) {
    withoutActuallyEscaping(part) { part in
      var sink = JSONTextSink(
        output: JSONText(reservingCapacity: JSONText.partSize + JSONText.partSize / 4),
        indent: indent)
      sink.part = part
      write(&sink)
      sink.output.handOver(to: part)
    }
  }

  /// Whether the innermost container open has a member or an element yet.
  private var innermostIsFilled: Bool {
    get {
      depth <= 64 ? filledBits & 1 << (depth - 1) != 0 : deeperFilled[depth - 65]
    }
    set {
      if depth > 64 {
        deeperFilled[depth - 65] = newValue
      } else if newValue {
        filledBits |= 1 << (depth - 1)
      } else {
        filledBits &= ~(1 << (depth - 1))
      }
    }
  }

  /// Where a value starts: after its key, or after a comma and a line break in an array.
  private mutating func startValue() {
    if afterKey {
      afterKey = false
    } else if depth > 0 {
      startEntry()
    }
  }

  /// A comma after the entry before, and the line break of a pretty entry.
  private mutating func startEntry() {
    if let part { output.handOver(atLeast: JSONText.partSize, to: part) }
    if innermostIsFilled { output.append(",") }
    innermostIsFilled = true
    if let indent { output.appendLineBreak(indent: indent + depth) }
  }

  private mutating func open(_ bracket: StaticString) {
    startValue()
    output.append(bracket)
    depth += 1
    if depth > 64 { deeperFilled.append(false) } else { innermostIsFilled = false }
  }

  private mutating func close(_ bracket: StaticString) {
    let wasFilled = innermostIsFilled
    if depth > 64 { deeperFilled.removeLast() }
    depth -= 1
    if wasFilled, let indent { output.appendLineBreak(indent: indent + depth) }
    output.append(bracket)
  }

  package mutating func beginObject() { open("{") }
  package mutating func endObject() { close("}") }
  package mutating func beginArray() { open("[") }
  package mutating func endArray() { close("]") }

  package mutating func key(_ key: String) {
    startEntry()
    output.appendString(key)
    output.append(indent == nil ? ":" : ": ")
    afterKey = true
  }

  package mutating func scalar(_ value: JSONValue) {
    startValue()
    value.writeScalar(to: &output)
  }

  /// A value `write` appends to ``output`` as JSON text, whole: one made by a writer of its
  /// own, such as an event's export form.
  package mutating func value(writing write: (inout JSONText) -> Void) {
    startValue()
    write(&output)
  }
}

/// A ``JSONValue`` made of what a sink is handed.
package struct JSONTreeSink: JSONSink {
  /// A container being filled: an object's keys and values, or an array's elements.
  private struct Open {
    var keys: [String] = []
    var values: [JSONValue] = []
  }

  private var open: [Open] = []
  private var finished: JSONValue?

  /// The value `make` hands its sink.
  package static func build(_ make: (inout JSONTreeSink) -> Void) -> JSONValue {
    var sink = JSONTreeSink()
    make(&sink)
    precondition(sink.open.isEmpty, "a container was not ended")
    return sink.finished ?? .null
  }

  private mutating func add(_ value: JSONValue) {
    guard !open.isEmpty else { return finished = value }
    open[open.count - 1].values.append(value)
  }

  package mutating func beginObject() { open.append(Open()) }
  package mutating func beginArray() { open.append(Open()) }

  package mutating func endObject() {
    let object = open.removeLast()
    add(.object(JSONObject(uncheckedKeys: object.keys, values: object.values)))
  }

  package mutating func endArray() {
    add(.array(open.removeLast().values))
  }

  package mutating func key(_ key: String) {
    open[open.count - 1].keys.append(key)
  }

  package mutating func scalar(_ value: JSONValue) { add(value) }
}

/// Compact JSON text of an object written a part at a time, for an object with a member too
/// long to hold at once (the findings of `replay check --json` on a long trace): the same text
/// ``JSONValue/serialized(pretty:)`` gives for the whole object, written by one
/// ``JSONTextSink`` and handed to `write` in pieces of about 64 KiB.
package struct JSONObjectWriter {
  private let write: (String) -> Void
  private var sink = JSONTextSink(
    output: JSONText(reservingCapacity: 1 << 16 + 4096), indent: nil)

  package init(write: @escaping (String) -> Void) {
    self.write = write
    sink.beginObject()
  }

  /// Writes the member `key`: `value`.
  package mutating func member(_ key: String, _ value: JSONValue) {
    sink.key(key)
    value.emit(to: &sink)
    flushIfLong()
  }

  /// Starts the member `key`: an array, whose elements ``element(_:)`` writes until
  /// ``endArray()``.
  package mutating func startArray(_ key: String) {
    sink.key(key)
    sink.beginArray()
  }

  /// Writes an element of the array ``startArray(_:)`` started.
  package mutating func element(_ value: JSONValue) {
    value.emit(to: &sink)
    flushIfLong()
  }

  /// Writes an element of the array ``startArray(_:)`` started: the JSON text `write` appends,
  /// whole.
  package mutating func element(writing write: (inout JSONText) -> Void) {
    sink.value(writing: write)
    flushIfLong()
  }

  /// Ends the array ``startArray(_:)`` started.
  package mutating func endArray() {
    sink.endArray()
  }

  /// Starts the member `key`: an object, whose members ``member(_:_:)`` and the others write
  /// until ``endObject()``.
  package mutating func startObject(_ key: String) {
    sink.key(key)
    sink.beginObject()
  }

  /// Ends the object ``startObject(_:)`` started.
  package mutating func endObject() {
    sink.endObject()
  }

  /// Ends the object and writes what is left; `terminator` follows it.
  package mutating func finish(terminator: String = "") {
    sink.endObject()
    sink.output.appendRaw(terminator)
    write(sink.output.string)
    sink.output = JSONText(reservingCapacity: 0)
  }

  private mutating func flushIfLong() {
    sink.output.handOver(atLeast: JSONText.partSize) { write($0.string) }
  }
}
