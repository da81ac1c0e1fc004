import SceneTrace

/// One pass over a whole `.sctrace` file, frame by frame: every event it still yields, every
/// checkpoint, the index it stores, and what was damaged or cut off.
struct TraceScan {
  /// An event frame that yielded events.
  struct Frame {
    var entry: TraceIndex.Frame
    /// How many bytes of content its complete blocks hold.
    var contentSize: Int
  }

  /// A checkpoint record found in the file (its state not decoded).
  struct Checkpoint {
    var entry: TraceIndex.Checkpoint
    var findingCount: Int
  }

  var header: TraceHeader?
  var frames: [Frame] = []
  var checkpoints: [Checkpoint] = []
  /// The index the file stores in its last frame, when it has a valid one.
  var storedIndex: TraceIndex?
  /// Why the file has no valid stored index, when it has none.
  var indexProblem: String?
  var damage: [TraceDamage] = []
  var truncation: String?
  /// Every event, in order: filled by ``scan(_:path:options:keepingEvents:reserving:)`` only; a
  /// stream hands them on.
  var events: [Event] = []
  var warnings: [String] = []
  var skippedSeqs: [Int] = []
  /// Whether the stream's consumer stopped it before the end of the file: what comes after was
  /// not read, and the truncation and the extent of damage at the end are not known.
  var stoppedEarly = false

  /// The index rebuilt from what the scan found.
  var rebuiltIndex: TraceIndex {
    TraceIndex(frames: frames.map(\.entry), checkpoints: checkpoints.map(\.entry))
  }

  /// Scans the file `window` shows. Throws only when nothing can be read: not a `.sctrace` file, cut inside its
  /// header, a newer major version, or an event type this version does not know (unless
  /// reading leniently).
  /// The events are kept in ``events`` unless `keepingEvents` is false, in room made for
  /// `reserving` of them at the start (as many as an index counts: the room then never grows,
  /// each growth moving every event so far, and holds no more than they need).
  static func scan(
    _ window: inout TraceWindow, path: String, options: ReadOptions, keepingEvents: Bool = true,
    reserving: Int = 0
  ) throws(TraceError) -> TraceScan {
    var events: [Event] = []
    if keepingEvents { events.reserveCapacity(reserving) }
    var scan = try stream(&window, path: path, options: options) { (frame: [Event]) in
      if keepingEvents {
        var frame = frame
        events.append(moving: &frame)
      }
      return true
    }
    scan.events = events
    return scan
  }

  /// Scans the file `window` shows as ``scan(_:path:options:keepingEvents:reserving:)`` does,
  /// handing the events of each frame to `consume` as they are read, in order, rather than
  /// keeping them; `consume` returns false to stop reading (``stoppedEarly``). `header` gets the
  /// header once it is read (nil when it is damaged), before any event.
  static func stream<Events: DecodedEvents>(
    _ window: inout TraceWindow, path: String, options: ReadOptions,
    header: (TraceHeader?) -> Void = { _ in }, _ consume: (consuming Events) -> Bool
  ) throws(TraceError) -> TraceScan {
    var scanner = try TraceScanner(
      window: window, path: path, lenient: options.lenient,
      framesAhead: options.framesDecodedAhead)
    defer { window = scanner.window }
    try scanner.run(header: header, consume)
    return scanner.scan
  }
}

/// The state of one scan.
struct TraceScanner {
  /// The file's bytes; the scan releases them behind it as it goes.
  var window: TraceWindow
  let path: String
  let lenient: Bool
  /// How many event frames are decoded ahead on other threads (``FramesDecodingAhead``).
  let framesAhead: Int
  let context = LibZstd.isAvailable ? try? ZstdDecompressionContext() : nil
  var scan = TraceScan()
  /// Where the index frame the file's last bytes point to starts, if they point to one.
  var trailerOffset: Int?
  /// That index, when it reads: where to go on after damage.
  var trailerIndex: TraceIndex?
  /// Where that index says a frame, a checkpoint or the index itself starts, ascending; empty
  /// without one.
  var indexedStarts: [Int] = []
  /// Where that index says checkpoints start.
  var indexedCheckpointOffsets: Set<Int> = []
  var lastSeq = 0
  var lastTime = TraceTime.zero
  /// Damage records whose lost seqs end where the next frame that reads begins.
  var pendingLoss: [(damage: Int, after: Int)] = []

