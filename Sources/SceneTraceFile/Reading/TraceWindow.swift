internal import SystemPackage

/// The bytes of a trace file as the readers see them: either bytes already in memory, or a file
/// read by offset through a buffer that holds only what is being read (a frame, a record, the
/// bytes a search looks at, a chunk of JSON Lines), so that a pass over a long file takes memory
/// for one frame or chunk, not for the file.
///
/// Offsets are the file's. The buffer grows to hold the frame being read (a frame whose sizes
/// claim more than the file holds is read only as far as the file goes) and drops what lies
/// before ``release(before:)``'s offset when it next reads.
struct TraceWindow {
  /// Where the bytes come from.
  private enum Source {
    case memory(UnsafeBufferPointer<UInt8>)
    case file(FileDescriptor, path: String)
  }

  private let source: Source
  /// The file's size, as it was when it was opened: a file still being written is read as far
  /// as it went then.
  let count: Int
  /// How many bytes a read asks for at least.
  let chunkSize: Int
  /// The bytes from `base` on, read from a file.
  private var buffer: [UInt8] = []
  /// The offset of `buffer`'s first byte.
  private var base = 0
  /// Bytes before this offset may be dropped.
  private var keptFrom = 0
  /// The most bytes the buffer held at once.
  private(set) var highWater = 0

  /// A window over bytes in memory: nothing is copied.
  init(memory bytes: UnsafeBufferPointer<UInt8>) {
    source = .memory(bytes)
    count = bytes.count
    chunkSize = bytes.count
  }

  /// The default size of a read: 1 MiB.
  static let defaultChunkSize = 1 << 20

  /// Runs `body` over a window on the file at `path`, read `chunkSize` bytes at a time at least,
  /// and closes it after. A file that cannot be read by offset (a pipe) is read whole first.
  /// With `count`, the window holds at most the file's first `count` bytes (what it held when a
  /// reader opened it).
  static func withFile<Result>(
    _ path: String, count: Int? = nil, chunkSize: Int = defaultChunkSize,
    _ body: (inout TraceWindow) throws(TraceError) -> Result
  ) throws(TraceError) -> Result {
    let file: FileDescriptor
    let status: Stat
    do {
      file = try FileDescriptor.open(FilePath(path), .readOnly)
    } catch {
      throw FileBytes.failure(path, "cannot open the file", error)
    }
    defer { _ = try? file.close() }
    do {
      status = try file.stat()
    } catch {
      throw FileBytes.failure(path, "cannot read the file", error)
    }
    guard status.type == .regular else {
      return try FileBytes.contents(ofFile: path).withUnsafeBufferPointer {
        bytes throws(TraceError) in
        var window = TraceWindow(memory: bytes)
        return try body(&window)
      }
    }
    let size = Int(status.size)
    var window = TraceWindow(
      file: file, path: path, count: count.map { min($0, size) } ?? size, chunkSize: chunkSize)
    return try body(&window)
  }

  private init(file: FileDescriptor, path: String, count: Int, chunkSize: Int) {
    source = .file(file, path: path)
    self.count = count
    self.chunkSize = max(chunkSize, 16)
  }

  /// Lets the buffer drop the bytes before `offset`: the reader will not look at them again
  /// (if it does, they are read anew).
  mutating func release(before offset: Int) {
    keptFrom = max(keptFrom, offset)
  }

  /// Runs `body` over the bytes of `range`, indexed from 0. A range that does not lie in the
  /// file is an error: a second pass asks for the parts a first pass found, and the file may
  /// have been replaced by a shorter one in between.
  mutating func withBytes<Result, Failure: Error>(
    _ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
  ) throws(TraceError) -> Swift.Result<Result, Failure> {
    guard range.lowerBound >= 0, range.upperBound <= count else {
      var path: String? = nil
      if case .file(_, let name) = source { path = name }
      throw TraceError(
        code: .unreadableFile,
        message:
          "the file holds \(count) bytes, fewer than bytes \(range.lowerBound)..<"
          + "\(range.upperBound) that an earlier pass over it found: it changed while it was "
          + "read; read it again",
        path: path)
    }
    switch source {
    case .memory(let bytes):
      return Swift.Result { () throws(Failure) in
        try body(UnsafeBufferPointer(rebasing: bytes[range]))
      }
    case .file:
      try load(range)
      let start = range.lowerBound - base
      return buffer.withUnsafeBufferPointer { buffer in
        Swift.Result { () throws(Failure) in
          try body(UnsafeBufferPointer(rebasing: buffer[start..<start + range.count]))
        }
      }
    }
  }

  /// Runs `body` over the bytes from `offset` to the end, ``chunkSize`` bytes at a time, each
  /// released after it, until `body` returns false.
  mutating func forEachChunk(
    from offset: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Bool
  ) throws(TraceError) {
    var start = offset
    while start < count {
      let end = min(count, start + chunkSize)
      let goesOn = try withBytes(start..<end, body).get()
      release(before: end)
      guard goesOn else { return }
      start = end
    }
  }

  /// The bytes of `range`, copied; a range that does not lie in the file is an error.
  mutating func bytes(_ range: Range<Int>) throws(TraceError) -> [UInt8] {
    try withBytes(range) { Array($0) }.get()
  }

