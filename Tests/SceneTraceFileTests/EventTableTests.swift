import EventDescription
import Foundation
import SceneTrace
import SceneTraceFile
import SceneTraceTestSupport
import Testing

/// The event table (`Sources/EventDescription`) is the one description of every event type: the
/// codecs, the JSON Schema and the random events all come from it, and must agree.
@Suite struct EventTableTests {
  private static let schema: JSONSchemaValidator = {
    let url = PackageFolders.file("docs/event-line.schema.json")
    guard let bytes = try? Data(contentsOf: url), let schema = try? JSONValue(parsing: bytes)
    else { fatalError("docs/event-line.schema.json is missing or not JSON") }
    return JSONSchemaValidator(schema)
  }()

  /// `count` events of each type, with values the schema knows.
  private static func events(seed: UInt64, count: Int) -> [Event] {
    var random = RandomEvents(seed: seed)
    random.drawsUnknownValues = false
    return random.events(count: count * EventType.allCases.count)
  }

  /// The JSON line of a random event of `description`'s type, with `field` replaced by `value`
  /// (nil: left out).
  private static func line(
    of description: EventTypeDescription, in events: [Event], setting field: String,
    to value: JSONValue?
  ) throws -> String {
    let event = try #require(events.first { $0.type.rawValue == description.wireName })
    guard case .object(let object) = try JSONValue(parsing: Array(event.jsonLine.utf8)) else {
      throw TraceError(code: .invalidJSON, message: "not an object", path: nil, line: nil)
    }
    let pairs = object.pairs.filter { $0.key != field } + (value.map { [(field, $0)] } ?? [])
    return JSONValue.object(JSONObject(pairs)).serialized()
  }

  /// What the shipped schema finds wrong with `line`.
  private static func schemaProblems(_ line: some StringProtocol) throws -> [String] {
    schema.problems(try JSONValue(parsing: Array(line.utf8)))
  }

  @Test(arguments: [1, 7, 2024] as [UInt64])
  func everyEventTypeGoesFromJSONToBinaryAndBackByteForByteAndMatchesTheSchema(seed: UInt64)
    throws
  {
    let events = Self.events(seed: seed, count: 40)
    #expect(Set(events.map(\.type)) == Set(EventType.allCases))
    let text = events.map { $0.jsonLine + "\n" }.joined()
    let read = try TraceFile.decodeJSONLines(Array(text.utf8), path: "random.jsonl")
    for compression in [TraceWriter.Compression.uncompressed, .automatic] {
      var options = TraceWriter.Options()
      options.compression = compression
      let binary = try TraceFile.decode(sctrace(read.events, options: options), path: "r.sctrace")
      #expect(binary.events.map { $0.jsonLine + "\n" }.joined() == text)
    }
    for line in text.split(separator: "\n") {
      let problems = try Self.schemaProblems(line)
      #expect(problems.isEmpty, "\(line): \(problems)")
    }
  }

  @Test func theSchemaAndTheReaderRefuseAMissingRequiredFieldOfEveryType() throws {
    let events = Self.events(seed: 3, count: 1)
    for description in eventTable {
      for field in description.fields where field.presence == .required {
        let line = try Self.line(of: description, in: events, setting: field.name, to: nil)
        #expect(try !Self.schemaProblems(line).isEmpty, "\(line)")
        let error = readError(line + "\n")
        #expect(error?.code == .missingField, "\(line)")
        #expect(error?.field == field.name)
      }
    }
  }

  @Test func theSchemaAndTheReaderRefuseAFieldOfTheWrongTypeInEveryType() throws {
    let events = Self.events(seed: 4, count: 1)
    for description in eventTable {
      for field in description.fields {
        let wrong: JSONValue =
          switch field.kind {
          case .integer, .coordinate, .pointerCoordinate: .string("12")
          case .string, .session, .drag, .enumeration: .number("12")
          default: .object(JSONObject())
          }
        let line = try Self.line(of: description, in: events, setting: field.name, to: wrong)
        #expect(try !Self.schemaProblems(line).isEmpty, "\(line)")
        let error = readError(line + "\n")
        #expect(error?.code == .invalidValue, "\(line)")
        #expect(error?.field == field.name)
      }
    }
  }

  @Test func theSchemaRefusesAnEnumeratedValueThisVersionDoesNotKnowWhichTheReaderKeeps() throws {
    let events = Self.events(seed: 5, count: 1)
    var checked = 0
    for description in eventTable {
      for field in description.fields {
        let unknown: JSONValue
        switch field.kind {
        case .enumeration: unknown = .string("fromANewerRecorder")
        case .modifiers: unknown = .array([.string("fromANewerRecorder")])
        default: continue
        }
        let line = try Self.line(of: description, in: events, setting: field.name, to: unknown)
        #expect(try !Self.schemaProblems(line).isEmpty, "\(line)")
        let read = try decode(line + "\n").events
        #expect(read.count == 1)
        #expect(read.first?.payload.unrecognizedValues.isEmpty == (field.name == "cause"))
        #expect(read.first?.payload.hasUnrecognizedValues == (field.name != "cause"))
        checked += 1
      }
    }
    #expect(checked == 24)
  }

  @Test func anEventHasUnrecognizedValuesExactlyWhenItListsSome() {
    // Random events of every type, a quarter of their enumerated values unknown.
    var random = RandomEvents(seed: 14)
    var withUnknown = 0
    for event in random.events(count: 40 * EventType.allCases.count) {
      let listed = !event.payload.unrecognizedValues.isEmpty
      #expect(event.payload.hasUnrecognizedValues == listed, "\(event)")
      if listed { withUnknown += 1 }
    }
    #expect(withUnknown > 100)
  }

  @Test func theSchemaAcceptsNullForAnAbsentFieldAsTheReaderDoes() throws {
    let line = #"{"t":1,"type":"scene.willConnect","session":"A","role":null,"activityType":null}"#
    #expect(try Self.schemaProblems(line).isEmpty)
    #expect(try decode(line + "\n").events.first?.payload == .sceneWillConnect(session: "A"))
    let unknownType = #"{"type":"scene.didLevitate","session":"A"}"#
    #expect(try !Self.schemaProblems(unknownType).isEmpty)
  }
}
