/// An enumeration read from a trace that keeps values it does not recognize.
///
/// Traces outlive the tools that read them: a newer recorder may write a role or a phase this
/// version has never heard of. Such a value is kept as ``unrecognized(_:)`` rather than rejected,
/// round-trips unchanged, and the reducer reports it as an `event.unknown-value` finding.
public protocol OpenEnumeration: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Every value this version knows, in their documented order.
  static var recognizedCases: [Self] { get }
  /// A value this version does not know, kept exactly as it was read.
  static func unrecognized(_ rawValue: String) -> Self
  /// The value as it appears on the wire.
  var rawValue: String { get }
}

extension OpenEnumeration {
  /// Creates the value spelled `rawValue`, keeping an unknown spelling as ``unrecognized(_:)``.
  @inlinable  // specialized where it is called: a reader of JSON Lines makes one per field
  public init(rawValue: String) {
    self = Self.recognizedCases.first { $0.rawValue == rawValue } ?? .unrecognized(rawValue)
  }

  /// Whether this version of SceneTrace knows the value.
  public var isRecognized: Bool {
    // A known case never equals `unrecognized` of any spelling, and an unknown one equals
    // itself: one comparison (of cases first) rather than one with every known case, at every
    // event the reducer checks.
    self != .unrecognized(rawValue)
  }

  public var description: String { rawValue }

  /// Decodes the value from its wire spelling.
  public init(from decoder: any Decoder) throws {
    self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
  }

  /// Encodes the value as its wire spelling.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
