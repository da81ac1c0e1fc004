/// Encodes `Encodable` values as canonical JSON: the same value gives the same bytes on every
/// platform and every run.
///
/// Canonical means: no whitespace; object members sorted by their keys' Unicode scalar values;
/// absent optionals left out; integers in decimal; other numbers as the shortest text that reads
/// back as the same Double (whole values below 10^15 without a fraction, so -0.0 is `0`),
/// infinities and NaN as the strings `"Infinity"`, `"-Infinity"`, `"NaN"`; strings escaped as
/// ``JSONValue/serialized(pretty:)`` escapes them. Foundation's `JSONEncoder` does not promise
/// this across platforms and versions, and a checkpoint digest must be the same everywhere.
///
/// The text is written as the value encodes itself rather than built as a tree of values first:
/// a member or element whose `encode(to:)` has returned is written as text into its container's
/// buffer at once, and an object puts its members' texts in key order when it is written into
/// its own container's. An encoding holds about twice its text, whatever the number of values
/// in it (a tree held several objects a value: a state of 10^6 sessions took a gigabyte).
struct CanonicalJSONEncoder {
  /// Thrown when the text would be longer than the limit it was given.
  struct TextTooLong: Error {
    /// The limit, in bytes.
    var byteLimit: Int
  }

  /// The canonical JSON text of `value`, as UTF-8; throws ``TextTooLong`` as soon as it is
  /// seen to be longer than `byteLimit`, without making the rest.
  static func encode(_ value: some Encodable, byteLimit: Int = .max) throws -> [UInt8] {
    let root = CanonicalNode(budget: CanonicalBudget(byteLimit: byteLimit))
    try value.encode(to: CanonicalNodeEncoder(node: root, codingPath: []))
    var text = JSONText(reservingCapacity: root.text.byteCount + 2)
    root.write(to: &text)
    guard text.byteCount <= byteLimit else { throw TextTooLong(byteLimit: byteLimit) }
    return text.takeBytes()
  }
}

/// How many bytes of text an encoding may still write: every node of one encoding counts what
/// it writes here, so that a text over its limit is given up early.
private final class CanonicalBudget {
  let byteLimit: Int
  /// A lower bound on the length of the text so far: the leaves and keys written (not the
  /// punctuation, nor a finished member's text copied into its container).
  private var written = 0

  init(byteLimit: Int) { self.byteLimit = byteLimit }

  func spend(_ count: Int) throws {
    written += count
    if written > byteLimit { throw CanonicalJSONEncoder.TextTooLong(byteLimit: byteLimit) }
  }
}

/// A JSON value being encoded: a leaf's text, or a container's members or elements. A finished
/// member or element is text in `text`; one that a nested container may still write to is a
/// node of its own, written out when its container is.
private final class CanonicalNode {
  enum Kind {
    case empty, leaf, object, array
  }

  /// Where a member's or element's value is.
  enum Part {
    /// Finished: these bytes of `text`.
    case text(Range<Int>)
    /// Open to a nested container, an encoder or a `superEncoder()`.
    case node(CanonicalNode)
  }

  var kind = Kind.empty
  /// A leaf's text; in a container, the text of each finished member or element in turn.
  var text = JSONText(reservingCapacity: 0)
  /// The keys of an object's members, in the order they were encoded.
  var keys: [String] = []
  /// An object's member values, in the order of `keys`, or an array's elements.
  var parts: [Part] = []
  let budget: CanonicalBudget

  init(budget: CanonicalBudget) { self.budget = budget }

  /// Makes this node the leaf `write` writes.
  func setLeaf(_ write: (inout JSONText) -> Void) throws {
    kind = .leaf
    text.removeAll()
    write(&text)
    try budget.spend(text.byteCount)
  }

  /// Adds a member or element (`key` nil) whose text `write` writes.
  func addLeaf(_ key: String?, _ write: (inout JSONText) -> Void) throws {
    let start = text.byteCount
    write(&text)
    try budget.spend(text.byteCount - start)
    try add(key, .text(start..<text.byteCount))
  }

