/// Decodes `Decodable` values from a parsed ``JSONValue``: the reading half of
/// ``CanonicalJSONEncoder``, so that checkpoints are read by the same parser as everything else.
///
/// It reads what the canonical encoder writes, and any JSON of the same shape: numbers by their
/// text (an integer must be exact and fit its type; `"NaN"`, `"Infinity"` and `"-Infinity"` are
/// read as doubles), absent or `null` members as nil, and a repeated key as its last value. A
/// value of the wrong shape is a ``JSONDecodingFailure`` naming its path in the document.
package enum JSONValueDecoder {
  /// The value of type `Value` that `json` holds.
  package static func decode<Value: Decodable>(_ type: Value.Type, from json: JSONValue)
    throws(JSONDecodingFailure) -> Value
  {
    do {
      return try Value(from: ValueDecoder(value: json, at: .root))
    } catch let failure as JSONDecodingFailure {
      throw failure
    } catch let error as DecodingError {
      throw JSONDecodingFailure(error)
    } catch {
      throw JSONDecodingFailure(path: .root, message: "\(error)")
    }
  }
}

/// A JSON value that is not what the decoded type reads, and where it is.
package struct JSONDecodingFailure: Error, CustomStringConvertible {
  /// Where in the document, such as `sessions.A.scene.state`.
  package var path: JSONPath
  /// What was expected and what was found.
  package var message: String

  /// `at PATH: message`, or `at the top: message` for the whole document.
  package var description: String {
    (path.components.isEmpty ? "at the top" : "at \(path)") + ": " + message
  }

  init(path: JSONPath, message: String) {
    self.path = path
    self.message = message
  }

  /// A failure that a type's own `init(from:)` reported.
  init(_ error: DecodingError) {
    let context: DecodingError.Context
    switch error {
    case .typeMismatch(_, let found), .valueNotFound(_, let found), .keyNotFound(_, let found),
      .dataCorrupted(let found):
      context = found
    @unknown default:
      self.init(path: .root, message: "\(error)")
      return
    }
    self.init(
      path: JSONPath(
        components: context.codingPath.map { key in
          key.intValue.map(JSONPath.Component.index) ?? .key(key.stringValue)
        }),
      message: context.debugDescription)
  }
}

/// One step of the path to a value, linked to its parent: built as the decoder descends into a
/// container (see `Place`), turned into a ``JSONPath`` only when something fails.
private final class PathLink {
  let parent: PathLink?
  let component: JSONPath.Component

  init(_ parent: PathLink?, _ component: JSONPath.Component) {
    self.parent = parent
    self.component = component
  }

  static func path(_ link: PathLink?) -> JSONPath {
    var components: [JSONPath.Component] = []
    var link = link
    while let step = link {
      components.append(step.component)
      link = step.parent
    }
    return JSONPath(components: components.reversed())
  }
}

/// Where a value is: its container's link and its own step, linked only when a container of its
/// own needs it or something fails. A member or element read as a scalar (most are) allocates
/// no link.
private struct Place {
  let parent: PathLink?
  /// Nil for the value its parent's link names (the document).
  let component: JSONPath.Component?

  static var root: Place { Place(parent: nil, component: nil) }

  /// The link that names this value.
  var link: PathLink? { component.map { PathLink(parent, $0) } ?? parent }

  var path: JSONPath { PathLink.path(link) }

  var codingPath: [any CodingKey] { path.components.map(PathKey.init) }
}

/// A coding key for a step of the path.
private struct PathKey: CodingKey {
  var stringValue: String
  var intValue: Int?

  init(_ component: JSONPath.Component) {
    switch component {
    case .key(let key): (stringValue, intValue) = (key, nil)
    case .index(let index): (stringValue, intValue) = (String(index), index)
    }
  }

  init?(stringValue: String) { (self.stringValue, intValue) = (stringValue, nil) }
  init?(intValue: Int) { (stringValue, self.intValue) = (String(intValue), intValue) }
}

/// The scalars a value can be read as, each failing with its path.
private enum Scalar {
  static func failure(_ value: JSONValue, _ expected: String, _ place: Place)
    -> JSONDecodingFailure
  {
    JSONDecodingFailure(
      path: place.path, message: "expected \(expected), found \(value.kindDescription)")
  }

  static func bool(_ value: JSONValue, _ place: Place) throws(JSONDecodingFailure) -> Bool {
    guard case .bool(let bool) = value else { throw failure(value, "a boolean", place) }
    return bool
  }

  static func string(_ value: JSONValue, _ place: Place) throws(JSONDecodingFailure) -> String {
    guard case .string(let string) = value else { throw failure(value, "a string", place) }
    return string
  }

