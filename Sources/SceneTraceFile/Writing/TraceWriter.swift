import SceneTrace

/// Writes a `.sctrace` file: a header, frames of about 4K events, a checkpoint after every frame
/// while the state is small (fewer the larger it grows), and an index with a summary of the
/// events at ``close()``.
///
/// Every appended event goes into the current frame; ``flush()`` ends the current zstd block so
/// that everything appended so far survives a crash, and the writer also flushes by itself, after
/// an event, once ``Options/flushInterval`` has passed on ``Options/clock`` since the last flush
/// (a recorder's timer calls ``flushIfDue()`` when no event comes). A file cut at any byte still
/// yields every event of its complete blocks.
///
/// ```swift
/// let sink = try FileByteSink(path: "app.sctrace")
/// let writer = try TraceWriter(header: TraceHeader(recorderVersion: "MyApp 1.0"), sink: sink)
/// try writer.append(Event(seq: 1, time: .zero, .appLaunch(launch: "L1")))
/// try writer.close()
/// ```
///
/// A writer belongs to one thread at a time. Without libzstd (iOS) it writes frames of raw
/// blocks, which `replay compact` compresses later.
///
/// When the sink fails to take bytes (a full disk), the writer keeps them. A sink that can be
/// rewound (``FileByteSink``, ``MemoryByteSink``) is cut back to the last byte written whole and
/// the kept bytes are written again before anything else, at the next call; an event whose
/// ``append(_:)`` threw is in the file once that succeeds if ``lastEventSeq`` counts it. Any
/// other sink's first failure is final.
public final class TraceWriter {
  /// How frames are compressed.
  public enum Compression: Hashable, Sendable {
    /// zstd at `level` (1 to 19; 3 is fast, 19 is small); checkpoints at 3 at most.
    case zstd(level: Int)
    /// zstd frames of raw blocks, with their checksum: no libzstd needed.
    case uncompressed

    /// zstd level 3 where libzstd is linked, raw blocks otherwise.
    public static var automatic: Compression {
      LibZstd.isAvailable ? .zstd(level: 3) : .uncompressed
    }

    /// Whether this build can write `.zstd` frames.
    public static var isZstdAvailable: Bool { LibZstd.isAvailable }
  }

  /// How the writer lays out the file.
  public struct Options: Sendable {
    /// How frames are compressed.
    public var compression: Compression = .automatic
    /// A frame ends after this many events (or 1 MiB of encoded events).
    public var eventsPerFrame = 4096
    /// A checkpoint is written at the end of the first frame that reaches this many events since
    /// the previous one; nil writes none (and runs no reducer). After a state larger than
    /// 16 KiB of JSON (hundreds of sessions), the next checkpoint waits this many events for
    /// every 16 KiB it held, so that checkpoints cost the same few bytes per event however
    /// many sessions a trace holds, rather than a copy of every session every interval.
    ///
    /// At the default, a frame's worth, the state at any event of a trace of a few scenes is
    /// a checkpoint and at most a frame's replay away (`replay state --at` of 10^7 pointer
    /// samples: 0.9 ms at p99 in process, against 2.2–2.5 ms at 16384), for about 2 % more file.
    public var checkpointInterval: Int? = 4096
    /// The writer flushes after an event once this many nanoseconds have passed since the last
    /// flush.
    public var flushInterval: Int64 = 250_000_000
    /// The clock of the flush timer, in nanoseconds; inject one to test the timer.
    public var clock: @Sendable () -> Int64 = MonotonicClock.now
    /// Whether frames are compressed on a thread of the writer's own while the calling thread
    /// encodes the next ones (zstd only), for a conversion that writes a whole trace at once:
    /// the same bytes, in about half the time at a high level. A frame then reaches the sink
    /// once it is compressed, a few records after it ended, and a flush ends the current frame
    /// and waits for every one.
    package var compressesFramesAhead = false

