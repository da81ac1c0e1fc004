import SceneTrace
import Testing

@testable import SceneTraceFile

/// A string of a binary trace is its length and its UTF-8 bytes: it reads back exactly when
/// the bytes are valid UTF-8, and is damage otherwise, even where the standard library's repair
/// of the bytes keeps their number (a three-byte start of a four-byte sequence becomes one
/// replacement character, three bytes too).
@Suite struct StringReadingTests {
  /// Reads one string written as `bytes`, with its length before them.
  private static func read(_ bytes: [UInt8]) throws(DecodingFailure) -> String {
    var writer = ByteWriter()
    writer.varint(UInt64(bytes.count))
    let written = writer.bytes + bytes
    return try written.withUnsafeBufferPointer { buffer throws(DecodingFailure) in
      var reader = ByteReader(buffer)
      return try reader.string()
    }
  }

  @Test(arguments: [
    "", "a", "scene-1", "9F3C2A1E-6B4D-4C8A-9E7F-0123456789AB", "café", "Kaffee ☕️ mit Milch",
    "𝄞 clef", String(repeating: "é", count: 40),
  ])
  func validUTF8ReadsBackAsWritten(text: String) throws {
    #expect(try Self.read(Array(text.utf8)) == text)
  }

  @Test(
    arguments: [
      ("a lone continuation byte", [0x80]),
      ("a byte UTF-8 never uses", [0xFF]),
      ("a two-byte sequence cut short", [0x61, 0xC3]),
      ("the start of a four-byte sequence, repaired to as many bytes", [0xF0, 0x90, 0x80, 0x61]),
      ("a surrogate", [0xED, 0xA0, 0x80]),
      ("an overlong slash", [0xC0, 0xAF]),
      ("a bad byte after eight good ones", Array("identifier-".utf8) + [0xFE] + Array("tail".utf8)),
      ("a bad byte in the sixteenth place", Array("0123456789ABCDE".utf8) + [0x80]),
    ] as [(String, [UInt8])])
  func invalidUTF8IsDamageWhereItsLengthStarts(label: String, bytes: [UInt8]) {
    #expect(String(decoding: bytes, as: UTF8.self).utf8.count >= bytes.count, "\(label)")
    do {
      let text = try Self.read(bytes)
      Issue.record("\(label): read as \(text.debugDescription)")
    } catch {
      #expect(!error.isEndOfData, "\(label)")
      #expect(error.message == "a string is not valid UTF-8", "\(label)")
      #expect(error.offset == 0, "\(label)")
    }
  }
}
