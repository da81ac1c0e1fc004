/// Decompressing a whole zstd stream (a `.jsonl.zst`), frame after frame, keeping whatever a cut
/// stream still yields. The calls into libzstd are in `LibZstd.swift`.
enum ZstdDecompression {
  /// What decompressing gave.
  struct Output {
    /// The decompressed bytes: everything up to the point where the input ended or failed.
    var bytes: [UInt8]
    /// Whether the input ended on a frame boundary; false when it was cut inside a frame.
    var isComplete: Bool
  }

  /// Decompresses `input`, one or more zstd frames (skippable frames are skipped).
  ///
  /// Damaged data is a `corruptCompression` error with the byte offset where libzstd noticed it.
  static func decompress(_ input: UnsafeBufferPointer<UInt8>, path: String) throws(TraceError)
    -> Output
  {
    guard LibZstd.isAvailable else {
      throw TraceError(
        code: .compressionUnavailable,
        message:
          "this file is zstd-compressed JSON Lines, but this build has no libzstd; "
          + "decompress it with `zstd -d` first",
        path: path)
    }
    let context = try ZstdDecompressionContext()
    var output: [UInt8] = []
    output.reserveCapacity(input.count * 4)
    var chunk = [UInt8](repeating: 0, count: LibZstd.decompressionChunkSize)
    var offset = 0
    var frameRemaining = 0
    var outputWasFull = false
    let source = UnsafeRawBufferPointer(input)
    repeat {
      let step = chunk.withUnsafeMutableBytes { buffer in
        context.decompressStream(UnsafeRawBufferPointer(rebasing: source[offset...]), buffer)
      }
      offset += step.consumed
      if LibZstd.isError(step.result) {
        throw TraceError(
          code: .corruptCompression,
          message:
            "the zstd data is damaged (\(LibZstd.errorName(step.result))); `zstd -t` checks "
            + "the file, and a copy made before the damage may still be intact",
          path: path, byteOffset: offset)
      }
      output.append(contentsOf: chunk[0..<step.produced])
      frameRemaining = step.result
      outputWasFull = step.produced == chunk.count
    } while offset < input.count || outputWasFull
    return Output(bytes: output, isComplete: frameRemaining == 0)
  }
}
