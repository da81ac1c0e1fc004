import SceneTrace

extension TraceTime {
  /// Reads seconds written in decimal, as JSON Lines `"t"` and `replay state --at-time` take
  /// them (`3.25`, `1.5e-3`), exactly to the nanosecond: digit by digit, never through floating
  /// point, rounding half away from zero beyond nine decimals.
  ///
  /// Throws `invalidValue`, without a location, for text that is not a number, a negative time,
  /// or one beyond the latest a trace can hold.
  package init(secondsText text: String) throws(TraceError) {
    // Most times have at most nine decimals: their nanoseconds need no rounding.
    if let (isNegative, digits, fractionDigits) = DecimalNumber.plain(text),
      !isNegative || digits == 0, fractionDigits <= 9
    {
      let (nanoseconds, overflow) = digits.multipliedReportingOverflow(
        by: DecimalNumber.powersOfTen[9 - fractionDigits])
      if !overflow, nanoseconds <= UInt64(Int64.max) {
        self.init(nanoseconds: Int64(nanoseconds))
        return
      }
    }
    guard let decimal = DecimalNumber(text) else {
      throw TraceError(
        code: .invalidValue,
        message: "expected a number of seconds, found \(text.abbreviated())")
    }
    guard !decimal.isNegative || decimal.isZero else {
      throw TraceError(
        code: .invalidValue,
        message: "expected seconds since the start of the trace, found \(text.abbreviated()), "
          + "which is negative")
    }
    guard let (nanoseconds, _) = decimal.magnitude(shiftedBy: 9),
      nanoseconds <= UInt64(Int64.max)
    else {
      throw TraceError(
        code: .invalidValue,
        message: "\(text.abbreviated()) seconds is beyond the latest time a trace can hold "
          + "(\(TraceTime(nanoseconds: .max)) s)")
    }
    self.init(nanoseconds: Int64(nanoseconds))
  }
}
