/// A point in a trace: nanoseconds since the trace started.
///
/// Times are integers so that replay never depends on floating point: a JSON Lines `"t"` of
/// `3.25` is read digit by digit as 3 250 000 000 ns, and printed back as `3.25`.
public struct TraceTime: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// Nanoseconds since the trace started.
  public var nanoseconds: Int64

  /// The start of the trace.
  public static let zero = TraceTime(nanoseconds: 0)

  /// Creates a time from nanoseconds since the start of the trace.
  public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

  /// Creates a time from whole seconds since the start of the trace.
  public init(seconds: Int64) { self.nanoseconds = seconds * 1_000_000_000 }

  /// Creates a time from milliseconds since the start of the trace.
  public init(milliseconds: Int64) { self.nanoseconds = milliseconds * 1_000_000 }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

  /// The time in seconds, exact to the nanosecond, without trailing zeros: `3.25`, `0`, `12`.
  public var description: String { withSecondsText { String(decoding: $0, as: UTF8.self) } }

  /// Runs `body` on ``description``'s text as UTF-8 bytes, written into a buffer on the stack:
  /// the one place the form of a time in seconds is made, for a `String`, a report's line or
  /// the width of its column. Inlinable, so that other modules write it without a call.
  @inlinable
  package func withSecondsText<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
    // 32 bytes: the longest time, `-9223372036.854775808`, takes 21.
    var text: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    return Swift.withUnsafeMutableBytes(of: &text) { buffer in
      // Written backwards: the fraction without its trailing zeros, the point, the seconds.
      var start = buffer.count
      let magnitude = nanoseconds.magnitude
      var fraction = magnitude % 1_000_000_000
      if fraction != 0 {
        var digits = 9
        while fraction % 10 == 0 {
          fraction /= 10
          digits &-= 1
        }
        start = buffer.writeDigits(of: fraction, endingAt: start, minimumCount: digits)
        start &-= 1
        buffer[start] = UInt8(ascii: ".")
      }
      start = buffer.writeDigits(of: magnitude / 1_000_000_000, endingAt: start)
      if nanoseconds < 0 {
        start &-= 1
        buffer[start] = UInt8(ascii: "-")
      }
      return body(UnsafeRawBufferPointer(rebasing: buffer[start...]))
    }
  }
}
