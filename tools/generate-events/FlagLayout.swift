import EventDescription

/// One bit of an event's flags word.
struct FlagBit {
  enum Role {
    /// The optional or defaulted field is there.
    case present
    /// The boolean field's value.
    case value
    /// The coordinate (element `index` of a rectangle) is off the grid, stored raw.
    case raw(index: Int?)
  }

  var number: Int
  var field: FieldDescription
  var role: Role
}

/// The flags word of an event type: presence and boolean bits in field order, then raw-coordinate
/// bits in field order.
struct FlagLayout {
  var bits: [FlagBit] = []

  init(_ event: EventTypeDescription) {
    for field in event.fields {
      switch (field.kind, field.presence) {
      case (.bool, .optional):
        add(field, .present)
        add(field, .value)
      case (.bool, _):
        add(field, .value)
      case (_, .optional), (_, .defaulted):
        add(field, .present)
      case (_, .required):
        break
      }
    }
    for field in event.fields {
      switch field.kind {
      case .coordinate, .pointerCoordinate: add(field, .raw(index: nil))
      case .rect: for index in 0..<4 { add(field, .raw(index: index)) }
      default: break
      }
    }
  }

  private mutating func add(_ field: FieldDescription, _ role: FlagBit.Role) {
    bits.append(FlagBit(number: bits.count, field: field, role: role))
  }

  /// The bit that says `field` is there.
  func presentBit(_ field: FieldDescription) -> Int? {
    bits.first { $0.field.name == field.name && $0.isPresent }?.number
  }

  /// The bit that holds the boolean `field`'s value.
  func valueBit(_ field: FieldDescription) -> Int? {
    bits.first { $0.field.name == field.name && $0.isValue }?.number
  }

  /// The first raw bit of `field`.
  func rawBit(_ field: FieldDescription) -> Int? {
    bits.first { $0.field.name == field.name && $0.isRaw }?.number
  }
}

extension FlagBit {
  var isPresent: Bool { if case .present = role { true } else { false } }
  var isValue: Bool { if case .value = role { true } else { false } }
  var isRaw: Bool { if case .raw = role { true } else { false } }
}

extension FieldDescription {
  /// The field's Swift type.
  var swiftType: String {
    let base =
      switch kind {
      case .string: "String"
      case .session: "SessionID"
      case .drag: "DragID"
      case .strings: "[String]"
      case .sessions: "[SessionID]"
      case .integer, .count: "Int"
      case .coordinate, .pointerCoordinate: "Double"
      case .bool: "Bool"
      case .enumeration(let enumeration): enumeration.swiftType
      case .modifiers: "ModifierFlags"
      case .rect: "Rect"
      }
    switch presence {
    case .required: return base
    case .optional: return base + "? = nil"
    case .defaulted: return base + " = .none"
    }
  }

  /// Fails the generator for a combination the codecs do not have.
  func unsupported(_ what: String) -> Never {
    fatalError("field \(name): \(what) is not supported; add it to tools/generate-events")
  }
}

extension String {
  /// The string with its first letter uppercased.
  var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
