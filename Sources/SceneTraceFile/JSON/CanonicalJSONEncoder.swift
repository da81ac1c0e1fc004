import SceneTrace

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
/// The text is written where it ends up: one buffer for the whole encoding, each member or
/// element written at its end as the value encodes itself. An object whose members came out of
/// key order (most do: a type encodes its fields in the order it declares them) has them put in
/// order when its value's `encode(to:)` returns, in place, its members' texts copied once. A
/// value that writes into a container after a later sibling was begun (a nested container kept
/// and written to afterwards) cannot be written so: the encoding starts again in nodes that
/// hold each open container apart (``CanonicalNode``), which any order of writes fits.
struct CanonicalJSONEncoder {
  /// Thrown when the text would be longer than the limit it was given.
  struct TextTooLong: Error {
    /// The limit, in bytes.
    var byteLimit: Int
  }

  /// The canonical JSON text of `value`, as UTF-8; throws ``TextTooLong`` as soon as it is
  /// seen to be longer than `byteLimit`, without making the rest.
  static func encode(_ value: some Encodable, byteLimit: Int = .max) throws -> [UInt8] {
    if let text = try encodeInOneBuffer(value, byteLimit: byteLimit) { return text }
    return try encodeInNodes(value, byteLimit: byteLimit)
  }

  /// The text written into one buffer, or nil when `value` wrote into a container after a
  /// later sibling was begun.
  static func encodeInOneBuffer(_ value: some Encodable, byteLimit: Int) throws -> [UInt8]? {
    let writer = CanonicalWriter(byteLimit: byteLimit)
    do {
      try writer.encodeRoot(value)
    } catch is CanonicalWriter.Irregular {
      return nil
    }
    return writer.wasIrregular ? nil : writer.takeBytes()
  }

  /// The same text, made in a node for every container: slower, but written to in any order.
  static func encodeInNodes(_ value: some Encodable, byteLimit: Int) throws -> [UInt8] {
    let root = CanonicalNode(budget: CanonicalBudget(byteLimit: byteLimit))
    try value.encode(to: CanonicalNodeEncoder(node: root, codingPath: []))
    var text = JSONText(reservingCapacity: root.text.byteCount + 2)
    root.write(to: &text)
    guard text.byteCount <= byteLimit else { throw TextTooLong(byteLimit: byteLimit) }
    return text.takeBytes()
  }

  /// The JSON text of a number that is not an integer: NaN and the infinities as strings.
  static func number(_ value: Double) -> String { value.canonicalJSONText }
}

/// One encoding written into one buffer. Each value being encoded has a frame on a stack, the
/// innermost last; a container writes into its frame, and writing into a frame ends the frames
/// above it (their values are done: the containers of a value are written before its next
/// sibling, in every `encode(to:)` the compiler makes and every one this package writes). A
/// write into a frame already ended marks the encoding irregular: its text is not used.
private final class CanonicalWriter {
  /// Thrown where a write comes into a frame already ended.
  struct Irregular: Error {}

  enum Kind {
    /// Nothing written yet: an empty object when it ends so.
    case pending
    case leaf, object, array
  }

  /// A frame: plain values, so that the stack is read without copying a key.
  struct Frame {
    let id: Int
    var kind = Kind.pending
    /// Where its first member is in `members` (an object's).
    let firstMember: Int
    /// How many members or elements it has.
    var count = 0
  }

  /// An open object's member: its key, and where its text (`"key":value`) starts.
  struct Member {
    let key: String
    let start: Int
  }

  /// The text. Only this writer's containers write to it, one call at a time.
  @exclusivity(unchecked) private var text: JSONText
  private let byteLimit: Int
  @exclusivity(unchecked) private var frames: [Frame] = []
  /// The key each frame's container holds it under, for a coding path.
  @exclusivity(unchecked) private var frameKeys: [(any CodingKey)?] = []
  @exclusivity(unchecked) private var members: [Member] = []
  /// Where an object's members are put in order.
  @exclusivity(unchecked) private var scratch = JSONText(reservingCapacity: 0)
  private var nextID = 0
  /// Whether a write came into a frame already ended, even one whose error was caught.
  private(set) var wasIrregular = false

