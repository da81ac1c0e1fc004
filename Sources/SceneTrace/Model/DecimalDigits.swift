extension UnsafeMutableRawBufferPointer {
  /// Writes the decimal digits of `value` as ASCII bytes backwards, one division a digit, so
  /// that they end just before `end`, with leading zeros up to `minimumCount` digits; returns
  /// where they start. The one writer of a number's digits: a time's seconds and its fraction,
  /// a message's or a report's numbers. The buffer must have room before `end`.
  @inlinable
  package func writeDigits(of value: UInt64, endingAt end: Int, minimumCount: Int = 1) -> Int {
    var start = end
    var rest = value
    repeat {
      start &-= 1
      self[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
      rest /= 10
    } while rest != 0
    while end &- start < minimumCount {
      start &-= 1
      self[start] = UInt8(ascii: "0")
    }
    return start
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
