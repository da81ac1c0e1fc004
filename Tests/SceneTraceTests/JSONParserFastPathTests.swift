import SceneTrace
import Testing

/// `JSONParser.parsePlainInteger`, the stored state reader's way to an integer without a string: where
/// it reads one, it reads what `parseNumber()` and `Integer(text)` read, and ends where
/// `parseNumber()` ends; where it does not, it leaves the position for them.
@Suite struct PlainIntegerTests {
  /// What each reading of `text` from its start gives: the value and the position after it.
  struct Reading: Equatable {
    var value: Int64?
    var end: Int
  }

  static func fastReading(_ text: [UInt8]) -> Reading {
    text.withUnsafeBufferPointer { bytes in
      var parser = JSONParser(bytes: bytes, range: 0..<bytes.count)
      let value = parser.parsePlainInteger(Int64.self)
      return Reading(value: value, end: parser.position)
    }
  }

  /// The number `parseNumber()` reads, converted as the reader converted it before; nil when
  /// it reads none or the text is no `Int64`.
  static func slowReading(_ text: [UInt8]) -> Reading? {
    text.withUnsafeBufferPointer { bytes in
      var parser = JSONParser(bytes: bytes, range: 0..<bytes.count)
      guard let number = try? parser.parseNumber(), let value = Int64(number) else { return nil }
      return Reading(value: value, end: parser.position)
    }
  }

  @Test func theCanonicalSpellingsAreReadAndOthersLeftToTheNumberParser() {
    let taken: [(String, Int64, Int)] = [
      ("0", 0, 1), ("-0", 0, 2), ("7", 7, 1), ("-12", -12, 3), ("42,", 42, 2), ("42}", 42, 2),
      ("9223372036854775807", .max, 19), ("-9223372036854775808", .min, 20), ("5 ", 5, 1),
    ]
    for (text, value, end) in taken {
      #expect(Self.fastReading(Array(text.utf8)) == Reading(value: value, end: end), "\(text)")
    }
    let left = [
      "", "-", "01", "-01", "00", "1.5", "1e3", "1E3", "12.0", "9223372036854775808",
      "-9223372036854775809", "99999999999999999999", "x", "+1", "-x", ".5",
    ]
    for text in left {
      #expect(Self.fastReading(Array(text.utf8)) == Reading(value: nil, end: 0), "\(text)")
    }
  }

  /// On random texts of digits, signs, points and exponents, and on every kind of `Int64`
  /// written as the canonical form writes it, what the fast path reads is what the number
  /// parser and `Int64(text)` read.
  @Test(arguments: [1, 2, 3] as [UInt64])
  func whatItReadsIsWhatTheNumberParserReads(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    let alphabet = Array("-0123456789.eE+,}".utf8)
    for _ in 0..<20_000 {
      let length = Int.random(in: 1...24, using: &generator)
      let text = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
      let fast = Self.fastReading(text)
      if fast.value != nil {
        #expect(Self.slowReading(text) == fast, "\(String(decoding: text, as: UTF8.self))")
      } else {
        #expect(fast.end == 0)
      }
    }
    for _ in 0..<20_000 {
      let shift = Int.random(in: 0...62, using: &generator)
      let magnitude = Int64.random(in: 0...Int64.max, using: &generator) >> shift
      let value = Bool.random(using: &generator) ? magnitude : -magnitude
      let text = Array("\(value)".utf8) + [alphabet.randomElement(using: &generator)!]
      let expected = Self.slowReading(text)
      // Followed by a point or an exponent it is not an integer the fast path reads; followed
      // by another digit it is a longer number, read as the number parser reads it when read;
      // otherwise it is read, with the number parser's value.
      let following = text[text.count - 1]
      if Array(".eE".utf8).contains(following) {
        #expect(Self.fastReading(text) == Reading(value: nil, end: 0))
      } else if Array("0123456789".utf8).contains(following) {
        let fast = Self.fastReading(text)
        if fast.value != nil { #expect(fast == expected) }
      } else {
        #expect(Self.fastReading(text) == expected)
        #expect(expected?.value == value)
      }
    }
  }
}

/// `JSONParser.parseMemberKey(_:afterMember:)`, which a stored state's reader matches each
/// field's key with where it stands: it reads exactly the member whose key is spelled as
/// expected, and leaves everything else to the reader's general path.
@Suite struct ExpectedMemberKeyTests {
  static func match(_ text: String, _ key: StaticString, afterMember: Bool) -> (Bool, Int) {
    Array(text.utf8).withUnsafeBufferPointer { bytes in
      var parser = JSONParser(bytes: bytes, range: 0..<bytes.count)
      let range = parser.parseMemberKey(key, afterMember: afterMember)
      if let range {
        #expect(
          String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            == key.description)
      }
      return (range != nil, parser.position)
    }
  }

  @Test func theExpectedKeyIsReadWithItsColonAndNothingElse() {
    #expect(Self.match(#""seq":12"#, "seq", afterMember: false) == (true, 6))
    #expect(Self.match(#" "seq" : 12"#, "seq", afterMember: false) == (true, 8))
    #expect(Self.match(#","seq":12"#, "seq", afterMember: true) == (true, 7))
    #expect(Self.match(" ,\n \"seq\"\t:12", "seq", afterMember: true) == (true, 11))
    let left: [(String, Bool)] = [
      (#","seq":12"#, false), (#""seq":12"#, true), (#""sessions":{}"#, false),
      (#""se":1"#, false), (#""seqs":1"#, false), (#""se\u0071":1"#, false), (#""seq"12"#, false),
      (#""seq""#, false), (#""seq"#, false), ("", false), ("}", true), (#""Seq":1"#, false),
    ]
    for (text, afterMember) in left {
      #expect(Self.match(text, "seq", afterMember: afterMember) == (false, 0), "\(text)")
    }
  }
}