  init(byteLimit: Int) {
    self.byteLimit = byteLimit
    text = JSONText(reservingCapacity: 4096)
  }

  func takeBytes() -> [UInt8] {
    let bytes = text.takeBytes()
    text = JSONText(reservingCapacity: 0)
    return bytes
  }

  func encodeRoot(_ value: some Encodable) throws {
    try encode(value, key: nil)
    guard frames.isEmpty else { return markIrregular() }
  }

  /// Encodes `value` in a frame of its own, ended when its `encode(to:)` returns.
  func encode(_ value: some Encodable, key: (any CodingKey)?) throws {
    let id = open(key: key)
    try value.encode(to: CanonicalWriterEncoder(writer: self, id: id))
    try end(id)
    try checkLimit()
  }

  /// A new frame on top of the stack.
  func open(key: (any CodingKey)?) -> Int {
    let id = nextID
    nextID += 1
    frames.append(Frame(id: id, firstMember: members.count))
    frameKeys.append(key)
    return id
  }

  /// The index of frame `id`, the frames above it ended; throws when it has ended itself.
  func activate(_ id: Int) throws -> Int {
    let top = frames.count - 1
    if top >= 0, frames[top].id == id { return top }
    guard let index = frames.lastIndex(where: { $0.id == id }) else {
      markIrregular()
      throw Irregular()
    }
    while frames.count > index + 1 { endTop() }
    return index
  }

  /// Ends frame `id` and the frames above it.
  func end(_ id: Int) throws {
    _ = try activate(id)
    endTop()
  }

  /// Makes frame `id` a container of `kind`, writing its opening bracket; a second container
  /// of the same kind of one encoder goes on with the first.
  func begin(_ kind: Kind, in id: Int) {
    guard let index = try? activate(id) else { return }
    if frames[index].kind == kind { return }
    guard frames[index].kind == .pending else { return markIrregular() }
    frames[index].kind = kind
    text.append(kind == .object ? "{" : "[")
  }

  /// Starts a member of object `id` under `key`: its key written, the value to follow.
  func member(_ key: String, in id: Int) throws {
    let index = try activate(id)
    guard frames[index].kind == .object else { throw irregular() }
    if frames[index].count > 0 { text.append(",") }
    frames[index].count += 1
    members.append(Member(key: key, start: text.byteCount))
    text.appendString(key)
    text.append(":")
  }

  /// Starts an element of array `id`.
  func element(in id: Int) throws {
    let index = try activate(id)
    guard frames[index].kind == .array else { throw irregular() }
    if frames[index].count > 0 { text.append(",") }
    frames[index].count += 1
  }

  /// Writes the leaf `write` writes: the value of frame `id`, or of its member or element just
  /// started (`id` nil).
  func leaf(of id: Int?, _ write: (inout JSONText) -> Void) throws {
    if let id {
      let index = try activate(id)
      guard frames[index].kind == .pending else { throw irregular() }
      frames[index].kind = .leaf
    }
    write(&text)
    try checkLimit()
  }

  /// How many members or elements frame `id` has (0 once it has ended).
  func count(of id: Int) -> Int {
    frames.lastIndex(where: { $0.id == id }).map { frames[$0].count } ?? 0
  }

  /// The keys of frame `id` and the frames below it (none once it has ended).
  func codingPath(to id: Int) -> [any CodingKey] {
    guard let index = frames.lastIndex(where: { $0.id == id }) else { return [] }
    return frameKeys[...index].compactMap { $0 }
  }

  private func checkLimit() throws {
    if text.byteCount > byteLimit { throw CanonicalJSONEncoder.TextTooLong(byteLimit: byteLimit) }
  }

  private func irregular() -> Irregular {
    markIrregular()
    return Irregular()
  }

  private func markIrregular() { wasIrregular = true }

