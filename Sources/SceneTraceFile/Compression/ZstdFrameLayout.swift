/// The layout of one zstd frame, read from its headers alone (RFC 8878, section 3.1), without
/// decompressing anything: where its blocks are, whether it is complete, what it claims.
///
/// This is how the reader finds out that a frame was cut (libzstd treats a cut frame as "needs
/// more input", not as an error), keeps only its complete blocks, and refuses a frame that
/// claims an absurd size before allocating anything.
struct ZstdFrameLayout {
  /// The magic number of an ordinary zstd frame, `0xFD2FB528`, little-endian.
  static let magic: UInt32 = 0xFD2F_B528
  /// Skippable frames have magic numbers `0x184D2A50` to `0x184D2A5F`.
  static let skippableMagicBase: UInt32 = 0x184D_2A50
  /// The largest block content zstd allows (128 KiB).
  static let maximumBlockSize = 1 << 17

  /// One block of a data frame.
  struct Block {
    /// The kind of block (`Block_Type`).
    enum Kind: UInt8 {
      case raw = 0
      case rle = 1
      case compressed = 2
    }

    var kind: Kind
    /// The offset of its 3-byte header in the file.
    var headerOffset: Int
    /// How many bytes it decodes to (for raw and RLE blocks; the compressed size otherwise).
    var size: Int
    /// Its bytes after the header (for RLE, the one repeated byte).
    var payload: Range<Int>
  }

  /// What the frame is.
  enum Kind {
    /// A skippable frame (`nibble` is the low four bits of its magic), and its content.
    case skippable(nibble: UInt8, content: Range<Int>)
    /// An ordinary zstd frame.
    case data
  }

  var kind: Kind
  /// Where the frame starts in the file.
  var start: Int
  /// Where it ends: after its last byte when complete, at the end of the file when cut.
  var end: Int
  /// Whether the file holds all of it.
  var isComplete: Bool
  /// The complete blocks of a data frame, in order.
  var blocks: [Block] = []
  /// The end of the last complete block: a cut frame's decodable bytes are `start..<blocksEnd`.
  var blocksEnd: Int = 0
  /// Whether the last block was seen.
  var hasLastBlock = false
  /// The stored checksum: the low 32 bits of XXH64 of the content, when present and complete.
  var checksum: UInt32?
  /// Whether the frame header asks for a checksum.
  var hasChecksumFlag = false
  /// The content size the frame header declares, if any.
  var declaredContentSize: UInt64?
  /// Whether every block is raw or RLE, so Swift can decode it without libzstd.
  var isRawOnly: Bool { blocks.allSatisfy { $0.kind != .compressed } }

  /// Why a frame could not be laid out.
  struct Failure: Error {
    /// What is wrong.
    var message: String
    /// Where, in the file.
    var offset: Int
  }

  /// Whether the four bytes at `offset` are a frame magic number (data or skippable).
  static func startsFrame(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
    guard offset + 4 <= bytes.count else { return false }
    let magic = load32(bytes, offset)
    return magic == Self.magic || magic & 0xFFFF_FFF0 == skippableMagicBase
  }

