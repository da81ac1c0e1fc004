import SceneTrace

/// A closed `.sctrace` file as its header and its index describe it, read without the frames
/// between them but a few spread through the file: what `replay info` answers from.
///
/// Opening reads the header and the index with its summary (format 1.1), each in one read,
/// checks that the frames and checkpoints the index lists lie end to end between them (reading
/// the first bytes of any that follows a gap, such as a kind of frame this version skips, to
/// check that it starts where the index says), and decodes up to a given number of event
/// frames, spread evenly, whose events must be those the index says. A file that fails any of
/// these, or has no summary, needs a full read, and ``open(path:sampling:)`` says why.
package struct IndexedTrace: Sendable {
  /// What opening a file found.
  package enum Opening: Sendable {
    /// The file's header and index describe it.
    case indexed(IndexedTrace)
    /// Why only reading every frame describes the file.
    case needsFullRead(String)
  }

  /// The file, as the caller named it.
  package let path: String
  /// The file's header.
  package let header: TraceHeader
  /// The file's index.
  package let index: TraceIndex
  /// The index's summary of the events.
  package let summary: TraceIndex.Summary
  /// The file's size in bytes.
  package let fileByteCount: Int
  /// The events of the frames decoded, in seq order.
  package let sampledEvents: [Event]
  /// How many event frames were decoded.
  package let sampledFrameCount: Int

  /// Whether every event frame was decoded: then every figure is exact, and every frame's
  /// checksum was checked.
  package var sampledEveryFrame: Bool { sampledFrameCount == index.frames.count }

  /// Opens the `.sctrace` file at `path` from its header and its index, decoding at most
  /// `sampling` event frames (at least one).
  package static func open(path: String, sampling: Int) throws(TraceError) -> Opening {
    let file = try FileRegions(path: path)
    let opener = IndexedTraceOpener(file: file, path: path)
    do throws(IndexedTraceOpener.Refusal) {
      return .indexed(try opener.open(sampling: max(1, sampling)))
    } catch {
      return .needsFullRead(error.reason)
    }
  }

  fileprivate init(
    path: String, header: TraceHeader, index: TraceIndex, summary: TraceIndex.Summary,
    fileByteCount: Int, sampledEvents: [Event], sampledFrameCount: Int
  ) {
    self.path = path
    self.header = header
    self.index = index
    self.summary = summary
    self.fileByteCount = fileByteCount
    self.sampledEvents = sampledEvents
    self.sampledFrameCount = sampledFrameCount
  }
}

/// The checks of ``IndexedTrace/open(path:sampling:)``, each refusing with its reason.
private struct IndexedTraceOpener {
  struct Refusal: Error {
    var reason: String
  }

  let file: FileRegions
  let path: String

  func open(sampling: Int) throws(IndexedTraceOpener.Refusal) -> IndexedTrace {
    let (header, headerEnd) = try readHeader()
    let (index, indexStart) = try readIndex()
    guard let summary = index.summary else {
      throw Refusal(reason: "its index holds no summary of the events (written before format 1.1)")
    }
    guard !index.frames.isEmpty else { throw Refusal(reason: "it holds no event frame") }
    let afterGaps = try check(index, summary, between: headerEnd, and: indexStart)
    try checkStarts(afterGaps)
    var sampled: [Event] = []
    let chosen = Self.spread(sampling, over: index.frames.count)
    let context = LibZstd.isAvailable ? try? ZstdDecompressionContext() : nil
    for position in chosen {
      sampled += try events(of: index.frames[position], context: context)
    }
    return IndexedTrace(
      path: path, header: header, index: index, summary: summary, fileByteCount: file.size,
      sampledEvents: sampled, sampledFrameCount: chosen.count)
  }

  /// `count` positions among `total`, evenly spread, the first and the last included.
  static func spread(_ count: Int, over total: Int) -> [Int] {
    guard count < total else { return Array(0..<total) }
    guard count > 1 else { return [0] }
    return (0..<count).map { $0 * (total - 1) / (count - 1) }
  }

  private func bytes(_ range: Range<Int>) throws(Refusal) -> [UInt8] {
    do {
      return try file.bytes(range)
    } catch {
      throw Refusal(reason: error.message)
    }
  }

  /// How many bytes the first read at either end of the file takes: enough for a header, and
  /// for the index of about a thousand frames; a larger one takes a second read.
  static let endReadSize = 32 << 10

  private func readHeader() throws(Refusal) -> (TraceHeader, end: Int) {
    let start = try bytes(0..<Self.endReadSize)
    guard start.count >= 8 else { throw Refusal(reason: "it is shorter than a header") }
    let size = start.withUnsafeBufferPointer { Int(ZstdFrameLayout.load32($0, 4)) }
    let frame = 8 + size <= start.count ? Array(start.prefix(8 + size)) : try bytes(0..<(8 + size))
    let header = frame.withUnsafeBufferPointer { frame -> TraceHeader? in
      guard let layout = try? ZstdFrameLayout.frame(at: 0, in: frame), layout.isComplete,
        case .skippable(TraceRecord.headerNibble, let content) = layout.kind
      else { return nil }
      return try? TraceHeader.decode(UnsafeBufferPointer(rebasing: frame[content]))
    }
    guard let header else { throw Refusal(reason: "its header does not read") }
    guard header.formatVersion.major <= TraceFormatVersion.current.major else {
      throw Refusal(reason: "it is of a newer major version")
    }
    return (header, 8 + size)
  }

