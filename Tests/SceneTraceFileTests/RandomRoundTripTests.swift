import SceneTrace
import SceneTraceFile
import SceneTraceTestSupport
import Testing

@Test(arguments: [1, 2, 3, 42, 0xDEAD_BEEF] as [UInt64])
func randomEventsSurviveExportAndImport(seed: UInt64) throws {
  var random = RandomEvents(seed: seed)
  let events = random.events(count: 1500)
  let text = events.map(\.jsonLine).joined(separator: "\n") + "\n"
  let trace = try decode(text)
  #expect(trace.truncation == nil)
  #expect(trace.events.count == events.count)
  for (read, written) in zip(trace.events, events) where read != written {
    Issue.record("seq \(written.seq): wrote \(written.jsonLine), read \(read.jsonLine)")
  }
  #expect(trace.events.map(\.jsonLine) == events.map(\.jsonLine))
  // The line is written straight as text; the JSON value other commands print says the same.
  #expect(events.map { $0.json.serialized() } == events.map(\.jsonLine))
}

@Test func theLatestTimeATraceCanHoldSurvivesExportAndImport() throws {
  let event = Event(seq: 1, time: TraceTime(nanoseconds: .max), .appTerminate)
  #expect(event.jsonLine == #"{"seq":1,"t":9223372036.854775807,"type":"app.terminate"}"#)
  #expect(try decode(event.jsonLine).events == [event])
}