  /// Lays out the frame at `offset`. A frame that runs past the end of the file is returned as
  /// incomplete; bytes that cannot be a frame are a failure.
  static func frame(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> Self {
    guard offset + 4 <= bytes.count else {
      return ZstdFrameLayout(kind: .data, start: offset, end: bytes.count, isComplete: false)
    }
    let magic = load32(bytes, offset)
    if magic & 0xFFFF_FFF0 == skippableMagicBase {
      return skippable(at: offset, nibble: UInt8(magic & 0xF), in: bytes, fileCount: bytes.count)
    }
    guard magic == Self.magic else {
      let hex = String(magic, radix: 16, uppercase: true)
      throw Failure(message: "no zstd frame starts here (magic 0x\(hex))", offset: offset)
    }
    return try dataFrame(at: offset, in: bytes)
  }

  /// The layout of the skippable frame `head` starts with, when it starts with one: `head` holds
  /// its first 8 bytes (fewer when the file ends sooner), and the file holds `fileCount` bytes
  /// from where `head` starts. Nil when `head` does not start with a skippable frame's magic.
  static func skippable(atStartOf head: UnsafeBufferPointer<UInt8>, fileCount: Int) -> Self? {
    guard head.count >= 4 else { return nil }
    let magic = load32(head, 0)
    guard magic & 0xFFFF_FFF0 == skippableMagicBase else { return nil }
    return skippable(at: 0, nibble: UInt8(magic & 0xF), in: head, fileCount: fileCount)
  }

  /// The skippable frame at `offset`, in a file of `fileCount` bytes of which `bytes` holds at
  /// least the frame's first 8.
  private static func skippable(
    at offset: Int, nibble: UInt8, in bytes: UnsafeBufferPointer<UInt8>, fileCount: Int
  ) -> Self {
    guard offset + 8 <= fileCount else {
      return ZstdFrameLayout(
        kind: .skippable(nibble: nibble, content: fileCount..<fileCount), start: offset,
        end: fileCount, isComplete: false)
    }
    let size = Int(load32(bytes, offset + 4))
    let contentStart = offset + 8
    let available = fileCount - contentStart
    let isComplete = size <= available
    let contentEnd = contentStart + min(size, available)
    return ZstdFrameLayout(
      kind: .skippable(nibble: nibble, content: contentStart..<contentEnd), start: offset,
      end: contentEnd, isComplete: isComplete)
  }

  private static func dataFrame(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>)
    throws(Failure) -> Self
  {
    var layout = ZstdFrameLayout(kind: .data, start: offset, end: bytes.count, isComplete: false)
    var position = offset + 4
    guard position < bytes.count else { return layout }
    let descriptor = bytes[position]
    position += 1
    guard descriptor & 0x08 == 0 else {
      throw Failure(message: "the frame header sets its reserved bit", offset: offset + 4)
    }
    let singleSegment = descriptor & 0x20 != 0
    layout.hasChecksumFlag = descriptor & 0x04 != 0
    let dictionaryIDSize = [0, 1, 2, 4][Int(descriptor & 0x03)]
    let contentSizeSize = [singleSegment ? 1 : 0, 2, 4, 8][Int(descriptor >> 6)]
    let headerEnd =
      position + (singleSegment ? 0 : 1) + dictionaryIDSize + contentSizeSize
    guard headerEnd <= bytes.count else { return layout }
    var windowSize: UInt64 = 0
    if !singleSegment {
      let window = bytes[position]
      position += 1
      let exponent = UInt64(window >> 3)
      let base: UInt64 = 1 << (10 + exponent)
      windowSize = base + (base / 8) * UInt64(window & 0x07)
    }
    if dictionaryIDSize > 0 {
      let dictionary = loadUInt(bytes, position, count: dictionaryIDSize)
      position += dictionaryIDSize
      if dictionary != 0 {
        throw Failure(
          message: "the frame needs zstd dictionary \(dictionary), and traces never use one",
          offset: offset + 4)
      }
    }
    if contentSizeSize > 0 {
      var size = loadUInt(bytes, position, count: contentSizeSize)
      if contentSizeSize == 2 { size += 256 }
      layout.declaredContentSize = size
      position += contentSizeSize
      if singleSegment { windowSize = size }
    }
    let blockLimit = Int(min(windowSize, UInt64(maximumBlockSize)))
    layout.blocksEnd = position
    try walkBlocks(&layout, from: position, limit: blockLimit, in: bytes)
    return layout
  }

  private static func walkBlocks(
    _ layout: inout Self, from start: Int, limit: Int, in bytes: UnsafeBufferPointer<UInt8>
  ) throws(Failure) {
    var position = start
    while !layout.hasLastBlock {
      guard position + 3 <= bytes.count else { return }
      let header = loadUInt(bytes, position, count: 3)
      let isLast = header & 1 != 0
      let size = Int(header >> 3)
      guard let kind = Block.Kind(rawValue: UInt8((header >> 1) & 3)) else {
        throw Failure(message: "a block has the reserved block type", offset: position)
      }
      guard size <= limit else {
        throw Failure(
          message: "a block claims \(size) bytes, more than the frame allows (\(limit))",
          offset: position)
      }
      let payloadSize = kind == .rle ? 1 : size
      let payloadStart = position + 3
      guard payloadStart + payloadSize <= bytes.count else { return }
      layout.blocks.append(
        Block(
          kind: kind, headerOffset: position, size: size,
          payload: payloadStart..<payloadStart + payloadSize))
      position = payloadStart + payloadSize
      layout.blocksEnd = position
      layout.hasLastBlock = isLast
    }
    if layout.hasChecksumFlag {
      guard position + 4 <= bytes.count else { return }
      layout.checksum = load32(bytes, position)
      position += 4
    }
    layout.end = position
    layout.isComplete = true
  }

  static func load32(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> UInt32 {
    UInt32(truncatingIfNeeded: loadUInt(bytes, offset, count: 4))
  }

  static func loadUInt(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int, count: Int) -> UInt64 {
    var value: UInt64 = 0
    for index in 0..<count {
      value |= UInt64(bytes[offset + index]) << UInt64(8 * index)
    }
    return value
  }
}
