import SceneTrace

/// Reading one event frame of a `.sctrace` file: its layout, its content, its events (an array
/// of them, or a batch whose pointer samples are plain values).
struct EventFrameReading<Events: DecodedEvents> {
  /// The frame's layout.
  var layout: ZstdFrameLayout
  /// Its events, in order: every complete event of its complete blocks.
  var events = Events()
  /// The seq of its first and last event (skipped ones included), when its content says.
  var firstSeq: Int?
  var lastSeq: Int?
  /// How many bytes of content its complete blocks hold.
  var contentSize = 0
  /// Events of later format versions that were skipped.
  var warnings: [String] = []
  /// The seqs of the events skipped.
  var skippedSeqs: [Int] = []
  /// An event of a later format version met while not reading leniently.
  var unknownExtension: (seq: Int, kind: UInt64)?
  /// What is wrong with the frame, if anything: it lost some or all of its events.
  var problem: String?
  /// Whether the problem is that the frame is compressed and this build has no libzstd.
  var needsLibZstd = false
  /// Whether the frame was cut by the end of the file (its tail is missing, not damaged).
  var isCut: Bool { !layout.isComplete }

  /// Moves ``events`` out, leaving none.
  mutating func takeEvents() -> Events {
    defer { events = Events() }
    return events
  }

  /// Reads the frame laid out as `layout`.
  init(
    _ layout: ZstdFrameLayout, in file: UnsafeBufferPointer<UInt8>,
    context: ZstdDecompressionContext?, lenient: Bool
  ) {
    self.init(
      layout,
      content: Result { () throws(FrameDecompression.Failure) in
        try FrameDecompression.content(of: layout, in: file, context: context)
      },
      lenient: lenient)
  }

  /// Reads the frame laid out as `layout` whose content was decompressed, or failed to be.
  private init(
    _ layout: ZstdFrameLayout,
    content decompressed: Result<FrameDecompression.Content, FrameDecompression.Failure>,
    lenient: Bool, through last: Int = .max
  ) {
    self.layout = layout
    let content: FrameDecompression.Content
    switch decompressed {
    case .success(let decompressed): content = decompressed
    case .failure(let error):
      problem = error.message
      needsLibZstd = error.needsLibZstd
      return
    }
    contentSize = content.bytes.count
    let decoded = EventFrameDecoder.decode(
      content.bytes, lenient: lenient, through: last, into: Events.self)
    events = decoded.events
    firstSeq = decoded.firstSeq
    lastSeq = decoded.firstSeq == nil ? nil : decoded.lastSeq
    warnings = decoded.warnings
    skippedSeqs = decoded.skippedSeqs
    unknownExtension = decoded.unknownExtension
    if let failure = decoded.failure {
      // Content that ends inside a record is what a cut frame looks like; anything else, or
      // a complete frame ending early, is damage.
      if !(failure.isEndOfData && !layout.isComplete) {
        let kept = events.count == 0 ? "" : "; the \(events.count) events before it were kept"
        problem =
          "its content cannot be decoded at content byte \(failure.offset): "
          + "\(failure.message)\(kept)"
      }
    }
  }

  /// Reads the frame laid out as `layout` (in the file's offsets) from `window`, up to the event
  /// at `last`: its events, warnings and problems are those of its content up to there.
  init(
    _ layout: ZstdFrameLayout, in window: inout TraceWindow, context: ZstdDecompressionContext?,
    lenient: Bool, through last: Int = .max
  ) throws(TraceError) {
    self.init(
      layout, content: try Self.content(of: layout, in: &window, context: context),
      lenient: lenient, through: last)
  }

  /// The content of the event frame at `offset` in `window`, for a second pass over a file a
  /// first pass read whole and found intact (`path` names it): its blocks, verified. A frame
  /// that no longer reads there is an error: the file changed between the passes, and the
  /// events the first pass found in it are not there to read (they were read as none).
  static func content(
    at offset: Int, in window: inout TraceWindow, context: ZstdDecompressionContext?,
    path: String
  ) throws(TraceError) -> [UInt8] {
    let changed = TraceError(
      code: .unreadableFile,
      message:
        "the frame of events an earlier pass read at byte \(offset) no longer reads: the file "
        + "changed while it was read; read it again",
      path: path)
    guard case .success(let layout) = try window.layout(at: offset), case .data = layout.kind,
      layout.isComplete
    else { throw changed }
    guard case .success(let content) = try content(of: layout, in: &window, context: context)
    else { throw changed }
    return content.bytes
  }

  /// The content of the frame laid out as `layout` (in the file's offsets), decompressed from
  /// `window`: the one place a frame's bytes are found and decompressed for both readers above.
  /// A frame an index places past the end of the file has no bytes, and so no content.
  private static func content(
    of layout: ZstdFrameLayout, in window: inout TraceWindow, context: ZstdDecompressionContext?
  ) throws(TraceError) -> Result<FrameDecompression.Content, FrameDecompression.Failure> {
    let local = layout.shifted(by: -layout.start)
    let count = window.count
    let hasBytes = 0 <= layout.start && layout.start < layout.end
    return try window.withBytes(hasBytes ? layout.start..<layout.end : count..<count) { frame in
      Result { () throws(FrameDecompression.Failure) in
        try FrameDecompression.content(of: local, in: frame, context: context)
      }
    }.get()
  }
}