  private func readIndex() throws(Refusal) -> (TraceIndex, start: Int) {
    let tailStart = max(0, file.size - Self.endReadSize)
    let tail = try bytes(tailStart..<file.size)
    guard tail.count >= 8, tail.suffix(4).elementsEqual(TraceIndex.magic) else {
      throw Refusal(reason: "it ends without an index (it was not closed)")
    }
    let size = tail.withUnsafeBufferPointer { Int(ZstdFrameLayout.load32($0, $0.count - 8)) }
    guard size >= 16, size <= file.size else {
      throw Refusal(reason: "the size at its end does not lead to an index")
    }
    let start = file.size - size
    let frame =
      start >= tailStart ? Array(tail[(start - tailStart)...]) : try bytes(start..<file.size)
    let decoded = frame.withUnsafeBufferPointer { frame -> Result<TraceIndex, DecodingFailure>? in
      guard let layout = TraceIndex.frameLayout(fromEndOf: frame),
        case .skippable(_, let content) = layout.kind
      else { return nil }
      do throws(DecodingFailure) {
        return .success(try TraceIndex.decode(UnsafeBufferPointer(rebasing: frame[content])))
      } catch {
        return .failure(error)
      }
    }
    switch decoded {
    case nil: throw Refusal(reason: "the size at its end does not lead to an index")
    case .failure(let failure): throw Refusal(reason: "its index is damaged (\(failure.message))")
    case .success(let index): return (index, start)
    }
  }

  /// Whether the index and its summary agree with each other and lie between the header and
  /// the index; returns the frames and checkpoints that do not start where the one before ends
  /// (or the header does), with the magic number each must start with.
  private func check(
    _ index: TraceIndex, _ summary: TraceIndex.Summary, between headerEnd: Int, and end: Int
  ) throws(Refusal) -> [(offset: Int, magic: UInt32)] {
    var position = headerEnd
    var lastSeq = 0
    var lastTime = TraceTime.zero
    let checkpointMagic = ZstdFrameLayout.skippableMagicBase | UInt32(TraceRecord.checkpointNibble)
    let checkpoints = index.checkpoints.map { ($0.offset, $0.byteCount, checkpointMagic) }
    let frames = index.frames.map { ($0.offset, $0.byteCount, ZstdFrameLayout.magic) }
    var afterGaps: [(offset: Int, magic: UInt32)] = []
    for (offset, byteCount, magic) in (frames + checkpoints).sorted(by: { $0.0 < $1.0 }) {
      guard offset >= position, byteCount > 0, byteCount <= end - offset else {
        throw Refusal(reason: "its index lists frames that overlap or lie outside the file")
      }
      if offset > position { afterGaps.append((offset, magic)) }
      position = offset + byteCount
    }
    for frame in index.frames {
      guard frame.firstSeq > lastSeq, frame.lastSeq >= frame.firstSeq,
        frame.eventCount >= 1, frame.eventCount <= frame.lastSeq - frame.firstSeq + 1,
        frame.firstTime >= lastTime, frame.lastTime >= frame.firstTime
      else { throw Refusal(reason: "its index lists frames out of seq or time order") }
      lastSeq = frame.lastSeq
      lastTime = frame.lastTime
    }
    guard summary.eventCount == index.eventCount else {
      throw Refusal(reason: "its summary and its index count different numbers of events")
    }
    guard summary.eventsOfUnknownTypes == 0 else {
      throw Refusal(reason: "it holds events of types this version does not know")
    }
    return afterGaps
  }

  /// Whether each of `starts` starts with its magic number. A frame or checkpoint that starts
  /// where the one before it ends needs no read: an index whose entries lie end to end from the
  /// header to the index could only misplace one by misstating the size of another to match.
  private func checkStarts(_ starts: [(offset: Int, magic: UInt32)]) throws(Refusal) {
    for (offset, magic) in starts {
      let found = try bytes(offset..<(offset + 4))
      guard found.count == 4,
        found.withUnsafeBufferPointer({ ZstdFrameLayout.load32($0, 0) }) == magic
      else {
        throw Refusal(reason: "no frame starts at byte \(offset), where its index says one does")
      }
    }
  }

  /// The events of the frame `entry`, which must be those the index says.
  private func events(of entry: TraceIndex.Frame, context: ZstdDecompressionContext?)
    throws(Refusal) -> [Event]
  {
    let frame = try bytes(entry.offset..<(entry.offset + entry.byteCount))
    let read = frame.withUnsafeBufferPointer { frame -> EventFrameReading<[Event]>? in
      guard let layout = try? ZstdFrameLayout.frame(at: 0, in: frame), layout.isComplete,
        layout.end == frame.count, case .data = layout.kind
      else { return nil }
      return EventFrameReading(layout, in: frame, context: context, lenient: false)
    }
    guard let read, read.problem == nil, read.unknownExtension == nil,
      read.events.count == entry.eventCount, read.firstSeq == entry.firstSeq,
      read.lastSeq == entry.lastSeq, read.events.first?.time == entry.firstTime,
      read.events.last?.time == entry.lastTime
    else {
      throw Refusal(reason: "the frame at byte \(entry.offset) does not read as its index says")
    }
    return read.events
  }
}
