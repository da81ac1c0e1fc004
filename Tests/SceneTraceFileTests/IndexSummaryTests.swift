import Foundation
import SceneTrace
import SceneTraceTestSupport
import Testing

@testable import SceneTraceFile

/// The summary of the events that the writer stores with the index (format 1.1), which
/// `replay info` answers from: it says what the events say, in every file the writer ends,
/// appended to or not; a file without one is read whole; `verify` catches one that lies.
@Suite struct IndexSummaryTests {
  /// Writes `events` to a fresh temporary file and returns its path.
  private func file(
    _ events: [Event], options: TraceWriter.Options = TraceWriter.Options()
  ) throws -> String {
    let path = TemporaryFile.url("index-summary", "sctrace").path
    try Data(sctrace(events, options: options)).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// What a full read of the file at `path` says the summary is.
  private func summaryOfEveryEvent(_ path: String) throws -> TraceIndex.Summary {
    let inspection = try TraceReader(path: path).inspect()
    return TraceIndex.Summary(
      of: inspection.trace.events, contentByteCount: inspection.contentByteCount)
  }

  private func randomEvents(seed: UInt64, count: Int) -> [Event] {
    var random = RandomEvents(seed: seed)
    return random.events(count: count)
  }

  private func indexed(_ path: String, sampling: Int = 1) throws -> IndexedTrace? {
    guard case .indexed(let indexed) = try IndexedTrace.open(path: path, sampling: sampling)
    else { return nil }
    return indexed
  }

  /// Every shipped trace and seeded random events, written by this writer: the index's summary
  /// is the one a full read works out, and the index's first and last seq and time are the
  /// events'.
  @Test(arguments: [1, 2, 3, 4, 5])
  func theSummaryIsWhatAFullReadFinds(seed: UInt64) throws {
    var events = randomEvents(seed: seed, count: 1500)
    events += (1...40).map { number in
      Event(
        seq: events.count + number, time: events.last?.time ?? .zero,
        .traceGap(dropped: number % 3))
    }
    let path = try file(events, options: smallFrames(eventsPerFrame: 200))
    let summary = try #require(try indexed(path)?.summary)
    #expect(summary == (try summaryOfEveryEvent(path)))
    #expect(summary.eventCount == events.count)
    let sessions = Set(events.flatMap(\.payload.sessions))
    #expect(summary.sessionCount == sessions.count)
    #expect(summary.firstSessions == Array(sessions.naturallySorted().prefix(16)))
    #expect(
      summary.drops.map { LostStretch.drop(seq: $0.seq, count: $0.count) }
        == LostStretch.drops(in: events))
  }

  @Test func everyShippedTraceRewrittenHasTheSummaryOfAFullRead() throws {
    let folders = [PackageFolders.traces, PackageFolders.traces.appendingPathComponent("captured")]
    let paths = try folders.flatMap { folder in
      try FileManager.default.contentsOfDirectory(atPath: folder.path)
        .filter { $0.hasSuffix(".sctrace") || $0.hasSuffix(".jsonl") }
        .map { folder.appendingPathComponent($0).path }
    }
    #expect(paths.count > 30)
    for source in paths {
      // Some traces are broken on purpose, to show how commands report them.
      guard let trace = try? TraceFile.load(path: source, options: ReadOptions(lenient: true))
      else { continue }
      let path = try file(trace.events, options: smallFrames(eventsPerFrame: 100))
      let summary = try #require(try indexed(path)?.summary, "\(source)")
      #expect(summary == (try summaryOfEveryEvent(path)), "\(source)")
    }
  }

  @Test func theFirstSessionsAreListedInNaturalOrder() throws {
    var random = SplitMix64(seed: 9)
    let numbers = Array(1...30).shuffled(using: &random)
    let events = numbers.enumerated().map { index, number in
      Event(
        seq: index + 1, time: .zero, .sceneWillEnterForeground(session: SessionID("S\(number)")))
    }
    let summary = try #require(try indexed(try file(events))?.summary)
    #expect(summary.sessionCount == 30)
    #expect(summary.firstSessions.map(\.rawValue) == (1...16).map { "S\($0)" })
  }

