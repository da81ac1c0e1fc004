#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A name a trace gives to something (a session, a drag, a rule), compared exactly as recorded.
///
/// Identifiers compare, hash and sort scalar by scalar: two spellings that Unicode calls
/// equivalent are two identifiers, and every sorted map of the state JSON is in the same order on
/// every platform. They encode as plain strings, and maps keyed by them as JSON objects.
public protocol TraceIdentifier: Hashable, Sendable, Comparable, CustomStringConvertible,
  ExpressibleByStringLiteral, Codable, CodingKeyRepresentable
{
  /// The identifier as recorded.
  var rawValue: String { get }
  /// Creates an identifier from its recorded spelling.
  init(_ rawValue: String)
}

extension TraceIdentifier {
  public init(stringLiteral value: String) { self.init(value) }

  public var description: String { rawValue }

  /// Orders by Unicode scalar values.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.rawValue.precedesInScalarOrder(rhs.rawValue)
  }

  /// Compares scalar by scalar.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    ExactString(lhs.rawValue) == ExactString(rhs.rawValue)
  }

  /// Hashes the scalars, as their UTF-8 bytes.
  public func hash(into hasher: inout Hasher) { ExactString(rawValue).hash(into: &hasher) }

  /// Decodes the identifier from a string.
  public init(from decoder: any Decoder) throws {
    self.init(try decoder.singleValueContainer().decode(String.self))
  }

  /// Encodes the identifier as a string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  /// The identifier as a dictionary key, so that maps keyed by it encode as objects.
  public var codingKey: any CodingKey { IdentifierKey(rawValue) }

  /// The identifier a dictionary key names.
  public init?<Key: CodingKey>(codingKey: Key) { self.init(codingKey.stringValue) }
}

/// A scene session's `UISceneSession.persistentIdentifier`: how a trace names a scene.
///
/// A session has at most one connected scene at a time; a reconnect is a new scene instance of
/// the same session.
///
/// An identifier is the number of its spelling in the process's table of session names, so
/// that events and states, which copy, compare and hash session identifiers at every step, do so
/// on one integer without reference counting (a 36-character UUID string is a heap object). Its
/// equality, hash and order are still those of its spelling.
public struct SessionID: TraceIdentifier {
  /// The spelling's number in ``NameTable/sessions``.
  package let number: UInt32

  /// The identifier as recorded.
  public var rawValue: String {
    get { NameTable.sessions.name(number) }
    set { self = SessionID(newValue) }
  }

  /// Creates a session identifier from its recorded spelling.
  public init(_ rawValue: borrowing String) { number = NameTable.sessions.number(for: rawValue) }

  /// Compares spellings: one spelling has one number.
  public static func == (lhs: SessionID, rhs: SessionID) -> Bool { lhs.number == rhs.number }

  /// Hashes the spelling's number.
  public func hash(into hasher: inout Hasher) { hasher.combine(number) }

  /// Orders by Unicode scalar values of the spellings.
  public static func < (lhs: SessionID, rhs: SessionID) -> Bool {
    guard lhs.number != rhs.number else { return false }
    let names = NameTable.sessions
    return names.withName(lhs.number) { left in
      names.withName(rhs.number) { right in left.precedesBytewise(right) }
    }
  }
}

extension NameTable {
  /// The spellings of every ``SessionID`` the process has made.
  package static let sessions = NameTable()
}

/// A drag session's identifier, shared by its source scene and the scene it drops in.
public struct DragID: TraceIdentifier {
  /// The identifier as recorded.
  public var rawValue: String

  /// Creates a drag identifier from its recorded spelling.
  public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// A dictionary key spelled by a string: how a map keyed by identifiers codes its keys.
struct IdentifierKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }

  init(_ string: String) { stringValue = string }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

// Scalar-exact comparison works on UTF-8 bytes: two strings have the same scalars exactly when
// they have the same UTF-8 bytes, and UTF-8 byte order is scalar order. Bytes compare without
// decoding a scalar, and hash as one buffer.
extension String {
  /// Whether this string sorts before `other` when compared scalar by scalar.
  ///
  /// `String`'s own `<` compares canonically equivalent forms; traces are compared byte-exactly,
  /// so that the same state always prints in the same order on every platform.
  package func precedesInScalarOrder(_ other: String) -> Bool {
    withUTF8Bytes { lhs in other.withUTF8Bytes { rhs in lhs.precedesBytewise(rhs) } }
  }

  /// Whether this string has the same Unicode scalars as `other`, unlike `==`, which also
  /// takes canonically equivalent spellings as equal.
  package func isScalarForScalarEqual(to other: String) -> Bool {
    if hasSameRepresentation(as: other) { return true }
    return utf8.count == other.utf8.count
      && withUTF8Bytes { lhs in other.withUTF8Bytes { rhs in lhs.holdsTheBytes(of: rhs) } }
  }

