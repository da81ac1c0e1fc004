import SceneTrace
import SceneTraceTestSupport
import Testing

@testable import SceneTraceFile

/// `FixtureEvents.swift` is what `tools/generate-events` gives for a test-only table of one
/// entry, `window.fixtureProbe`, through the emitters of the real table: that entry alone must
/// give an event type that goes from JSON to binary and back, on the real codec's primitives.
@Suite struct FixtureTableTests {
  /// The payload's JSON line, without seq and time.
  private static func line(_ payload: FixturePayload) -> String {
    var fields = JSONObjectFields()
    fields.add("type", .string(payload.type.rawValue))
    payload.export(to: &fields)
    return JSONValue.object(fields.object).serialized()
  }

  /// The payload of `line`, as the JSON Lines reader reads fields.
  private static func payload(of line: String) throws -> FixturePayload {
    guard case .object(let object) = try JSONValue(parsing: Array(line.utf8)),
      case .string(let name)? = object["type"], let type = FixtureEventType(rawValue: name)
    else { throw TraceError(code: .invalidJSON, message: line, path: nil, line: nil) }
    let fields = EventFields(object: object, typeName: name, path: "fixture.jsonl", line: 1)
    return try FixturePayload(type: type, fields: fields)
  }

  /// The payloads written as binary bodies, one after another, and read back.
  private static func binaryRoundTrip(_ payloads: [FixturePayload]) throws -> [FixturePayload] {
    var encoder = EventFrameEncoder(firstSeq: 1)
    _ = encoder.takeBytes()
    for payload in payloads { encoder.encodeBody(of: payload) }
    let bytes = encoder.takeBytes()
    return try bytes.withUnsafeBufferPointer { buffer throws(DecodingFailure) in
      var decoder = EventFrameDecoder(buffer)
      var read: [FixturePayload] = []
      for payload in payloads { read.append(try decoder.decodeBody(of: payload.type)) }
      guard decoder.reader.remaining == 0 else {
        throw .invalid("bytes left after the last body", at: decoder.reader.offset)
      }
      return read
    }
  }

  @Test func anEventTypeAddedToTheTableGoesFromJSONToBinaryAndBackByteForByte() throws {
    var random = RandomEvents(seed: 13)
    let probes = (0..<300).map { _ in random.fixturePayload(.windowFixtureProbe) }
    let lines = probes.map(Self.line)
    let fromJSON = try lines.map(Self.payload(of:))
    #expect(fromJSON == probes)
    let fromBinary = try Self.binaryRoundTrip(fromJSON)
    #expect(fromBinary.map(Self.line) == lines)
    #expect(Set(probes.map { Self.line($0).count }).count > 10)
  }
}