  @Test func olderFilesAndCutFilesNeedAFullRead() throws {
    let old = PackageFolders.traces.appendingPathComponent("two-windows-clean.sctrace").path
    guard case .needsFullRead(let reason) = try IndexedTrace.open(path: old, sampling: 4) else {
      Issue.record("a format 1.0 file has no summary")
      return
    }
    #expect(reason.contains("holds no summary"))
    let bytes = try sctrace(randomEvents(seed: 3, count: 300))
    let cut = TemporaryFile.url("index-summary", "sctrace")
    try Data(bytes.dropLast(3)).write(to: cut)
    guard case .needsFullRead(let why) = try IndexedTrace.open(path: cut.path, sampling: 4)
    else {
      Issue.record("a cut file has no index")
      return
    }
    #expect(why.contains("not closed"))
  }

  /// A summary whose counts were changed, its checksum made again: `verify` reports the index
  /// as damaged, and `info` does not answer from a summary whose total disagrees with its frames.
  @Test func aSummaryThatDisagreesWithTheEventsIsDamage() throws {
    let events = randomEvents(seed: 4, count: 600)
    let path = try file(events, options: smallFrames(eventsPerFrame: 100))
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    let size = bytes.suffix(8).prefix(4).reversed().reduce(0) { $0 << 8 | Int($1) }
    let start = bytes.count - size
    var index = try bytes.withUnsafeBufferPointer { file in
      try TraceIndex.decode(UnsafeBufferPointer(rebasing: file[(start + 8)...]))
    }
    var summary = try #require(index.summary)
    // Moved from one type to another: the total still agrees with the frames.
    let first = try #require(summary.eventsPerType.keys.min { $0.rawValue < $1.rawValue })
    let second = try #require(EventType.allCases.first { $0 != first })
    summary.eventsPerType[first, default: 0] -= 1
    summary.eventsPerType[second, default: 0] += 1
    index.summary = summary
    bytes = Array(bytes.prefix(start)) + index.encodedFrame()
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let inspection = try TraceReader(path: path).inspect(checkingCheckpoints: true)
    guard case .damaged(let reason) = inspection.index else {
      Issue.record("verify took a lying summary for intact")
      return
    }
    #expect(reason.contains("summary that disagrees with the events"))
    #expect(!inspection.isIntact)
    // One more event counted: the summary no longer agrees with the index's frames.
    summary.eventsPerType[first, default: 0] += 2
    index.summary = summary
    bytes = Array(bytes.prefix(start)) + index.encodedFrame()
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    guard case .needsFullRead(let why) = try IndexedTrace.open(path: path, sampling: 1) else {
      Issue.record("info answered from a summary that disagrees with the index")
      return
    }
    #expect(why.contains("count different numbers of events"))
  }

  /// A kind of frame this version skips, between two event frames, leaves a gap between the
  /// frames the index lists: the frame after it must start where the index says, which `info`
  /// checks by reading its first bytes; a file whose entries lie end to end needs no such read.
  @Test func aFrameAfterAGapMustStartWhereTheIndexSays() throws {
    let events = randomEvents(seed: 8, count: 600)
    let bytes = try sctrace(events, options: smallFrames(eventsPerFrame: 100))
    let size = bytes.suffix(8).prefix(4).reversed().reduce(0) { $0 << 8 | Int($1) }
    let indexStart = bytes.count - size
    let index = try bytes.withUnsafeBufferPointer { file in
      try TraceIndex.decode(UnsafeBufferPointer(rebasing: file[(indexStart + 8)...]))
    }
    let gapAt = index.frames[3].offset
    // A skippable frame of a kind no version writes yet, 24 bytes in all.
    let unknown = TraceRecord.skippableFrame(nibble: 9, content: Array(repeating: 7, count: 16))
    func withGap(movingTheNextFrameBy shift: Int) throws -> String {
      var moved = index
      for position in moved.frames.indices where moved.frames[position].offset >= gapAt {
        moved.frames[position].offset += unknown.count
      }
      for position in moved.checkpoints.indices where moved.checkpoints[position].offset >= gapAt {
        moved.checkpoints[position].offset += unknown.count
      }
      moved.frames[3].offset += shift
      moved.frames[3].byteCount -= shift
      let file =
        Array(bytes[..<gapAt]) + unknown + Array(bytes[gapAt..<indexStart]) + moved.encodedFrame()
      let path = TemporaryFile.url("index-summary", "sctrace").path
      try Data(file).write(to: URL(fileURLWithPath: path))
      return path
    }
    let intact = try withGap(movingTheNextFrameBy: 0)
    #expect(try indexed(intact, sampling: 2)?.summary.eventCount == events.count)
    #expect(try TraceReader(path: intact).inspect().isIntact)
    // The index places the frame after the gap 8 bytes late: no frame starts there.
    let misplaced = try withGap(movingTheNextFrameBy: 8)
    guard case .needsFullRead(let why) = try IndexedTrace.open(path: misplaced, sampling: 2)
    else {
      Issue.record("info answered from an index that misplaces a frame")
      return
    }
    #expect(why.contains("no frame starts at byte \(gapAt + unknown.count + 8)"), "\(why)")
  }

