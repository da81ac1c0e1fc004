import SceneTrace

/// Random access to a `.sctrace` file: its header, its index, the events of a range of seqs
/// (decoding only the frames that hold them), and its checkpoints.
///
/// ```swift
/// let reader = try TraceReader(path: "app.sctrace")
/// let checkpoint = reader.checkpoint(atOrBefore: 120_000)
/// var replay = Replay(from: checkpoint?.state ?? TraceState())
/// let rest = try reader.events(from: (checkpoint?.seq ?? 0) + 1, through: 120_000)
/// replay.apply(rest.events)
/// ```
///
/// A file without a valid index (cut while it was written, or damaged at its end) is scanned
/// once, when it is opened, and its index rebuilt from what the scan found. A reader opened on
/// a path reads the file by offset, holding about one frame at a time, never the whole file.
public struct TraceReader: Sendable {
  /// The file, as the caller named it.
  public let path: String
  /// How strictly events are read.
  public let options: ReadOptions
  /// The file's header; nil when it is damaged.
  public let header: TraceHeader?
  /// Where every frame and checkpoint is: the index the file stores, or the one rebuilt by
  /// scanning when it has none (see ``indexWasRebuilt``).
  public let index: TraceIndex
  /// Whether the file had no valid index and ``index`` was rebuilt by scanning.
  public let indexWasRebuilt: Bool
  /// The file's size in bytes (when it was opened).
  public var byteCount: Int { count }

  /// Where the bytes are.
  private enum Storage: Sendable {
    /// In memory.
    case bytes([UInt8])
    /// In the file at this path, read by offset when needed.
    case file(String)
  }

  private let storage: Storage
  private let count: Int
  /// Whether opening the file needed a scan: its events are then found by scanning.
  private let needsScan: Bool
  /// The whole file's events and damage, when opening bytes in memory needed a scan.
  private let scanned: LoadedTrace?

  /// Opens the `.sctrace` file at `path`. A file that cannot be read by offset (a pipe) is read
  /// whole.
  public init(path: String, options: ReadOptions = ReadOptions()) throws(TraceError) {
    guard try FileBytes.isRegularFile(path) else {
      try self.init(bytes: FileBytes.contents(ofFile: path), path: path, options: options)
      return
    }
    let opening = try TraceWindow.withFile(path) { window throws(TraceError) in
      try Self.open(&window, path: path, options: options, keepingEvents: false)
    }
    self.init(path: path, options: options, storage: .file(path), opening: opening)
  }

  /// Opens a `.sctrace` file from its bytes; `path` names it in messages.
  public init(bytes: [UInt8], path: String, options: ReadOptions = ReadOptions())
    throws(TraceError)
  {
    let opening = try bytes.withUnsafeBufferPointer { file throws(TraceError) in
      var window = TraceWindow(memory: file)
      return try Self.open(&window, path: path, options: options, keepingEvents: true)
    }
    self.init(path: path, options: options, storage: .bytes(bytes), opening: opening)
  }

  private init(path: String, options: ReadOptions, storage: Storage, opening: Opening) {
    self.path = path
    self.options = options
    self.storage = storage
    (header, index, indexWasRebuilt, needsScan, scanned, count) = opening
  }

  /// What opening a file found: its header and index, and the scan's result when it needed one.
  private typealias Opening = (
    header: TraceHeader?, index: TraceIndex, indexWasRebuilt: Bool, needsScan: Bool,
    scanned: LoadedTrace?, count: Int
  )

  /// Reads the header and the stored index, or scans the file when they do not read; the scan's
  /// events are kept only when `keepingEvents`.
  private static func open(
    _ window: inout TraceWindow, path: String, options: ReadOptions, keepingEvents: Bool
  ) throws(TraceError) -> Opening {
    let stored = try headerAndStoredIndex(&window, path: path)
    if let index = stored.index, stored.header != nil {
      return (stored.header, index, false, false, nil, window.count)
    }
    let scan = try TraceScan.scan(
      &window, path: path, options: options, keepingEvents: keepingEvents)
    return (
      scan.header, scan.storedIndex ?? scan.rebuiltIndex, scan.storedIndex == nil, true,
      keepingEvents ? loaded(scan, path: path) : nil, window.count
    )
  }

  /// The size of the file at `path`, in bytes.
  package static func fileSize(of path: String) throws(TraceError) -> Int {
    try FileBytes.size(ofFile: path)
  }

  /// Every event the file yields, with what was damaged or cut off: a pass over every frame.
  public func loadAll() throws(TraceError) -> LoadedTrace {
    if let scanned { return scanned }
    return Self.loaded(try scan(), path: path)
  }

