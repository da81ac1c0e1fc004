import SceneTrace
import SceneTraceFile
import SceneTraceTestSupport
import Testing

/// The codecs come from the event table; what they write must stay what the hand-written codecs
/// wrote before it, byte for byte. The figures below were taken from those codecs (commit
/// 29abe3f) on the same events.
@Suite struct ByteCompatibilityTests {
  private static let events: [Event] = {
    var random = RandomEvents(seed: 7)
    return random.events(count: 3600)
  }()

  @Test func jsonLinesOfEveryEventTypeAreTheBytesWrittenBeforeTheTable() {
    let text = Self.events.map { $0.jsonLine + "\n" }.joined()
    #expect(text.utf8.count == 487_927)
    #expect(XXH64.hash(Array(text.utf8)) == 7_439_837_190_570_465_380)
  }

  @Test func sctraceOfEveryEventTypeIsTheBytesWrittenBeforeTheTable() throws {
    var options = TraceWriter.Options()
    options.compression = .uncompressed
    // Frames close by count alone, not by the writer's flush interval.
    options.clock = { 0 }
    let bytes = try sctrace(
      Self.events, options: options, header: TraceHeader(recorderVersion: "golden"))
    #expect(bytes.count == 58_478)
    #expect(XXH64.hash(bytes) == 8_937_106_712_745_048_668)
  }
}
