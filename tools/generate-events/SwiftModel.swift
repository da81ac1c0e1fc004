import EventDescription

/// The names generated code uses, so that a fixture table can have a codec of its own.
struct Names {
  /// The payload enum, such as `Event.Payload`.
  var payload: String
  /// The enum of wire types, such as `EventType`.
  var type: String
  /// `public ` for the library's API, empty for a test fixture.
  var access: String

  static let library = Names(payload: "Event.Payload", type: "EventType", access: "public ")
}

/// The cases of the payload enum, with their documentation.
func payloadCases(_ table: [EventTypeDescription], _ names: Names) -> String {
  table.map { event in
    let fields = event.fields.map { "\($0.name): \($0.swiftType)" }.joined(separator: ", ")
    let arguments = fields.isEmpty ? "" : "(\(fields))"
    return "/// \(event.summary)\ncase \(event.caseName)\(arguments)\n"
  }.joined()
}

/// `Sources/SceneTrace/Model/Event+Payload.swift`.
func payloadFile(_ table: [EventTypeDescription]) -> String {
  """
  extension Event {
    /// What an event says happened: one case per event type of the v1 table.
    ///
    /// The associated values are named like the JSON Lines fields; optional ones default to absent.
    public enum Payload: Hashable, Sendable {
  \(payloadCases(table, .library))
    }
  }

  """
}

/// The wire-type enum and the payload's `type`.
func typeEnum(_ table: [EventTypeDescription], _ names: Names, summary: String) -> String {
  let cases = table.map { "case \($0.caseName) = \"\($0.wireName)\"\n" }.joined()
  let switchCases = table.map { "case .\($0.caseName): .\($0.caseName)\n" }.joined()
  return """
    /// \(summary)
    \(names.access)enum \(names.type): String, CaseIterable, Hashable, Sendable, \
    CustomStringConvertible {
    \(cases)

    \(names.access)var description: String { rawValue }
    }

    extension \(names.payload) {
      /// The event's wire type.
      @inline(__always)  // reads the case where the payload is stored: a call was handed a copy
      \(names.access)var type: \(names.type) {
        switch self {
        \(switchCases)
        }
      }
    }

    """
}

/// A case pattern binding the fields `bound` and ignoring the others.
func pattern(_ event: EventTypeDescription, binding bound: (FieldDescription) -> Bool) -> String {
  if !event.fields.contains(where: bound) { return ".\(event.caseName)" }
  let bindings = event.fields.map { bound($0) ? "let \($0.name)" : "_" }
  return ".\(event.caseName)(\(bindings.joined(separator: ", ")))"
}

/// `Sources/SceneTrace/Model/EventType.swift`.
func eventTypeFile(_ table: [EventTypeDescription]) -> String {
  var scene: [String] = []
  var noScene: [String] = []
  for event in table {
    if let field = event.scene {
      scene.append(
        pattern(event) { $0.name == field }.replacingOccurrences(
          of: "let \(field)", with: "let session"))
    } else {
      noScene.append(".\(event.caseName)")
    }
  }
  let sessionCases = table.map { event -> String in
    let fields = event.fields.filter {
      if case .session = $0.kind { true } else if case .sessions = $0.kind { true } else { false }
    }
    let isSingle = fields.allSatisfy { if case .session = $0.kind { true } else { false } }
    let value: String
    switch (fields.count, fields.first?.presence) {
    case (0, _): value = "[]"
    case (1, .required): value = isSingle ? "[\(fields[0].name)]" : fields[0].name
    case (1, _):
      value = isSingle ? "\(fields[0].name).map { [$0] } ?? []" : "\(fields[0].name) ?? []"
    default:
      guard isSingle else { fields[1].unsupported("several session arrays") }
      value = "[\(fields.map(\.name).joined(separator: ", "))].compactMap(\\.self)"
    }
    let names = Set(fields.map(\.name))
    return "case \(pattern(event) { names.contains($0.name) }): \(value)\n"
  }.joined()
  // The events with fields whose unrecognized values `event.unknown-value` reports: each one's
  // case pattern binding those fields, and the fields.
  let checked = table.compactMap { event -> (pattern: String, fields: [FieldDescription])? in
    let fields = event.fields.filter { field in
      switch field.kind {
      case .enumeration(let enumeration): enumeration.reportsUnrecognized
      case .modifiers: true
      default: false
      }
    }
    guard !fields.isEmpty else { return nil }
    let names = Set(fields.map(\.name))
    return ("case \(pattern(event) { names.contains($0.name) }):\n", fields)
  }
  let checkCases = checked.map { pattern, fields in
    pattern + fields.map { "check(\"\($0.name)\", \($0.name))\n" }.joined()
  }.joined()
  // Matched in place, without binding: a binding copies the value out of the payload (an open
  // enumeration's string retained and released), and the question is asked at every event.
  let recognizedCases = table.map { event -> String in
    let unknown = event.fields.filter { field in
      guard case .enumeration(let enumeration) = field.kind else { return false }
      return enumeration.reportsUnrecognized
    }
    let modifiers = event.fields.filter { if case .modifiers = $0.kind { true } else { false } }
    let unknownPatterns = unknown.map { field in
      let subpatterns = event.fields.map { other in
        guard other.name == field.name else { return "_" }
        return other.presence == .optional ? ".unrecognized?" : ".unrecognized"
      }
      return ".\(event.caseName)(\(subpatterns.joined(separator: ", ")))"
    }
    var cases = ""
    if !unknownPatterns.isEmpty {
      cases += "case \(unknownPatterns.joined(separator: ", ")): true\n"
    }
    if !modifiers.isEmpty {
      let names = Set(modifiers.map(\.name))
      cases += "case \(pattern(event) { names.contains($0.name) }):\n"
      cases += modifiers.map { "\($0.name).hasUnrecognizedMembers" }.joined(separator: " || ")
      cases += "\n"
    }
    return cases
  }.joined()
  return typeEnum(
    table, .library,
    summary: "The wire name of each event type, as in the `\"type\"` field of JSON Lines.")
      + """

      extension Event.Payload {
        /// The scene the event happens in, for events that belong to one scene.
        ///
        /// Such an event for a session with no connected scene is a `lifecycle.unknown-scene` finding.
        public var scene: SessionID? {
          switch self {
          case \(scene.joined(separator: ", ")):
            session
          case \(noScene.joined(separator: ", ")):
            nil
          }
        }

        /// Every session the event names, in the order of its fields.
        public var sessions: [SessionID] {
          switch self {
          \(sessionCases)
          }
        }

        /// The enumerated values of the event this version does not recognize, as (field, value).
        ///
        /// Selection causes are open by design and never count as unrecognized.
        public var unrecognizedValues: [(field: String, value: String)] {
          var found: [(field: String, value: String)] = []
          func check<Value: OpenEnumeration>(_ field: String, _ value: Value?) {
            if let value, !value.isRecognized { found.append((field, value.rawValue)) }
          }
          func check(_ field: String, _ modifiers: ModifierFlags) {
            for modifier in modifiers.unrecognizedMembers {
              found.append((field, modifier.rawValue))
            }
          }
          switch self {
          \(checkCases)
          default: break
          }
          return found
        }

        /// Whether ``unrecognizedValues`` lists anything: asked at every event, and answered
        /// without making the list.
        package var hasUnrecognizedValues: Bool {
          switch self {
          \(recognizedCases)
          default: false
          }
        }
      }

      """
}
