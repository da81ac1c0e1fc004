import SceneTrace
import SceneTraceFile
import Testing

@Suite struct XXH64Tests {
  @Test(
    arguments: [
      ("", 0, 0xEF46_DB37_51D8_E999),
      ("a", 0, 0xD24E_C4F1_A98C_6E5B),
      ("abc", 0, 0x44BC_2CF5_AD77_0999),
      ("Nobody inspects the spammish repetition", 0, 0xFBCE_A83C_8A37_8BF1),
      ("xxhash", 0, 0x32DD_3895_2C4B_C720),
      ("xxhash", 20_141_025, 0xB559_B98D_844E_0635),
    ] as [(String, UInt64, UInt64)])
  func knownVectors(text: String, seed: UInt64, expected: UInt64) {
    #expect(XXH64.hash(Array(text.utf8), seed: seed) == expected)
  }

  @Test func piecesGiveTheSameHashAsOneCall() {
    var random = SplitMix64(seed: 0x7777)
    for length in [0, 1, 7, 31, 32, 33, 63, 64, 65, 100, 1000] {
      let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
      var hasher = XXH64()
      var offset = 0
      while offset < length {
        let piece = Int.random(in: 1...40, using: &random)
        hasher.update(bytes[offset..<min(length, offset + piece)])
        offset += piece
      }
      #expect(hasher.digest() == XXH64.hash(bytes), "length \(length)")
    }
  }

  /// zstd writes the low 32 bits of XXH64 of a frame's content as its last four bytes.
  @Test(.enabled(if: ZstdTool.isInstalled))
  func matchesTheChecksumsZstdWrites() throws {
    var random = SplitMix64(seed: 0x0C4E_C5)
    for length in [0, 1, 5, 31, 32, 33, 64, 250, 4096, 200_000] {
      let bytes = (0..<length).map { _ in UInt8.random(in: 0...15, using: &random) }
      let frame = try ZstdTool.compress(bytes)
      let stored = frame.suffix(4).reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
      #expect(UInt32(truncatingIfNeeded: XXH64.hash(bytes)) == stored, "length \(length)")
    }
  }
}
