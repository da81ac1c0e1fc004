// The only file that talks to libzstd.

#if canImport(CZstd)
  internal import CZstd
#endif

/// Decompressing zstd data, frame after frame, keeping whatever a cut stream still yields.
enum ZstdDecompression {
  /// What decompressing gave.
  struct Output {
    /// The decompressed bytes: everything up to the point where the input ended or failed.
    var bytes: [UInt8]
    /// Whether the input ended on a frame boundary; false when it was cut inside a frame.
    var isComplete: Bool
  }

  /// Whether this build can decompress zstd data.
  static var isAvailable: Bool {
    #if canImport(CZstd)
      true
    #else
      false
    #endif
  }

  /// Decompresses `input`, one or more zstd frames (skippable frames are skipped).
  ///
  /// Uses `ZSTD_createDStream`, `ZSTD_initDStream`, `ZSTD_decompressStream` and
  /// `ZSTD_freeDStream`. Damaged data is a `corruptCompression` error with the byte offset where
  /// libzstd noticed it.
  static func decompress(_ input: UnsafeBufferPointer<UInt8>, path: String) throws(TraceError)
    -> Output
  {
    #if canImport(CZstd)
      guard let stream = ZSTD_createDStream() else {
        throw TraceError(
          code: .corruptCompression, message: "libzstd could not allocate a decompression stream",
          path: path)
      }
      defer { ZSTD_freeDStream(stream) }
      let initialized = ZSTD_initDStream(stream)
      if ZSTD_isError(initialized) != 0 {
        throw failure(initialized, at: 0, path: path)
      }
      return try decompress(input, with: stream, path: path)
    #else
      throw TraceError(
        code: .unsupportedFormat,
        message:
          "this file is zstd-compressed JSON Lines, but this build has no zstd support; "
          + "decompress it with `zstd -d` first",
        path: path)
    #endif
  }

  #if canImport(CZstd)
    /// Feeds all of `input` to `stream`, collecting its output.
    private static func decompress(
      _ input: UnsafeBufferPointer<UInt8>, with stream: OpaquePointer, path: String
    ) throws(TraceError) -> Output {
      var output: [UInt8] = []
      output.reserveCapacity(input.count * 4)
      var chunk = [UInt8](repeating: 0, count: ZSTD_DStreamOutSize())
      var source = ZSTD_inBuffer(src: input.baseAddress, size: input.count, pos: 0)
      var frameRemaining = 0
      var outputWasFull = false
      repeat {
        let (result, produced) = chunk.withUnsafeMutableBytes { buffer in
          var target = ZSTD_outBuffer(dst: buffer.baseAddress, size: buffer.count, pos: 0)
          let result = ZSTD_decompressStream(stream, &target, &source)
          return (result, target.pos)
        }
        if ZSTD_isError(result) != 0 {
          throw failure(result, at: source.pos, path: path)
        }
        output.append(contentsOf: chunk[0..<produced])
        frameRemaining = result
        outputWasFull = produced == chunk.count
      } while source.pos < source.size || outputWasFull
      return Output(bytes: output, isComplete: frameRemaining == 0)
    }

    /// A `corruptCompression` error naming libzstd's reason (`ZSTD_getErrorName`).
    private static func failure(_ code: Int, at offset: Int, path: String) -> TraceError {
      let reason = ZSTD_getErrorName(code).map { String(cString: $0) } ?? "unknown error"
      return TraceError(
        code: .corruptCompression,
        message:
          "the zstd data is damaged (\(reason)); `zstd -t` checks the file, and a copy made "
          + "before the damage may still be intact",
        path: path, byteOffset: offset)
    }
  #endif
}
