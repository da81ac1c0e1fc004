/// Why bytes could not be decoded: they ended too soon, or they say something impossible.
struct DecodingFailure: Error {
  /// Whether the bytes ended before the value did; a frame cut mid-write ends like this.
  var isEndOfData: Bool
  /// What is wrong.
  var message: String
  /// Where, as an offset in the decoded bytes.
  var offset: Int

  static func endOfData(at offset: Int) -> Self {
    DecodingFailure(isEndOfData: true, message: "the data ends inside a value", offset: offset)
  }

  static func invalid(_ message: String, at offset: Int) -> Self {
    DecodingFailure(isEndOfData: false, message: message, offset: offset)
  }
}

/// A cursor over bytes that reads the `.sctrace` primitives, checking every length against what
/// is left, so that no value read from a file can make it trap or allocate more than the file
/// holds.
struct ByteReader {
  let bytes: UnsafeBufferPointer<UInt8>
  /// The offset of the next byte to read.
  var offset: Int

  init(_ bytes: UnsafeBufferPointer<UInt8>, offset: Int = 0) {
    self.bytes = bytes
    self.offset = offset
  }

  /// Whether every byte has been read.
  var isAtEnd: Bool { offset >= bytes.count }

  /// How many bytes are left.
  var remaining: Int { bytes.count - offset }

  mutating func byte() throws(DecodingFailure) -> UInt8 {
    guard offset < bytes.count else { throw .endOfData(at: offset) }
    defer { offset += 1 }
    return bytes[offset]
  }

  /// An unsigned LEB128 varint of at most ten bytes that fits in 64 bits.
  @inline(__always)
  mutating func varint() throws(DecodingFailure) -> UInt64 {
    // Most varints of a frame (flags, codes, string references, small deltas) are one byte.
    if offset < bytes.count, bytes[offset] < 0x80 {
      defer { offset += 1 }
      return UInt64(bytes[offset])
    }
    return try longVarint()
  }

  /// ``varint()`` for a value that most often takes one or two bytes, such as a coordinate's
  /// delta: two bytes are joined in place, where ``varint()`` joins every varint longer than one
  /// byte as eight (about 30 instructions instead of 8, twice a pointer sample).
  @inline(__always)
  mutating func shortVarint() throws(DecodingFailure) -> UInt64 {
    if offset &+ 1 < bytes.count, let base = bytes.baseAddress {
      let first = base[offset]
      if first < 0x80 {
        offset &+= 1
        return UInt64(first)
      }
      let second = base[offset &+ 1]
      if second < 0x80 {
        offset &+= 2
        return UInt64(first & 0x7F) | UInt64(second) &<< 7
      }
    }
    return try varint()
  }

  /// ``varint()`` of more than one byte, or at the end of the data.
  private mutating func longVarint() throws(DecodingFailure) -> UInt64 {
    // A time's delta takes three or four bytes: with eight bytes left, they are read as one
    // word and their seven-bit groups joined by masks and shifts rather than a byte at a time.
    if remaining >= 8, let base = bytes.baseAddress {
      let word = UInt64(
        littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
      // The high bit of each byte that ends a varint; the first of them ends this one.
      let ends = ~word & 0x8080_8080_8080_8080
      if ends != 0 {
        let end = ends & (0 &- ends)
        offset &+= ends.trailingZeroBitCount &>> 3 &+ 1
        return Self.joinedGroups(word & ((end &<< 1) &- 1))
      }
    }
    return try varintByteByByte()
  }

  /// The seven-bit groups of the bytes of `word` (little-endian), joined: byte i gives bits 7i
  /// to 7i + 6. The bytes after the varint's last must be zero.
  @inline(__always)
  private static func joinedGroups(_ word: UInt64) -> UInt64 {
    var value = word & 0x7F7F_7F7F_7F7F_7F7F
    // Pairs of groups into 14 bits, then 28, then 56.
    value = (value & 0x007F_007F_007F_007F) | (value & 0x7F00_7F00_7F00_7F00) &>> 1
    value = (value & 0x0000_3FFF_0000_3FFF) | (value & 0x3FFF_0000_3FFF_0000) &>> 2
    value = (value & 0x0000_0000_0FFF_FFFF) | (value & 0x0FFF_FFFF_0000_0000) &>> 4
    return value
  }

  /// ``varint()`` read a byte at a time: near the end of the data, or longer than eight bytes.
  private mutating func varintByteByByte() throws(DecodingFailure) -> UInt64 {
    let start = offset
    var result: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      guard offset < bytes.count else { throw .endOfData(at: offset) }
      let byte = bytes[offset]
      offset += 1
      if shift == 63, byte > 1 {
        throw .invalid("a varint does not fit in 64 bits", at: start)
      }
      result |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { return result }
      shift += 7
    }
  }