  /// Ends the top frame: closes its brackets, an object's members put in key order first.
  private func endTop() {
    let frame = frames.removeLast()
    frameKeys.removeLast()
    switch frame.kind {
    case .pending: text.append("{}")
    case .leaf: break
    case .array: text.append("]")
    case .object:
      putInOrder(from: frame.firstMember)
      members.removeSubrange(frame.firstMember...)
      text.append("}")
    }
  }

  /// Puts the members from `first` on (an object's, whose text ends the text) in scalar order
  /// of their keys, when they are not already.
  private func putInOrder(from first: Int) {
    guard members.count - first > 1 else { return }
    var isOrdered = true
    for index in (first + 1)..<members.count
    where members[index].key.precedesInScalarOrder(members[index - 1].key) {
      isOrdered = false
      break
    }
    if isOrdered { return }
    let order = (first..<members.count).sorted {
      members[$0].key.precedesInScalarOrder(members[$1].key)
    }
    let end = text.byteCount
    scratch.removeAll()
    for (position, index) in order.enumerated() {
      if position > 0 { scratch.append(",") }
      // A member's text ends at the comma before the next one's.
      let memberEnd = index + 1 < members.count ? members[index + 1].start - 1 : end
      scratch.append(text, range: members[index].start..<memberEnd)
    }
    text.shorten(to: members[first].start)
    text.append(scratch, range: 0..<scratch.byteCount)
  }
}

private struct CanonicalWriterEncoder: Encoder {
  let writer: CanonicalWriter
  let id: Int
  var codingPath: [any CodingKey] { writer.codingPath(to: id) }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    writer.begin(.object, in: id)
    return KeyedEncodingContainer(CanonicalWriterKeyedContainer<Key>(writer: writer, id: id))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    writer.begin(.array, in: id)
    return CanonicalWriterUnkeyedContainer(writer: writer, id: id)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    CanonicalWriterSingleValueContainer(writer: writer, id: id)
  }
}

private struct CanonicalWriterKeyedContainer<Key: CodingKey>: CanonicalKeyedLeafContainer {
  let writer: CanonicalWriter
  let id: Int
  var codingPath: [any CodingKey] { writer.codingPath(to: id) }

  func leaf(_ key: Key, _ write: (inout JSONText) -> Void) throws {
    try writer.member(key.stringValue, in: id)
    try writer.leaf(of: nil, write)
  }

  mutating func encode(_ value: some Encodable, forKey key: Key) throws {
    try writer.member(key.stringValue, in: id)
    try writer.encode(value, key: key)
  }

  /// A frame for a nested container under `key`, open until its parent is written to again.
  private func nested(_ key: Key) -> CanonicalWriterEncoder {
    do { try writer.member(key.stringValue, in: id) } catch {}
    return CanonicalWriterEncoder(writer: writer, id: writer.open(key: key))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    nested(key).container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    nested(key).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    do { try writer.member("super", in: id) } catch {}
    return CanonicalWriterEncoder(writer: writer, id: writer.open(key: SuperKey()))
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder { nested(key) }
}

/// The key `superEncoder()` encodes under.
private struct SuperKey: CodingKey {
  var stringValue: String { "super" }
  var intValue: Int? { nil }
  init() {}
  init?(stringValue: String) { nil }
  init?(intValue: Int) { nil }
}

private struct CanonicalWriterUnkeyedContainer: UnkeyedEncodingContainer, CanonicalLeafContainer {
  let writer: CanonicalWriter
  let id: Int
  var codingPath: [any CodingKey] { writer.codingPath(to: id) }
  var count: Int { writer.count(of: id) }

  func leaf(_ write: (inout JSONText) -> Void) throws {
    try writer.element(in: id)
    try writer.leaf(of: nil, write)
  }

  mutating func encode(_ value: some Encodable) throws {
    try writer.element(in: id)
    try writer.encode(value, key: nil)
  }

