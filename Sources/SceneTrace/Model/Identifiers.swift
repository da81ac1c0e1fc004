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
    lhs.rawValue.unicodeScalars.elementsEqual(rhs.rawValue.unicodeScalars)
  }

  public func hash(into hasher: inout Hasher) {
    for scalar in rawValue.unicodeScalars { hasher.combine(scalar.value) }
  }

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
public struct SessionID: TraceIdentifier {
  /// The identifier as recorded.
  public var rawValue: String

  /// Creates a session identifier from its recorded spelling.
  public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// A drag session's identifier, shared by its source scene and the scene it drops in.
public struct DragID: TraceIdentifier {
  /// The identifier as recorded.
  public var rawValue: String

  /// Creates a drag identifier from its recorded spelling.
  public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// A dictionary key spelled by a string.
private struct IdentifierKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }

  init(_ string: String) { stringValue = string }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

extension String {
  /// Whether this string sorts before `other` when compared scalar by scalar.
  ///
  /// `String`'s own `<` compares canonically equivalent forms; traces are compared byte-exactly,
  /// so that the same state always prints in the same order on every platform.
  package func precedesInScalarOrder(_ other: String) -> Bool {
    unicodeScalars.lexicographicallyPrecedes(other.unicodeScalars)
  }
}