  /// A varint that must fit in `Int`, such as a count or a size.
  mutating func count() throws(DecodingFailure) -> Int {
    let start = offset
    let value = try varint()
    guard value <= UInt64(Int.max) else {
      throw .invalid("a count of \(value) is beyond what this platform can hold", at: start)
    }
    return Int(value)
  }

  /// A zigzag varint (see ``ByteWriter/zigzag(_:)``).
  @inline(__always)
  mutating func zigzag() throws(DecodingFailure) -> Int64 {
    Self.unzigzag(try varint())
  }

  /// ``zigzag()`` of a value that most often takes one or two bytes (``shortVarint()``).
  @inline(__always)
  mutating func shortZigzag() throws(DecodingFailure) -> Int64 {
    Self.unzigzag(try shortVarint())
  }

  @inline(__always)
  private static func unzigzag(_ value: UInt64) -> Int64 {
    Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
  }

  mutating func uint16() throws(DecodingFailure) -> UInt16 {
    try littleEndian()
  }

  mutating func uint32() throws(DecodingFailure) -> UInt32 {
    try littleEndian()
  }

  mutating func uint64() throws(DecodingFailure) -> UInt64 {
    try littleEndian()
  }

  /// A little-endian integer of `Value`'s width, loaded as one word: a raw coordinate (an
  /// off-grid pointer position has two) read a byte at a time took about 80 instructions.
  @inline(__always)
  private mutating func littleEndian<Value: FixedWidthInteger>() throws(DecodingFailure) -> Value {
    let count = MemoryLayout<Value>.size
    guard remaining >= count, let base = bytes.baseAddress else {
      throw .endOfData(at: bytes.count)
    }
    defer { offset &+= count }
    return Value(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: Value.self))
  }

  /// The next `count` bytes.
  mutating func bytes(_ count: Int) throws(DecodingFailure) -> UnsafeBufferPointer<UInt8> {
    guard count <= remaining else { throw .endOfData(at: bytes.count) }
    defer { offset += count }
    return UnsafeBufferPointer(rebasing: bytes[offset..<offset + count])
  }

  /// A string written by ``ByteWriter/string(_:)``; bytes that are not UTF-8 are invalid.
  mutating func string() throws(DecodingFailure) -> String {
    let start = offset
    let length = try count()
    let raw = try bytes(length)
    guard let text = String(validatingUTF8Bytes: raw) else {
      throw .invalid("a string is not valid UTF-8", at: start)
    }
    return text
  }
}

extension String {
  /// The string whose UTF-8 form is exactly `bytes`, or nil when they are not valid UTF-8.
  init?(validatingUTF8Bytes bytes: UnsafeBufferPointer<UInt8>) {
    let text = String(decoding: bytes, as: UTF8.self)
    // Decoding replaces invalid sequences; the bytes were valid exactly when nothing changed.
    // A new string's bytes are contiguous, compared as memory eight at a time: compared
    // through its UTF-8 view, a byte at a time, a 36-character identifier took about 250
    // instructions.
    guard text.withUTF8Bytes({ $0.holdsTheBytes(of: bytes) }) else { return nil }
    self = text
  }
}
