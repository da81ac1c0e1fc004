import SceneTrace
import Testing

@testable import SceneTraceFile

/// The format's fixed-width integers (a raw coordinate, a digest, the header's version) are
/// little-endian; they are written and read a word at a time, at any offset, and a value cut
/// by the end of the data is the end of data, not a value.
@Suite struct FixedWidthIntegerTests {
  @Test func eachIsWrittenLowByteFirst() {
    var writer = ByteWriter()
    writer.byte(0xAA)
    writer.uint16(0x0102)
    writer.uint32(0x0304_0506)
    writer.uint64(0x0708_090A_0B0C_0D0E)
    #expect(
      writer.bytes == [
        0xAA, 0x02, 0x01, 0x06, 0x05, 0x04, 0x03, 0x0E, 0x0D, 0x0C, 0x0B, 0x0A, 0x09, 0x08, 0x07,
      ])
  }

  @Test func valuesComeBackAsWrittenAtEveryOffset() throws {
    var random = SplitMix64(seed: 2_718)
    for lead in 0..<9 {
      let values = (0..<40).map { _ in random.next() }
      var writer = ByteWriter()
      for _ in 0..<lead { writer.byte(0xEE) }
      for value in values {
        writer.uint64(value)
        writer.uint32(UInt32(truncatingIfNeeded: value >> 7))
        writer.uint16(UInt16(truncatingIfNeeded: value >> 13))
      }
      let (read, atEnd) = try writer.bytes.withUnsafeBufferPointer {
        bytes throws -> ([UInt64], Bool) in
        var reader = ByteReader(bytes, offset: lead)
        var read: [UInt64] = []
        for _ in values {
          read.append(try reader.uint64())
          read.append(UInt64(try reader.uint32()))
          read.append(UInt64(try reader.uint16()))
        }
        return (read, reader.isAtEnd)
      }
      #expect(
        read
          == values.flatMap {
            [
              $0, UInt64(UInt32(truncatingIfNeeded: $0 >> 7)),
              UInt64(UInt16(truncatingIfNeeded: $0 >> 13)),
            ]
          }, "from offset \(lead)")
      #expect(atEnd)
    }
  }

  @Test func aValueTheDataCutsIsTheEndOfData() {
    let bytes: [UInt8] = [1, 2, 3, 4, 5, 6, 7]
    bytes.withUnsafeBufferPointer { buffer in
      for (width, read) in [
        (8, { (reader: inout ByteReader) throws(DecodingFailure) in _ = try reader.uint64() }),
        (4, { (reader: inout ByteReader) throws(DecodingFailure) in _ = try reader.uint32() }),
        (2, { (reader: inout ByteReader) throws(DecodingFailure) in _ = try reader.uint16() }),
      ] {
        // From each offset where fewer than `width` bytes are left.
        for offset in max(0, bytes.count - width + 1)...bytes.count {
          var reader = ByteReader(buffer, offset: offset)
          do {
            try read(&reader)
            Issue.record("\(width) bytes read from offset \(offset) of \(bytes.count)")
          } catch let failure as DecodingFailure {
            #expect(failure.isEndOfData)
            #expect(reader.offset == offset, "the reader moved on a value it could not read")
          } catch {
            Issue.record("\(error)")
          }
        }
      }
    }
  }
}