  /// A frame for a nested container, open until its parent is written to again.
  private func nested() -> CanonicalWriterEncoder {
    do { try writer.element(in: id) } catch {}
    return CanonicalWriterEncoder(writer: writer, id: writer.open(key: nil))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    nested().container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    nested().unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder { nested() }
}

private struct CanonicalWriterSingleValueContainer: SingleValueEncodingContainer,
  CanonicalLeafContainer
{
  let writer: CanonicalWriter
  let id: Int
  var codingPath: [any CodingKey] { writer.codingPath(to: id) }

  func leaf(_ write: (inout JSONText) -> Void) throws { try writer.leaf(of: id, write) }

  mutating func encode(_ value: some Encodable) throws {
    try value.encode(to: CanonicalWriterEncoder(writer: writer, id: id))
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

private struct CanonicalKeyedContainer<Key: CodingKey>: CanonicalKeyedLeafContainer {
  let node: CanonicalNode
  let codingPath: [any CodingKey]

  func leaf(_ key: Key, _ write: (inout JSONText) -> Void) throws {
    try node.addLeaf(key.stringValue, write)
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

/// The keyed containers, which write each primitive as a leaf under its key.
private protocol CanonicalKeyedLeafContainer: KeyedEncodingContainerProtocol {
  /// Writes a member under `key` whose text `write` writes.
  func leaf(_ key: Key, _ write: (inout JSONText) -> Void) throws
}

extension CanonicalKeyedLeafContainer {
  mutating func encodeNil(forKey key: Key) throws { try leaf(key) { $0.append("null") } }
  mutating func encode(_ value: String, forKey key: Key) throws {
    try leaf(key) { $0.appendString(value) }
  }
  mutating func encode(_ value: Bool, forKey key: Key) throws {
    try leaf(key) { $0.append(value ? "true" : "false") }
  }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    try leaf(key) { $0.appendCanonical(value) }
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    try leaf(key) { $0.appendCanonical(Double(value)) }
  }
  mutating func encode(_ value: Int, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { try integer(value, key) }

  private func integer(_ value: some FixedWidthInteger, _ key: Key) throws {
    try leaf(key) { $0.appendCanonical(value) }
  }
}

/// The unkeyed and single-value containers, which take the same primitives and write each as
/// a leaf: an unkeyed container's next element, a single-value container's node.
private protocol CanonicalLeafContainer {
  /// Writes a leaf whose text `write` writes.
  func leaf(_ write: (inout JSONText) -> Void) throws
}

extension CanonicalLeafContainer {
  mutating func encodeNil() throws { try leaf { $0.append("null") } }
  mutating func encode(_ value: String) throws { try leaf { $0.appendString(value) } }
  mutating func encode(_ value: Bool) throws { try leaf { $0.append(value ? "true" : "false") } }
  mutating func encode(_ value: Double) throws { try leaf { $0.appendCanonical(value) } }
  mutating func encode(_ value: Float) throws { try leaf { $0.appendCanonical(Double(value)) } }
  mutating func encode(_ value: Int) throws { try integer(value) }
  mutating func encode(_ value: Int8) throws { try integer(value) }
  mutating func encode(_ value: Int16) throws { try integer(value) }
  mutating func encode(_ value: Int32) throws { try integer(value) }
  mutating func encode(_ value: Int64) throws { try integer(value) }
  mutating func encode(_ value: UInt) throws { try integer(value) }
  mutating func encode(_ value: UInt8) throws { try integer(value) }
  mutating func encode(_ value: UInt16) throws { try integer(value) }
  mutating func encode(_ value: UInt32) throws { try integer(value) }
  mutating func encode(_ value: UInt64) throws { try integer(value) }

  private func integer(_ value: some FixedWidthInteger) throws {
    try leaf { $0.appendCanonical(value) }
  }
}

extension JSONText {
  /// Appends an integer in decimal.
  fileprivate mutating func appendCanonical(_ value: some FixedWidthInteger) {
    if let value = Int(exactly: value) { appendInteger(value) } else { appendRaw(String(value)) }
  }

  /// Appends a number that is not an integer in its canonical form.
  fileprivate mutating func appendCanonical(_ value: Double) {
    appendRaw(CanonicalJSONEncoder.number(value))
  }
}
