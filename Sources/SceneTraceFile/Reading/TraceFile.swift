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
    let format = format(of: bytes)
    guard format != .sctrace else {
      let trace = try TraceReader(bytes: bytes, path: path, options: options).loadAll()
      guard trace.events.isEmpty else { return trace }
      throw emptySctrace(trace, path: path)
    }
    return try bytes.withUnsafeBufferPointer { buffer throws(TraceError) in
      var window = TraceWindow(memory: buffer)
      if format == .jsonLines, let error = try notATrace(&window, path: path) { throw error }
      return try loadJSONLines(&window, compressed: format == .compressedJSONLines, path, options)
    }
  }

  /// The format `bytes` start with.
  public static func format(of bytes: [UInt8]) -> TraceFileFormat {
    format(start: Array(bytes.prefix(16)), count: bytes.count) {
      bytes.withUnsafeBufferPointer { TraceIndex.frameLayout(fromEndOf: $0) != nil }
    }
  }

  /// The format of the file at `path` as ``format(of:)`` tells it from the file's first 16
  /// bytes alone, reading no more of a file read by offset. A pipe is read whole, and its bytes
  /// kept for the reads that follow (a pipe read for its first bytes had lost them for the
  /// reader that came next).
  package static func formatFromStart(ofFile path: String) throws(TraceError) -> TraceFileFormat {
    try TraceWindow.withFile(path, chunkSize: 16) { window throws(TraceError) in
      format(of: try window.bytes(0..<min(window.count, 16)))
    }
  }

  /// The format of the file `window` shows, as ``format(of:)`` tells it from its bytes: from
  /// its first 16 bytes and, when they do not tell, its last ones.
  static func format(of window: inout TraceWindow) throws(TraceError) -> TraceFileFormat {
    let start = try window.bytes(0..<min(window.count, 16))
    return try format(start: start, count: window.count) { () throws(TraceError) in
      try window.indexLayoutFromEnd() != nil
    }
  }

  /// The format of a file of `count` bytes whose first 16 bytes (or all) are `start`;
  /// `endsWithIndex` says whether its last bytes are a `.sctrace` index.
  private static func format<Failure: Error>(
    start: [UInt8], count: Int, endsWithIndex: () throws(Failure) -> Bool
  ) throws(Failure) -> TraceFileFormat {
    if isCutInsideHeaderMagic(start) { return .sctrace }
    guard count >= 4 else { return .jsonLines }
    let magic =
      UInt32(start[0]) | UInt32(start[1]) << 8 | UInt32(start[2]) << 16
      | UInt32(start[3]) << 24
    if magic == ZstdFrameLayout.skippableMagicBase | UInt32(TraceRecord.headerNibble),
      TraceHeader.looksLikeHeader(start.dropFirst(8)) || count <= 8
    {
      return .sctrace
    }
    // A header whose frame magic is damaged still says SCTRACE after it, and a closed file
    // still ends with its index: read as .sctrace, which reports the damage.
    if start.dropFirst(8).starts(with: TraceHeader.magic) { return .sctrace }
    if try endsWithIndex() { return .sctrace }
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
    try Array(bytes).withUnsafeBufferPointer { buffer throws(TraceError) in
      var window = TraceWindow(memory: buffer)
      return try loadJSONLines(&window, compressed: false, path, options)
    }
  }

  /// Reads the JSON Lines (or zstd-compressed JSON Lines) `window` shows, keeping every event.
  private static func loadJSONLines(
    _ window: inout TraceWindow, compressed: Bool, _ path: String, _ options: ReadOptions
  ) throws(TraceError) -> LoadedTrace {
    var events: [Event] = []
    let read = try streamJSONLines(&window, compressed: compressed, path: path, options: options) {
      var batch = $0
      events.append(moving: &batch)
      return true
    }
    return LoadedTrace(
      path: path, events: events, truncation: read.truncation, warnings: read.warnings,
      skippedSeqs: read.skippedSeqs)
  }
}
