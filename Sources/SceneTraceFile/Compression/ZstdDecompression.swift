/// Decompressing a zstd stream (a `.jsonl.zst`), frame after frame, a piece at a time, keeping
/// whatever a cut stream still yields. The calls into libzstd are in `LibZstd.swift`.
enum ZstdDecompression {
  /// How a stream's decompression ended.
  enum Ending {
    /// The input ended on a frame boundary.
    case complete
    /// The input ended inside a frame: what was decoded before the cut was handed on.
    case cut
    /// The consumer stopped it.
    case stopped
  }

  /// The most input each call into libzstd is given, up to the next multiple of it from the
  /// start of the stream: the calls, and so the offset where damage is noticed, are the same
  /// whether the stream is in memory or read from a file a chunk at a time.
  static let inputStep = 1 << 17

  /// Decompresses the stream `window` shows, one or more zstd frames (skippable frames are
  /// skipped), handing the decompressed bytes to `consume` as they come, with how many bytes of
  /// input were read so far; `consume` returns false to stop.
  ///
  /// Damaged data is a `corruptCompression` error with the byte offset where libzstd noticed it.
  /// Damage comes first: when `consume` throws, the rest of the stream is still decompressed
  /// (and dropped), and its error is thrown only when no damage follows.
  static func decompress(
    _ window: inout TraceWindow, path: String,
    _ consume: (UnsafeBufferPointer<UInt8>, _ inputRead: Int) throws(TraceError) -> Bool
  ) throws(TraceError) -> Ending {
    guard LibZstd.isAvailable else {
      throw TraceError(
        code: .compressionUnavailable,
        message:
          "this file is zstd-compressed JSON Lines, but this build has no libzstd; "
          + "decompress it with `zstd -d` first",
        path: path)
    }
    let context = try ZstdDecompressionContext()
    var chunk = [UInt8](repeating: 0, count: LibZstd.decompressionChunkSize)
    var offset = 0
    var frameRemaining = 0
    var outputWasFull = false
    var failure: TraceError?
    repeat {
      let end = min(window.count, (offset / inputStep + 1) * inputStep)
      let step = try window.withBytes(offset..<end) { input in
        chunk.withUnsafeMutableBytes { buffer in
          context.decompressStream(UnsafeRawBufferPointer(input), buffer)
        }
      }.get()
      offset += step.consumed
      window.release(before: offset)
      if LibZstd.isError(step.result) {
        throw TraceError(
          code: .corruptCompression,
          message:
            "the zstd data is damaged (\(LibZstd.errorName(step.result))); `zstd -t` checks "
            + "the file, and a copy made before the damage may still be intact",
          path: path, byteOffset: offset)
      }
      if failure == nil, step.produced > 0 {
        do throws(TraceError) {
          let goesOn = try chunk.withUnsafeBufferPointer { (output) throws(TraceError) in
            try consume(UnsafeBufferPointer(rebasing: output[0..<step.produced]), offset)
          }
          if !goesOn { return .stopped }
        } catch {
          failure = error
        }
      }
      frameRemaining = step.result
      outputWasFull = step.produced == chunk.count
    } while offset < window.count || outputWasFull
    if let failure { throw failure }
    return frameRemaining == 0 ? .complete : .cut
  }
}