  init(window: TraceWindow, path: String, lenient: Bool, framesAhead: Int) throws(TraceError) {
    self.window = window
    self.path = path
    self.lenient = lenient
    self.framesAhead = framesAhead
    let trailer = try self.window.indexLayoutFromEnd()
    trailerOffset = trailer?.start
    if let trailer, case .skippable(_, let content) = trailer.kind {
      let decoded = try self.window.withBytes(content) {
        (bytes) throws(DecodingFailure) in try TraceIndex.decode(bytes)
      }
      trailerIndex = try? decoded.get()
    }
    if let trailerIndex, let trailerOffset {
      let checkpoints = trailerIndex.checkpoints.map(\.offset)
      let before = (trailerIndex.frames.map(\.offset) + checkpoints).filter { $0 < trailerOffset }
      indexedStarts = before.sorted() + [trailerOffset]
      indexedCheckpointOffsets = Set(checkpoints)
    }
  }

  mutating func run<Events: DecodedEvents>(
    header: (TraceHeader?) -> Void, _ consume: (consuming Events) -> Bool
  ) throws(TraceError) {
    var position = try readHeader()
    header(scan.header)
    var ahead = FramesDecodingAhead<Events>(width: framesAhead, lenient: lenient)
    scanning: while position < window.count {
      window.release(before: position)
      let layout: ZstdFrameLayout
      switch try window.layout(at: position) {
      case .success(let laidOut): layout = laidOut
      case .failure(let error):
        guard let next = try skipDamage(at: position, error.message) else { break scanning }
        position = next
        continue
      }
      if !layout.isComplete, trailerOffset != nil {
        // The file ends with its index, so it was not cut: this frame's sizes are damaged.
        let message = "the frame's sizes run past the end of the file (damaged)"
        guard let next = try skipDamage(at: position, message) else { break scanning }
        position = next
        continue
      }
      if Self.runsPast(layout, indexedStarts) {
        // A damaged size would swallow the frames after it: the index says where they start.
        let what = indexedCheckpointOffsets.contains(position) ? "checkpoint" : "frame"
        let message = "the \(what)'s sizes run past the next frame the index knows (damaged)"
        guard let next = try skipDamage(at: position, message) else { break scanning }
        position = next
        continue
      }
      switch layout.kind {
      case .skippable(let nibble, let content):
        guard layout.isComplete else {
          scan.truncation =
            "the file ends inside the \(Self.name(ofNibble: nibble)) frame at byte "
            + "\(layout.start): every event was kept, and the index was rebuilt by scanning"
          break scanning
        }
        guard try readSkippable(nibble, content, layout) else { break scanning }
      case .data:
        guard try readEventFrame(layout, ahead: &ahead, consume) else {
          scan.stoppedEarly = true
          return
        }
        if !layout.isComplete { break scanning }
      }
      position = layout.end
    }
    finish()
  }

  /// Reads the header frame and returns where the next frame starts.
  private mutating func readHeader() throws(TraceError) -> Int {
    let laidOut = try window.layout(at: 0)
    let layout = try? laidOut.get()
    guard let layout, case .skippable(TraceRecord.headerNibble, let content) = layout.kind,
      try window.withBytes(content, { TraceHeader.looksLikeHeader($0) }).get()
    else {
      // A header whose frame magic is damaged still says SCTRACE after it, and a closed file
      // still ends with its index: either makes the rest worth reading.
      let count = window.count
      let afterMagic = try window.bytes(min(8, count)..<min(8 + TraceHeader.magic.count, count))
      if count > 8, afterMagic.starts(with: TraceHeader.magic) || trailerIndex != nil {
        return try damagedHeader("its frame does not lay out as a header")
      }
      if count <= 8, TraceFile.isCutInsideHeaderMagic(try window.bytes(0..<count)) {
        throw cutInsideHeader()
      }
      throw TraceError(
        code: .unsupportedFormat,
        message: "this is not a .sctrace file: it does not start with a SceneTrace header",
        path: path)
    }
    guard layout.isComplete else {
      let framesFollow = try trailerIndex != nil ? true : nextFrameStart(after: 0) != nil
      if framesFollow {
        return try damagedHeader("its size runs past the end of the file")
      }
      throw cutInsideHeader()
    }
    let header: TraceHeader
    switch try window.withBytes(content, TraceHeader.decode) {
    case .success(let decoded): header = decoded
    case .failure(let error): return try damagedHeader(error.message)
    }
    guard header.formatVersion.major <= TraceFormatVersion.current.major else {
      throw TraceError(
        code: .unsupportedVersion,
        message:
          "this file is .sctrace format \(header.formatVersion), which this version cannot "
          + "read: it reads format \(TraceFormatVersion.current.major).x; a reader for format "
          + "\(header.formatVersion.major) is needed (update SceneTrace)",
        path: path)
    }
    scan.header = header
    return layout.end
  }