  /// A closed file appended to, an older file appended to, and a cut file appended to (which is
  /// rewritten first): each ends with the summary of every event it holds.
  @Test func appendedFilesSummarizeEveryEvent() throws {
    let first = randomEvents(seed: 5, count: 700)
    let more = randomEvents(seed: 6, count: 500)
    let closed = try file(first, options: smallFrames(eventsPerFrame: 100))
    let cut = TemporaryFile.url("index-summary", "sctrace").path
    let bytes = try sctrace(first, options: smallFrames(eventsPerFrame: 100))
    try Data(bytes.prefix(bytes.count * 3 / 4)).write(to: URL(fileURLWithPath: cut))
    let old = TemporaryFile.url("index-summary", "sctrace").path
    // Raw blocks, so that the test also runs in a build without libzstd.
    try FileManager.default.copyItem(
      atPath: PackageFolders.traces.appendingPathComponent(
        "two-windows-clean.uncompressed.sctrace"
      ).path,
      toPath: old)
    let oldEvents = try TraceFile.load(path: old).events
    for path in [closed, cut, old] {
      let (writer, _) = try TraceWriter.appending(to: path, options: smallFrames())
      let start = writer.lastEventSeq
      let lastTime = writer.lastEventTime.nanoseconds
      for event in more {
        let time = TraceTime(nanoseconds: event.time.nanoseconds + lastTime)
        try writer.append(Event(seq: event.seq + start, time: time, event.payload))
      }
      try writer.close()
      let summary = try #require(try indexed(path)?.summary, "\(path)")
      #expect(summary == (try summaryOfEveryEvent(path)), "\(path)")
      #expect(try TraceReader(path: path).inspect().isIntact, "\(path)")
    }
    #expect(try indexed(old)?.summary.eventCount == oldEvents.count + more.count)
  }

  /// Without its summary, the index of a 1.1 file is byte for byte the index of 1.0, and the
  /// header differs only in its minor version: the frames did not change.
  @Test func withoutTheSummaryAndTheNewMinorVersionTheBytesAreThoseOfFormat10() throws {
    var options = TraceWriter.Options()
    options.compression = .uncompressed
    options.clock = { 0 }
    var random = RandomEvents(seed: 7)
    let events = random.events(count: 3600, of: RandomEvents.format10Types)
    let bytes = try sctrace(
      events, options: options, header: TraceHeader(recorderVersion: "golden"))
    let format10 = try asFormat10(bytes)
    // The figures of ByteCompatibilityTests before format 1.1.
    #expect(format10.count == 58_478)
    #expect(XXH64.hash(format10) == 1_134_475_911_425_900_829)
  }
}

/// `bytes`, a file this writer wrote, as the writer of format 1.0 wrote it: the header's minor
/// version 0, and the index without its summary.
func asFormat10(_ bytes: [UInt8]) throws -> [UInt8] {
  let indexSize = bytes.suffix(8).prefix(4).reversed().reduce(0) { $0 << 8 | Int($1) }
  let headerSize = 8 + bytes.withUnsafeBufferPointer { Int(ZstdFrameLayout.load32($0, 4)) }
  var (header, index) = try bytes.withUnsafeBufferPointer { file in
    (
      try TraceHeader.decode(UnsafeBufferPointer(rebasing: file[8..<headerSize])),
      try TraceIndex.decode(UnsafeBufferPointer(rebasing: file[(bytes.count - indexSize + 8)...]))
    )
  }
  #expect(index.summary != nil)
  index.summary = nil
  header.formatVersion = TraceFormatVersion(major: 1, minor: 0)
  return TraceRecord.skippableFrame(nibble: TraceRecord.headerNibble, content: header.encoded())
    + bytes[headerSize..<(bytes.count - indexSize)] + index.encodedFrame()
}
