import SceneTrace
import SceneTraceFile
import SceneTraceTestSupport
import Testing

/// The codecs come from the event table; what they write must stay what the hand-written codecs
/// wrote before it, byte for byte. The figures below were taken from those codecs (commit
/// 29abe3f) on the same events, and taken again when `trace.gap`'s `dropped` became a count,
/// drawn without a sign: the encoders did not change, only the values of those events. The
/// types added later (format 1.2) are left out: the bytes of the types that were there stay.
@Suite struct ByteCompatibilityTests {
  private static let events: [Event] = {
    var random = RandomEvents(seed: 7)
    return random.events(count: 3600, of: RandomEvents.format10Types)
  }()

  @Test func jsonLinesOfEveryEventTypeAreTheBytesWrittenBeforeTheTable() {
    let text = Self.events.map { $0.jsonLine + "\n" }.joined()
    #expect(text.utf8.count == 487_878)
    #expect(XXH64.hash(Array(text.utf8)) == 17_736_468_911_519_875_025)
  }

  @Test func sctraceOfEveryEventTypeIsTheBytesWrittenBeforeTheTable() throws {
    var options = TraceWriter.Options()
    options.compression = .uncompressed
    // Frames close by count alone, not by the writer's flush interval.
    options.clock = { 0 }
    let bytes = try sctrace(
      Self.events, options: options, header: TraceHeader(recorderVersion: "golden"))
    // Format 1.1 (the summary in the index, the minor version in the header): the figures of
    // 1.0 were 58,478 bytes and 1_134_475_911_425_900_829, which the same file gives without
    // them (`IndexSummaryTests`); the frames did not change. Format 1.2 changed only the
    // header's minor version and so its checksum (1.1 gave 940_151_196_676_407_067).
    #expect(bytes.count == 59_787)
    #expect(XXH64.hash(bytes) == 7_288_842_944_125_483_920)
  }
}
