import SceneTrace
import SceneTraceFile
import SceneTraceTestSupport
import Testing

/// Damaged files: a clear error or a clean partial read that says what was lost, never a crash,
/// a hang, or an event that was not recorded.
@Suite struct DamagedFileTests {
  private static let events: [Event] = {
    var random = RandomEvents(seed: 21)
    return random.events(count: 400)
  }()

  private static func file(_ compression: TraceWriter.Compression = .automatic) throws -> [UInt8] {
    try sctrace(events, options: smallFrames(eventsPerFrame: 50, compression: compression))
  }

  /// Checks what reading `bytes` gives: every event read is the recorded event of its seq, and
  /// a read that lost events says so.
  private static func expectCleanRead(_ bytes: [UInt8], _ label: String) {
    let trace: LoadedTrace
    do {
      trace = try TraceFile.decode(bytes, path: "damaged.sctrace")
    } catch {
      #expect(!error.message.isEmpty, "\(label)")
      return
    }
    let bySeq = Dictionary(uniqueKeysWithValues: events.map { ($0.seq, $0) })
    for event in trace.events where bySeq[event.seq] != event {
      Issue.record("\(label): seq \(event.seq) reads as \(event.jsonLine)")
      return
    }
    #expect(zip(trace.events, trace.events.dropFirst()).allSatisfy { $0.seq < $1.seq }, "\(label)")
    if trace.events.count < events.count {
      #expect(
        !trace.isIntact, "\(label): \(events.count - trace.events.count) events lost silently")
    }
  }

  @Test(arguments: [TraceWriter.Compression.automatic, .uncompressed])
  func randomByteFlipsGiveACleanPartialReadOrAClearError(
    compression: TraceWriter.Compression
  ) throws {
    let original = try Self.file(compression)
    var random = SplitMix64(seed: 0xF11B)
    for round in 0..<400 {
      var bytes = original
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let index = Int.random(in: 0..<bytes.count, using: &random)
        bytes[index] ^= UInt8.random(in: 1...255, using: &random)
      }
      Self.expectCleanRead(bytes, "round \(round)")
    }
  }

  @Test func aDamagedFrameIsReportedWithItsOffsetAndSkipped() throws {
    var bytes = try Self.file(.uncompressed)
    let reader = try TraceReader(bytes: bytes, path: "t.sctrace")
    let victim = reader.index.frames[2]
    bytes[victim.offset + victim.byteCount / 2] ^= 0x40
    let trace = try TraceFile.decode(bytes, path: "t.sctrace")
    #expect(trace.damage.count == 1)
    let damage = try #require(trace.damage.first)
    #expect(damage.byteOffset == victim.offset)
    #expect(damage.lostSeqs == victim.firstSeq...victim.lastSeq)
    #expect(damage.message.contains("checksum"))
    #expect(trace.events.count == Self.events.count - victim.eventCount)
    #expect(trace.events.last == Self.events.last)
  }

  @Test(arguments: [0, 1, 3, 17, 100, 4096, 70_000])
  func randomFilesNeverCrash(length: Int) {
    var random = SplitMix64(seed: UInt64(length) &+ 0x5EED)
    for _ in 0..<20 {
      let noise = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
      Self.expectCleanRead(noise, "noise of \(length) bytes")
      // Behind a valid header, so that the .sctrace reader sees it.
      let header = (try? Self.file()).map { Array($0.prefix(headerLength($0))) } ?? []
      Self.expectCleanRead(header + noise, "header and \(length) bytes of noise")
      // Noise made of frame magic numbers and block headers.
      let frames =
        header
        + (0..<max(1, length / 16)).flatMap { _ in
          [0x28, 0xB5, 0x2F, 0xFD] + (0..<12).map { _ in UInt8.random(in: 0...255, using: &random) }
        }
      Self.expectCleanRead(frames, "header and fake frames")
    }
  }

  @Test func aFrameClaimingAHugeSizeIsRefusedWithoutAllocatingIt() throws {
    let valid = try Self.file()
    let header = Array(valid.prefix(headerLength(valid)))
    // A frame header declaring 2^62 bytes of content (8-byte content size), then a raw block.
    var frame: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0xC4, 0x70]
    frame += [0, 0, 0, 0, 0, 0, 0, 0x40]
    frame += [0x19, 0, 0, 0x01, 0x00, 0x00]  // a raw last block of 3 bytes
    frame += [0, 0, 0, 0]
    let error = readError(header + frame)
    #expect(error?.code == .emptyTrace)
    #expect(error?.message.contains("claims 4611686018427387904 bytes") == true)
  }

  @Test func aFrameOfRepeatedBlocksBeyondTheLimitIsRefused() throws {
    let valid = try Self.file()
    let header = Array(valid.prefix(headerLength(valid)))
    // 600 RLE blocks of 128 KiB each: 75 MiB of content from 2 KB of file.
    var frame: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0x04, 0x38]
    for index in 0..<600 {
      let header = UInt32(1 << 17) << 3 | 1 << 1 | (index == 599 ? 1 : 0)
      frame += [UInt8(header & 0xFF), UInt8(header >> 8 & 0xFF), UInt8(header >> 16), 0x41]
    }
    frame += [0, 0, 0, 0]
    let error = readError(header + frame)
    #expect(error?.message.contains("more than the 64 MiB a frame may hold") == true)
  }

  @Test func aNewerMajorVersionIsRefusedNamingTheVersionNeeded() throws {
    var bytes = try Self.file()
    setHeaderVersion(&bytes, major: 2, minor: 3)
    let error = readError(bytes)
    #expect(error?.code == .unsupportedVersion)
    #expect(error?.message.contains("format 2.3") == true)
    #expect(error?.message.contains("a reader for format 2 is needed") == true)
  }

  @Test func aNewerMinorVersionStillReads() throws {
    var bytes = try Self.file()
    setHeaderVersion(&bytes, major: 1, minor: 9)
    let trace = try TraceFile.decode(bytes, path: "t.sctrace")
    #expect(trace.header?.formatVersion == TraceFormatVersion(major: 1, minor: 9))
    #expect(trace.events == Self.events)
  }
}