  /// Adds a member or element (`key` nil) encoded by `encode` into a node of its own, then
  /// written into this one's text: once `encode` returns, nothing writes to it again. (Its
  /// leaves counted against the budget as they were written.)
  func addEncoded(_ key: String?, _ encode: (CanonicalNode) throws -> Void) throws {
    let child = CanonicalNode(budget: budget)
    try encode(child)
    let start = text.byteCount
    child.write(to: &text)
    try add(key, .text(start..<text.byteCount))
  }

  /// Adds a member or element (`key` nil) that stays open: a nested container's. Its key is
  /// not counted against the budget (these methods cannot throw); its leaves will be.
  func addOpen(_ key: String?) -> CanonicalNode {
    let child = CanonicalNode(budget: budget)
    append(key, .node(child))
    return child
  }

  private func add(_ key: String?, _ part: Part) throws {
    append(key, part)
    if let key { try budget.spend(key.utf8.count + 3) }
  }

  private func append(_ key: String?, _ part: Part) {
    if let key {
      kind = .object
      keys.append(key)
    } else {
      kind = .array
    }
    parts.append(part)
  }

  /// Writes the value, with an object's members in key order.
  func write(to output: inout JSONText) {
    switch kind {
    case .empty: output.append("{}")
    case .leaf: output.append(text, range: 0..<text.byteCount)
    case .array:
      output.append("[")
      for index in parts.indices {
        if index > 0 { output.append(",") }
        write(parts[index], to: &output)
      }
      output.append("]")
    case .object:
      output.append("{")
      let order = keys.indices.sorted { keys[$0].precedesInScalarOrder(keys[$1]) }
      for (position, index) in order.enumerated() {
        if position > 0 { output.append(",") }
        output.appendString(keys[index])
        output.append(":")
        write(parts[index], to: &output)
      }
      output.append("}")
    }
  }

  private func write(_ part: Part, to output: inout JSONText) {
    switch part {
    case .text(let range): output.append(text, range: range)
    case .node(let node): node.write(to: &output)
    }
  }

