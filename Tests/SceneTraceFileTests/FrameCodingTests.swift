import SceneTrace
import Testing

@testable import SceneTraceFile

/// Frames built by hand, for what the writer never writes: RLE blocks (zstd writes them for
/// runs), and events of types added after format 1.0.
@Suite struct FrameCodingTests {
  /// A file of `frames` (zstd data frames) behind a header, without an index.
  private static func file(_ frames: [[UInt8]]) throws -> [UInt8] {
    let header = try sctrace([], options: smallFrames(checkpointInterval: nil))
    return Array(header.prefix(headerLength(header))) + frames.joined()
  }

  /// A zstd frame of `blocks` (raw or RLE), with the checksum of `content`.
  private static func frame(_ blocks: [(rle: Bool, bytes: [UInt8], size: Int)], content: [UInt8])
    -> [UInt8]
  {
    var frame: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0x04, 0x38]
    for (index, block) in blocks.enumerated() {
      let header =
        UInt32(block.size) << 3 | (block.rle ? 1 << 1 : 0) | (index == blocks.count - 1 ? 1 : 0)
      frame += [UInt8(header & 0xFF), UInt8(header >> 8 & 0xFF), UInt8(header >> 16)]
      frame += block.bytes
    }
    let checksum = UInt32(truncatingIfNeeded: XXH64.hash(content))
    frame += (0..<4).map { UInt8(truncatingIfNeeded: checksum >> (8 * $0)) }
    return frame
  }

  @Test func rleBlocksDecodeInSwift() throws {
    // An app.mark whose label is 300 "x": the label's bytes come from an RLE block.
    let head: [UInt8] = [1, 1, 36, 0, 0, 0xAC, 0x02]
    let content = head + [UInt8](repeating: 0x78, count: 300)
    let bytes = try Self.file([
      Self.frame([(false, head, head.count), (true, [0x78], 300)], content: content)
    ])
    let trace = try TraceFile.decode(bytes, path: "rle.sctrace")
    #expect(
      trace.events == [
        Event(seq: 1, time: .zero, .appMark(label: String(repeating: "x", count: 300)))
      ])
    if ZstdTool.isInstalled { #expect(try ZstdTool.test(bytes) == nil) }
  }

  @Test func eventsOfLaterTypesAreSkippedLenientlyAndKeepTheirSeq() throws {
    var encoder = EventFrameEncoder(firstSeq: 1)
    encoder.encode(Event(seq: 1, time: .zero, .appMark(label: "before")))
    var content = encoder.takeBytes()
    // Tag 64, time delta 5, kind 99, 3 bytes of payload.
    content += [64, 5, 99, 3, 0xAA, 0xBB, 0xCC]
    var rest = EventFrameEncoder(firstSeq: 3)
    rest.encode(Event(seq: 3, time: TraceTime(nanoseconds: 5), .appMark(label: "after")))
    let frame2 = rest.takeBytes()
    let bytes = try Self.file([
      Self.frame([(false, content, content.count)], content: content),
      Self.frame([(false, frame2, frame2.count)], content: frame2),
    ])
    let lenient = try TraceFile.decode(
      bytes, path: "t.sctrace", options: ReadOptions(lenient: true))
    #expect(lenient.events.map(\.seq) == [1, 3])
    #expect(lenient.warnings.count == 1)
    #expect(lenient.warnings.first?.contains("seq 2") == true)
    do {
      _ = try TraceFile.decode(bytes, path: "t.sctrace")
      Issue.record("read an unknown event type without --lenient")
    } catch {
      #expect(error.code == .unknownEventType)
      #expect(error.message.contains("--lenient"))
    }
  }

  @Test func unknownFlagBitsAndTagsAreDamageNotEvents() throws {
    // pointer.drag with flag bit 7 set, then an unknown tag 50.
    for content: [UInt8] in [[1, 1, 25, 0, 0x80, 0, 0, 2, 0, 0], [1, 1, 50, 0]] {
      let bytes = try Self.file([Self.frame([(false, content, content.count)], content: content)])
      let error = readError(bytes)
      #expect(error?.code == .emptyTrace)
      #expect(error?.message.contains("cannot be decoded at content byte") == true)
    }
  }

  /// Limits: a length or a count beyond what is left of the frame is damage, refused before
  /// anything of that size is allocated.
  @Test(
    arguments: [
      // app.mark whose new label claims 2^35 bytes.
      [1, 1, 36, 0, 0, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01, 0x78, 0x78],
      // app.discardSessions naming 2^35 sessions.
      [1, 1, 5, 0, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01, 0, 1, 0x41],
      // app.mark whose label claims more bytes than any Int holds.
      [1, 1, 36, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01],
    ] as [[UInt8]])
  func aLengthOrCountBeyondTheFrameIsDamage(content: [UInt8]) throws {
    let bytes = try Self.file([Self.frame([(false, content, content.count)], content: content)])
    let error = readError(bytes)
    #expect(error?.code == .emptyTrace)
    #expect(error?.message.contains("cannot be decoded at content byte") == true)
  }

  @Test func aBlockLargerThanItsFrameAllowsIsDamage() throws {
    // The frame's window is 128 KiB, and no block may be larger than it or than 128 KiB.
    let content = [UInt8](repeating: 0, count: 1 << 17 + 1)
    let bytes = try Self.file([Self.frame([(false, content, content.count)], content: content)])
    let error = readError(bytes)
    #expect(error?.code == .emptyTrace)
    #expect(
      error?.message.contains("a block claims 131073 bytes, more than the frame allows (131072)")
        == true, "\(String(describing: error?.message))")
  }

  @Test func aNegativeCountIsDamageNotAnEvent() throws {
    // The encoder writes what it is given; the reader refuses a gap of -5 dropped events.
    var encoder = EventFrameEncoder(firstSeq: 1)
    encoder.encode(Event(seq: 1, time: .zero, .traceGap(dropped: -5)))
    let content = encoder.takeBytes()
    let bytes = try Self.file([Self.frame([(false, content, content.count)], content: content)])
    let error = readError(bytes)
    #expect(error?.code == .emptyTrace)
    #expect(error?.message.contains("a count is negative (-5)") == true)
  }

  @Test func enumerationNumbersAreFrozen() {
    #expect(EventTag.types.count == EventType.allCases.count)
    #expect(Set(EventTag.types) == Set(EventType.allCases))
    #expect(EventTag.tag(of: .appLaunch) == 1)
    #expect(EventTag.tag(of: .pointerDrag) == 25)
    #expect(EventTag.tag(of: .appMark) == 36)
    #expect(PointerPhaseCodes.code(of: .changed) == 2)
    #expect(PointerPhaseCodes.code(of: .unrecognized("hover")) == 0)
    #expect(FocusHeadingCodes.code(of: .last) == 8)
    #expect(SceneRoleCodes.values.count == SceneRole.recognizedCases.count)
    // The codec writes `ModifierFlags.recognizedBits` as the file's bits: the two orders agree.
    #expect(ModifierBits.bits == Modifier.recognizedCases)
    for (bit, modifier) in ModifierBits.bits.enumerated() {
      #expect(ModifierFlags([modifier]).recognizedBits == 1 << bit)
      #expect(ModifierFlags(recognizedBits: 1 << bit).members == [modifier])
    }
  }

  @Test func theGridHoldsHalvesAndEscapesEverythingElse() {
    #expect(CoordinateGrid.units(of: 412.5) == 105_600)
    #expect(CoordinateGrid.units(of: -3.25) == -832)
    #expect(CoordinateGrid.units(of: 0) == 0)
    #expect(CoordinateGrid.units(of: -0.0) == nil)
    #expect(CoordinateGrid.units(of: 1.0 / 3) == nil)
    #expect(CoordinateGrid.units(of: .nan) == nil)
    #expect(CoordinateGrid.units(of: 0x1p45) == 1 << 53)
    #expect(CoordinateGrid.units(of: 0x1p46) == nil)
  }
}
