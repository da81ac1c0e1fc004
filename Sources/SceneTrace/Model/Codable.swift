// Codable forms of the value types that are not synthesized: times as integer nanoseconds,
// modifiers as an array of names; identifiers code themselves (see TraceIdentifier). The state
// types are Codable by synthesis, so a checkpoint holds every field the reducer keeps, including
// the ones the state JSON leaves out.

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
