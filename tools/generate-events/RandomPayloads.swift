import EventDescription

/// The tests' random payload of each type: every field drawn, optional ones half the time.
func randomPayloads(_ table: [EventTypeDescription], _ names: Names, function: String) -> String {
  let cases = table.map { event -> String in
    guard !event.fields.isEmpty else { return "case .\(event.caseName): .\(event.caseName)\n" }
    let arguments = event.fields.map { field -> String in
      let draw =
        switch field.kind {
        case .string: "text()"
        case .session: "session()"
        case .drag: "drag()"
        case .strings: "texts()"
        case .sessions: "sessions()"
        case .integer: "int()"
        case .count: "count()"
        case .coordinate, .pointerCoordinate: "double()"
        case .bool: "bool()"
        case .enumeration: "value()"
        case .modifiers: "modifiers()"
        case .rect: "rect()"
        }
      return field.presence == .optional
        ? "\(field.name): maybe { $0.\(draw) }" : "\(field.name): \(draw)"
    }
    return "case .\(event.caseName): .\(event.caseName)(\(arguments.joined(separator: ", ")))\n"
  }.joined()
  return """
    extension RandomEvents {
      /// A payload of `type` with random values in every field.
      \(names.access)mutating func \(function)(_ type: \(names.type)) -> \(names.payload) {
        switch type {
        \(cases)
        }
      }
    }

    """
}

/// `Tests/SceneTraceTestSupport/RandomEvents+Payload.swift`.
func randomPayloadsFile(_ table: [EventTypeDescription]) -> String {
  "import SceneTrace\n\n"
    + randomPayloads(
      table, Names(payload: "Event.Payload", type: "EventType", access: "package "),
      function: "payload")
}

/// An event type only the fixture table has: it shows that an entry alone gives a working codec.
let fixtureEvent = EventTypeDescription(
  "window.fixtureProbe", "windowFixtureProbe", tag: eventTable.count + 1,
  "A test-only event type with a field of most kinds.", scene: "session",
  [
    .session("session"), .string("label", .optional), FieldDescription("count", .integer),
    FieldDescription("width", .coordinate), FieldDescription("inside", .bool, .optional),
    .modifiers(), .enumeration("heading", Enumerations.focusHeading, .optional),
    FieldDescription("items", .strings, .optional), FieldDescription("frame", .rect, .optional),
    FieldDescription("drag", .drag),
  ])

/// `Tests/SceneTraceFileTests/FixtureEvents.swift`: a table of ``fixtureEvent`` alone, with its
/// own payload enum, binary and JSON codecs and random payloads, from the same emitters as the
/// real table's.
func fixtureFile() -> String {
  let table = [fixtureEvent]
  let names = Names(payload: "FixturePayload", type: "FixtureEventType", access: "")
  return """
    import SceneTrace
    import SceneTraceTestSupport

    @testable import SceneTraceFile

    /// A test-only event table: one event type that the real table does not have.
    enum FixturePayload: Hashable, Sendable {
    \(payloadCases(table, names))
    }


    """
      + typeEnum(table, names, summary: "The wire names of the fixture table.") + "\n"
      + encoderBody(table, names) + "\n" + decoderBody(table, names) + "\n"
      + skipperBody(table, names) + "\n"
      + jsonCodec(table, names) + "\n" + randomPayloads(table, names, function: "fixturePayload")
}
