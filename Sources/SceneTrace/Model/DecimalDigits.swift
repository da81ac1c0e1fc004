extension UnsafeMutableRawBufferPointer {
  /// Writes the decimal digits of `value` as ASCII bytes backwards, two digits a division, so
  /// that they end just before `end`, with leading zeros up to `minimumCount` digits; returns
  /// where they start. The one writer of a number's digits: a time's seconds and its fraction,
  /// a message's or a report's numbers. The buffer must have room before `end`.
  @inlinable
  package func writeDigits(of value: UInt64, endingAt end: Int, minimumCount: Int = 1) -> Int {
    // Two digits a division by 100, where each digit took one by 10: a report's line writes a
    // seq, a time's two parts and a point's coordinates. A pair's digits are split by a
    // division of a number below 100, a multiplication.
    var start = end
    var rest = value
    while rest >= 100 {
      let (quotient, pair) = rest.quotientAndRemainder(dividingBy: 100)
      rest = quotient
      let (tens, ones) = UInt8(truncatingIfNeeded: pair).quotientAndRemainder(dividingBy: 10)
      start &-= 2
      self[start] = UInt8(ascii: "0") &+ tens
      self[start &+ 1] = UInt8(ascii: "0") &+ ones
    }
    if rest >= 10 {
      let (tens, ones) = UInt8(truncatingIfNeeded: rest).quotientAndRemainder(dividingBy: 10)
      start &-= 2
      self[start] = UInt8(ascii: "0") &+ tens
      self[start &+ 1] = UInt8(ascii: "0") &+ ones
    } else {
      start &-= 1
      self[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest)
    }
    while end &- start < minimumCount {
      start &-= 1
      self[start] = UInt8(ascii: "0")
    }
    return start
  }
}

extension UInt64 {
  /// How many decimal digits the value has (1 for 0).
  @inlinable
  package var decimalDigitCount: Int {
    var (count, bound) = (1, UInt64(10))
    while count < 20, self >= bound {
      count &+= 1
      bound = bound &* 10
    }
    return count
  }
}

extension UInt {
  /// Runs `body` on the decimal digits of this value as ASCII bytes, written into a buffer on
  /// the stack: how messages and reports write numbers without making a `String` of each.
  /// Inlinable, so that other modules write into their own text without a call.
  @inlinable
  package func withDecimalDigits<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: UInt.max has 20 digits
    return Swift.withUnsafeMutableBytes(of: &digits) { buffer in
      let start = buffer.writeDigits(of: UInt64(self), endingAt: buffer.count)
      return body(UnsafeRawBufferPointer(rebasing: buffer[start...]))
    }
  }
}