/// The length of the header frame at the start of a `.sctrace` file.
func headerLength(_ bytes: [UInt8]) -> Int {
  8 + (Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24)
}

/// Rewrites the header's format version and its checksum.
func setHeaderVersion(_ bytes: inout [UInt8], major: UInt16, minor: UInt16) {
  bytes[16] = UInt8(major & 0xFF)
  bytes[17] = UInt8(major >> 8)
  bytes[18] = UInt8(minor & 0xFF)
  bytes[19] = UInt8(minor >> 8)
  let end = headerLength(bytes)
  let checksum = UInt32(truncatingIfNeeded: XXH64.hash(bytes[8..<end - 4]))
  for index in 0..<4 { bytes[end - 4 + index] = UInt8(truncatingIfNeeded: checksum >> (8 * index)) }
}

@Suite struct DamagedFileEdgeTests {
  private static let atTheLargestSeq = [
    Event(seq: Int.max - 1, time: .zero, .appLaunch(launch: "L1")),
    Event(seq: Int.max, time: TraceTime(nanoseconds: 5), .appMark(label: "last")),
  ]

  /// A trace may end at the largest seq: it reads whole, with no seq arithmetic overflowing.
  @Test func aTraceEndingAtTheLargestSeqReadsWhole() throws {
    let bytes = try sctrace(Self.atTheLargestSeq, options: smallFrames(compression: .uncompressed))
    let trace = try TraceFile.decode(bytes, path: "t.sctrace")
    #expect(trace.events == Self.atTheLargestSeq)
    #expect(trace.isIntact)
  }
}