  /// The events from seq `first` through `last` of a file that needed a scan: the scan's, with
  /// what it found in the whole file.
  private func scannedEvents(from first: Int, through last: Int) throws(TraceError) -> LoadedTrace {
    let inRange = { (event: Event) in event.seq >= first && event.seq <= last }
    if let scanned {
      var slice = scanned
      slice.events = scanned.events.filter(inRange)
      return slice
    }
    var tally = EventTally()
    var events: [Event] = []
    let scan = try withWindow { window throws(TraceError) in
      try TraceScan.stream(&window, path: path, options: options) { (frame: [Event]) in
        tally.add(frame)
        events += frame.lazy.filter(inRange)
        return true
      }
    }
    return LoadedTrace(
      path: path, events: events, truncation: scan.truncation, warnings: scan.warnings,
      damage: scan.damage, format: .sctrace, header: scan.header,
      loss: LoadedTrace.loss(
        of: tally, damage: scan.damage, truncation: scan.truncation,
        skippedSeqs: scan.skippedSeqs, warnings: scan.warnings))
  }

  /// The last seq the file holds, per its index (0 when it holds no event).
  public var lastSeq: Int { index.frames.last?.lastSeq ?? 0 }

  /// The events from seq `first` through `last` (inclusive), decoding only the frames that
  /// hold them; damaged frames among them are reported in the result's `damage`.
  public func events(from first: Int, through last: Int) throws(TraceError) -> LoadedTrace {
    if needsScan { return try scannedEvents(from: first, through: last) }
    var events: [Event] = []
    var (result, skippedSeqs, _) = try forEachFrame(from: first, through: last) {
      (frame: inout [Event]) in events.append(moving: &frame)
    }
    result.events = events
    result.loss = LoadedTrace.loss(
      events: result.events, damage: result.damage, truncation: nil, skippedSeqs: skippedSeqs,
      warnings: result.warnings)
    return result
  }

  /// Hands `body` the events from seq `first` through `last` as batches (their pointer samples
  /// as plain values), a frame at a time, in order, decoding only the frames that hold them and
  /// no more once `proceed` is false; returns what reading them found (the trace without its
  /// events, its loss that of the frames read), as ``events(from:through:)`` does.
  func forEachBatch(
    from first: Int, through last: Int, while proceed: () -> Bool = { true },
    _ body: (consuming EventBatch) -> Void
  ) throws(TraceError) -> LoadedTrace {
    var tally = EventTally()
    var (read, skippedSeqs, _) = try forEachFrame(from: first, through: last, while: proceed) {
      (frame: inout EventBatch) in
      tally.add(frame)
      // Moved out, so that `body` owns the only reference and can move each event on.
      var taken = EventBatch()
      swap(&taken, &frame)
      body(taken)
    }
    // A file that needed a scan has the loss the scan found in it, as `events` gives it.
    if !needsScan {
      read.loss = LoadedTrace.loss(
        of: tally, damage: read.damage, truncation: nil, skippedSeqs: skippedSeqs,
        warnings: read.warnings)
    }
    return read
  }

  /// Hands `body` the events from seq `first` through `last` (inclusive) a frame at a time, in
  /// order, as `Events`, decoding only the frames that hold them; `body` may take them (see
  /// `[Event].append(moving:)`). Returns the trace without its events: the damaged frames
  /// among them and the warnings, with the seqs `--lenient` skipped, and the most bytes of the
  /// file it held at once. No frame is read once `proceed` is false. A file is read
  /// `chunkSize` bytes at a time at least.
  func forEachFrame<Events: DecodedEvents>(
    from first: Int, through last: Int, while proceed: () -> Bool = { true },
    chunkSize: Int = TraceWindow.defaultChunkSize, _ body: (inout Events) -> Void
  ) throws(TraceError) -> (trace: LoadedTrace, skippedSeqs: [Int], bufferHighWater: Int) {
    if needsScan {
      var scanned = try scannedEvents(from: first, through: last)
      // Taken out first, so that the array has one owner and moving its events copies none.
      var taken: [Event] = []
      swap(&taken, &scanned.events)
      var events = Events(moving: taken)
      body(&events)
      return (scanned, [], 0)
    }
    var result = LoadedTrace(path: path, events: [], format: .sctrace, header: header)
    var skippedSeqs: [Int] = []
    let frames = index.frames.filter { $0.lastSeq >= first && $0.firstSeq <= last }
    // A few frames (a seek's) are read in one read of their bytes, not of a whole chunk.
    let span = (frames.last.map { $0.offset + $0.byteCount } ?? 0) - (frames.first?.offset ?? 0)
    let bufferHighWater = try withWindow(chunkSize: min(span, chunkSize)) {
      window throws(TraceError) in
      let context = LibZstd.isAvailable ? try? ZstdDecompressionContext() : nil
      for entry in frames {
        guard proceed() else { break }
        // The frames before are read: the window lets their bytes go (a range of a million
        // events held 16 MB of them).
        window.release(before: entry.offset)
        // Decoded only up to the range's end: a seek's last frame, read to the seq asked for.
        var read = try Self.readFrame(
          at: entry.offset, in: &window, context: context, options: options, through: last,
          into: Events.self)
        if let unknown = read.unknownExtension {
          throw TraceError(
            code: .unknownEventType,
            message:
              "event seq \(unknown.seq) is of a type this version does not know; read it with "
              + "--lenient to skip such events",
            path: path, byteOffset: entry.offset)
        }
        result.warnings += read.warnings
        skippedSeqs += read.skippedSeqs.filter { $0 >= first && $0 <= last }
        // Decoded up to `last`, a frame keeps its events from `first` on: the first frame loses
        // those before.
        let lastRead = read.events.lastSeq
        if (read.events.firstSeq ?? first) < first { read.events.removeEvents(before: first) }
        body(&read.events)
        if let problem = read.problem {
          // The events a damaged frame still gives are its first ones.
          let firstLost = lastRead.map { $0 + 1 } ?? entry.firstSeq
          result.damage.append(
            TraceDamage(
              byteOffset: entry.offset, message: "the frame: \(problem)",
              lostSeqs: firstLost <= entry.lastSeq ? firstLost...entry.lastSeq : nil,
              needsLibZstd: read.needsLibZstd))
        }
      }
      return window.highWater
    }
    return (result, skippedSeqs, bufferHighWater)
  }