  private func cutInsideHeader() -> TraceError {
    let count = window.count
    return TraceError(
      code: .emptyTrace,
      message:
        "the file ends inside its header after \(count) byte\(count == 1 ? "" : "s"): "
        + "it holds no event (it was "
        + "cut right after it was created)",
      path: path, byteOffset: 0)
  }

  /// Records a damaged header and returns where the first frame after it starts: where the
  /// index says, or the next frame magic (a damaged size must not swallow the frames after it).
  private mutating func damagedHeader(_ reason: String) throws(TraceError) -> Int {
    scan.damage.append(
      TraceDamage(
        byteOffset: 0,
        message:
          "the header is damaged (\(reason)): the recorder, app and start time are unknown; "
          + "the events were read as format \(TraceFormatVersion.current)",
        losesEvents: false))
    return try nextFrameStart(after: 0) ?? window.count
  }

  /// The first offset after `position` where the stored index says a frame, a checkpoint or the
  /// index itself starts; nil without a stored index, or after the index.
  private func nextIndexedStart(after position: Int) -> Int? {
    Self.start(after: position, indexedStarts)
  }

  /// The first of `starts` (ascending) after `position`.
  private static func start(after position: Int, _ starts: [Int]) -> Int? {
    let next = starts.partitioningIndex { $0 > position }
    return next < starts.count ? starts[next] : nil
  }

  /// Whether the frame laid out as `layout` runs past the next start the index knows after its
  /// own (`starts`): a damaged size that would swallow the frames after it.
  private static func runsPast(_ layout: ZstdFrameLayout, _ starts: [Int]) -> Bool {
    guard let next = start(after: layout.start, starts) else { return false }
    return layout.end > next
  }

  /// Reads the event frame laid out as `layout` and hands its events to `consume`; false when
  /// `consume` asks to stop. The frame is taken from `ahead` when it was decoded there, and
  /// `ahead` is handed the frames after it before this one is read.
  private mutating func readEventFrame<Events: DecodedEvents>(
    _ layout: ZstdFrameLayout, ahead: inout FramesDecodingAhead<Events>,
    _ consume: (consuming Events) -> Bool
  )
    throws(TraceError) -> Bool
  {
    let decodedAhead = ahead.take(layout)
    let starts = indexedStarts
    ahead.decodeFrames(after: layout.end, in: &window) { Self.runsPast($0, starts) }
    var read: EventFrameReading<Events>
    if let decodedAhead {
      read = decodedAhead.value()
    } else {
      read = try EventFrameReading(layout, in: &window, context: context, lenient: lenient)
    }
    if let unknown = read.unknownExtension {
      throw TraceError(
        code: .unknownEventType,
        message:
          "event seq \(unknown.seq) is of a type this version does not know (extension kind "
          + "\(unknown.kind)); if the trace comes from a newer recorder, read it with "
          + "--lenient, which skips such events with a warning",
        path: path, byteOffset: layout.start)
    }
    scan.warnings += read.warnings
    scan.skippedSeqs += read.skippedSeqs
    if let first = read.firstSeq,
      first <= lastSeq || (read.events.firstTime ?? lastTime) < lastTime
    {
      let damage = TraceDamage(
        byteOffset: layout.start,
        message:
          "the frame's events (from seq \(first)) do not follow seq \(lastSeq) in seq and time "
          + "order (damaged); the frame was skipped")
      scan.damage.append(damage)
      return true
    }
    if let problem = read.problem {
      scan.damage.append(
        TraceDamage(
          byteOffset: layout.start, message: "the frame: \(problem)",
          needsLibZstd: read.needsLibZstd))
      pendingLoss.append((scan.damage.count - 1, read.events.lastSeq ?? lastSeq))
    }
    let count = read.events.count
    let (firstEventTime, lastEventTime) = (read.events.firstTime, read.events.lastTime)
    var goesOn = true
    if let last = read.lastSeq, let first = read.firstSeq, count > 0 {
      resolvePendingLoss(before: first)
      // Moved on, the scan keeping no copy: a consumer that keeps them (on another thread)
      // is their only owner.
      goesOn = consume(read.takeEvents())
      lastSeq = last
      lastTime = lastEventTime ?? lastTime
      scan.frames.append(
        TraceScan.Frame(
          entry: TraceIndex.Frame(
            offset: layout.start, byteCount: layout.end - layout.start, firstSeq: first,
            lastSeq: last, eventCount: count, firstTime: firstEventTime ?? .zero,
            lastTime: lastTime),
          contentSize: read.contentSize))
    }
    if read.isCut {
      let kept =
        count == 0
        ? "none of its events was complete"
        : "the \(count) events of its complete blocks were kept, up to seq \(lastSeq)"
      scan.truncation =
        "the file ends inside the frame at byte \(layout.start), which was still being written: "
        + "\(kept); whatever the recorder wrote after that is lost, and the missing index was "
        + "rebuilt by scanning"
    }
    return goesOn
  }

