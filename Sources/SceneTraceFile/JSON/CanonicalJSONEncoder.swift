/// Encodes `Encodable` values as canonical JSON: the same value gives the same bytes on every
/// platform and every run.
///
/// Canonical means: no whitespace; object members sorted by their keys' Unicode scalar values;
/// absent optionals left out; integers in decimal; other numbers as the shortest text that reads
/// back as the same Double (whole values below 10^15 without a fraction, so -0.0 is `0`),
/// infinities and NaN as the strings `"Infinity"`, `"-Infinity"`, `"NaN"`; strings escaped as
/// ``JSONValue/serialized(pretty:)`` escapes them. Foundation's `JSONEncoder` does not promise
/// this across platforms and versions, and a checkpoint digest must be the same everywhere.
struct CanonicalJSONEncoder {
  /// The canonical JSON text of `value`, as UTF-8.
  static func encode(_ value: some Encodable) throws -> [UInt8] {
    let root = CanonicalNode()
    try value.encode(to: CanonicalNodeEncoder(node: root, codingPath: []))
    return Array(root.value.serialized().utf8)
  }
}

/// A JSON value under construction; containers fill it as the value encodes itself.
private final class CanonicalNode {
  enum Kind {
    case empty, leaf, object, array
  }

  var kind = Kind.empty
  var leaf = JSONValue.null
  var members: [(key: String, node: CanonicalNode)] = []
  var elements: [CanonicalNode] = []

  /// The finished value, with object members sorted by key.
  var value: JSONValue {
    switch kind {
    case .empty: return .object(JSONObject())
    case .leaf: return leaf
    case .array: return .array(elements.map(\.value))
    case .object:
      let sorted = members.sorted { $0.key.precedesInScalarOrder($1.key) }
      return .object(JSONObject(uncheckedKeys: sorted.map(\.key), values: sorted.map(\.node.value)))
    }
  }

  func setLeaf(_ value: JSONValue) {
    kind = .leaf
    leaf = value
  }

  func member(_ key: String) -> CanonicalNode {
    kind = .object
    let node = CanonicalNode()
    members.append((key, node))
    return node
  }

  func element() -> CanonicalNode {
    kind = .array
    let node = CanonicalNode()
    elements.append(node)
    return node
  }

  static func number(_ value: Double) -> JSONValue {
    if value.isNaN { return .string("NaN") }
    if value.isInfinite { return .string(value < 0 ? "-Infinity" : "Infinity") }
    return .number(value.compactDescription)
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

  private func leaf(_ key: Key, _ value: JSONValue) {
    node.member(key.stringValue).setLeaf(value)
  }

  mutating func encodeNil(forKey key: Key) { leaf(key, .null) }
  mutating func encode(_ value: Bool, forKey key: Key) { leaf(key, .bool(value)) }
  mutating func encode(_ value: String, forKey key: Key) { leaf(key, .string(value)) }
  mutating func encode(_ value: Double, forKey key: Key) { leaf(key, CanonicalNode.number(value)) }
  mutating func encode(_ value: Float, forKey key: Key) {
    leaf(key, CanonicalNode.number(Double(value)))
  }
  mutating func encode(_ value: Int, forKey key: Key) { leaf(key, .number(String(value))) }
  mutating func encode(_ value: Int8, forKey key: Key) { leaf(key, .number(String(value))) }
  mutating func encode(_ value: Int16, forKey key: Key) { leaf(key, .number(String(value))) }
  mutating func encode(_ value: Int32, forKey key: Key) { leaf(key, .number(String(value))) }
  mutating func encode(_ value: Int64, forKey key: Key) { leaf(key, .number(String(value))) }
  mutating func encode(_ value: UInt, forKey key: Key) { leaf(key, .number(String(value))) }
  mutating func encode(_ value: UInt8, forKey key: Key) { leaf(key, .number(String(value))) }
  mutating func encode(_ value: UInt16, forKey key: Key) { leaf(key, .number(String(value))) }
  mutating func encode(_ value: UInt32, forKey key: Key) { leaf(key, .number(String(value))) }
  mutating func encode(_ value: UInt64, forKey key: Key) { leaf(key, .number(String(value))) }

  mutating func encode(_ value: some Encodable, forKey key: Key) throws {
    let child = node.member(key.stringValue)
    try value.encode(to: CanonicalNodeEncoder(node: child, codingPath: codingPath + [key]))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let child = node.member(key.stringValue)
    return CanonicalNodeEncoder(node: child, codingPath: codingPath + [key])
      .container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let child = node.member(key.stringValue)
    return CanonicalNodeEncoder(node: child, codingPath: codingPath + [key]).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    CanonicalNodeEncoder(node: node.member("super"), codingPath: codingPath)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    CanonicalNodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
  }
}

private struct CanonicalUnkeyedContainer: UnkeyedEncodingContainer {
  let node: CanonicalNode
  let codingPath: [any CodingKey]
  var count: Int { node.elements.count }

