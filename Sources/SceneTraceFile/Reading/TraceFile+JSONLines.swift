import SceneTrace

/// What a read of JSON Lines found besides the events it handed on.
struct JSONLinesRead {
  /// What was lost at the end, as ``LoadedTrace/truncation`` says it.
  var truncation: String?
  /// One warning per event skipped.
  var warnings: [String] = []
  /// The seq of each event skipped, ascending.
  var skippedSeqs: [Int] = []
  /// Whether the consumer stopped the read before the end.
  var stoppedEarly = false
  /// The most bytes of decompressed text held at once (zstd-compressed JSON Lines only).
  var textHighWater = 0
  /// How many events were handed on.
  var eventCount = 0
  /// Where each chunk of events handed on lies in the text (uncompressed JSON Lines only).
  var chunks: [JSONLinesChunk] = []
  /// The seqs of the events last handed on.
  private(set) var lastHanded: ClosedRange<Int>?

  /// Hands the events `reader` read since the last call to `consume`; false when it stops.
  mutating func handOn(_ reader: inout JSONLinesReader, to consume: (consuming [Event]) -> Bool)
    -> Bool
  {
    let events = reader.takeEvents()
    eventCount += events.count
    lastHanded = events.first.map { $0.seq...(events.last?.seq ?? $0.seq) }
    // Moved on: see `TraceScanner.readEventFrame(_:_:)`.
    guard events.isEmpty || consume(consume events) else {
      stoppedEarly = true
      return false
    }
    return true
  }
}

/// Where a stretch of events lies in a JSON Lines file, and how the reader stood before its first
/// line: enough to read those events again without the lines before them, as the index of a
/// `.sctrace` file lets a reader decode only the frames that hold the events it wants.
package struct JSONLinesChunk: Sendable {
  /// The bytes of its lines, whole lines from the start of one to the newline of another.
  var bytes: Range<Int>
  /// The seqs of its first and last events.
  package var seqs: ClosedRange<Int>
  /// How the reader stood at its first line.
  var start: JSONLinesReader.Position

  /// About how many bytes of lines a chunk holds: the lines are read and handed on this many
  /// bytes at a time, so that reading one chunk again for a few of its events is quick.
  static let byteCount = 1 << 14
}

extension TraceFile {
  /// Reads the JSON Lines (or, when `compressed`, zstd-compressed JSON Lines) that `window`
  /// shows a chunk at a time, line by line, handing each chunk's events to `consume` (which
  /// returns false to stop): the text is never held whole, only a chunk and the line that runs
  /// past it. Gives what reading it whole gives, or the same error: an `emptyTrace` one when
  /// it holds no event.
  static func streamJSONLines(
    _ window: inout TraceWindow, compressed: Bool, path: String, options: ReadOptions,
    chunkSize: Int = TraceWindow.defaultChunkSize, _ consume: (consuming [Event]) -> Bool
  ) throws(TraceError) -> JSONLinesRead {
    var reader = JSONLinesReader(path: path, options: options)
    var read =
      compressed
      ? try streamCompressed(&window, &reader, path: path, options: options, consume)
      : try streamText(&window, &reader, options: options, chunkSize: chunkSize, consume)
    read.warnings = reader.warnings
    read.skippedSeqs = reader.skippedSeqs
    guard read.eventCount == 0, !read.stoppedEarly else { return read }
    var message = "the file holds no events"
    if let truncation = read.truncation {
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

  /// Reads JSON Lines text from `window`, ``JSONLinesChunk/byteCount`` bytes at a time (at
  /// most `chunkSize`) and the line that runs past them, which the window keeps for the next
  /// read.
  private static func streamText(
    _ window: inout TraceWindow, _ reader: inout JSONLinesReader, options: ReadOptions,
    chunkSize: Int, _ consume: (consuming [Event]) -> Bool
  ) throws(TraceError) -> JSONLinesRead {
    var read = JSONLinesRead()
    var start = 0
    var end = 0
    while true {
      end = min(window.count, max(end, start) + min(chunkSize, JSONLinesChunk.byteCount))
      let isLast = end == window.count
      let position = reader.position
      let piece = try window.withBytes(start..<end) { (bytes) throws(TraceError) in
        try reader.read(bytes, isLast: isLast)
      }.get()
      let bytes = start..<(start + piece.byteCount)
      start += piece.byteCount
      window.release(before: start)
      options.progress?(start, window.count)
      let goesOn = read.handOn(&reader, to: consume)
      // Kept even when the consumer stops here: a pass stopped early still lists every line it
      // handed on.
      if let seqs = read.lastHanded {
        read.chunks.append(JSONLinesChunk(bytes: bytes, seqs: seqs, start: position))
      }
      guard goesOn else { return read }
      guard isLast else { continue }
      read.truncation = piece.cut.map {
        "line \($0.line) is incomplete: the file ends without a newline after \($0.byteCount) "
          + "bytes of it, which were dropped"
      }
      return read
    }
  }

  /// Decompresses zstd-compressed JSON Lines from `window` and reads them as they come; a
  /// stream cut inside a frame keeps every complete line decoded before the cut.
  private static func streamCompressed(
    _ window: inout TraceWindow, _ reader: inout JSONLinesReader, path: String,
    options: ReadOptions, _ consume: (consuming [Event]) -> Bool
  ) throws(TraceError) -> JSONLinesRead {
    var read = JSONLinesRead()
    // The decompressed text from the first line not read yet.
    var text: [UInt8] = []
    let total = window.count
    let ending = try ZstdDecompression.decompress(&window, path: path) {
      (output, inputRead) throws(TraceError) -> Bool in
      text.append(contentsOf: output)
      read.textHighWater = max(read.textHighWater, text.count)
      let piece = try text.withUnsafeBufferPointer { (bytes) throws(TraceError) in
        try reader.read(bytes, isLast: false)
      }
      text.removeFirst(piece.byteCount)
      options.progress?(inputRead, total)
      return read.handOn(&reader, to: consume)
    }
    guard ending != .stopped else { return read }
    let cut = try text.withUnsafeBufferPointer { (bytes) throws(TraceError) in
      try reader.read(bytes, isLast: true).cut
    }
    guard read.handOn(&reader, to: consume) else { return read }
    if ending == .cut {
      var truncation =
        "the zstd stream ends inside a frame after \(total) compressed bytes; every "
        + "complete line decoded before the cut was kept"
      if let cut {
        truncation += ", and the \(cut.byteCount) decoded bytes of line \(cut.line) were dropped"
      }
      read.truncation = truncation
    } else if let cut {
      read.truncation =
        "line \(cut.line) is incomplete: the decompressed text ends without a newline after "
        + "\(cut.byteCount) bytes of it, which were dropped"
    }
    return read
  }
}
