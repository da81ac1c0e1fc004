import Foundation
import SceneTrace
import SceneTraceFile
import SceneTraceTestSupport
import Testing

/// Streaming a `.sctrace` file through a small buffer gives what reading it whole gives: the
/// same events, damage, truncation, loss and findings, or the same error.
@Suite struct StreamingReadTests {
  /// The `.sctrace` files shipped in traces/ and traces/captured.
  private static let shipped: [URL] = {
    let folders = [PackageFolders.traces, PackageFolders.traces.appendingPathComponent("captured")]
    return folders.flatMap { folder in
      ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasSuffix(".sctrace") }.sorted()
        .map { folder.appendingPathComponent($0) }
    }
  }()

  /// Writes `bytes` to a temporary file and returns its path.
  private static func temporaryFile(_ bytes: [UInt8], _ name: String) throws -> String {
    let url = TemporaryFile.url("stream-\(name)")
    try Data(bytes).write(to: url)
    return url.path
  }

  /// Streams `bytes` from a temporary file through reads of `chunkSize` bytes.
  private static func stream(
    _ bytes: [UInt8], chunkSize: Int, options: ReadOptions = ReadOptions(),
    _ consume: ([Event]) -> Bool
  ) throws -> StreamedTrace {
    let path = try temporaryFile(bytes, "t.sctrace")
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try TraceFile.stream(sctrace: path, options: options, chunkSize: chunkSize, consume)
  }

  /// Streams `bytes` from a file through reads of `chunkSize` bytes, and checks that it gives
  /// what reading them whole gives.
  private static func expectSameAsWholeRead(
    _ bytes: [UInt8], _ label: String, chunkSize: Int, lenient: Bool = false
  ) throws {
    let path = try temporaryFile(bytes, "t.sctrace")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let options = ReadOptions(lenient: lenient)
    let whole: Result<LoadedTrace, TraceError> = Result { () throws(TraceError) in
      try TraceFile.decode(bytes, path: path, options: options)
    }
    var events: [Event] = []
    var frames = 0
    let streamed = Result { () throws(TraceError) in
      try TraceFile.stream(sctrace: path, options: options, chunkSize: chunkSize) {
        events += $0
        frames += 1
        return true
      }
    }
    switch (whole, streamed) {
    case (.success(let whole), .success(let streamed)):
      #expect(events == whole.events, "\(label)")
      #expect(streamed.tally.count == whole.events.count, "\(label)")
      #expect(streamed.damage == whole.damage, "\(label)")
      #expect(streamed.truncation == whole.truncation, "\(label)")
      #expect(streamed.warnings == whole.warnings, "\(label)")
      #expect(streamed.loss == whole.loss, "\(label)")
      #expect(streamed.header == whole.header, "\(label)")
      let findings = Replay.run(whole.events).findings
      #expect(Replay.run(events).findings == findings, "\(label)")
      #expect(
        findings.map(streamed.lossExplanations.stretch(explaining:))
          == findings.map(whole.lossExplanations.stretch(explaining:)),
        "\(label)")
      // The events a report shows, read again by seq.
      let seqs = whole.events.map(\.seq).enumerated().filter { $0.offset % 7 == 0 }
        .map { $0.element...$0.element + 1 }
      let fetched = try TraceFile.events(
        inSeqs: seqs, of: streamed, options: options, chunkSize: chunkSize)
      let wanted = Set(seqs.flatMap { Array($0) })
      #expect(fetched == whole.events.filter { wanted.contains($0.seq) }, "\(label)")
    case (.failure(let whole), .failure(let streamed)):
      #expect(streamed.code == whole.code, "\(label)")
      #expect(streamed.message == whole.message, "\(label)")
      #expect(streamed.byteOffset == whole.byteOffset, "\(label)")
    default:
      Issue.record("\(label): the whole read gave \(whole), the stream \(streamed)")
    }
    try expectSameBatches(path: path, label, options: options, chunkSize: chunkSize)
    try expectSameReader(bytes, path: path, label, options: options)
  }

  /// Streams the file at `path` as batches whose pointer samples the decoder makes as plain
  /// values (`TraceFile.streamBatches`), and checks that it gives what streaming events gives:
  /// the same events in the same order, the same tally, damage and loss, the same replay, or
  /// the same error.
  @discardableResult
  static func expectSameBatches(
    path: String, _ label: String, options: ReadOptions = ReadOptions(),
    chunkSize: Int = 1 << 20
  ) throws -> Int {
    var events: [Event] = []
    let streamed = Result { () throws(TraceError) in
      try TraceFile.stream(path: path, options: options, chunkSize: chunkSize) {
        events += $0
        return true
      }
    }
    var batched: [Event] = []
    var samples = 0
    var replay = Replay()
    let streamedBatches = Result { () throws(TraceError) in
      try TraceFile.streamBatches(joining: [path], options: options, chunkSize: chunkSize) {
        (batch: consuming EventBatch) in
        batched += batch.allEvents
        samples += batch.samples.count
        replay.apply(moving: &batch)
        return true
      }
    }
    switch (streamed, streamedBatches) {
    case (.success(let streamed), .success(let batches)):
      #expect(batched == events, "\(label)")
      #expect(batches.tally.count == streamed.tally.count, "\(label)")
      #expect(batches.tally.seqRuns == streamed.tally.seqRuns, "\(label)")
      #expect(batches.tally.launchSeqs == streamed.tally.launchSeqs, "\(label)")
      #expect(batches.tally.first == streamed.tally.first, "\(label)")
      #expect(batches.tally.last == streamed.tally.last, "\(label)")
      #expect(batches.damage == streamed.damage, "\(label)")
      #expect(batches.loss == streamed.loss, "\(label)")
      #expect(batches.warnings == streamed.warnings, "\(label)")
      #expect(batches.storedIndex == streamed.storedIndex, "\(label)")
      replay.finish()
      let lent = Replay.run(events)
      #expect(replay.state == lent.state, "\(label)")
      #expect(replay.findings == lent.findings, "\(label)")
    case (.failure(let streamed), .failure(let batches)):
      #expect(batches.code == streamed.code, "\(label)")
      #expect(batches.message == streamed.message, "\(label)")
      #expect(batches.byteOffset == streamed.byteOffset, "\(label)")
    default:
      Issue.record("\(label): the stream gave \(streamed), the batches \(streamedBatches)")
    }
    return samples
  }

  /// A trace of pointer samples over hundreds of sessions (references to the frame's table of
  /// more than one byte), with raw coordinates, regions and values this version does not know,
  /// read as batches: the decoder makes most samples as plain values, and the rest as events,
  /// and the batches are what the events are, whole, cut or damaged.
  @Test func pointerSamplesDecodeAsPlainValuesAsTheyDecodeAsEvents() throws {
    let events = CompactReplayTests.pointerHeavyTrace(seed: 0x5A_3E05, count: 6000, sessions: 300)
    var random = SplitMix64(seed: 0x5A_3E06)
    for (name, options) in [
      ("raw blocks", smallFrames(eventsPerFrame: 700, compression: .uncompressed)),
      ("compressed", smallFrames(eventsPerFrame: 2000, checkpointInterval: nil)),
    ] {
      let bytes = try sctrace(events, options: options)
      let path = try Self.temporaryFile(bytes, "samples.sctrace")
      defer { try? FileManager.default.removeItem(atPath: path) }
      let samples = try Self.expectSameBatches(path: path, name)
      #expect(samples > events.count / 2, "\(name)")
      for round in 0..<8 {
        var damaged = bytes
        if round.isMultiple(of: 2) {
          damaged.removeLast(Int.random(in: 1..<bytes.count / 2, using: &random))
        } else {
          for _ in 0..<3 {
            let index = Int.random(in: 0..<bytes.count, using: &random)
            damaged[index] ^= UInt8.random(in: 1...255, using: &random)
          }
        }
        let damagedPath = try Self.temporaryFile(damaged, "damaged.sctrace")
        defer { try? FileManager.default.removeItem(atPath: damagedPath) }
        try Self.expectSameBatches(path: damagedPath, "\(name), round \(round)", chunkSize: 512)
      }
    }
  }

  /// JSON Lines, and several files joined, are batched as their events come.
  @Test func jsonLinesAndJoinedFilesStreamAsBatchesOfTheirEvents() throws {
    let jsonl = PackageFolders.traces.appendingPathComponent("band-selection-shift-bug.jsonl").path
    try Self.expectSameBatches(path: jsonl, "jsonl")
    // Raw blocks, which every build reads (with libzstd or without).
    let raw = PackageFolders.traces.appendingPathComponent("two-windows-clean.uncompressed.sctrace")
    let sctraces = [raw.path, raw.path]
    var joined: [Event] = []
    _ = try TraceFile.stream(joining: sctraces) {
      joined += $0
      return true
    }
    var batched: [Event] = []
    let streamed = try TraceFile.streamBatches(joining: sctraces) {
      batched += $0.allEvents
      return true
    }
    #expect(batched == joined)
    #expect(streamed.files == sctraces)
  }

  /// Checks that a reader opened on the file at `path` reads as one opened on its `bytes`.
  private static func expectSameReader(
    _ bytes: [UInt8], path: String, _ label: String, options: ReadOptions
  ) throws {
    let inMemory = Result { () throws(TraceError) in
      try TraceReader(bytes: bytes, path: path, options: options)
    }
    let onFile = Result { () throws(TraceError) in try TraceReader(path: path, options: options) }
    guard case .success(let inMemory) = inMemory, case .success(let onFile) = onFile else {
      #expect(
        (try? inMemory.get()) == nil && (try? onFile.get()) == nil,
        "\(label): only one reader opened")
      return
    }
    #expect(onFile.index == inMemory.index, "\(label)")
    #expect(onFile.indexWasRebuilt == inMemory.indexWasRebuilt, "\(label)")
    #expect(onFile.byteCount == inMemory.byteCount, "\(label)")
    let last = inMemory.lastSeq
    for (first, end) in [(1, last), (last / 3, last / 2 + 1)] {
      let fromMemory = Result { () throws(TraceError) in
        try inMemory.events(from: first, through: end)
      }
      let fromFile = Result { () throws(TraceError) in try onFile.events(from: first, through: end)
      }
      #expect(
        (try? fromFile.get())?.events == (try? fromMemory.get())?.events, "\(label) \(first)")
      #expect((try? fromFile.get())?.loss == (try? fromMemory.get())?.loss, "\(label) \(first)")
      #expect(
        (try? fromFile.get())?.damage == (try? fromMemory.get())?.damage, "\(label) \(first)")
    }
    if last > 0 {
      let fromMemory = try? inMemory.replay(through: last, finish: true)
      let fromFile = try? onFile.replay(through: last, finish: true)
      #expect(fromFile?.replay.state == fromMemory?.replay.state, "\(label)")
      #expect(fromFile?.findingCount == fromMemory?.findingCount, "\(label)")
      #expect(fromFile?.checkpoint?.seq == fromMemory?.checkpoint?.seq, "\(label)")
    }
  }

  @Test(arguments: [64, 4096])
  func everyShippedTraceStreamsAsItReadsWhole(chunkSize: Int) throws {
    #expect(Self.shipped.count >= 10)
    for url in Self.shipped {
      let bytes = try [UInt8](Data(contentsOf: url))
      try Self.expectSameAsWholeRead(bytes, url.lastPathComponent, chunkSize: chunkSize)
    }
  }

  @Test func cutAndDamagedCopiesStreamAsTheyReadWhole() throws {
    var random = SplitMix64(seed: 0x57AE)
    var randomEvents = RandomEvents(seed: 5)
    let generated = try sctrace(
      randomEvents.events(count: 600), options: smallFrames(eventsPerFrame: 50))
    let originals =
      try Self.shipped.prefix(4).map { ($0.lastPathComponent, try [UInt8](Data(contentsOf: $0))) }
      + [("generated", generated)]
    for (name, original) in originals {
      for round in 0..<24 {
        var bytes = original
        switch round % 3 {
        case 0:
          bytes.removeLast(Int.random(in: 1..<bytes.count, using: &random))
        case 1:
          for _ in 0..<Int.random(in: 1...4, using: &random) {
            let index = Int.random(in: 0..<bytes.count, using: &random)
            bytes[index] ^= UInt8.random(in: 1...255, using: &random)
          }
        default:
          let start = Int.random(in: 0..<bytes.count, using: &random)
          let end = min(bytes.count, start + Int.random(in: 1...300, using: &random))
          bytes.replaceSubrange(start..<end, with: repeatElement(0, count: end - start))
        }
        try Self.expectSameAsWholeRead(bytes, "\(name), round \(round)", chunkSize: 64)
      }
    }
  }

  /// Read on one thread, the buffer holds about the frame being read; with frames decoded ahead
  /// (`ReadOptions.framesDecodedAhead`), that frame and those after it being decoded.
  @Test(arguments: [0, 4])
  func aLongTraceStreamsThroughABufferOfAboutOneFrame(framesAhead: Int) throws {
    var randomEvents = RandomEvents(seed: 9)
    let events = randomEvents.events(count: 20_000)
    let bytes = try sctrace(events, options: smallFrames(eventsPerFrame: 200))
    let chunkSize = 4096
    var options = ReadOptions()
    options.framesDecodedAhead = framesAhead
    var count = 0
    let streamed = try Self.stream(bytes, chunkSize: chunkSize, options: options) { frame in
      count += frame.count
      return true
    }
    #expect(count == events.count)
    let reader = try TraceReader(bytes: bytes, path: "long.sctrace")
    let records =
      reader.index.frames.map { ($0.offset, $0.byteCount) }
      + reader.index.checkpoints.map { ($0.offset, $0.byteCount) }
    // The largest frame or checkpoint, or the index after them.
    let index = bytes.count - (records.map { $0.0 + $0.1 }.max() ?? 0)
    let largest = max(records.map(\.1).max() ?? 0, index)
    // The most bytes from a frame's start to the end of the last frame decoded ahead of it,
    // checkpoints between them included.
    let frames = reader.index.frames.sorted { $0.offset < $1.offset }
    let span =
      frames.indices.map { first in
        let last = frames[min(first + framesAhead, frames.count - 1)]
        return last.offset + last.byteCount - frames[first].offset
      }.max() ?? 0
    // A layout doubles what it reads until the frame fits: at most twice the largest frame (or
    // span of frames), and a read's chunk more.
    #expect(streamed.bufferHighWater <= 2 * max(largest, span) + chunkSize)
    #expect(streamed.bufferHighWater < bytes.count / 10)
  }

  @Test func aConsumerThatStopsEndsTheReadEarly() throws {
    var randomEvents = RandomEvents(seed: 3)
    let events = randomEvents.events(count: 2_000)
    let bytes = try sctrace(events, options: smallFrames(eventsPerFrame: 100))
    var read: [Event] = []
    let streamed = try Self.stream(bytes, chunkSize: 4096) { frame in
      read += frame
      return read.count < 250
    }
    #expect(streamed.stoppedEarly)
    #expect(read == Array(events.prefix(300)))
  }
}
