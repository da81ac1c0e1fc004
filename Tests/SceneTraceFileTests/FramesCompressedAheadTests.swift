import SceneTrace
import SceneTraceFile
import SceneTraceTestSupport
import Testing

/// A conversion compresses its frames on another thread (`compressesFramesAhead`) while it
/// encodes the next ones: the file is the one the writer writes on the calling thread, byte for
/// byte, with the same index and checkpoints, and a flush still makes every event appended so
/// far recoverable.
@Suite(.enabled(if: TraceWriter.Compression.isZstdAvailable, "frames are compressed by libzstd"))
struct FramesCompressedAheadTests {
  private static func options(level: Int, ahead: Bool) -> TraceWriter.Options {
    var options = smallFrames(
      eventsPerFrame: 40, checkpointInterval: 100, compression: .zstd(level: level))
    options.flushInterval = .max
    options.compressesFramesAhead = ahead
    return options
  }

  @Test(arguments: [1, 3, 19])
  func theFileIsTheOneWrittenOnTheCallingThread(level: Int) throws {
    // Identifiers whose states read back from their JSON, so that checkpoints are written.
    var random = RandomEvents(
      seed: 0xA4EAD + UInt64(level), identifiers: ["A", "B", "C", "main", "inspector"])
    let events = random.events(count: 3000)
    let calling = try sctrace(events, options: Self.options(level: level, ahead: false))
    let ahead = try sctrace(events, options: Self.options(level: level, ahead: true))
    #expect(ahead.count == calling.count)
    #expect(ahead == calling)
    let reader = try TraceReader(bytes: ahead, path: "ahead.sctrace")
    #expect(reader.index.frames.count == 75)
    #expect(reader.index.checkpoints.count >= 20)
    #expect(try reader.loadAll().events == events)
    let inspection = try reader.inspect(checkingCheckpoints: true)
    #expect(inspection.isIntact, "\(inspection.problems)")
    #expect(inspection.checkpoints.allSatisfy { $0.status == .matches })
  }

  @Test func aFlushEndsTheFrameAndWaitsForEveryOne() throws {
    var random = RandomEvents(seed: 0xF1A5)
    let events = random.events(count: 500)
    let sink = MemoryByteSink()
    let writer = try TraceWriter(
      header: TraceHeader(recorderVersion: "tests"), sink: sink,
      options: Self.options(level: 3, ahead: true))
    func recovered() -> [Event] {
      (try? TraceFile.decode(sink.bytes, path: "crash.sctrace").events) ?? []
    }
    for flushAt in [7, 41, 200, 333] {
      for event in events[recovered().count..<flushAt] { try writer.append(event) }
      try writer.flush()
      #expect(recovered() == Array(events.prefix(flushAt)), "flushed after \(flushAt)")
    }
    for event in events.dropFirst(333) { try writer.append(event) }
    try writer.close()
    let trace = try TraceFile.decode(sink.bytes, path: "ahead.sctrace")
    #expect(trace.isIntact)
    #expect(trace.events == events)
  }
}
