/// A scene session's `UISceneSession.persistentIdentifier`: how a trace names a scene.
///
/// A session has at most one connected scene at a time; a reconnect is a new scene instance of
/// the same session.
public struct SessionID: Hashable, Sendable, Comparable, CustomStringConvertible,
  ExpressibleByStringLiteral
{
  /// The identifier as recorded.
  public var rawValue: String

  /// Creates a session identifier from its recorded spelling.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  public init(stringLiteral value: String) { self.rawValue = value }

  public var description: String { rawValue }

  /// Orders by Unicode scalar values, the order of every sorted map in the state JSON.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.rawValue.precedesInScalarOrder(rhs.rawValue)
  }

  /// Compares scalar by scalar: two spellings that Unicode calls equivalent are two sessions.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.rawValue.unicodeScalars.elementsEqual(rhs.rawValue.unicodeScalars)
  }

  public func hash(into hasher: inout Hasher) {
    for scalar in rawValue.unicodeScalars { hasher.combine(scalar.value) }
  }
}

/// A drag session's identifier, shared by its source scene and the scene it drops in.
public struct DragID: Hashable, Sendable, Comparable, CustomStringConvertible,
  ExpressibleByStringLiteral
{
  /// The identifier as recorded.
  public var rawValue: String

  /// Creates a drag identifier from its recorded spelling.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  public init(stringLiteral value: String) { self.rawValue = value }

  public var description: String { rawValue }

  /// Orders by Unicode scalar values.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.rawValue.precedesInScalarOrder(rhs.rawValue)
  }

  /// Compares scalar by scalar, like `SessionID`.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.rawValue.unicodeScalars.elementsEqual(rhs.rawValue.unicodeScalars)
  }

  public func hash(into hasher: inout Hasher) {
    for scalar in rawValue.unicodeScalars { hasher.combine(scalar.value) }
  }
}

extension String {
  /// Whether this string sorts before `other` when compared scalar by scalar.
  ///
  /// `String`'s own `<` compares canonically equivalent forms; traces are compared byte-exactly,
  /// so that the same state always prints in the same order on every platform.
  public func precedesInScalarOrder(_ other: String) -> Bool {
    unicodeScalars.lexicographicallyPrecedes(other.unicodeScalars)
  }
}