  // MARK: Internals

  /// A full pass over the file, keeping its events, in room for as many as the index counts
  /// (up to ``reservationLimit``).
  func scan() throws(TraceError) -> TraceScan {
    try withWindow { window throws(TraceError) in
      try TraceScan.scan(
        &window, path: path, options: options,
        reserving: min(index.eventCount, Self.reservationLimit))
    }
  }

  /// The most events a pass keeping them makes room for at once because the index says so: an
  /// index that lies (a damaged or crafted file) can make it ask for that much memory and no
  /// more. Beyond it the room grows as the events come.
  static let reservationLimit = 1 << 20

  /// Runs `body` over a window on the file's bytes: those in memory, or the file read by offset
  /// as far as it went when it was opened, `chunkSize` bytes at a time at least.
  func withWindow<Result>(
    chunkSize: Int = TraceWindow.defaultChunkSize,
    _ body: (inout TraceWindow) throws(TraceError) -> Result
  ) throws(TraceError) -> Result {
    switch storage {
    case .bytes(let bytes):
      return try bytes.withUnsafeBufferPointer { file throws(TraceError) in
        var window = TraceWindow(memory: file)
        return try body(&window)
      }
    case .file(let path):
      return try TraceWindow.withFile(path, count: count, chunkSize: chunkSize, body)
    }
  }

  /// The event frame at `offset`, read into `Events` up to the event at `lastSeq`.
  static func readFrame<Events: DecodedEvents>(
    at offset: Int, in window: inout TraceWindow, context: ZstdDecompressionContext?,
    options: ReadOptions, through lastSeq: Int, into: Events.Type
  ) throws(TraceError) -> EventFrameReading<Events> {
    switch try window.layout(at: offset) {
    case .success(let layout):
      guard case .data = layout.kind else {
        var read = EventFrameReading<Events>(layout: layout)
        read.problem = "the index points to a frame that holds no events (damaged index)"
        return read
      }
      return try EventFrameReading(
        layout, in: &window, context: context, lenient: options.lenient, through: lastSeq)
    case .failure(let error):
      var read = EventFrameReading<Events>(
        layout: ZstdFrameLayout(kind: .data, start: offset, end: offset, isComplete: false))
      read.problem = error.message
      return read
    }
  }

  /// The header and the index the last bytes point to, when both read; throws when the file
  /// cannot be a readable `.sctrace` file at all.
  private static func headerAndStoredIndex(_ window: inout TraceWindow, path: String)
    throws(TraceError) -> (header: TraceHeader?, index: TraceIndex?)
  {
    guard let layout = try window.indexLayoutFromEnd(),
      case .skippable(_, let content) = layout.kind,
      case .success(let index) = try window.withBytes(content, TraceIndex.decode),
      case .success(let headerLayout) = try window.layout(at: 0), headerLayout.isComplete,
      case .skippable(TraceRecord.headerNibble, let headerContent) = headerLayout.kind,
      case .success(let header) = try window.withBytes(headerContent, TraceHeader.decode)
    else { return (nil, nil) }
    guard header.formatVersion.major <= TraceFormatVersion.current.major else {
      // The scan reports it with the version needed.
      return (nil, nil)
    }
    return (header, index)
  }

  private static func loaded(_ scan: TraceScan, path: String) -> LoadedTrace {
    LoadedTrace(
      path: path, events: scan.events, truncation: scan.truncation, warnings: scan.warnings,
      damage: scan.damage, format: .sctrace, header: scan.header, skippedSeqs: scan.skippedSeqs)
  }
}

extension EventFrameReading {
  /// A reading of a frame that could not be read at all.
  init(layout: ZstdFrameLayout) {
    self.layout = layout
  }
}
