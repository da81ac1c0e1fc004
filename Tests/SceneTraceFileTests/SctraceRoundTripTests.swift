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
