import SceneTrace

/// Reading trace files: `.sctrace`, JSON Lines, and zstd-compressed JSON Lines, told apart by
/// their content.
public enum TraceFile {
  /// Reads the trace file at `path`.
  ///
  /// The format is told by content, not by extension: bytes starting with a SceneTrace header
  /// are a `.sctrace` file; bytes starting with a zstd frame (or another skippable frame) are
  /// zstd-compressed JSON Lines; anything else is JSON Lines, unless it is plainly another
  /// format (gzip, ZIP, an image, a PDF, binary data): a `notATrace` error names it. A
  /// `.sctrace` file that was cut or damaged gives every event it still holds, with what was
  /// lost in ``LoadedTrace/truncation`` and ``LoadedTrace/damage``.
  public static func load(path: String, options: ReadOptions = ReadOptions()) throws(TraceError)
    -> LoadedTrace
  {
    try decode(FileBytes.contents(ofFile: path), path: path, options: options)
  }

  /// Reads a trace from its bytes, telling the format by content like ``load(path:options:)``;
  /// `path` only names it in errors and warnings.
  public static func decode(
    _ bytes: some Collection<UInt8>, path: String, options: ReadOptions = ReadOptions()
  ) throws(TraceError) -> LoadedTrace {
    let bytes = Array(bytes)
    switch format(of: bytes) {
    case .jsonLines:
      if let error = notATrace(bytes, path: path) { throw error }
      return try decodeJSONLines(bytes, path: path, options: options)
    case .compressedJSONLines:
      return try decodeCompressedJSONLines(bytes, path: path, options: options)
    case .sctrace:
      let trace = try TraceReader(bytes: bytes, path: path, options: options).loadAll()
      guard trace.events.isEmpty else { return trace }
      throw emptySctrace(trace, path: path)
    }
  }

  /// The format `bytes` start with.
  public static func format(of bytes: [UInt8]) -> TraceFileFormat {
    if isCutInsideHeaderMagic(bytes) { return .sctrace }
    guard bytes.count >= 4 else { return .jsonLines }
    let magic =
      UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16
      | UInt32(bytes[3]) << 24
    if magic == ZstdFrameLayout.skippableMagicBase | UInt32(TraceRecord.headerNibble),
      TraceHeader.looksLikeHeader(bytes.dropFirst(8)) || bytes.count <= 8
    {
      return .sctrace
    }
    // A header whose frame magic is damaged still says SCTRACE after it, and a closed file
    // still ends with its index: read as .sctrace, which reports the damage.
    if bytes.dropFirst(8).starts(with: TraceHeader.magic)
      || bytes.withUnsafeBufferPointer({ TraceIndex.frameLayout(fromEndOf: $0) != nil })
    {
      return .sctrace
    }
    if magic == ZstdFrameLayout.magic || magic & 0xFFFF_FFF0 == ZstdFrameLayout.skippableMagicBase {
      return .compressedJSONLines
    }
    return .jsonLines
  }

  /// Whether `bytes` are at most a header frame's magic and size, and start like them: a
  /// `.sctrace` file cut right after it was created.
  static func isCutInsideHeaderMagic(_ bytes: [UInt8]) -> Bool {
    let magic = ZstdFrameLayout.skippableMagicBase | UInt32(TraceRecord.headerNibble)
    let magicBytes = (0..<4).map { UInt8(truncatingIfNeeded: magic >> (8 * $0)) }
    return !bytes.isEmpty && bytes.count <= 8
      && bytes.prefix(4).elementsEqual(magicBytes.prefix(bytes.count))
  }

  /// The error for a `.sctrace` file that yields no event, saying why.
  static func emptySctrace(_ trace: LoadedTrace, path: String) -> TraceError {
    if !trace.damage.isEmpty, trace.damage.allSatisfy(\.needsLibZstd) {
      return TraceError(
        code: .compressionUnavailable,
        message:
          "this .sctrace file is zstd-compressed, and this build has no libzstd (built for iOS "
          + "or with SCENETRACE_WITHOUT_ZSTD=1); read it with a `replay` built with libzstd, or "
          + "make a raw-block copy there with `replay compact FILE -o OUT --uncompressed`",
        path: path)
    }
    var message = "the file holds no events"
    if let damage = trace.damage.first {
      message += " that could be read: \(damage)"
    } else if let truncation = trace.truncation {
      message += " that were written completely: \(truncation)"
    } else if !trace.warnings.isEmpty {
      message += " of a type this version knows: \(trace.warnings.count) were skipped"
    } else {
      message += ": it was closed before any event was recorded"
    }
    return TraceError(code: .emptyTrace, message: message, path: path)
  }

  /// Reads JSON Lines text (the JSON Lines contract); `path` only names it in errors.
  public static func decodeJSONLines(
    _ bytes: some Collection<UInt8>, path: String, options: ReadOptions = ReadOptions()
  ) throws(TraceError) -> LoadedTrace {
    let bytes = Array(bytes)
    var reader = JSONLinesReader(path: path, options: options)
    let cut = try bytes.withUnsafeBufferPointer { buffer throws(TraceError) in
      try reader.read(buffer)
    }
    let truncation = cut.map {
      "line \($0.line) is incomplete: the file ends without a newline after \($0.byteCount) "
        + "bytes of it, which were dropped"
    }
    return try finish(reader, truncation: truncation, path: path)
  }

  /// Decompresses zstd-compressed JSON Lines and reads them; a stream cut inside a frame keeps
  /// every complete line decoded before the cut.
  private static func decodeCompressedJSONLines(
    _ bytes: [UInt8], path: String, options: ReadOptions
  ) throws(TraceError) -> LoadedTrace {
    let output = try bytes.withUnsafeBufferPointer { buffer throws(TraceError) in
      try ZstdDecompression.decompress(buffer, path: path)
    }
    var reader = JSONLinesReader(path: path, options: options)
    let cut = try output.bytes.withUnsafeBufferPointer { buffer throws(TraceError) in
      try reader.read(buffer)
    }
    var truncation: String?
    if !output.isComplete {
      truncation =
        "the zstd stream ends inside a frame after \(bytes.count) compressed bytes; every "
        + "complete line decoded before the cut was kept"
      if let cut {
        truncation? += ", and the \(cut.byteCount) decoded bytes of line \(cut.line) were dropped"
      }
    } else if let cut {
      truncation =
        "line \(cut.line) is incomplete: the decompressed text ends without a newline after "
        + "\(cut.byteCount) bytes of it, which were dropped"
    }
    return try finish(reader, truncation: truncation, path: path)
  }

  /// The loaded trace, or an `emptyTrace` error when no event was read.
  private static func finish(_ reader: JSONLinesReader, truncation: String?, path: String)
    throws(TraceError) -> LoadedTrace
  {
    guard reader.events.isEmpty else {
      return LoadedTrace(
        path: path, events: reader.events, truncation: truncation, warnings: reader.warnings,
        skippedSeqs: reader.skippedSeqs)
    }
    var message = "the file holds no events"
    if let truncation {
      message += " that were read completely: \(truncation)"
    } else if !reader.warnings.isEmpty {
      let count = reader.warnings.count
      message +=
        " of a known type: \(count) of unknown types \(count == 1 ? "was" : "were") skipped"
    } else {
      message += ": it is empty or holds only blank and // comment lines"
    }
    throw TraceError(code: .emptyTrace, message: message, path: path)
  }
}
