import Foundation
import SceneTrace
import SceneTraceFile
import SceneTraceTestSupport
import Testing

/// A reader decodes the frames after the one it reads on other threads
/// (`ReadOptions.framesDecodedAhead`): what it reads is what it reads decoding every frame on
/// the reading thread, for an intact file, a damaged one, a cut one, and a consumer that stops.
@Suite struct FramesDecodedAheadTests {
  private static let events: [Event] = {
    // Identifiers whose states read back from their JSON, so that checkpoints are written.
    var random = RandomEvents(seed: 0xA4EAD5, identifiers: ["A", "B", "C", "main", "inspector"])
    return random.events(count: 3000)
  }()

  /// 75 frames of 40 events, a checkpoint every 100 events between them.
  private static let file: [UInt8] = {
    (try? sctrace(events, options: smallFrames(eventsPerFrame: 40, checkpointInterval: 100)))
      ?? []
  }()

  private static func options(ahead: Int) -> ReadOptions {
    var options = ReadOptions()
    options.framesDecodedAhead = ahead
    return options
  }

  /// What a read of `bytes` gives with `ahead` frames decoded ahead: the trace, or the error.
  private static func read(_ bytes: [UInt8], ahead: Int) -> Result<LoadedTrace, TraceError> {
    Result { () throws(TraceError) in
      try TraceFile.decode(bytes, path: "t.sctrace", options: options(ahead: ahead))
    }
  }

  /// Expects a read of `bytes` with `ahead` frames decoded ahead to give what one decoding every
  /// frame on the reading thread gives.
  private static func expectSameRead(_ bytes: [UInt8], ahead: Int, _ label: String) {
    switch (read(bytes, ahead: 0), read(bytes, ahead: ahead)) {
    case (.success(let alone), .success(let decodedAhead)):
      #expect(decodedAhead.events == alone.events, "\(label)")
      #expect(decodedAhead.damage == alone.damage, "\(label)")
      #expect(decodedAhead.truncation == alone.truncation, "\(label)")
      #expect(decodedAhead.warnings == alone.warnings, "\(label)")
      #expect(decodedAhead.loss == alone.loss, "\(label)")
    case (.failure(let alone), .failure(let decodedAhead)):
      #expect(decodedAhead.message == alone.message, "\(label)")
      #expect(decodedAhead.byteOffset == alone.byteOffset, "\(label)")
    case (let alone, let decodedAhead):
      Issue.record("\(label): alone \(alone), ahead \(decodedAhead)")
    }
  }

  @Test(arguments: [1, 2, 5])
  func anIntactFileReadsWhole(ahead: Int) throws {
    let trace = try Self.read(Self.file, ahead: ahead).get()
    #expect(trace.events == Self.events)
    #expect(trace.isIntact)
    let reader = try TraceReader(bytes: Self.file, path: "t.sctrace")
    #expect(reader.index.frames.count == 75)
    #expect(reader.index.checkpoints.count >= 20)
  }

  /// A frame that takes more of the file than is decoded ahead (4 MiB) is left to the scan,
  /// which reads it as it reads every frame: the frames around it are decoded ahead, and the
  /// trace reads as on one thread, whole and in order.
  @Test func aFrameOverTheLimitOfThoseDecodedAheadIsReadByTheScan() throws {
    // One mark whose label is 5 MiB: its frame, of raw blocks, lays out over the limit.
    var events = Array(Self.events.prefix(400))
    events[200].payload = .appMark(label: String(repeating: "m", count: 5 << 20))
    let bytes = try sctrace(
      events, options: smallFrames(eventsPerFrame: 40, compression: .uncompressed))
    let reader = try TraceReader(bytes: bytes, path: "t.sctrace")
    // The large frame has frames before and after it.
    let large = try #require(reader.index.frames.firstIndex { $0.byteCount > 4 << 20 })
    #expect(large > 2 && large < reader.index.frames.count - 3)
    for ahead in [1, 2, 4] {
      let trace = try Self.read(bytes, ahead: ahead).get()
      #expect(trace.events == events, "\(ahead) ahead")
      #expect(trace.isIntact, "\(ahead) ahead")
    }
  }

  @Test(arguments: [1, 3])
  func aDamagedFileReadsAsOnOneThread(ahead: Int) {
    var random = SplitMix64(seed: 0xDA4A6E + UInt64(ahead))
    for round in 0..<150 {
      var bytes = Self.file
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        let index = Int.random(in: 0..<bytes.count, using: &random)
        bytes[index] ^= UInt8.random(in: 1...255, using: &random)
      }
      Self.expectSameRead(bytes, ahead: ahead, "round \(round)")
    }
  }

  @Test func aFileCutAnywhereReadsAsOnOneThread() {
    var random = SplitMix64(seed: 0xC07)
    for _ in 0..<60 {
      let length = Int.random(in: 1..<Self.file.count, using: &random)
      Self.expectSameRead(Array(Self.file.prefix(length)), ahead: 3, "cut at \(length)")
    }
  }

  /// Read from a file a few hundred bytes at a time, so that looking ahead reads past what the
  /// reader holds, and stopped after some frames: the frames handed on are the first ones, and
  /// the frames decoded past them are dropped.
  @Test func aStreamReadInSmallChunksStopsWhereItsConsumerStops() throws {
    let url = TemporaryFile.url("frames-ahead.sctrace")
    try Data(Self.file).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    for stopAfter in [1, 2, 9, 74, 80] {
      var frames: [[Event]] = []
      let streamed = try TraceFile.stream(
        sctrace: url.path, options: Self.options(ahead: 4), chunkSize: 300
      ) { frame in
        frames.append(frame)
        return frames.count < stopAfter
      }
      let count = min(stopAfter, 75)
      #expect(frames.count == count)
      #expect(Array(frames.joined()) == Array(Self.events.prefix(40 * count)))
      #expect(streamed.stoppedEarly == (stopAfter <= 75))
    }
  }
}
