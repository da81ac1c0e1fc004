import SceneTrace
import Testing

@testable import SceneTraceFile

/// A checkpoint's state is compressed at zstd level 3 at most, whatever the events' level: a
/// state's JSON gains little from a high level, which costs far more time on a large state.
@Suite struct CheckpointCompressionTests {
  @Test(.enabled(if: LibZstd.isAvailable))
  func checkpointsAreCompressedAtLevelThreeWhenEventsAreAtNineteen() throws {
    let events = manySessions(600) { id in
      [.sessionConfigure(session: id, role: .windowApplication), .sceneWillConnect(session: id)]
    }
    let bytes = try sctrace(
      events,
      options: smallFrames(
        eventsPerFrame: 100, checkpointInterval: 300, compression: .zstd(level: 19)))
    let reader = try TraceReader(bytes: bytes, path: "sessions.sctrace")
    #expect(reader.index.checkpoints.count >= 2)
    for entry in reader.index.checkpoints {
      let checkpoint = try reader.checkpoint(entry)
      let stored = Array(bytes[entry.offset..<entry.offset + entry.byteCount])
      let compressed = { (level: Int32) throws(TraceError) -> [UInt8]? in
        try checkpoint.encodedFrame { json throws(TraceError) in
          try LibZstd.compressFrame(json, level: level, minMatch: nil)
        }
      }
      #expect(stored == (try compressed(3)), "after seq \(entry.seq)")
      // The levels give different bytes, so the comparison above tells them apart.
      #expect((try compressed(3)) != (try compressed(19)), "after seq \(entry.seq)")
    }
  }
}
