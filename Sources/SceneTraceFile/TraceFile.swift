import SceneTrace

/// Reading trace files: JSON Lines, plain or zstd-compressed, told apart by their content.
public enum TraceFile {
  /// Reads the trace file at `path`.
  ///
  /// The format is told by content, not by extension: bytes starting with the zstd frame magic
  /// are zstd-compressed JSON Lines; bytes starting with a zstd skippable frame are a binary
  /// `.sctrace` file, which this version cannot read yet; anything else is JSON Lines.
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
    switch TraceFormat(sniffing: bytes) {
    case .jsonLines:
      return try decodeJSONLines(bytes, path: path, options: options)
    case .zstdJSONLines:
      return try decodeCompressedJSONLines(bytes, path: path, options: options)
    case .binaryTrace:
      throw TraceError(
        code: .unsupportedFormat,
        message:
          "this is a binary .sctrace file, which this version cannot read yet; it reads JSON "
          + "Lines (.jsonl) and zstd-compressed JSON Lines (.jsonl.zst)",
        path: path)
    }
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
        path: path, events: reader.events, truncation: truncation, warnings: reader.warnings)
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

/// The formats a trace's first bytes announce.
enum TraceFormat {
  /// JSON Lines text.
  case jsonLines
  /// A zstd frame: zstd-compressed JSON Lines.
  case zstdJSONLines
  /// A zstd skippable frame: a binary `.sctrace` file.
  case binaryTrace

  /// The format `bytes` start with.
  init(sniffing bytes: [UInt8]) {
    guard bytes.count >= 4 else {
      self = .jsonLines
      return
    }
    if bytes[0] == 0x28, bytes[1] == 0xB5, bytes[2] == 0x2F, bytes[3] == 0xFD {
      self = .zstdJSONLines
    } else if (0x50...0x5F).contains(bytes[0]), bytes[1] == 0x2A, bytes[2] == 0x4D,
      bytes[3] == 0x18
    {
      self = .binaryTrace
    } else {
      self = .jsonLines
    }
  }
}
