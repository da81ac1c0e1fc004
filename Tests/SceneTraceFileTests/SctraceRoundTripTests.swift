import SceneTrace
import SceneTraceFile
import SceneTraceTestSupport
import Testing

@Suite struct SctraceRoundTripTests {
  @Test(arguments: [1, 2, 3, 42, 0xDEAD_BEEF] as [UInt64])
  func randomEventsOfEveryTypeComeBackExactly(seed: UInt64) throws {
    var random = RandomEvents(seed: seed)
    let events = random.events(count: 1500)
    let bytes = try sctrace(events, options: smallFrames(eventsPerFrame: 128))
    let trace = try TraceFile.decode(bytes, path: "t.sctrace")
    #expect(trace.format == .sctrace)
    #expect(trace.isIntact, "\(trace.damage) \(trace.truncation ?? "")")
    expectExactly(trace.events, events)
  }

  /// A frame is decompressed into room of one chunk (128 KiB) when it does not declare its
  /// size, as the writer's frames do not; one whose content is longer reads whole all the same.
  @Test func aFrameLongerThanAChunkComesBackExactly() throws {
    // Labels that do not repeat, so that the string table holds them all: about 300 KiB.
    var random = SplitMix64(seed: 0x51_7E)
    let events = (1...300).map { seq in
      let label = String(
        (0..<1000).map { _ in "abcdefghijklmnopqrstuvwxyz".randomElement(using: &random)! })
      return Event(seq: seq, time: TraceTime(nanoseconds: Int64(seq)), .appMark(label: label))
    }
    let bytes = try sctrace(events, options: smallFrames(eventsPerFrame: 300))
    let reader = try TraceReader(bytes: bytes, path: "t.sctrace")
    #expect(reader.index.frames.count == 1)
    let trace = try TraceFile.decode(bytes, path: "t.sctrace")
    #expect(trace.isIntact, "\(trace.damage) \(trace.truncation ?? "")")
    expectExactly(trace.events, events)
  }

  @Test func jsonLinesThroughSctraceGiveTheSameJSONLines() throws {
    var random = RandomEvents(seed: 7)
    let text = random.events(count: 800).map(\.jsonLine).joined(separator: "\n") + "\n"
    let imported = try decode(text)
    let bytes = try sctrace(imported.events)
    let exported =
      try TraceFile.decode(bytes, path: "t.sctrace").events
      .map(\.jsonLine).joined(separator: "\n") + "\n"
    #expect(exported == text)
  }
}