  /// A number, or one of the strings the canonical encoder writes for infinities and NaN.
  static func double(_ value: JSONValue, _ place: Place) throws(JSONDecodingFailure) -> Double {
    switch value {
    case .number(let text):
      if let double = Double(text) { return double }
    case .string("NaN"): return .nan
    case .string("Infinity"): return .infinity
    case .string("-Infinity"): return -.infinity
    default: break
    }
    throw failure(value, "a number", place)
  }

  /// An integer written exactly (`12`, or `1.2e1`) that fits in `Integer`.
  static func integer<Integer: FixedWidthInteger>(_ value: JSONValue, _ place: Place)
    throws(JSONDecodingFailure) -> Integer
  {
    guard case .number(let text) = value else { throw failure(value, "an integer", place) }
    if let integer = Integer(text) { return integer }
    if let number = DecimalNumber(text) {
      if number.isNegative, let integer = number.exactInteger.flatMap(Integer.init(exactly:)) {
        return integer
      }
      if !number.isNegative, let (magnitude, isExact) = number.magnitude(shiftedBy: 0), isExact,
        let integer = Integer(exactly: magnitude)
      {
        return integer
      }
    }
    throw JSONDecodingFailure(
      path: place.path, message: "expected an integer that fits \(Integer.self), found \(text)")
  }
}

private struct ValueDecoder: Decoder {
  let value: JSONValue
  let place: Place

  init(value: JSONValue, at place: Place) {
    self.value = value
    self.place = place
  }

