// Codable forms of the value types that are not synthesized: identifiers and times as their
// plain values, modifiers as an array of names. The state types are Codable by synthesis, so a
// checkpoint holds every field the reducer keeps, including the ones the state JSON leaves out.

extension SessionID: Codable, CodingKeyRepresentable {
  /// Decodes the identifier from a string.
  public init(from decoder: any Decoder) throws {
    self.init(try decoder.singleValueContainer().decode(String.self))
  }

  /// Encodes the identifier as a string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  /// The identifier as a dictionary key, so that maps keyed by session encode as objects.
  public var codingKey: any CodingKey { StringKey(rawValue) }

  /// The identifier a dictionary key names.
  public init?<Key: CodingKey>(codingKey: Key) { self.init(codingKey.stringValue) }
}

extension DragID: Codable, CodingKeyRepresentable {
  /// Decodes the identifier from a string.
  public init(from decoder: any Decoder) throws {
    self.init(try decoder.singleValueContainer().decode(String.self))
  }

  /// Encodes the identifier as a string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  /// The identifier as a dictionary key.
  public var codingKey: any CodingKey { StringKey(rawValue) }

  /// The identifier a dictionary key names.
  public init?<Key: CodingKey>(codingKey: Key) { self.init(codingKey.stringValue) }
}

extension RuleID: Codable, CodingKeyRepresentable {
  /// The identifier as a dictionary key, so that maps keyed by rule encode as objects.
  public var codingKey: any CodingKey { StringKey(rawValue) }

  /// The identifier a dictionary key names.
  public init?<Key: CodingKey>(codingKey: Key) { self.init(codingKey.stringValue) }

  /// Decodes the identifier from a string.
  public init(from decoder: any Decoder) throws {
    self.init(try decoder.singleValueContainer().decode(String.self))
  }

  /// Encodes the identifier as a string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

extension TraceTime: Codable {
  /// Decodes the time from integer nanoseconds.
  public init(from decoder: any Decoder) throws {
    self.init(nanoseconds: try decoder.singleValueContainer().decode(Int64.self))
  }

  /// Encodes the time as integer nanoseconds.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(nanoseconds)
  }
}

extension ModifierFlags: Codable {
  /// Decodes the modifiers from an array of names.
  public init(from decoder: any Decoder) throws {
    self.init(try decoder.singleValueContainer().decode([Modifier].self))
  }

  /// Encodes the modifiers as an array of names, in their documented order.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(members)
  }
}

/// A dictionary key spelled by a string.
private struct StringKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }

  init(_ string: String) { stringValue = string }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}
