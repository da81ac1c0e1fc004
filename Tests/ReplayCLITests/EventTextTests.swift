import SceneTrace
import SceneTraceText
import Testing

/// An event's fields print bare when they read unambiguously without quotes (letters, digits
/// and `-_.:/@#+`), as JSON otherwise; ASCII is checked byte by byte, so every ASCII character
/// must get the answer the Unicode rule gives.
@Suite struct EventTextTests {
  private static func printed(_ window: String) -> String {
    EventText.fields(of: Event(seq: 1, time: .zero, .windowBecomeKey(session: "A", window: window)))
  }

  @Test func everyASCIICharacterIsBareExactlyWhenTheUnicodeRuleSaysSo() {
    for byte in UInt8(0)...UInt8(127) {
      let scalar = Unicode.Scalar(byte)
      let isBare =
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        || "-_.:/@#+".unicodeScalars.contains(scalar)
      let window = "w\(Character(scalar))1"
      let printed = Self.printed(window)
      if isBare {
        #expect(printed == "session=A window=\(window)", "byte \(byte)")
      } else {
        #expect(printed.hasPrefix("session=A window=\"w"), "byte \(byte): \(printed)")
      }
    }
  }

  @Test func textBeyondASCIIFollowsTheUnicodeRule() {
    #expect(Self.printed("fenêtre-2") == "session=A window=fenêtre-2")
    #expect(Self.printed("窓2") == "session=A window=窓2")
    #expect(Self.printed("a b") == #"session=A window="a b""#)
    #expect(Self.printed("é🎉") == #"session=A window="é🎉""#)
    #expect(Self.printed("") == #"session=A window="""#)
    // A character that is not of a bare word, before or after one beyond ASCII.
    #expect(Self.printed("a,é") == #"session=A window="a,é""#)
    #expect(Self.printed("é,a") == #"session=A window="é,a""#)
  }
}
