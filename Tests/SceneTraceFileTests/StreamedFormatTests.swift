import Foundation
import SceneTrace
import SceneTraceFile
import SceneTraceTestSupport
import Testing

/// Streaming a trace file of any format, or several joined, a chunk at a time gives what
/// loading it whole gives: the same events, header, truncation, warnings, damage and loss, or
/// the same error; and it holds a chunk and a line, never the file.
@Suite struct StreamedFormatTests {
  /// What a stream handed on and found.
  private struct Streamed {
    var events: [Event] = []
    var header: TraceHeader?
    var trace: StreamedTrace
  }

  /// A fresh scratch folder, removed when the test ends by the caller.
  private static func folder() throws -> URL {
    let url = TemporaryFile.url("StreamedFormatTests")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Streams the files of `paths` (joined when several) through reads of `chunkSize` bytes.
  private static func stream(
    _ paths: [String], chunkSize: Int, lenient: Bool = false
  ) throws(TraceError) -> Streamed {
    var events: [Event] = []
    var header: TraceHeader?
    var headerCalls = 0
    let trace = try TraceFile.stream(
      joining: paths, options: ReadOptions(lenient: lenient), chunkSize: chunkSize,
      header: { read in
        #expect(events.isEmpty, "the header comes before the events")
        header = read
        headerCalls += 1
      }
    ) { frame in
      events += frame
      return true
    }
    #expect(headerCalls == 1)
    return Streamed(events: events, header: header, trace: trace)
  }

  /// Loads the files of `paths` whole, and joins them when several.
  private static func load(_ paths: [String], lenient: Bool = false) throws(TraceError)
    -> LoadedTrace
  {
    var traces: [LoadedTrace] = []
    for path in paths {
      traces.append(try TraceFile.load(path: path, options: ReadOptions(lenient: lenient)))
    }
    return try TraceFile.join(traces)
  }

  /// Checks that streaming `paths` through reads of `chunkSize` bytes gives what loading them
  /// gives.
  private static func expectSameAsLoad(
    _ paths: [String], chunkSize: Int, lenient: Bool = false, _ label: String
  ) {
    let loaded = Result { () throws(TraceError) in try load(paths, lenient: lenient) }
    let streamed = Result { () throws(TraceError) in
      try stream(paths, chunkSize: chunkSize, lenient: lenient)
    }
    switch (loaded, streamed) {
    case (.success(let loaded), .success(let streamed)):
      #expect(streamed.events == loaded.events, "\(label)")
      #expect(streamed.trace.tally.count == loaded.events.count, "\(label)")
      #expect(streamed.trace.path == loaded.path, "\(label)")
      #expect(streamed.trace.format == loaded.format, "\(label)")
      #expect(streamed.header == loaded.header, "\(label)")
      #expect(streamed.trace.header == loaded.header, "\(label)")
      #expect(streamed.trace.truncation == loaded.truncation, "\(label)")
      #expect(streamed.trace.warnings == loaded.warnings, "\(label)")
      #expect(streamed.trace.damage == loaded.damage, "\(label)")
      #expect(streamed.trace.loss == loaded.loss, "\(label)")
      #expect(!streamed.trace.stoppedEarly, "\(label)")
      expectEventsReadAgain(
        of: streamed.trace, as: loaded.events, lenient: lenient, chunkSize: chunkSize, label)
    case (.failure(let loaded), .failure(let streamed)):
      #expect(streamed.code == loaded.code, "\(label)")
      #expect(streamed.message == loaded.message, "\(label)")
      #expect(streamed.path == loaded.path, "\(label)")
      #expect(streamed.line == loaded.line, "\(label)")
      #expect(streamed.field == loaded.field, "\(label)")
      #expect(streamed.byteOffset == loaded.byteOffset, "\(label)")
    default:
      Issue.record("\(label): loading gave \(loaded), streaming \(streamed)")
    }
  }

  /// Checks that reading again the events of seeded random stretches of seqs of what a stream
  /// read (``TraceFile/events(inSeqs:of:options:chunkSize:)``, by its index when it has one)
  /// gives those of `events`, what loading it gave.
  private static func expectEventsReadAgain(
    of streamed: StreamedTrace, as events: [Event], lenient: Bool, chunkSize: Int,
    seed: UInt64 = 1, _ label: String
  ) {
    guard let last = events.last?.seq else { return }
    var random = SplitMix64(seed: seed)
    for _ in 0..<4 {
      let ranges = (0..<Int.random(in: 1...12, using: &random)).map { _ in
        let low = Int.random(in: 1...last, using: &random)
        return low...(low + Int.random(in: 0...(last / 20 + 2), using: &random))
      }
      let read = Result { () throws(TraceError) in
        try TraceFile.events(
          inSeqs: ranges, of: streamed, options: ReadOptions(lenient: lenient),
          chunkSize: chunkSize)
      }
      let expected = events.filter { event in ranges.contains { $0.contains(event.seq) } }
      #expect((try? read.get()) == expected, "\(label): \(ranges)")
    }
  }

  /// Writes `bytes` to `name` in `folder` and returns its path.
  private static func write(_ bytes: some Sequence<UInt8>, _ name: String, in folder: URL)
    throws -> String
  {
    let url = folder.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url.path
  }

  /// The JSON Lines of `events`, as `replay export` writes them.
  private static func jsonLines(_ events: [Event]) -> [UInt8] {
    Array(events.map { $0.jsonLine + "\n" }.joined().utf8)
  }

  @Test(arguments: [64, 4096, 1 << 20])
  func everyShippedTraceStreamsAsItLoads(chunkSize: Int) throws {
    let folders = [PackageFolders.traces, PackageFolders.traces.appendingPathComponent("captured")]
    let paths = try folders.flatMap { folder in
      try FileManager.default.contentsOfDirectory(atPath: folder.path)
        .filter { $0.hasSuffix(".jsonl") || $0.hasSuffix(".sctrace") }.sorted()
        .map { folder.appendingPathComponent($0).path }
    }
    #expect(paths.count > 20)
    for path in paths {
      Self.expectSameAsLoad([path], chunkSize: chunkSize, path)
    }
  }

  @Test func cutAndDamagedJSONLinesStreamAsTheyLoad() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var randomEvents = RandomEvents(seed: 14)
    var random = SplitMix64(seed: 0x1714)
    let original = Self.jsonLines(randomEvents.events(count: 400))
    for round in 0..<30 {
      var bytes = original
      switch round % 3 {
      case 0:
        bytes.removeLast(Int.random(in: 1..<bytes.count, using: &random))
      case 1:
        // A damaged line somewhere: the same error on the same line, or skipped leniently.
        let index = Int.random(in: 0..<bytes.count, using: &random)
        let damage: [UInt8] = [UInt8(ascii: "}"), UInt8(ascii: "x"), 0xFF]
        bytes[index] = damage[Int.random(in: 0..<damage.count, using: &random)]
      default:
        let start = Int.random(in: 0..<bytes.count, using: &random)
        bytes.insert(contentsOf: Array("\n{\"t\":".utf8), at: start)
      }
      let path = try Self.write(bytes, "round-\(round).jsonl", in: folder)
      for chunkSize in [16, 333] {
        for lenient in [false, true] {
          Self.expectSameAsLoad(
            [path], chunkSize: chunkSize, lenient: lenient,
            "round \(round), chunk \(chunkSize), lenient \(lenient)")
        }
      }
    }
  }

