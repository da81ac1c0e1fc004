// The only file that talks to libzstd. Every C call goes through one of the wrappers below, each
// named after the function it calls. Without libzstd (iOS, or a build with
// SCENETRACE_WITHOUT_ZSTD=1) the wrappers exist but cannot be created, and callers fall back to
// the raw-block frames written and read in Swift.

#if canImport(CZstd)
  internal import CZstd
#endif

/// What libzstd offers this build.
enum LibZstd {
  /// Whether this build links libzstd.
  static var isAvailable: Bool {
    #if canImport(CZstd)
      true
    #else
      false
    #endif
  }

  /// The error thrown when a caller needs libzstd and this build has none.
  static func unavailable(_ action: String, path: String? = nil) -> TraceError {
    TraceError(
      code: .compressionUnavailable,
      message:
        "\(action) needs libzstd, and this build has none (built for iOS or with "
        + "SCENETRACE_WITHOUT_ZSTD=1); read the file with a `replay` built with libzstd",
      path: path)
  }

  /// A suggested output chunk for streaming decompression (`ZSTD_DStreamOutSize`).
  static var decompressionChunkSize: Int {
    #if canImport(CZstd)
      ZSTD_DStreamOutSize()
    #else
      1 << 17
    #endif
  }

  /// A suggested output chunk for streaming compression (`ZSTD_CStreamOutSize`).
  static var compressionChunkSize: Int {
    #if canImport(CZstd)
      ZSTD_CStreamOutSize()
    #else
      1 << 17
    #endif
  }

  /// Compresses `input` into one zstd frame with a content checksum (`ZSTD_compress2` on a fresh
  /// context, after `ZSTD_compressBound`); without libzstd the context says so.
  static func compressFrame(_ input: [UInt8], level: Int32, minMatch: Int32?) throws(TraceError)
    -> [UInt8]
  {
    try ZstdCompressionContext(level: level, minMatch: minMatch).compress2(input)
  }

  /// libzstd's name for an error code (`ZSTD_getErrorName`).
  static func errorName(_ code: Int) -> String {
    #if canImport(CZstd)
      ZSTD_getErrorName(code).map { String(cString: $0) } ?? "unknown error"
    #else
      "libzstd is not available"
    #endif
  }

  /// Whether a libzstd return value is an error code (`ZSTD_isError`).
  static func isError(_ code: Int) -> Bool {
    #if canImport(CZstd)
      ZSTD_isError(code) != 0
    #else
      true
    #endif
  }
}

/// How far a streaming call went: bytes consumed and produced, and libzstd's return value.
struct ZstdStep {
  /// How many input bytes were consumed.
  var consumed: Int
  /// How many output bytes were written.
  var produced: Int
  /// libzstd's return value: an error code (see ``LibZstd/isError(_:)``) or a hint.
  var result: Int
}

/// When a streaming compression call ends (`ZSTD_EndDirective`).
enum ZstdDirective {
  /// `ZSTD_e_continue`: buffer, output whatever is ready.
  case `continue`
  /// `ZSTD_e_flush`: end the current block, so that everything given so far can be decoded.
  case flush
  /// `ZSTD_e_end`: end the frame (with its checksum).
  case end
}

/// A zstd compression context (`ZSTD_CCtx`), for one frame after another.
final class ZstdCompressionContext {
  #if canImport(CZstd)
    private let context: OpaquePointer
  #endif

  /// Creates a context (`ZSTD_createCCtx`) compressing at `level`, writing the content checksum,
  /// and with `minMatch` when given (`ZSTD_CCtx_setParameter`). With `sizeHint`, the frames
  /// it compresses hold about that many bytes at most: libzstd sizes its window and tables for
  /// them, as it does for a frame compressed whole, without writing the size in the frame
  /// (`ZSTD_c_srcSizeHint`; a libzstd older than 1.4.4, which lacks it, sizes them by level).
  init(level: Int32, minMatch: Int32?, sizeHint: Int32? = nil) throws(TraceError) {
    #if canImport(CZstd)
      guard let context = ZSTD_createCCtx() else {
        throw TraceError(
          code: .compressionUnavailable, message: "libzstd could not allocate a context")
      }
      self.context = context
      try setParameter(ZSTD_c_compressionLevel, level)
      try setParameter(ZSTD_c_checksumFlag, 1)
      if let minMatch { try setParameter(ZSTD_c_minMatch, minMatch) }
      // `ZSTD_c_srcSizeHint` is declared for static linking only, under this name.
      if let sizeHint { _ = ZSTD_CCtx_setParameter(context, ZSTD_c_experimentalParam7, sizeHint) }
    #else
      throw LibZstd.unavailable("compressing")
    #endif
  }

