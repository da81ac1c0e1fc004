import SceneTrace
import SceneTraceFile
import SceneTraceTestSupport
import Testing

/// A clock the test moves by hand.
private final class ManualClock: @unchecked Sendable {
  var now: Int64 = 0
}

/// The writer flushes on its timer and on `flush()`, only between events: whatever a crash
/// leaves of the file then holds every event appended before the flush.
@Suite struct WriterFlushTests {
  private static func writer(clock: ManualClock, compression: TraceWriter.Compression) throws
    -> (TraceWriter, MemoryByteSink)
  {
    var options = TraceWriter.Options()
    options.compression = compression
    options.flushInterval = 100
    options.clock = { clock.now }
    let sink = MemoryByteSink()
    let writer = try TraceWriter(
      header: TraceHeader(recorderVersion: "tests"), sink: sink, options: options)
    return (writer, sink)
  }

  /// How many events the bytes written so far give back, as after a crash.
  private static func recovered(_ sink: MemoryByteSink) -> Int {
    (try? TraceFile.decode(sink.bytes, path: "crash.sctrace").events.count) ?? 0
  }

  @Test(arguments: [TraceWriter.Compression.automatic, .uncompressed])
  func theTimerFlushesAfterTheEventThatFindsItDue(compression: TraceWriter.Compression) throws {
    let clock = ManualClock()
    let (writer, sink) = try Self.writer(clock: clock, compression: compression)
    var random = RandomEvents(seed: 51)
    let events = random.events(count: 60)
    for (index, event) in events.enumerated() {
      clock.now += 30
      try writer.append(event)
      let appended = index + 1
      // 30 a step, due at 100: flushes after events 4, 8, 12, …
      if appended % 4 == 0 {
        #expect(Self.recovered(sink) == appended, "after event \(appended)")
      } else {
        #expect(Self.recovered(sink) == appended / 4 * 4, "after event \(appended)")
      }
    }
  }

  @Test func flushAndFlushIfDueMakeEveryEventRecoverable() throws {
    let clock = ManualClock()
    let (writer, sink) = try Self.writer(clock: clock, compression: .automatic)
    var random = RandomEvents(seed: 52)
    let events = random.events(count: 10)
    for event in events.prefix(5) { try writer.append(event) }
    #expect(Self.recovered(sink) == 0)
    try writer.flush()
    #expect(Self.recovered(sink) == 5)
    for event in events.dropFirst(5) { try writer.append(event) }
    try writer.flushIfDue()
    #expect(Self.recovered(sink) == 5)
    clock.now += 100
    try writer.flushIfDue()
    #expect(Self.recovered(sink) == 10)
    try writer.close()
    #expect(try TraceFile.decode(sink.bytes, path: "t.sctrace").isIntact)
  }

  @Test func theWriterRefusesEventsOutOfOrder() throws {
    let (writer, _) = try Self.writer(clock: ManualClock(), compression: .automatic)
    try writer.append(Event(seq: 3, time: TraceTime(seconds: 2), .appTerminate))
    #expect(throws: TraceError.self) {
      try writer.append(Event(seq: 3, time: TraceTime(seconds: 2), .appTerminate))
    }
    do {
      try writer.append(Event(seq: 4, time: TraceTime(seconds: 1), .appTerminate))
      Issue.record("time went backwards")
    } catch {
      #expect(error.code == .timeWentBackwards)
    }
    // A gap in seq is kept as a gap.
    try writer.append(Event(seq: 9, time: TraceTime(seconds: 3), .appTerminate))
    try writer.flush()
  }

  @Test func seqGapsAndExtremeValuesSurvive() throws {
    let events = [
      Event(seq: 5, time: .zero, .pointerDrag(session: "A", phase: .began, x: -0.0, y: .nan)),
      Event(
        seq: 6, time: TraceTime(nanoseconds: 1),
        .pointerDrag(session: "A", phase: .changed, x: .infinity, y: -.infinity)),
      Event(
        seq: 1_000_000, time: TraceTime(nanoseconds: .max),
        .sceneGeometry(session: "", width: -1e308, height: 0x1p-1074)),
      Event(
        seq: 1_000_001, time: TraceTime(nanoseconds: .max),
        .pointerDrag(
          session: "A", phase: PointerPhase(rawValue: "hovering"), x: 12.5, y: 3.25,
          modifiers: [.shift, Modifier(rawValue: "hyper")], latching: Latching(rawValue: "z"))),
    ]
    let trace = try TraceFile.decode(try sctrace(events), path: "t.sctrace")
    expectExactly(trace.events, events)
  }
}
