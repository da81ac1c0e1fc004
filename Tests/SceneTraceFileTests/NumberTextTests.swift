import SceneTrace
import Testing

@testable import SceneTraceFile

/// The numbers of a JSON Lines event are read without allocating when they are plain digits
/// (`1.386784601`, `768.5`, `42`): those quick reads give what the exact, digit-by-digit reads
/// and `Double(_:)` give, on every text.
@Suite struct NumberTextTests {
  /// Number texts of every shape: signs, leading zeros, up to 22 digits before and 12 after the
  /// point, exponents, and texts that are not numbers at all.
  static func texts(seed: UInt64, count: Int) -> [String] {
    var generator = SplitMix64(seed: seed)
    func digits(_ range: ClosedRange<Int>) -> String {
      String(
        (0..<Int.random(in: range, using: &generator)).map { _ in
          "0123456789".randomElement(using: &generator)!
        })
    }
    let fixed = [
      "0", "-0", "0.0", "-0.0", "1", "-1", "1.", ".5", "-", "", "1..2", "1.2.3", "abc", "1e5",
      "1.5e-3", "00012", "9223372036854775807", "-9223372036854775808", "9223372036854775808",
      "18446744073709551615", "9007199254740993", "900719925474099.3", "0.1", "0.30000000000000004",
      "9223372036.854775807", "9223372036.854775808", "1.0000000005", "123456.789012345",
    ]
    var texts = fixed
    for _ in 0..<count {
      var text = Bool.random(using: &generator) ? "" : "-"
      text += digits(0...22)
      if Int.random(in: 0..<3, using: &generator) > 0 { text += "." + digits(0...12) }
      if Int.random(in: 0..<8, using: &generator) == 0 { text += "e" + digits(0...3) }
      texts.append(text)
    }
    return texts
  }

  @Test func aPlainNumberReadsAsTheNearestDouble() {
    for text in Self.texts(seed: 21, count: 20_000) {
      guard let quick = DecimalNumber.exactlyRoundedDouble(text) else { continue }
      let exact = Double(text)
      #expect(quick.bitPattern == exact?.bitPattern, "\(text)")
    }
    #expect(DecimalNumber.exactlyRoundedDouble("768.5") == 768.5)
    #expect(DecimalNumber.exactlyRoundedDouble("-0")?.sign == .minus)
    // Beyond 15 digits the quick read leaves it to `Double(_:)`.
    #expect(DecimalNumber.exactlyRoundedDouble("9007199254740993") == nil)
  }

  @Test func aPlainIntegerReadsAsTheDigitByDigitRead() {
    for text in Self.texts(seed: 22, count: 20_000) {
      #expect(DecimalNumber.exactInteger(text) == DecimalNumber(text)?.exactInteger, "\(text)")
    }
  }

  @Test func aPlainTimeReadsAsTheDigitByDigitRead() {
    for text in Self.texts(seed: 23, count: 20_000) {
      // The read of any text, digit by digit: a time of at most Int64.max nanoseconds, rounded.
      var expected: Int64?
      if let decimal = DecimalNumber(text), !decimal.isNegative || decimal.isZero,
        let (nanoseconds, _) = decimal.magnitude(shiftedBy: 9), nanoseconds <= UInt64(Int64.max)
      {
        expected = Int64(nanoseconds)
      }
      let read = try? TraceTime(secondsText: text)
      #expect(read?.nanoseconds == expected, "\(text)")
    }
  }
}
