import SceneTrace
import Testing

/// SipHash-2-4 against the reference implementation's vectors: key 00 01 … 0f, messages 00 01 …
/// of each length.
@Suite struct SipHashTests {
  private static let key: (UInt64, UInt64) = (0x0706_0504_0302_0100, 0x0f0e_0d0c_0b0a_0908)

  @Test(arguments: [
    (0, 0x726f_db47_dd0e_0e31 as UInt64), (1, 0x74f8_39c5_93dc_67fd), (7, 0xab02_00f5_8b01_d137),
    (8, 0x93f5_f579_9a93_2462), (15, 0xa129_ca61_49be_45e5), (16, 0x3f2a_cc7f_57c2_9bdb),
  ])
  func referenceVectors(length: Int, hash: UInt64) {
    let message = (0..<length).map { UInt8($0) }
    #expect(SipHash24.hash(message, key: Self.key) == hash)
  }

  @Test func keyedDigestsKeepEqualityAndDependOnTheKey() {
    let a = Redaction(replacing: [.value], key: Redaction.key(fromSalt: "a"))
    let b = Redaction(replacing: [.value], key: Redaction.key(fromSalt: "b"))
    #expect(a.digest("true") == a.digest("true"))
    #expect(a.digest("true") != a.digest("false"))
    #expect(a.digest("true") != b.digest("true"))
    // The recorder's unkeyed digest is the 64-bit FNV-1a of the bytes.
    #expect(Redaction(replacing: [.value]).digest("") == "#cbf29ce484222325")
  }
}