  @Test func textsThatAreNotTracesFailAsWhenLoaded() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let cases: [(String, [UInt8])] = [
      ("empty", []),
      ("blank", Array("\n   \n\t\n".utf8)),
      ("report", Array(("a report\n" + String(repeating: "of lines\n", count: 200)).utf8)),
      (
        "report with an object line",
        Array(
          ("a report\n" + String(repeating: "x\n", count: 300)
            + "{\"type\":\"app.terminate\"}\n").utf8)
      ),
      ("binary", [0x01, 0x00, 0x02] + Array(repeating: 0x41, count: 600)),
      ("gzip", [0x1F, 0x8B, 0x08, 0x00] + Array(repeating: 0, count: 40)),
      ("byte order mark", [0xEF, 0xBB, 0xBF] + Array("{\"type\":\"app.terminate\"}\n".utf8)),
    ]
    for (name, bytes) in cases {
      let path = try Self.write(bytes, name, in: folder)
      for lenient in [false, true] {
        Self.expectSameAsLoad([path], chunkSize: 16, lenient: lenient, "\(name), \(lenient)")
      }
    }
  }

  @Test(.enabled(if: TraceWriter.Compression.isZstdAvailable && ZstdTool.isInstalled))
  func cutAndDamagedCompressedJSONLinesStreamAsTheyLoad() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var randomEvents = RandomEvents(seed: 41)
    let plain = try Self.write(
      Self.jsonLines(randomEvents.events(count: 6000)), "t.jsonl", in: folder)
    let compressed = folder.appendingPathComponent("t.jsonl.zst").path
    #expect(try ZstdTool.run(["-q", "-f", "-3", plain, "-o", compressed]).status == 0)
    let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: compressed)))
    var random = SplitMix64(seed: 0x2514)
    Self.expectSameAsLoad([compressed], chunkSize: 100, "intact")
    for round in 0..<12 {
      var bytes = original
      if round % 2 == 0 {
        bytes.removeLast(Int.random(in: 1..<bytes.count, using: &random))
      } else {
        let start = Int.random(in: 0..<bytes.count - 8, using: &random)
        for index in start..<start + 8 { bytes[index] ^= 0x5A }
      }
      let path = try Self.write(bytes, "round-\(round).jsonl.zst", in: folder)
      Self.expectSameAsLoad([path], chunkSize: 1000, "round \(round)")
    }
  }

  @Test func joinedFilesStreamAsTheyJoinWhenLoaded() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var randomEvents = RandomEvents(seed: 7)
    var farEvents = RandomEvents(seed: 8)
    // Times a millisecond apart, so that moving them never goes past what a trace can hold.
    let events = randomEvents.events(count: 900).map {
      Event(seq: $0.seq, time: TraceTime(nanoseconds: Int64($0.seq) * 1_000_000), $0.payload)
    }
    let first = try Self.write(Self.jsonLines(Array(events.prefix(300))), "a.jsonl", in: folder)
    // A recorder's continuing file: its seqs and times go on from the first's.
    let continuing = try Self.write(
      try sctrace(Array(events[300..<600]), options: smallFrames(eventsPerFrame: 50)),
      "b.sctrace", in: folder)
    // A file of its own, whose seqs start again at 1, cut inside a frame.
    let own = events[600...].enumerated().map {
      Event(seq: $0.offset + 1, time: $0.element.time, $0.element.payload)
    }
    let whole = try sctrace(own, options: smallFrames(eventsPerFrame: 50))
    let cut = try Self.write(whole.prefix(whole.count * 3 / 4), "c.sctrace", in: folder)
    let shipped = PackageFolders.traces.appendingPathComponent("two-windows-clean.sctrace").path
    let damaged = try Self.write(
      Self.jsonLines(Array(events.prefix(50))) + Array("{x\n".utf8), "d.jsonl", in: folder)
    // Times that moving takes past what a trace can hold: an error, after any in reading.
    let far = try Self.write(
      Self.jsonLines(farEvents.events(count: 40)), "far.jsonl", in: folder)
    for paths in [
      [first, continuing], [first, continuing, cut], [cut, first], [shipped, first, shipped],
      [first, damaged, continuing], [far, far], [far, far, damaged],
    ] {
      for chunkSize in [64, 5000] {
        for lenient in [false, true] {
          Self.expectSameAsLoad(
            paths, chunkSize: chunkSize, lenient: lenient,
            "\(paths.map { URL(fileURLWithPath: $0).lastPathComponent }), \(chunkSize)")
        }
      }
    }
  }

  @Test func aLongJSONLinesFileStreamsThroughAChunkAndALine() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var randomEvents = RandomEvents(seed: 2)
    let events = randomEvents.events(count: 30_000)
    let bytes = Self.jsonLines(events)
    let path = try Self.write(bytes, "long.jsonl", in: folder)
    let longestLine = events.map { $0.jsonLine.utf8.count + 1 }.max() ?? 0
    let chunkSize = 4096
    var count = 0
    var largestBatch = 0
    let streamed = try TraceFile.stream(path: path, chunkSize: chunkSize) { batch in
      count += batch.count
      largestBatch = max(largestBatch, batch.count)
      return true
    }
    #expect(count == events.count)
    // A read holds the line that ran past the chunk before, and a chunk after it.
    #expect(streamed.bufferHighWater <= chunkSize + longestLine)
    #expect(streamed.bufferHighWater < bytes.count / 100)
    // Each batch is a chunk's events, never the file's.
    #expect(largestBatch <= chunkSize / 2)
  }

  /// Event lines that try the reading of lines for their seq and time only: implied and
  /// claimed seqs, lines without a time after lines read that way, keys spelled with escapes,
  /// strings holding quotes, braces and commas, comments and blank lines.
  private static func awkwardLines(count: Int) -> [UInt8] {
    var lines = [#"{"type":"app.launch","launch":"L1","t":0.5}"#]
    var seq = 1
    for index in 0..<count {
      let session = index % 5 == 0 ? #"A\"},{[,"# : "B\(index % 3)"
      var members = [#""type":"scene.willConnect""#, #""session":"\#(session)""#]
      if index % 4 != 0 { members.append(#""t":\#(Double(index) + 1.25)"#) }
      if index % 6 == 0 {
        seq += 3
        members.insert(index % 12 == 0 ? #""s\u0065q":\#(seq)"# : #""seq":\#(seq)"#, at: 0)
      } else {
        seq += 1
      }
      if index % 7 == 0 { members.append(#""note":{"a":[1,"}",{"b":"\\"}],"c":null}"#) }
      if index % 8 == 0 { members.insert(#""t":null"#, at: 1) }
      lines.append("{" + members.joined(separator: index % 2 == 0 ? "," : " , ") + "}")
      if index % 50 == 0 { lines.append(index % 100 == 0 ? "// a comment" : "   ") }
    }
    return Array((lines.joined(separator: "\n") + "\n").utf8)
  }

  @Test(arguments: [false, true])
  func aJSONLinesFileIsReadAgainOnlyWhereAsked(lenient: Bool) throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try Self.write(Self.awkwardLines(count: 1500), "awkward.jsonl", in: folder)
    let loaded = try Self.load([path], lenient: lenient)
    #expect(loaded.events.count == 1501)
    #expect(loaded.warnings.isEmpty)
    let streamed = try Self.stream([path], chunkSize: 1 << 20, lenient: lenient)
    #expect(streamed.events == loaded.events)
    // Read again by chunks of lines, a few at a time.
    #expect(streamed.trace.readsByIndex)
    #expect(streamed.trace.jsonLinesChunks.count > 4)
    for seed in 1...8 {
      Self.expectEventsReadAgain(
        of: streamed.trace, as: loaded.events, lenient: lenient, chunkSize: 1 << 20,
        seed: UInt64(seed), "seed \(seed)")
    }
    // One seq at a time: each that a line claims past the next (the seq the reader would give
    // it is not asked for, its own is), and some others.
    let alone = zip(loaded.events.dropFirst(), loaded.events).enumerated()
      .filter { $0.element.0.seq > $0.element.1.seq + 1 || $0.offset % 25 == 0 }
      .map(\.element.0)
    #expect(alone.count > 200)
    let fetched = try alone.map { event in
      try TraceFile.events(
        inSeqs: [event.seq...event.seq], of: streamed.trace,
        options: ReadOptions(lenient: lenient))
    }
    #expect(fetched == alone.map { [$0] })
  }

  @Test func aConsumerThatStopsEndsAJSONLinesReadEarly() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var randomEvents = RandomEvents(seed: 3)
    let events = randomEvents.events(count: 2000)
    let path = try Self.write(Self.jsonLines(events), "t.jsonl", in: folder)
    var read: [Event] = []
    let streamed = try TraceFile.stream(path: path, chunkSize: 1024) { batch in
      read += batch
      return read.count < 100
    }
    #expect(streamed.stoppedEarly)
    #expect(read.count >= 100 && read.count < events.count)
    #expect(read == Array(events.prefix(read.count)))
  }

  /// 6,000 random events of `seed`, written in `folder` as JSON Lines and as a `.sctrace` file
  /// of frames of 200 events.
  private func randomTrace(seed: UInt64, in folder: URL) throws -> (
    events: [Event], jsonl: String, sctrace: String
  ) {
    var randomEvents = RandomEvents(seed: seed)
    let events = randomEvents.events(count: 6000)
    let jsonl = try Self.write(Self.jsonLines(events), "t.jsonl", in: folder)
    let sctrace = try Self.write(
      try sctrace(events, options: smallFrames(eventsPerFrame: 200)), "t.sctrace", in: folder)
    return (events, jsonl, sctrace)
  }

  /// A pass over JSON Lines that stopped early still reads again, by its index, every seq it
  /// handed on, up to those of the batch it stopped after; seqs past those are read by a pass
  /// over the whole file, as is a `.sctrace` file, whose index the pass trusts only once it
  /// reached it.
  @Test func aPassStoppedEarlyReadsAgainByItsIndexWhatItHandedOn() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (events, jsonl, sctrace) = try randomTrace(seed: 4, in: folder)
    for path in [jsonl, sctrace] {
      var handed: [Event] = []
      let streamed = try TraceFile.stream(path: path, chunkSize: 1 << 20) { batch in
        handed += batch
        return handed.count < 3000
      }
      #expect(streamed.stoppedEarly && handed.count < events.count, "\(path)")
      let last = try #require(handed.last?.seq)
      let byIndex = streamed.readsByIndex(through: last)
      #expect(byIndex == (path == jsonl), "\(path)")
      let pastIt = streamed.readsByIndex(through: last + 1) || streamed.readsByIndex
      #expect(!pastIt, "\(path)")
      // The last few seqs handed on, those of the batch it stopped after among them.
      let tail = [(last - 150)...last, 1...3]
      #expect(
        try TraceFile.events(inSeqs: tail, of: streamed)
          == events.filter { event in tail.contains { $0.contains(event.seq) } }, "\(path)")
      let past = [(last - 10)...(last + 300)]
      #expect(
        try TraceFile.events(inSeqs: past, of: streamed)
          == events.filter { past[0].contains($0.seq) }, "\(path)")
    }
  }

  /// A file cut after a first pass found its parts (another recording saved over it while a
  /// command ran) makes the second pass's read an error that says so: the parts the first pass
  /// found lie past the new end. Read by the old parts, it went past the bytes it had.
  @Test func aFileCutBetweenTwoPassesIsAnErrorOfTheSecond() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (_, jsonl, sctrace) = try randomTrace(seed: 6, in: folder)
    for path in [jsonl, sctrace] {
      let streamed = try TraceFile.stream(path: path, chunkSize: 1 << 12) { _ in true }
      #expect(streamed.readsByIndex, "\(path)")
      let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
      try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
      let late = [5500...5600]
      #expect(throws: TraceError.self, "\((path as NSString).lastPathComponent)") {
        try TraceFile.events(inSeqs: late, of: streamed, chunkSize: 1 << 12)
      }
    }
  }

  /// A series of reads that keeps the frame each read ended with gives what each read alone
  /// gives: batches that begin in the frame the previous one ended in, an earlier frame read
  /// between them (a finding's related event), a read that goes back, one that reads nothing.
  @Test func aSeriesOfReadsKeepingTheLastFrameReadsWhatEachReadAloneReads() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var randomEvents = RandomEvents(seed: 5)
    let events = randomEvents.events(count: 3000)
    let path = try Self.write(
      try sctrace(events, options: smallFrames(eventsPerFrame: 200)), "t.sctrace", in: folder)
    let streamed = try TraceFile.stream(path: path) { _ in true }
    let series: [[ClosedRange<Int>]] = [
      [10...20, 380...390], [395...399, 420...430, 590...610], [600...605, 15...15, 790...800],
      [2...3], [], [805...806, 2990...3000], [2995...2999],
    ]
    var lastFrame: DecompressedFrame?
    for ranges in series {
      let read = try TraceFile.events(
        inSeqs: ranges, of: streamed, options: ReadOptions(), lastFrame: &lastFrame)
      #expect(read == (try TraceFile.events(inSeqs: ranges, of: streamed)), "\(ranges)")
      #expect(
        read == events.filter { event in ranges.contains { $0.contains(event.seq) } },
        "\(ranges)")
    }
  }
}
