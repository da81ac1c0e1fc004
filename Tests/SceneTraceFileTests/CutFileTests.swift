import SceneTrace
import SceneTraceFile
import SceneTraceTestSupport
import Testing

/// A file cut at any byte (the app was killed while writing) gives back exactly a prefix of the
/// events: at least every event of every block that was complete before the cut, and says what
/// was lost.
@Suite struct CutFileTests {
  /// A multi-frame file with a flush every few events, and for each flush the file's size and
  /// how many events were appended before it.
  private static func flushedFile(compression: TraceWriter.Compression, seed: UInt64) throws
    -> (bytes: [UInt8], events: [Event], flushes: [(size: Int, events: Int)])
  {
    var random = RandomEvents(seed: seed)
    let events = random.events(count: 150)
    let sink = MemoryByteSink()
    var options = smallFrames(eventsPerFrame: 40, checkpointInterval: 60, compression: compression)
    options.flushInterval = .max
    let writer = try TraceWriter(
      header: TraceHeader(recorderVersion: "tests"), sink: sink, options: options)
    var flushes: [(size: Int, events: Int)] = []
    for (index, event) in events.enumerated() {
      try writer.append(event)
      if index % 7 == 6 {
        try writer.flush()
        flushes.append((sink.bytes.count, index + 1))
      }
    }
    try writer.close()
    flushes.append((sink.bytes.count, events.count))
    return (sink.bytes, events, flushes)
  }

  @Test(arguments: [TraceWriter.Compression.automatic, .uncompressed])
  func everyCutGivesAPrefixWithEveryFlushedEvent(compression: TraceWriter.Compression) throws {
    let (bytes, events, flushes) = try Self.flushedFile(compression: compression, seed: 11)
    var readable = 0
    for cut in 0..<bytes.count {
      let flushed = flushes.last { $0.size <= cut }?.events ?? 0
      let trace: LoadedTrace
      do {
        trace = try TraceFile.decode(bytes.prefix(cut), path: "cut.sctrace")
      } catch {
        // Only a file that holds no complete event may fail to read, and it says so.
        #expect(flushed == 0, "cut at \(cut): \(error)")
        #expect(cut < 16 || error.code == .emptyTrace, "cut at \(cut): \(error)")
        continue
      }
      readable += 1
      let count = trace.events.count
      #expect(count >= flushed, "cut at \(cut): \(count) events, \(flushed) were flushed")
      #expect(
        trace.events == Array(events.prefix(count)), "cut at \(cut): not a prefix of the events")
      #expect(trace.truncation != nil, "cut at \(cut): the loss is not reported")
      #expect(trace.damage.isEmpty, "cut at \(cut): a cut is not damage: \(trace.damage)")
    }
    #expect(readable > bytes.count / 2)
    let whole = try TraceFile.decode(bytes, path: "whole.sctrace")
    #expect(whole.isIntact)
    #expect(whole.events == events)
  }

  @Test func cutFileRebuildsItsIndexByScanning() throws {
    let (bytes, events, _) = try Self.flushedFile(compression: .automatic, seed: 12)
    let full = try TraceReader(bytes: bytes, path: "full.sctrace")
    #expect(!full.indexWasRebuilt)
    // Cut off the index and the last frame's checksum.
    let cut = Array(bytes.prefix(full.index.frames.last.map { $0.offset + $0.byteCount - 2 } ?? 0))
    let reader = try TraceReader(bytes: cut, path: "cut.sctrace")
    #expect(reader.indexWasRebuilt)
    #expect(reader.index.frames.dropLast() == full.index.frames.dropLast())
    // Every checkpoint in the bytes left is found; one written after the last frame is cut off.
    let kept = full.index.checkpoints.filter { $0.offset + $0.byteCount <= cut.count }
    #expect(!kept.isEmpty)
    #expect(reader.index.checkpoints == kept)
    let trace = try reader.loadAll()
    #expect(trace.events == events)
    #expect(trace.truncation?.contains("rebuilt by scanning") == true)
  }
}