  #if canImport(CZstd)
    deinit { ZSTD_freeCCtx(context) }

    /// How many bytes the context holds, its tables and window included (`ZSTD_sizeof_CCtx`).
    var byteCount: Int { ZSTD_sizeof_CCtx(context) }

    /// `ZSTD_CCtx_setParameter`.
    private func setParameter(_ parameter: ZSTD_cParameter, _ value: Int32) throws(TraceError) {
      let result = ZSTD_CCtx_setParameter(context, parameter, value)
      if ZSTD_isError(result) != 0 {
        throw TraceError(
          code: .invalidValue,
          message: "libzstd refused a compression parameter: \(LibZstd.errorName(result))")
      }
    }

  #endif

  /// One-shot compression of a whole frame (`ZSTD_compressBound`, `ZSTD_compress2`).
  func compress2(_ input: [UInt8]) throws(TraceError) -> [UInt8] {
    #if canImport(CZstd)
      var output = [UInt8](repeating: 0, count: ZSTD_compressBound(input.count))
      let written = output.withUnsafeMutableBytes { target in
        input.withUnsafeBytes { source in
          ZSTD_compress2(
            context, target.baseAddress, target.count, source.baseAddress, source.count)
        }
      }
      if ZSTD_isError(written) != 0 {
        throw TraceError(
          code: .compressionUnavailable,
          message: "libzstd could not compress: \(LibZstd.errorName(written))")
      }
      output.removeLast(output.count - written)
      return output
    #else
      throw LibZstd.unavailable("compressing")
    #endif
  }

  /// One call of `ZSTD_compressStream2`: consumes from `input`, writes to `output`.
  func compressStream2(
    _ input: UnsafeRawBufferPointer, _ output: UnsafeMutableRawBufferPointer,
    _ directive: ZstdDirective
  ) -> ZstdStep {
    #if canImport(CZstd)
      var source = ZSTD_inBuffer(src: input.baseAddress, size: input.count, pos: 0)
      var target = ZSTD_outBuffer(dst: output.baseAddress, size: output.count, pos: 0)
      let mode: ZSTD_EndDirective =
        switch directive {
        case .continue: ZSTD_e_continue
        case .flush: ZSTD_e_flush
        case .end: ZSTD_e_end
        }
      let result = ZSTD_compressStream2(context, &target, &source, mode)
      return ZstdStep(consumed: source.pos, produced: target.pos, result: result)
    #else
      return ZstdStep(consumed: 0, produced: 0, result: -1)
    #endif
  }
}

/// A zstd decompression context (`ZSTD_DCtx`), for one frame after another.
final class ZstdDecompressionContext {
  #if canImport(CZstd)
    private let context: OpaquePointer
  #endif

  /// Creates a context (`ZSTD_createDCtx`).
  init() throws(TraceError) {
    #if canImport(CZstd)
      guard let context = ZSTD_createDCtx() else {
        throw TraceError(
          code: .corruptCompression, message: "libzstd could not allocate a decompression context"
        )
      }
      self.context = context
    #else
      throw LibZstd.unavailable("decompressing")
    #endif
  }

  #if canImport(CZstd)
    deinit { ZSTD_freeDCtx(context) }
  #endif

  /// Forgets the frame in progress, keeping the parameters (`ZSTD_DCtx_reset`, session only).
  func reset() {
    #if canImport(CZstd)
      ZSTD_DCtx_reset(context, ZSTD_reset_session_only)
    #endif
  }

  /// One call of `ZSTD_decompressStream`: consumes from `input`, writes to `output`. The result
  /// is 0 at the end of a frame, otherwise a hint of how much input the frame still needs.
  func decompressStream(_ input: UnsafeRawBufferPointer, _ output: UnsafeMutableRawBufferPointer)
    -> ZstdStep
  {
    #if canImport(CZstd)
      var source = ZSTD_inBuffer(src: input.baseAddress, size: input.count, pos: 0)
      var target = ZSTD_outBuffer(dst: output.baseAddress, size: output.count, pos: 0)
      let result = ZSTD_decompressStream(context, &target, &source)
      return ZstdStep(consumed: source.pos, produced: target.pos, result: result)
    #else
      return ZstdStep(consumed: 0, produced: 0, result: -1)
    #endif
  }
}
