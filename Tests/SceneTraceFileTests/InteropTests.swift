import SceneTrace
import SceneTraceFile
import SceneTraceTestSupport
import Testing

/// Every `.sctrace` file is an ordinary zstd stream: `zstd -t` accepts it and `zstd -d`
/// decompresses it (to the event frames' contents; skippable frames are skipped).
@Suite(.enabled(if: ZstdTool.isInstalled)) struct InteropTests {
  private static func flushedFile(_ compression: TraceWriter.Compression) throws -> [UInt8] {
    var random = RandomEvents(seed: 41, identifiers: ["A", "B", "C"])
    let sink = MemoryByteSink()
    let writer = try TraceWriter(
      header: TraceHeader(recorderVersion: "tests", appName: "app", startWallClockNanoseconds: 1),
      sink: sink,
      options: smallFrames(eventsPerFrame: 300, checkpointInterval: 500, compression: compression))
    for (index, event) in random.events(count: 2000).enumerated() {
      try writer.append(event)
      if index % 50 == 0 { try writer.flush() }
    }
    try writer.close()
    return sink.bytes
  }

  @Test(arguments: [TraceWriter.Compression.automatic, .uncompressed])
  func zstdAcceptsAndDecompressesTheFiles(compression: TraceWriter.Compression) throws {
    let bytes = try Self.flushedFile(compression)
    #expect(try ZstdTool.test(bytes) == nil)
    let content = try ZstdTool.decompress(bytes)
    let inspection = try TraceReader(bytes: bytes, path: "t.sctrace").inspect()
    #expect(inspection.checkpoints.count >= 3)
    #expect(content.count == inspection.contentByteCount)
    // The first frame's content: kind 1, first seq 1.
    #expect(content.prefix(2) == [1, 1])
  }
}
