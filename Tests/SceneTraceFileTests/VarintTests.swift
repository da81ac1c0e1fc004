import SceneTrace
import Testing

@testable import SceneTraceFile

/// Varints are read a word at a time when eight bytes are left, a byte at a time otherwise, and
/// by `shortVarint()` two bytes in place first: every way gives what the writer wrote, for values
/// of every length, at the end of the data or not.
@Suite struct VarintTests {
  /// `values` written one after another, then `padding` bytes that are not read.
  private static func written(_ values: [UInt64], padding: Int) -> [UInt8] {
    var writer = ByteWriter()
    for value in values { writer.varint(value) }
    return writer.bytes + Array(repeating: 0xFF, count: padding)
  }

  /// Reads `count` varints from `bytes`, with the offset after each; by `shortVarint()` when
  /// `short`.
  private static func read(_ count: Int, from bytes: [UInt8], short: Bool = false) throws
    -> [(UInt64, Int)]
  {
    try bytes.withUnsafeBufferPointer { buffer in
      var reader = ByteReader(buffer)
      return try (0..<count).map { _ in
        (try short ? reader.shortVarint() : reader.varint(), reader.offset)
      }
    }
  }

  @Test(arguments: [0, 1, 3, 8, 16], [false, true])
  func valuesOfEveryLengthComeBackAsWritten(padding: Int, short: Bool) throws {
    var random = SplitMix64(seed: 1_414)
    // Every bit length from 0 to 64, several values each, in a random order.
    var values: [UInt64] = [0, 1, 0x7F, 0x80, .max]
    for bits in 1...64 {
      for _ in 0..<6 { values.append(random.next() >> UInt64(64 - bits) | 1 << UInt64(bits - 1)) }
    }
    values.shuffle(using: &random)
    let bytes = Self.written(values, padding: padding)
    let read = try Self.read(values.count, from: bytes, short: short)
    #expect(read.map(\.0) == values)
    // Each ends where the writer ended it.
    var ends: [Int] = []
    var writer = ByteWriter()
    for value in values {
      writer.varint(value)
      ends.append(writer.count)
    }
    #expect(read.map(\.1) == ends)
  }

  @Test(arguments: [false, true])
  func aVarintPaddedWithEmptyGroupsReadsAsItsValue(short: Bool) throws {
    // 5 as two, four and nine bytes: LEB128 allows groups of zeros before the last.
    for bytes: [UInt8] in [
      [0x85, 0x00], [0x85, 0x80, 0x80, 0x00],
      [0x85, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00],
    ] {
      for padding in [0, 8] {
        let read = try Self.read(
          1, from: bytes + Array(repeating: 0, count: padding), short: short)
        #expect(read.first?.0 == 5)
        #expect(read.first?.1 == bytes.count)
      }
    }
  }

  @Test(arguments: [false, true])
  func aVarintBeyondSixtyFourBitsIsRefused(short: Bool) {
    // Ten bytes whose last holds more than the 64th bit, with and without bytes after it.
    let tooLarge = Array(repeating: UInt8(0xFF), count: 9) + [0x02]
    for padding in [0, 8] {
      #expect(throws: DecodingFailure.self) {
        try Self.read(1, from: tooLarge + Array(repeating: 0, count: padding), short: short)
      }
    }
  }

  @Test(arguments: [false, true])
  func dataThatEndsInsideAVarintIsTheEndOfData(short: Bool) {
    for count in 1...12 {
      let cut = Array(repeating: UInt8(0x81), count: count)
      do {
        _ = try Self.read(1, from: cut, short: short)
        Issue.record("\(count) continuation bytes read as a varint")
      } catch let failure as DecodingFailure {
        #expect(failure.isEndOfData == (count < 10), "\(count) bytes: \(failure.message)")
      } catch {
        Issue.record("\(error)")
      }
    }
  }
}
