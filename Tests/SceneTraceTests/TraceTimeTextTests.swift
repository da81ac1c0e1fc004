import Testing

@testable import SceneTrace

/// A time reads in seconds exact to the nanosecond, without trailing zeros, from one writer
/// (`withSecondsText`) that `description`, JSON Lines and a report's column all use.
@Suite struct TraceTimeTextTests {
  /// The form spelled out digit by digit, to hold the writer to.
  private static func expectedText(_ nanoseconds: Int64) -> String {
    let magnitude = nanoseconds.magnitude
    var text = (nanoseconds < 0 ? "-" : "") + String(magnitude / 1_000_000_000)
    let fraction = String(magnitude % 1_000_000_000)
    var digits = String(repeating: "0", count: 9 - fraction.count) + fraction
    while digits.last == "0" { digits.removeLast() }
    if !digits.isEmpty { text += "." + digits }
    return text
  }

  @Test(arguments: [
    (0, "0"), (3_250_000_000, "3.25"), (12_000_000_000, "12"), (1, "0.000000001"),
    (-500_000_000, "-0.5"), (Int64.max, "9223372036.854775807"),
    (Int64.min, "-9223372036.854775808"),
  ])
  func aTimeReadsInSeconds(nanoseconds: Int64, text: String) {
    #expect(TraceTime(nanoseconds: nanoseconds).description == text)
  }

  @Test func seededTimesReadAsTheirDigits() {
    var random = SplitMix64(seed: 0x71AE)
    for round in 0..<5_000 {
      // Every magnitude, with runs of trailing zeros.
      let scale = Int64(1) << Int64(random.next() % 63)
      var nanoseconds = Int64(bitPattern: random.next()) % scale
      if round % 3 == 0 { nanoseconds -= nanoseconds % 1_000 }
      let time = TraceTime(nanoseconds: nanoseconds)
      #expect(time.description == Self.expectedText(nanoseconds))
      #expect(time.withSecondsText(\.count) == time.description.utf8.count)
    }
  }
}
