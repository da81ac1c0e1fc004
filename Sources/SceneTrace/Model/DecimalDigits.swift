extension UInt {
  /// Runs `body` on the decimal digits of this value as ASCII bytes, written backwards into a
  /// buffer on the stack with one division a digit: how messages and reports write numbers
  /// without making a `String` of each. Inlinable, so that other modules write into their own
  /// text without a call.
  @inlinable
  package func withDecimalDigits<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: UInt.max has 20 digits
    return Swift.withUnsafeMutableBytes(of: &digits) { buffer in
      var start = buffer.count
      var rest = self
      repeat {
        start &-= 1
        buffer[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
        rest /= 10
      } while rest != 0
      return body(UnsafeRawBufferPointer(rebasing: buffer[start...]))
    }
  }
}