    /// The defaults: zstd level 3 (raw blocks without libzstd), 4096 events a frame, a
    /// checkpoint every 4096 events (fewer for a large state), a flush every 250 ms.
    public init() {}
  }

  /// The state size (bytes of canonical JSON) a checkpoint may have without delaying the next:
  /// 16 KiB, so that at the default interval a state waits an event for every four bytes of it
  /// (as it did at the interval of 16384 events and 64 KiB of earlier versions).
  static let checkpointSpacingUnit = 16 << 10

  /// The highest zstd level a checkpoint's state is compressed at, whatever the events' level.
  /// A state's JSON (session names, and the same keys again and again) gains little from a high
  /// level: the state of 10^5 sessions, 16 MB of JSON, takes 15 s at level 19 and 0.09 s at
  /// level 3 (the `zstd` tool) for a frame 16 % smaller, and at `replay import`'s level 19 its
  /// checkpoints took a third of an import of 10^5 sessions.
  static let checkpointLevelLimit = 3

  /// The largest frame the writer starts another event in.
  static let frameByteLimit = 1 << 20

  /// How many records (frames, and the checkpoints between them) may wait for their frame to
  /// be compressed ahead before the writer waits for the oldest: enough to keep the other
  /// thread busy, few enough that at most a few MiB wait.
  static let framesAhead = 2

  private let sink: any TraceByteSink
  /// Where the writer puts its bytes.
  package var byteSink: any TraceByteSink { sink }
  private let options: Options
  private let compressor: any FrameCompressor
  /// Where frames are compressed when ``Options/compressesFramesAhead``; nil otherwise.
  private let ahead: FrameCompressionAhead?
  /// What checkpoints' states are compressed with, made for the first and kept with its tables
  /// (sized for the largest state it compressed), rather than made, its tables allocated and
  /// cleared, for each checkpoint, which come after every frame of a small state.
  private var checkpointContext: ZstdCompressionContext?
  /// What waits for a frame compressed ahead, in file order.
  private var waiting: [WaitingRecord] = []

  /// A record that waits for its place in the file: its index entry's offset is set then.
  private enum WaitingRecord {
    case frame(FrameCompressionAhead.Frame, TraceIndex.Frame)
    case checkpoint([UInt8], TraceIndex.Checkpoint)
  }
  /// Where the next byte goes: the bytes the sink took and those in ``unwritten``.
  private var offset = 0
  /// Bytes the sink has not taken yet, because a write failed; they go first. Not checked for
  /// overlapping access (see ``frame``): they are handed to the sink as a copy of their own.
  @exclusivity(unchecked) private var unwritten: [UInt8] = []
  /// Whether a failed write may have left part of its bytes in the sink, to be cut off.
  private var sinkNeedsRewind = false
  /// The frame being written, when ``frameIsOpen``.
  ///
  /// This and the other fields that every append changes (the tally, the checkpoints' state and
  /// findings) are not checked for overlapping access as the program runs: they are changed
  /// only by the writer's own code, which calls out to nothing of the caller's while it changes
  /// them (the built-in rules alone replay for the checkpoints), so no two accesses can
  /// overlap, and each check (a class's field is checked at every access the compiler cannot
  /// see the whole of) was a call into the runtime, six an event with ``unwritten``'s.
  @exclusivity(unchecked) private var frame = EventFrameEncoder(firstSeq: 1)
  private var frameIsOpen = false
  private var frameStart = 0
  private var index = TraceIndex()
  /// What the events written hold as a whole, stored with the index at ``close()``.
  @exclusivity(unchecked) private var tally = SummaryTally()
  private var lastSeq = 0
  private var lastTime = TraceTime.zero
  private var lastFlush: Int64
  private var failure: TraceError?
  /// Whether ``close()`` has queued the index: nothing is appended any more.
  private var isClosing = false
  private var isClosed = false