  /// Whether the four bytes at `offset` are a frame magic number (data or skippable).
  mutating func startsFrame(at offset: Int) throws(TraceError) -> Bool {
    guard offset >= 0, offset + 4 <= count else { return false }
    return try withBytes(offset..<offset + 4) { ZstdFrameLayout.startsFrame($0, at: 0) }.get()
  }

  /// Lays out the frame at `offset` as ``ZstdFrameLayout/frame(at:in:)`` does over the whole
  /// file, reading only as much as the layout needs: the size of a skippable frame, the block
  /// headers of a data frame.
  mutating func layout(at offset: Int) throws(TraceError)
    -> Result<ZstdFrameLayout, ZstdFrameLayout.Failure>
  {
    guard offset >= 0, offset + 4 <= count else {
      // Too little left for a frame (an index may point past the end): a cut frame.
      return .success(ZstdFrameLayout(kind: .data, start: offset, end: count, isComplete: false))
    }
    let rest = count - offset
    // A skippable frame's size is in its first 8 bytes; its content is read when it is used.
    let skippable = try withBytes(offset..<offset + min(rest, 8)) { head in
      ZstdFrameLayout.skippable(atStartOf: head, fileCount: rest)
    }.get()
    if let skippable { return .success(skippable.shifted(by: offset)) }
    var span = min(rest, max(chunkSize, 4096))
    while true {
      let result = try withBytes(offset..<offset + span) {
        (bytes) throws(ZstdFrameLayout.Failure) in try ZstdFrameLayout.frame(at: 0, in: bytes)
      }
      // A layout that reaches the end of what was read may go on in the bytes after it.
      if case .success(let layout) = result, !layout.isComplete, span < rest {
        span = min(rest, span * 2)
        continue
      }
      return result.map { $0.shifted(by: offset) }.mapError { failure in
        var located = failure
        located.offset += offset
        return located
      }
    }
  }

  /// The layout of the index frame the file's last bytes point to, as
  /// ``TraceIndex/frameLayout(fromEndOf:)`` finds it over the whole file, reading only the
  /// trailer, the frame's first bytes and, when they are an index's, the frame.
  mutating func indexLayoutFromEnd() throws(TraceError) -> ZstdFrameLayout? {
    guard count >= 16 else { return nil }
    let trailer = try bytes(count - 8..<count)
    guard trailer.suffix(4).elementsEqual(TraceIndex.magic) else { return nil }
    let size = Int(trailer.withUnsafeBufferPointer { ZstdFrameLayout.load32($0, 0) })
    guard size >= 16, size <= count,
      case .success(let frame) = try layout(at: count - size), frame.isComplete,
      frame.end == count, case .skippable(TraceRecord.indexNibble, _) = frame.kind
    else { return nil }
    let start = count - size
    let layout = try withBytes(start..<count) { TraceIndex.frameLayout(fromEndOf: $0) }.get()
    return layout?.shifted(by: start)
  }

  /// Makes the buffer hold `range`, reading what it lacks.
  private mutating func load(_ range: Range<Int>) throws(TraceError) {
    guard case .file(let file, let path) = source else { return }
    if range.lowerBound < base || range.lowerBound > base + buffer.count {
      // Before what the buffer holds, or past it with a gap: start anew there.
      buffer.removeAll(keepingCapacity: true)
      base = range.lowerBound
      keptFrom = min(keptFrom, base)
    }
    guard range.upperBound > base + buffer.count else { return }
    let drop = min(max(0, min(keptFrom, range.lowerBound) - base), buffer.count)
    if drop > 0 {
      buffer.removeFirst(drop)
      base += drop
    }
    let end = min(count, max(range.upperBound, base + buffer.count + chunkSize))
    let filled = buffer.count
    buffer.append(contentsOf: repeatElement(0, count: end - base - filled))
    let read: Int
    do {
      read = try buffer.withUnsafeMutableBytes { bytes in
        try file.read(
          filling: UnsafeMutableRawBufferPointer(rebasing: bytes[filled...]), from: base + filled)
      }
    } catch {
      throw FileBytes.failure(path, "cannot read the file at byte \(base + filled)", error)
    }
    guard filled + read == buffer.count else {
      throw TraceError(
        code: .unreadableFile,
        message:
          "the file ends at byte \(base + filled + read), before the \(count) bytes it had when "
          + "it was opened (it was cut while it was read); read it again",
        path: path)
    }
    highWater = max(highWater, buffer.count)
  }
}

extension ZstdFrameLayout {
  /// This layout with every offset moved by `delta`.
  func shifted(by delta: Int) -> Self {
    var moved = self
    moved.start += delta
    moved.end += delta
    moved.blocksEnd += delta
    if case .skippable(let nibble, let content) = kind {
      moved.kind = .skippable(
        nibble: nibble, content: content.lowerBound + delta..<content.upperBound + delta)
    }
    moved.blocks = blocks.map { block in
      var block = block
      block.headerOffset += delta
      block.payload = block.payload.lowerBound + delta..<block.payload.upperBound + delta
      return block
    }
    return moved
  }
}
