import SceneTrace
import SceneTraceTestSupport
import Testing

@testable import SceneTraceFile

/// A compressed frame's content is decompressed into room of the size the frame declares, or
/// of a chunk when it declares none (as the writer's frames do not); content past that room goes
/// on a chunk at a time.
@Suite(.enabled(if: ZstdTool.isInstalled && TraceWriter.Compression.isZstdAvailable))
struct FrameDecompressionTests {
  /// About 300 KB that compress, but not to nothing: more than two chunks of 128 KiB.
  private static let content: [UInt8] = {
    var random = SplitMix64(seed: 0xDEC0)
    return (0..<300_000).map { _ in UInt8.random(in: 97...102, using: &random) }
  }()

  /// The layout of the zstd frame `frame` and what decompressing it gives.
  private static func decompress(_ frame: [UInt8]) throws -> (
    layout: ZstdFrameLayout, content: FrameDecompression.Content
  ) {
    let context = try ZstdDecompressionContext()
    return try frame.withUnsafeBufferPointer { bytes throws in
      let layout = try ZstdFrameLayout.frame(at: 0, in: bytes)
      return (layout, try FrameDecompression.content(of: layout, in: bytes, context: context))
    }
  }

  /// A writer hands a frame's content to libzstd in pieces, telling it how large a frame gets
  /// (1 MiB): the frame declares a window of 1 MiB at most and no size, whatever the level
  /// (8 MiB at level 19 before; 512 KiB at level 1, its own), and the context compressing it
  /// holds a fraction of what the level alone would make it hold (93 MB at level 19). Only the
  /// window's descriptor changed: the blocks are the same bytes.
  @Test(arguments: [1, 3, 19])
  func aWritersFrameDeclaresAWindowOfAFramesSize(level: Int) throws {
    let compressor = try ZstdFrameCompressor(level: level)
    var random = SplitMix64(seed: 0xF1A3)
    let content = (0..<(1 << 20)).map { _ in UInt8.random(in: 97...112, using: &random) }
    var frame: [UInt8] = []
    for start in stride(from: 0, to: content.count, by: 100_000) {
      try compressor.write(Array(content[start..<min(start + 100_000, content.count)]), to: &frame)
    }
    try compressor.endFrame(to: &frame)
    // The descriptor: no content size, not a single segment, so a window descriptor follows.
    #expect(frame[4] & 0xE0 == 0)
    let exponent = 10 + Int(frame[5] >> 3)
    #expect((1 << exponent) + (1 << exponent) / 8 * Int(frame[5] & 0x07) <= 1 << 20)
    #expect(compressor.contextByteCount < 32 << 20, "\(compressor.contextByteCount) bytes")
    let (layout, decompressed) = try Self.decompress(frame)
    #expect(layout.declaredContentSize == nil)
    #expect(decompressed.bytes == content)
    #expect(decompressed.isVerified)
  }

  @Test func aFrameDeclaringItsSizeComesBackExactly() throws {
    let (layout, decompressed) = try Self.decompress(ZstdTool.compress(Self.content))
    #expect(layout.declaredContentSize == UInt64(Self.content.count))
    #expect(decompressed.bytes == Self.content)
    #expect(decompressed.isVerified)
  }

  @Test func aFrameLongerThanAChunkDeclaringNoSizeComesBackExactly() throws {
    let frame = try ZstdTool.compress(Self.content, options: ["--no-content-size"])
    let (layout, decompressed) = try Self.decompress(frame)
    #expect(layout.declaredContentSize == nil)
    #expect(decompressed.bytes == Self.content)
    #expect(decompressed.isVerified)
  }

  /// A frame whose header declares a byte more or less than its blocks hold is damage: a
  /// clear error, never bytes that were not written.
  @Test(arguments: [-1, 1])
  func aFrameDeclaringTheWrongSizeIsRefused(change: Int) throws {
    var frame = try ZstdTool.compress(Self.content)
    // Magic number, descriptor, a window byte unless single-segment, then the size in a width
    // the descriptor gives (2 bytes hold the size - 256).
    let descriptor = frame[4]
    let singleSegment = descriptor & 0x20 != 0
    let width = [singleSegment ? 1 : 0, 2, 4, 8][Int(descriptor >> 6)]
    try #require(width == 4 && descriptor & 0x03 == 0)
    let start = 5 + (singleSegment ? 0 : 1)
    let declared = (0..<width).reduce(0) { $0 | Int(frame[start + $1]) << (8 * $1) }
    #expect(declared == Self.content.count)
    for index in 0..<width {
      frame[start + index] = UInt8(truncatingIfNeeded: (declared + change) >> (8 * index))
    }
    do {
      let (_, decompressed) = try Self.decompress(frame)
      Issue.record("read \(decompressed.bytes.count) bytes")
    } catch let failure as FrameDecompression.Failure {
      #expect(failure.message.contains("libzstd cannot decode the frame"), "\(failure.message)")
      #expect(failure.offset >= 0 && failure.offset <= frame.count)
    }
  }
}
