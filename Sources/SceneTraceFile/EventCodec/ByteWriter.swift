/// Bytes under construction: the little-endian integers, varints and strings of the `.sctrace`
/// format.
struct ByteWriter {
  /// The bytes written so far.
  var bytes: [UInt8] = []

  init(reservingCapacity capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
  }

  /// The number of bytes written so far.
  var count: Int { bytes.count }

  mutating func byte(_ value: UInt8) {
    bytes.append(value)
  }

  mutating func append(_ other: some Sequence<UInt8>) {
    bytes.append(contentsOf: other)
  }

  /// An unsigned LEB128 varint: seven bits a byte, low bits first, high bit set on all but the
  /// last byte.
  mutating func varint(_ value: UInt64) {
    var value = value
    while value >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
      value >>= 7
    }
    bytes.append(UInt8(value))
  }

  /// A non-negative count or size as a varint.
  mutating func varint(_ value: Int) {
    varint(UInt64(bitPattern: Int64(value)))
  }

  /// A signed integer as the varint of its zigzag form (0, -1, 1, -2, … become 0, 1, 2, 3, …).
  mutating func zigzag(_ value: Int64) {
    varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
  }

  mutating func uint16(_ value: UInt16) {
    littleEndian(value)
  }

  mutating func uint32(_ value: UInt32) {
    littleEndian(value)
  }

  mutating func uint64(_ value: UInt64) {
    littleEndian(value)
  }

  /// `value`'s bytes, low first, appended at once: a raw coordinate appended a byte at a time
  /// paid the array's growth check eight times.
  @inline(__always)
  private mutating func littleEndian(_ value: some FixedWidthInteger) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  /// A string as the varint of its UTF-8 length, then its UTF-8 bytes.
  mutating func string(_ value: String) {
    varint(value.utf8.count)
    bytes.append(contentsOf: value.utf8)
  }
}