  /// Checkpoints hold a state and how many findings led to it: the findings are counted, their
  /// messages never made.
  private let reducer = TraceReducer().countingFindings
  @exclusivity(unchecked) private var state = TraceState()
  private var findingCount = 0
  /// The findings of the event replayed last: counted, then dropped, the array's room kept.
  @exclusivity(unchecked) private var found: [Finding] = []
  private var eventsSinceCheckpoint = 0
  /// The checkpoint interval is multiplied by this: the last checkpoint's state size in units of
  /// ``checkpointSpacingUnit``, at least 1.
  private var checkpointSpacing = 1

  /// How many events were appended.
  public private(set) var eventCount = 0

  /// Starts a file on `sink` with `header`, written at once.
  public init(header: TraceHeader, sink: any TraceByteSink, options: Options = Options())
    throws(TraceError)
  {
    self.sink = sink
    self.options = options
    switch options.compression {
    case .zstd(let level): compressor = try ZstdFrameCompressor(level: level)
    case .uncompressed: compressor = RawBlockFrameWriter()
    }
    ahead = try Self.compressionAhead(options)
    lastFlush = options.clock()
    var current = header
    current.formatVersion = .current
    queue(TraceRecord.skippableFrame(nibble: TraceRecord.headerNibble, content: current.encoded()))
    try writeUnwritten()
  }

  /// A writer that goes on writing on `sink`, which is `offset` bytes into a file whose index so
  /// far is `index`, after `last`: no header is written. See `appending(to:options:)`.
  init(
    resuming sink: any TraceByteSink, at offset: Int, index: TraceIndex, after last: Event?,
    options: Options
  ) throws(TraceError) {
    self.sink = sink
    self.options = options
    switch options.compression {
    case .zstd(let level): compressor = try ZstdFrameCompressor(level: level)
    case .uncompressed: compressor = RawBlockFrameWriter()
    }
    ahead = try Self.compressionAhead(options)
    lastFlush = options.clock()
    self.offset = offset
    self.index = index
    lastSeq = last?.seq ?? 0
    lastTime = last?.time ?? .zero
  }

  private static func compressionAhead(_ options: Options) throws(TraceError)
    -> FrameCompressionAhead?
  {
    guard options.compressesFramesAhead, case .zstd(let level) = options.compression else {
      return nil
    }
    return try FrameCompressionAhead(level: level)
  }

  /// Sets the reducer state the next checkpoint builds on, for a resumed writer.
  func resumeReducer(state: TraceState, findingCount: Int, eventsSinceCheckpoint: Int) {
    self.state = state
    self.findingCount = findingCount
    self.eventsSinceCheckpoint = eventsSinceCheckpoint
  }

  /// Counts `events`, which the file held when appending began, in the summary, with the bytes
  /// of content of their frames.
  func resumeSummary(events: [Event], contentByteCount: Int) {
    for event in events { tally.add(event, tag: EventTag.tag(of: event.type)) }
    tally.contentByteCount = contentByteCount
  }

  /// The seq of the last event written, or that the file held when appending began.
  public var lastEventSeq: Int { lastSeq }

  /// The time of the last event written, or that the file held when appending began.
  public var lastEventTime: TraceTime { lastTime }

  /// Appends `event`. Its seq must be above the previous event's (a gap is kept as a gap) and
  /// its time must not be earlier than the previous event's, nor before 0.
  public func append(_ event: Event) throws(TraceError) {
    try checkUsable()
    guard event.seq > lastSeq else {
      throw TraceError(
        code: .invalidValue,
        message: "seq \(event.seq) does not follow seq \(lastSeq); seqs must increase")
    }
    guard event.time >= lastTime, event.time >= .zero else {
      throw TraceError(
        code: .timeWentBackwards,
        message:
          "time went backwards at seq \(event.seq): \(event.time) s is earlier than "
          + "\(lastTime) s; events must be in time order")
    }
    if !frameIsOpen {
      frame = EventFrameEncoder(firstSeq: event.seq)
      frameIsOpen = true
      frameStart = offset
    }
    tally.add(event, tag: frame.encode(event))
    lastSeq = event.seq
    lastTime = event.time
    eventCount += 1
    if options.checkpointInterval != nil {
      reducer.reduce(into: &state, event: event, appendingTo: &found)
      findingCount += found.count
      found.removeAll(keepingCapacity: true)
      eventsSinceCheckpoint += 1
    }
    if frame.size > FrameDecompression.contentLimit {
      failure = TraceError(
        code: .invalidValue,
        message:
          "event seq \(event.seq) is too large to store: a frame holds at most "
          + "\(FrameDecompression.contentLimit >> 20) MiB; the writer stopped")
      try checkUsable()
    }
    if frame.output.count >= 1 << 15 { try feedFrame() }
    if frame.eventCount >= options.eventsPerFrame || frame.size >= Self.frameByteLimit {
      try endFrame()
    }
    if options.clock() - lastFlush >= options.flushInterval { try flushFrame() }
    try writeUnwritten()
  }