  /// The JSON text of a number that is not an integer: NaN and the infinities as strings.
  static func number(_ value: Double) -> String {
    if value.isNaN { return #""NaN""# }
    if value.isInfinite { return value < 0 ? #""-Infinity""# : #""Infinity""# }
    return value.compactDescription
  }
}

private struct CanonicalNodeEncoder: Encoder {
  let node: CanonicalNode
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    node.kind = .object
    return KeyedEncodingContainer(CanonicalKeyedContainer<Key>(node: node, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    node.kind = .array
    return CanonicalUnkeyedContainer(node: node, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    CanonicalSingleValueContainer(node: node, codingPath: codingPath)
  }
}

private struct CanonicalKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let node: CanonicalNode
  let codingPath: [any CodingKey]

  private func leaf(_ key: Key, _ write: (inout JSONText) -> Void) throws {
    try node.addLeaf(key.stringValue, write)
  }

  private func leaf(_ key: Key, raw text: String) throws { try leaf(key) { $0.appendRaw(text) } }

  mutating func encodeNil(forKey key: Key) throws { try leaf(key, raw: "null") }
  mutating func encode(_ value: String, forKey key: Key) throws {
    try leaf(key) { $0.appendString(value) }
  }
  mutating func encode(_ value: Bool, forKey key: Key) throws {
    try leaf(key, raw: value ? "true" : "false")
  }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    try leaf(key, raw: CanonicalNode.number(value))
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    try leaf(key, raw: CanonicalNode.number(Double(value)))
  }
  mutating func encode(_ value: Int, forKey key: Key) throws { try leaf(key, raw: String(value)) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { try leaf(key, raw: String(value)) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { try leaf(key, raw: String(value)) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { try leaf(key, raw: String(value)) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { try leaf(key, raw: String(value)) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { try leaf(key, raw: String(value)) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { try leaf(key, raw: String(value)) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws {
    try leaf(key, raw: String(value))
  }
  mutating func encode(_ value: UInt32, forKey key: Key) throws {
    try leaf(key, raw: String(value))
  }
  mutating func encode(_ value: UInt64, forKey key: Key) throws {
    try leaf(key, raw: String(value))
  }

  mutating func encode(_ value: some Encodable, forKey key: Key) throws {
    try node.addEncoded(key.stringValue) { child in
      try value.encode(to: CanonicalNodeEncoder(node: child, codingPath: codingPath + [key]))
    }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    CanonicalNodeEncoder(node: node.addOpen(key.stringValue), codingPath: codingPath + [key])
      .container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    CanonicalNodeEncoder(node: node.addOpen(key.stringValue), codingPath: codingPath + [key])
      .unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    CanonicalNodeEncoder(node: node.addOpen("super"), codingPath: codingPath)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    CanonicalNodeEncoder(node: node.addOpen(key.stringValue), codingPath: codingPath + [key])
  }
}

private struct CanonicalUnkeyedContainer: UnkeyedEncodingContainer, CanonicalLeafContainer {
  let node: CanonicalNode
  let codingPath: [any CodingKey]
  var count: Int { node.parts.count }

  func leaf(_ write: (inout JSONText) -> Void) throws { try node.addLeaf(nil, write) }

  mutating func encode(_ value: some Encodable) throws {
    try node.addEncoded(nil) { child in
      try value.encode(to: CanonicalNodeEncoder(node: child, codingPath: codingPath))
    }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    CanonicalNodeEncoder(node: node.addOpen(nil), codingPath: codingPath)
      .container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    CanonicalNodeEncoder(node: node.addOpen(nil), codingPath: codingPath).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    CanonicalNodeEncoder(node: node.addOpen(nil), codingPath: codingPath)
  }
}

private struct CanonicalSingleValueContainer: SingleValueEncodingContainer, CanonicalLeafContainer {
  let node: CanonicalNode
  let codingPath: [any CodingKey]

  func leaf(_ write: (inout JSONText) -> Void) throws { try node.setLeaf(write) }

  mutating func encode(_ value: some Encodable) throws {
    try value.encode(to: CanonicalNodeEncoder(node: node, codingPath: codingPath))
  }
}

/// The unkeyed and single-value containers, which take the same primitives and write each as
/// a leaf: an unkeyed container's next element, a single-value container's node.
private protocol CanonicalLeafContainer {
  /// Writes a leaf whose text `write` writes.
  func leaf(_ write: (inout JSONText) -> Void) throws
}

extension CanonicalLeafContainer {
  private func leaf(raw text: String) throws { try leaf { $0.appendRaw(text) } }

  mutating func encodeNil() throws { try leaf(raw: "null") }
  mutating func encode(_ value: String) throws { try leaf { $0.appendString(value) } }
  mutating func encode(_ value: Bool) throws { try leaf(raw: value ? "true" : "false") }
  mutating func encode(_ value: Double) throws { try leaf(raw: CanonicalNode.number(value)) }
  mutating func encode(_ value: Float) throws { try leaf(raw: CanonicalNode.number(Double(value))) }
  mutating func encode(_ value: Int) throws { try leaf(raw: String(value)) }
  mutating func encode(_ value: Int8) throws { try leaf(raw: String(value)) }
  mutating func encode(_ value: Int16) throws { try leaf(raw: String(value)) }
  mutating func encode(_ value: Int32) throws { try leaf(raw: String(value)) }
  mutating func encode(_ value: Int64) throws { try leaf(raw: String(value)) }
  mutating func encode(_ value: UInt) throws { try leaf(raw: String(value)) }
  mutating func encode(_ value: UInt8) throws { try leaf(raw: String(value)) }
  mutating func encode(_ value: UInt16) throws { try leaf(raw: String(value)) }
  mutating func encode(_ value: UInt32) throws { try leaf(raw: String(value)) }
  mutating func encode(_ value: UInt64) throws { try leaf(raw: String(value)) }
}
