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
  public var description: String {
    let sign = nanoseconds < 0 ? "-" : ""
    let magnitude = nanoseconds.magnitude
    let whole = magnitude / 1_000_000_000
    var fraction = magnitude % 1_000_000_000
    guard fraction != 0 else { return "\(sign)\(whole)" }
    var digits = 9
    while fraction % 10 == 0 {
      fraction /= 10
      digits -= 1
    }
    let fractionText = String(fraction)
    let padding = String(repeating: "0", count: digits - fractionText.count)
    return "\(sign)\(whole).\(padding)\(fractionText)"
  }
}