  /// Whether the two strings are the same value: the same inline bytes of a small string, or
  /// the same count and storage of a large one. Such strings are equal without a look at their
  /// bytes (the standard library's own `==` starts here too): an identifier compared with the
  /// one the reducer remembers, or a hook's session with the one its thread numbered last, is
  /// mostly the same string.
  func hasSameRepresentation(as other: String) -> Bool {
    typealias Bits = (UInt64, UInt64)
    guard MemoryLayout<String>.size == MemoryLayout<Bits>.size else { return false }
    let (lhs, rhs) = (unsafeBitCast(self, to: Bits.self), unsafeBitCast(other, to: Bits.self))
    return lhs == rhs
  }

  /// Runs `body` on the string's UTF-8 bytes, in place when they are stored contiguously (as in
  /// every native string), else on a copy. Inlinable, so that other modules specialize it.
  @inlinable
  package func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
    return Array(utf8).withUnsafeBufferPointer(body)
  }
}

extension UnsafeBufferPointer<UInt8> {
  /// Whether these are the same bytes as `other`'s, as many and in the same order, compared
  /// eight at a time: a dictionary compares its key with every key on its probe, so this is the
  /// lookup's cost.
  package func holdsTheBytes(of other: UnsafeBufferPointer<UInt8>) -> Bool {
    guard count == other.count else { return false }
    let (left, right) = (UnsafeRawBufferPointer(self), UnsafeRawBufferPointer(other))
    var offset = 0
    while offset + 8 <= left.count {
      guard
        left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      else { return false }
      offset += 8
    }
    while offset < left.count {
      guard left[offset] == right[offset] else { return false }
      offset += 1
    }
    return true
  }

  /// Whether these bytes sort before `other`'s, byte by byte and then the shorter first: the
  /// order of `lexicographicallyPrecedes`, compared by `memcmp` (a key sorted among hundreds is
  /// compared about ten times).
  package func precedesBytewise(_ other: UnsafeBufferPointer<UInt8>) -> Bool {
    compareBytewise(with: other) < 0
  }

  /// -1, 0 or 1 as these bytes sort before, with or after `other`'s, in the order of
  /// ``precedesBytewise(_:)``.
  package func compareBytewise(with other: UnsafeBufferPointer<UInt8>) -> Int {
    let common = Swift.min(count, other.count)
    if common > 0 {
      let order = memcmp(baseAddress.unsafelyUnwrapped, other.baseAddress.unsafelyUnwrapped, common)
      if order != 0 { return order < 0 ? -1 : 1 }
    }
    return count == other.count ? 0 : count < other.count ? -1 : 1
  }
}

/// The positions `0..<count` in the scalar order of the names `name` gives them: each name's
/// UTF-8 is copied once into one buffer, its first eight bytes kept as a number that orders as
/// they do, and the names compared by that number, and by their bytes only when it is the same.
/// Sorted through `precedesInScalarOrder(_:)`, each comparison reached both strings' bytes anew
/// (about 350 instructions; a state of 2·10^4 sessions and as many drags is compared about 10^6
/// times to be written in order).
package func positionsInScalarOrder(count: Int, name: (Int) -> String) -> [Int] {
  guard count > 1 else { return Array(0..<count) }
  struct Name {
    /// The first eight bytes, big-endian, zero after the last.
    var prefix: UInt64
    var start: Int
    var count: Int
    var position: Int
  }
  var bytes: [UInt8] = []
  var names: [Name] = []
  names.reserveCapacity(count)
  for position in 0..<count {
    name(position).withUTF8Bytes { utf8 in
      var prefix: UInt64 = 0
      for index in 0..<8 { prefix = prefix << 8 | UInt64(index < utf8.count ? utf8[index] : 0) }
      names.append(Name(prefix: prefix, start: bytes.count, count: utf8.count, position: position))
      bytes.append(contentsOf: utf8)
    }
  }
  bytes.withUnsafeBufferPointer { bytes in
    // Equal prefixes (a shared beginning, or a zero byte against the end) are told apart by
    // every byte.
    names.sort { lhs, rhs in
      if lhs.prefix != rhs.prefix { return lhs.prefix < rhs.prefix }
      return UnsafeBufferPointer(rebasing: bytes[lhs.start..<lhs.start + lhs.count])
        .precedesBytewise(UnsafeBufferPointer(rebasing: bytes[rhs.start..<rhs.start + rhs.count]))
    }
  }
  return names.map(\.position)
}