  var codingPath: [any CodingKey] { place.codingPath }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let object) = value else { throw Scalar.failure(value, "an object", place) }
    return KeyedDecodingContainer(KeyedContainer<Key>(object: object, link: place.link))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let elements) = value else { throw Scalar.failure(value, "an array", place) }
    return UnkeyedContainer(elements: elements, link: place.link)
  }

  func singleValueContainer() -> any SingleValueDecodingContainer {
    SingleValueContainer(value: value, place: place)
  }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let object: JSONObject
  let link: PathLink?
  /// Where each key's value is, for objects large enough that a scan per key would cost more.
  private let positions: [String: Int]?

  init(object: JSONObject, link: PathLink?) {
    self.object = object
    self.link = link
    positions =
      object.count > 32
      ? Dictionary(zip(object.keys, object.keys.indices), uniquingKeysWith: { $1 }) : nil
  }

  var codingPath: [any CodingKey] { PathLink.path(link).components.map(PathKey.init) }
  var allKeys: [Key] { object.keys.compactMap(Key.init(stringValue:)) }

  private func lookup(_ key: Key) -> JSONValue? {
    guard let positions else { return object[key.stringValue] }
    return positions[key.stringValue].map { object.values[$0] }
  }

  /// Where the member under `key` is.
  private func place(_ key: Key) -> Place { Place(parent: link, component: .key(key.stringValue)) }

  private func member(_ key: Key) throws(JSONDecodingFailure) -> JSONValue {
    guard let value = lookup(key) else {
      throw JSONDecodingFailure(path: place(key).path, message: "the member is missing")
    }
    return value
  }

  /// The member under `key`, nil when it is absent or `null`: an optional's one lookup.
  private func presentMember(_ key: Key) -> JSONValue? {
    guard let value = lookup(key) else { return nil }
    if case .null = value { return nil }
    return value
  }

  private func integer<Integer: FixedWidthInteger>(_ key: Key) throws -> Integer {
    try Scalar.integer(try member(key), place(key))
  }

  private func integerIfPresent<Integer: FixedWidthInteger>(_ key: Key) throws -> Integer? {
    guard let value = presentMember(key) else { return nil }
    return try Scalar.integer(value, place(key)) as Integer
  }

  func contains(_ key: Key) -> Bool { lookup(key) != nil }
  func decodeNil(forKey key: Key) -> Bool { lookup(key).map { $0 == .null } ?? true }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try Scalar.bool(try member(key), place(key))
  }
  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try Scalar.string(try member(key), place(key))
  }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try Scalar.double(try member(key), place(key))
  }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    Float(try decode(Double.self, forKey: key))
  }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(key) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(key) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(key) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(key) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(key) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(key) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(key) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(key) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(key) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(key) }

  func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
    try Value(from: ValueDecoder(value: try member(key), at: place(key)))
  }

  // An optional member is looked up once, not three times (`contains`, `decodeNil`, `decode`)
  // as the protocol's own `decodeIfPresent` does.
  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    try presentMember(key).map { value throws in try Scalar.bool(value, place(key)) }
  }
  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    try presentMember(key).map { value throws in try Scalar.string(value, place(key)) }
  }
  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    try presentMember(key).map { value throws in try Scalar.double(value, place(key)) }
  }
  func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
    try decodeIfPresent(Double.self, forKey: key).map(Float.init)
  }
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    try integerIfPresent(key)
  }
  func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
    try integerIfPresent(key)
  }
  func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
    try integerIfPresent(key)
  }
  func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
    try integerIfPresent(key)
  }
  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
    try integerIfPresent(key)
  }
  func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
    try integerIfPresent(key)
  }
  func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
    try integerIfPresent(key)
  }
  func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
    try integerIfPresent(key)
  }
  func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
    try integerIfPresent(key)
  }
  func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
    try integerIfPresent(key)
  }
  func decodeIfPresent<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value? {
    guard let value = presentMember(key) else { return nil }
    return try Value(from: ValueDecoder(value: value, at: place(key)))
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
    throws -> KeyedDecodingContainer<NestedKey>
  {
    try ValueDecoder(value: try member(key), at: place(key)).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try ValueDecoder(value: try member(key), at: place(key)).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    ValueDecoder(value: object["super"] ?? .null, at: Place(parent: link, component: .key("super")))
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    ValueDecoder(value: lookup(key) ?? .null, at: place(key))
  }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
  let elements: [JSONValue]
  let link: PathLink?
  private(set) var currentIndex = 0

  init(elements: [JSONValue], link: PathLink?) {
    self.elements = elements
    self.link = link
  }

  var codingPath: [any CodingKey] { PathLink.path(link).components.map(PathKey.init) }
  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  /// The next element and where it is.
  private mutating func next() throws(JSONDecodingFailure) -> (JSONValue, Place) {
    let place = Place(parent: link, component: .index(currentIndex))
    guard !isAtEnd else {
      throw JSONDecodingFailure(
        path: place.path, message: "the array ends after \(elements.count) elements")
    }
    currentIndex += 1
    return (elements[currentIndex - 1], place)
  }

  private mutating func integer<Integer: FixedWidthInteger>() throws -> Integer {
    let (value, place) = try next()
    return try Scalar.integer(value, place)
  }

  mutating func decodeNil() -> Bool {
    guard !isAtEnd, elements[currentIndex] == .null else { return false }
    currentIndex += 1
    return true
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool {
    let (value, place) = try next()
    return try Scalar.bool(value, place)
  }
  mutating func decode(_ type: String.Type) throws -> String {
    let (value, place) = try next()
    return try Scalar.string(value, place)
  }
  mutating func decode(_ type: Double.Type) throws -> Double {
    let (value, place) = try next()
    return try Scalar.double(value, place)
  }
  mutating func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
  mutating func decode(_ type: Int.Type) throws -> Int { try integer() }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try integer() }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }

  mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
    let (value, place) = try next()
    return try Value(from: ValueDecoder(value: value, at: place))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    let (value, place) = try next()
    return try ValueDecoder(value: value, at: place).container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let (value, place) = try next()
    return try ValueDecoder(value: value, at: place).unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder {
    let (value, place) = try next()
    return ValueDecoder(value: value, at: place)
  }
}

private struct SingleValueContainer: SingleValueDecodingContainer {
  let value: JSONValue
  let place: Place

  var codingPath: [any CodingKey] { place.codingPath }

  func decodeNil() -> Bool { value == .null }
  func decode(_ type: Bool.Type) throws -> Bool { try Scalar.bool(value, place) }
  func decode(_ type: String.Type) throws -> String { try Scalar.string(value, place) }
  func decode(_ type: Double.Type) throws -> Double { try Scalar.double(value, place) }
  func decode(_ type: Float.Type) throws -> Float { Float(try Scalar.double(value, place)) }
  func decode(_ type: Int.Type) throws -> Int { try Scalar.integer(value, place) }
  func decode(_ type: Int8.Type) throws -> Int8 { try Scalar.integer(value, place) }
  func decode(_ type: Int16.Type) throws -> Int16 { try Scalar.integer(value, place) }
  func decode(_ type: Int32.Type) throws -> Int32 { try Scalar.integer(value, place) }
  func decode(_ type: Int64.Type) throws -> Int64 { try Scalar.integer(value, place) }
  func decode(_ type: UInt.Type) throws -> UInt { try Scalar.integer(value, place) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try Scalar.integer(value, place) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try Scalar.integer(value, place) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try Scalar.integer(value, place) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try Scalar.integer(value, place) }

  func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
    try Value(from: ValueDecoder(value: value, at: place))
  }
}