  /// Makes every event appended so far decodable from the file: ends the current zstd block
  /// (`ZSTD_e_flush`) and writes it out.
  public func flush() throws(TraceError) {
    try checkUsable()
    try flushFrame()
    try writeUnwritten()
  }

  /// Flushes when ``Options/flushInterval`` has passed since the last flush.
  public func flushIfDue() throws(TraceError) {
    try checkUsable()
    if options.clock() - lastFlush >= options.flushInterval { try flush() }
  }

  /// Ends the current frame, writes the index and closes the sink.
  public func close() throws(TraceError) {
    if isClosed { throw Self.closedError }
    if !isClosing {
      try checkUsable()
      try endFrame()
      try layOutWaiting(keeping: 0)
      index.summary = tally.summary
      queue(index.encodedFrame())
      isClosing = true
    }
    if let failure { throw failure }
    try writeUnwritten()
    isClosed = true
    try sink.close()
  }

  /// Writes the bytes a failed write left, if any: what every other call does first.
  package func writeUnwrittenBytes() throws(TraceError) {
    try checkUsable()
  }

  // MARK: Frames

  private func checkUsable() throws(TraceError) {
    if let failure { throw failure }
    if isClosing { throw Self.closedError }
    try writeUnwritten()
  }

  private static let closedError = TraceError(
    code: .invalidValue, message: "the writer is closed; nothing more is written")

  /// Ends the current zstd block, so that the sink gets every event appended so far.
  private func flushFrame() throws(TraceError) {
    lastFlush = options.clock()
    if ahead != nil {
      // A frame compressed ahead is compressed whole: it ends here, and every one is laid out.
      try endFrame()
      try layOutWaiting(keeping: 0)
      return
    }
    guard frameIsOpen else { return }
    try feedFrame()
    var output: [UInt8] = []
    try compressor.flush(to: &output)
    queue(output)
  }

  /// Hands the frame's encoded bytes to the compressor (when frames are compressed ahead, they
  /// stay in the frame until it ends).
  private func feedFrame() throws(TraceError) {
    guard frameIsOpen, ahead == nil else { return }
    let bytes = frame.takeBytes()
    var output: [UInt8] = []
    try compressor.write(bytes, to: &output)
    queue(output)
  }

  private func endFrame() throws(TraceError) {
    guard frameIsOpen else { return }
    var entry = TraceIndex.Frame(
      offset: frameStart, byteCount: 0, firstSeq: frame.firstSeq, lastSeq: frame.lastSeq,
      eventCount: frame.eventCount, firstTime: frame.firstTime ?? .zero,
      lastTime: frame.lastTime)
    if let ahead {
      waiting.append(.frame(ahead.compress(frame.takeBytes()), entry))
    } else {
      try feedFrame()
      var output: [UInt8] = []
      try compressor.endFrame(to: &output)
      queue(output)
      entry.byteCount = offset - frameStart
      index.frames.append(entry)
    }
    frameIsOpen = false
    tally.contentByteCount += frame.size
    if let interval = options.checkpointInterval,
      eventsSinceCheckpoint >= interval * checkpointSpacing
    {
      try writeCheckpoint()
    }
    if ahead != nil { try layOutWaiting(keeping: Self.framesAhead) }
  }