  private func leaf(_ value: JSONValue) { node.element().setLeaf(value) }

  mutating func encodeNil() { leaf(.null) }
  mutating func encode(_ value: Bool) { leaf(.bool(value)) }
  mutating func encode(_ value: String) { leaf(.string(value)) }
  mutating func encode(_ value: Double) { leaf(CanonicalNode.number(value)) }
  mutating func encode(_ value: Float) { leaf(CanonicalNode.number(Double(value))) }
  mutating func encode(_ value: Int) { leaf(.number(String(value))) }
  mutating func encode(_ value: Int8) { leaf(.number(String(value))) }
  mutating func encode(_ value: Int16) { leaf(.number(String(value))) }
  mutating func encode(_ value: Int32) { leaf(.number(String(value))) }
  mutating func encode(_ value: Int64) { leaf(.number(String(value))) }
  mutating func encode(_ value: UInt) { leaf(.number(String(value))) }
  mutating func encode(_ value: UInt8) { leaf(.number(String(value))) }
  mutating func encode(_ value: UInt16) { leaf(.number(String(value))) }
  mutating func encode(_ value: UInt32) { leaf(.number(String(value))) }
  mutating func encode(_ value: UInt64) { leaf(.number(String(value))) }

  mutating func encode(_ value: some Encodable) throws {
    try value.encode(to: CanonicalNodeEncoder(node: node.element(), codingPath: codingPath))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    CanonicalNodeEncoder(node: node.element(), codingPath: codingPath).container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    CanonicalNodeEncoder(node: node.element(), codingPath: codingPath).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    CanonicalNodeEncoder(node: node.element(), codingPath: codingPath)
  }
}

private struct CanonicalSingleValueContainer: SingleValueEncodingContainer {
  let node: CanonicalNode
  let codingPath: [any CodingKey]

  private func leaf(_ value: JSONValue) { node.setLeaf(value) }

  mutating func encodeNil() { leaf(.null) }
  mutating func encode(_ value: Bool) { leaf(.bool(value)) }
  mutating func encode(_ value: String) { leaf(.string(value)) }
  mutating func encode(_ value: Double) { leaf(CanonicalNode.number(value)) }
  mutating func encode(_ value: Float) { leaf(CanonicalNode.number(Double(value))) }
  mutating func encode(_ value: Int) { leaf(.number(String(value))) }
  mutating func encode(_ value: Int8) { leaf(.number(String(value))) }
  mutating func encode(_ value: Int16) { leaf(.number(String(value))) }
  mutating func encode(_ value: Int32) { leaf(.number(String(value))) }
  mutating func encode(_ value: Int64) { leaf(.number(String(value))) }
  mutating func encode(_ value: UInt) { leaf(.number(String(value))) }
  mutating func encode(_ value: UInt8) { leaf(.number(String(value))) }
  mutating func encode(_ value: UInt16) { leaf(.number(String(value))) }
  mutating func encode(_ value: UInt32) { leaf(.number(String(value))) }
  mutating func encode(_ value: UInt64) { leaf(.number(String(value))) }

  mutating func encode(_ value: some Encodable) throws {
    try value.encode(to: CanonicalNodeEncoder(node: node, codingPath: codingPath))
  }
}
