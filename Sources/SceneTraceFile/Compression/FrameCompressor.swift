/// Turns content given in pieces into zstd frames, one after another: with libzstd, or as raw
/// blocks written in Swift where there is none.
///
/// Output is appended to the `output` argument of each call; a caller writes it out as it comes.
protocol FrameCompressor: AnyObject {
  /// Adds `content` to the current frame (starting one if needed).
  func write(_ content: [UInt8], to output: inout [UInt8]) throws(TraceError)
  /// Ends the current block, so that all the content given so far is in complete blocks
  /// (`ZSTD_e_flush`).
  func flush(to output: inout [UInt8]) throws(TraceError)
  /// Ends the current frame with its checksum (`ZSTD_e_end`).
  func endFrame(to output: inout [UInt8]) throws(TraceError)
}

/// Frames of raw (uncompressed) blocks with their XXH64 content checksum, written in Swift: what
/// the writer emits without libzstd. `zstd -t` accepts them and `replay compact` compresses them.
final class RawBlockFrameWriter: FrameCompressor {
  /// Frame header descriptor: content checksum, no content size, no dictionary, a window.
  static let frameHeaderDescriptor: UInt8 = 0x04
  /// Window descriptor: 2^17 bytes (128 KiB), the largest block.
  static let windowDescriptor: UInt8 = 0x38

  private var isInFrame = false
  private var pending: [UInt8] = []
  private var hash = XXH64()

  init() {}

  func write(_ content: [UInt8], to output: inout [UInt8]) {
    if !isInFrame {
      var header = ByteWriter()
      header.uint32(ZstdFrameLayout.magic)
      header.byte(Self.frameHeaderDescriptor)
      header.byte(Self.windowDescriptor)
      output += header.bytes
      isInFrame = true
      hash = XXH64()
    }
    hash.update(content)
    pending += content
    // A block holds at most 128 KiB: emit full ones as they fill.
    while pending.count > ZstdFrameLayout.maximumBlockSize {
      emitBlock(count: ZstdFrameLayout.maximumBlockSize, isLast: false, to: &output)
    }
  }

  func flush(to output: inout [UInt8]) {
    guard isInFrame, !pending.isEmpty else { return }
    emitBlock(count: pending.count, isLast: false, to: &output)
  }

  func endFrame(to output: inout [UInt8]) {
    guard isInFrame else { return }
    emitBlock(count: pending.count, isLast: true, to: &output)
    var trailer = ByteWriter()
    trailer.uint32(UInt32(truncatingIfNeeded: hash.digest()))
    output += trailer.bytes
    isInFrame = false
  }

  /// A raw block of the first `count` pending bytes.
  private func emitBlock(count: Int, isLast: Bool, to output: inout [UInt8]) {
    let header = UInt32(count) << 3 | (isLast ? 1 : 0)
    output.append(UInt8(truncatingIfNeeded: header))
    output.append(UInt8(truncatingIfNeeded: header >> 8))
    output.append(UInt8(truncatingIfNeeded: header >> 16))
    output += pending[0..<count]
    pending.removeFirst(count)
  }
}

/// Frames compressed by libzstd at a level, with the content checksum, `ZSTD_c_minMatch` 4
/// (about 10 % smaller on varint streams), and a window and tables sized for a frame's content.
///
/// A writer ends a frame once it holds `TraceWriter.frameByteLimit` (1 MiB), and hands its
/// content over in pieces, so libzstd cannot size its window and tables by the content: sized by
/// the level alone (an 8 MiB window at level 19), the context took 93 MB, and a reader's window
/// was as large. They are sized for 1 MiB (the context's `sizeHint`).
final class ZstdFrameCompressor: FrameCompressor {
  private let context: ZstdCompressionContext
  private var chunk: [UInt8]

  init(level: Int) throws(TraceError) {
    context = try ZstdCompressionContext(
      level: Int32(clamping: level), minMatch: 4, sizeHint: Int32(TraceWriter.frameByteLimit))
    chunk = [UInt8](repeating: 0, count: LibZstd.compressionChunkSize)
  }

  /// How many bytes libzstd holds for the compressor.
  var contextByteCount: Int {
    #if canImport(CZstd)
      context.byteCount
    #else
      0
    #endif
  }

  func write(_ content: [UInt8], to output: inout [UInt8]) throws(TraceError) {
    try run(content, .continue, to: &output)
  }

  func flush(to output: inout [UInt8]) throws(TraceError) {
    try run([], .flush, to: &output)
  }

  func endFrame(to output: inout [UInt8]) throws(TraceError) {
    try run([], .end, to: &output)
  }

  /// Calls `ZSTD_compressStream2` until the input is consumed and, when flushing or ending,
  /// until libzstd says nothing is left to write.
  private func run(_ input: [UInt8], _ directive: ZstdDirective, to output: inout [UInt8])
    throws(TraceError)
  {
    var consumed = 0
    while true {
      let step = input.withUnsafeBytes { source in
        chunk.withUnsafeMutableBytes { target in
          context.compressStream2(
            UnsafeRawBufferPointer(rebasing: source[consumed...]), target, directive)
        }
      }
      if LibZstd.isError(step.result) {
        throw TraceError(
          code: .unwritableFile,
          message: "libzstd could not compress: \(LibZstd.errorName(step.result))")
      }
      consumed += step.consumed
      output += chunk[0..<step.produced]
      let done =
        directive == .continue ? consumed == input.count : step.result == 0
      if done { return }
    }
  }
}