  /// Lays out the records that wait for frames compressed ahead, oldest first, until at most
  /// `count` are left: each frame once it is compressed, at the offset where it goes, and the
  /// checkpoint after it.
  private func layOutWaiting(keeping count: Int) throws(TraceError) {
    while waiting.count > count {
      switch waiting.removeFirst() {
      case .frame(let compressed, var entry):
        let bytes: [UInt8]
        do {
          bytes = try compressed.value()
        } catch {
          failure = error
          throw error
        }
        entry.offset = offset
        entry.byteCount = bytes.count
        index.frames.append(entry)
        queue(bytes)
      case .checkpoint(let bytes, var entry):
        entry.offset = offset
        index.checkpoints.append(entry)
        queue(bytes)
      }
    }
  }

  private func writeCheckpoint() throws(TraceError) {
    // A state over the size a frame may hold is not stored: its encoding stops there.
    let limit = FrameDecompression.contentLimit
    let json = state.canonicalJSON(byteLimit: limit)
    // A checkpoint costs time in proportion to its state, to write and to read: spacing them by
    // the state's size keeps a trace of many sessions linear (each checkpoint copies them all).
    checkpointSpacing = max(1, (json?.count ?? limit + 1) / Self.checkpointSpacingUnit)
    guard let json else {
      eventsSinceCheckpoint = 0
      return
    }
    let checkpoint = TraceCheckpoint(
      seq: lastSeq, state: state, json: json, findingCount: findingCount)
    let compression = options.compression
    let encoded = try checkpoint.encodedFrame(json: json) { json throws(TraceError) in
      switch compression {
      case .zstd(let level):
        let context: ZstdCompressionContext
        if let kept = checkpointContext {
          context = kept
        } else {
          let capped = Int32(min(level, Self.checkpointLevelLimit))
          context = try ZstdCompressionContext(level: capped, minMatch: nil)
          checkpointContext = context
        }
        return try context.compress2(json)
      case .uncompressed:
        let writer = RawBlockFrameWriter()
        var frame: [UInt8] = []
        writer.write(json, to: &frame)
        writer.endFrame(to: &frame)
        return frame
      }
    }
    eventsSinceCheckpoint = 0
    guard let encoded else { return }
    let entry = TraceIndex.Checkpoint(
      offset: offset, byteCount: encoded.count, seq: checkpoint.seq,
      reducerVersion: checkpoint.reducerVersion, digest: checkpoint.digest)
    if ahead != nil {
      // After the frame it follows, which may still be compressed.
      waiting.append(.checkpoint(encoded, entry))
    } else {
      index.checkpoints.append(entry)
      queue(encoded)
    }
  }

  /// Puts `bytes` after those already written or queued; ``writeUnwritten()`` writes them.
  private func queue(_ bytes: [UInt8]) {
    guard !bytes.isEmpty else { return }
    offset += bytes.count
    if unwritten.isEmpty { unwritten = bytes } else { unwritten += bytes }
  }

  /// Hands the queued bytes to the sink, first cutting off what an earlier failed write left.
  /// On failure they stay queued, unless the sink cannot be rewound: then the writer stops.
  private func writeUnwritten() throws(TraceError) {
    guard !unwritten.isEmpty else { return }
    // The sink is the caller's code: it gets a copy of the bytes of its own, so that nothing it
    // does to the writer while it writes them can change them under it.
    let bytes = unwritten
    guard let rewindable = sink as? any RewindableByteSink else {
      do {
        try sink.write(bytes)
      } catch {
        failure = error
        throw error
      }
      unwritten.removeAll()
      return
    }
    if sinkNeedsRewind {
      try rewindable.rewind(to: offset - bytes.count)
      sinkNeedsRewind = false
    }
    do {
      try sink.write(bytes)
    } catch {
      sinkNeedsRewind = true
      throw error
    }
    unwritten.removeAll()
  }
}
