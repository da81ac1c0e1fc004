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
    bytes.append(UInt8(truncatingIfNeeded: value))
    bytes.append(UInt8(truncatingIfNeeded: value >> 8))
  }

  mutating func uint32(_ value: UInt32) {
    for shift in stride(from: 0, to: 32, by: 8) {
      bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift)))
    }
  }

  mutating func uint64(_ value: UInt64) {
    for shift in stride(from: 0, to: 64, by: 8) {
      bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
    }
  }

  /// A string as the varint of its UTF-8 length, then its UTF-8 bytes.
  mutating func string(_ value: String) {
    varint(value.utf8.count)
    bytes.append(contentsOf: value.utf8)
  }
}