  /// Records damage from `position` to the next frame start (or the end) and returns where to
  /// go on, nil at the end.
  private mutating func skipDamage(at position: Int, _ reason: String) throws(TraceError) -> Int? {
    let next = try nextFrameStart(after: position)
    let extent =
      next.map { "the \($0 - position) bytes up to the next frame" } ?? "the rest of the file"
    scan.damage.append(
      TraceDamage(byteOffset: position, message: "\(reason); \(extent) were skipped"))
    pendingLoss.append((scan.damage.count - 1, lastSeq))
    return next
  }

  /// The next offset after `position` where a frame starts: from the index the file's last
  /// bytes point to when it has one, otherwise the next magic number that lays out as a frame.
  /// The bytes searched are released as the search passes them.
  private mutating func nextFrameStart(after position: Int) throws(TraceError) -> Int? {
    if let trailerOffset, trailerOffset > position {
      if let next = nextIndexedStart(after: position) { return next }
      for search in (position + 1)..<trailerOffset where try window.startsFrame(at: search) {
        window.release(before: search)
        if case .success(let layout) = try window.layout(at: search), layout.isComplete {
          return search
        }
      }
      return trailerOffset
    }
    var search = position + 1
    while search + 4 <= window.count {
      if try window.startsFrame(at: search) {
        window.release(before: search)
        if case .success = try window.layout(at: search) { return search }
      }
      search += 1
    }
    return nil
  }

  /// Gives the pending damage records the seqs lost between them and a frame starting at
  /// `firstSeq`.
  private mutating func resolvePendingLoss(before firstSeq: Int) {
    // `firstSeq - after` rather than `after + 1`: `after` may be the largest seq.
    for (damage, after) in pendingLoss where firstSeq > after && firstSeq - after > 1 {
      scan.damage[damage].lostSeqs = (after + 1)...(firstSeq - 1)
    }
    pendingLoss.removeAll()
  }

  private mutating func finish() {
    if let stored = scan.storedIndex {
      // Damage whose extent the scan could not know: the stored index says which seqs ended.
      for (damage, after) in pendingLoss {
        if let end = stored.frames.last?.lastSeq, end > after {
          scan.damage[damage].lostSeqs = (after + 1)...end
        }
      }
    } else if scan.indexProblem == nil {
      scan.indexProblem = "missing"
      if scan.truncation == nil {
        scan.truncation =
          "the file ends after its last complete frame without an index (it was not closed: "
          + "the recorder was stopped or the file was cut); every event up to seq \(lastSeq) was "
          + "kept, and the index was rebuilt by scanning"
      }
    }
    pendingLoss.removeAll()
  }

  private static func name(ofNibble nibble: UInt8) -> String {
    switch nibble {
    case TraceRecord.checkpointNibble: "checkpoint"
    case TraceRecord.indexNibble: "index"
    default: "skippable"
    }
  }
}
