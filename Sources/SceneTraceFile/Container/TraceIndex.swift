import SceneTrace

/// Where everything is in a `.sctrace` file: its event frames and its checkpoints, in file order.
///
/// The writer puts the index in the last frame of the file, where a reader finds it from the
/// end. A file without one (cut while it was being written) gets an index rebuilt by scanning.
public struct TraceIndex: Hashable, Sendable {
  /// One event frame.
  public struct Frame: Hashable, Sendable {
    /// Where the frame starts in the file.
    public var offset: Int
    /// How many bytes it takes, headers and checksum included.
    public var byteCount: Int
    /// The seq of its first event.
    public var firstSeq: Int
    /// The seq of its last event (events of later versions that a reader skips included).
    public var lastSeq: Int
    /// How many events it holds.
    public var eventCount: Int
    /// The time of its first event.
    public var firstTime: TraceTime
    /// The time of its last event.
    public var lastTime: TraceTime

    /// Creates a frame entry.
    package init(
      offset: Int, byteCount: Int, firstSeq: Int, lastSeq: Int, eventCount: Int,
      firstTime: TraceTime, lastTime: TraceTime
    ) {
      self.offset = offset
      self.byteCount = byteCount
      self.firstSeq = firstSeq
      self.lastSeq = lastSeq
      self.eventCount = eventCount
      self.firstTime = firstTime
      self.lastTime = lastTime
    }
  }

  /// One checkpoint: the reducer's state after event `seq`.
  public struct Checkpoint: Hashable, Sendable {
    /// Where its frame starts in the file.
    public var offset: Int
    /// How many bytes its frame takes.
    public var byteCount: Int
    /// The state is the one after this event.
    public var seq: Int
    /// The `TraceReducer.version` that computed the state.
    public var reducerVersion: Int
    /// XXH64 of the state's canonical JSON.
    public var digest: UInt64

    /// Creates a checkpoint entry.
    package init(offset: Int, byteCount: Int, seq: Int, reducerVersion: Int, digest: UInt64) {
      self.offset = offset
      self.byteCount = byteCount
      self.seq = seq
      self.reducerVersion = reducerVersion
      self.digest = digest
    }
  }

  /// The event frames, in file order (and so in seq order).
  public var frames: [Frame]
  /// The checkpoints, in file order (and so in seq order).
  public var checkpoints: [Checkpoint]
  /// What the events hold as a whole, stored by writers of format 1.1 and later; nil in an
  /// older file's index and in one rebuilt by scanning.
  package var summary: Summary?

  /// Creates an index.
  package init(frames: [Frame] = [], checkpoints: [Checkpoint] = [], summary: Summary? = nil) {
    self.frames = frames
    self.checkpoints = checkpoints
    self.summary = summary
  }

  /// How many events the frames hold.
  public var eventCount: Int { frames.reduce(0) { $0 + $1.eventCount } }
}

extension TraceIndex {
  /// The four bytes that open the index record and close its frame: `SCTI`.
  static let magic: [UInt8] = Array("SCTI".utf8)

  /// The index's skippable frame, ready to append to the file: the record (magic, frames,
  /// checkpoints, the summary when there is one, checksum), then the frame's whole size and `SCTI` again, so that a reader finds
  /// it from the last eight bytes of the file.
  func encodedFrame() -> [UInt8] {
    var writer = ByteWriter()
    writer.append(Self.magic)
    writer.varint(frames.count)
    for frame in frames {
      writer.varint(frame.offset)
      writer.varint(frame.byteCount)
      writer.varint(frame.firstSeq)
      writer.varint(frame.lastSeq)
      writer.varint(frame.eventCount)
      writer.varint(UInt64(frame.firstTime.nanoseconds))
      writer.varint(UInt64(frame.lastTime.nanoseconds))
    }
    writer.varint(checkpoints.count)
    for checkpoint in checkpoints {
      writer.varint(checkpoint.offset)
      writer.varint(checkpoint.byteCount)
      writer.varint(checkpoint.seq)
      writer.varint(checkpoint.reducerVersion)
      writer.uint64(checkpoint.digest)
    }
    summary?.encode(to: &writer)
    var content = ByteWriter()
    content.append(TraceRecord.sealed(writer))
    content.uint32(UInt32(content.count + 8 + 8))
    content.append(Self.magic)
    return TraceRecord.skippableFrame(nibble: TraceRecord.indexNibble, content: content.bytes)
  }

  /// Reads the index frame's content (without its 8-byte frame header).
  static func decode(_ content: UnsafeBufferPointer<UInt8>) throws(DecodingFailure) -> Self {
    guard content.count >= 8 + 4 else { throw .endOfData(at: content.count) }
    let record = try TraceRecord.verifiedBody(
      UnsafeBufferPointer(rebasing: content[0..<content.count - 8]), name: "index")
    var reader = ByteReader(record)
    guard try reader.bytes(magic.count).elementsEqual(magic) else {
      throw .invalid("the index does not start with SCTI", at: 0)
    }
    var index = TraceIndex()
    let frameCount = try reader.count()
    for _ in 0..<min(frameCount, reader.remaining) {
      index.frames.append(
        Frame(
          offset: try reader.count(), byteCount: try reader.count(), firstSeq: try reader.count(),
          lastSeq: try reader.count(), eventCount: try reader.count(),
          firstTime: try time(&reader), lastTime: try time(&reader)))
    }
    guard index.frames.count == frameCount else { throw .endOfData(at: record.count) }
    let checkpointCount = try reader.count()
    for _ in 0..<min(checkpointCount, reader.remaining) {
      index.checkpoints.append(
        Checkpoint(
          offset: try reader.count(), byteCount: try reader.count(), seq: try reader.count(),
          reducerVersion: try reader.count(), digest: try reader.uint64()))
    }
    guard index.checkpoints.count == checkpointCount else { throw .endOfData(at: record.count) }
    // Format 1.0 ends the record here; 1.1 adds the summary, and later versions may add fields
    // after it, which this version ignores.
    if reader.remaining > 0 { index.summary = try Summary.decode(&reader) }
    return index
  }

  private static func time(_ reader: inout ByteReader) throws(DecodingFailure) -> TraceTime {
    let start = reader.offset
    let value = try reader.varint()
    guard value <= UInt64(Int64.max) else { throw .invalid("a time is out of range", at: start) }
    return TraceTime(nanoseconds: Int64(value))
  }

  /// The index frame that the last eight bytes of `file` point to: a complete skippable frame
  /// of the index kind that ends the file, or nil.
  static func frameLayout(fromEndOf file: UnsafeBufferPointer<UInt8>) -> ZstdFrameLayout? {
    guard file.count >= 16, file.suffix(4).elementsEqual(magic) else { return nil }
    let size = Int(ZstdFrameLayout.load32(file, file.count - 8))
    guard size >= 16, size <= file.count,
      let layout = try? ZstdFrameLayout.frame(at: file.count - size, in: file),
      layout.isComplete, layout.end == file.count,
      case .skippable(TraceRecord.indexNibble, _) = layout.kind
    else { return nil }
    return layout
  }
}
