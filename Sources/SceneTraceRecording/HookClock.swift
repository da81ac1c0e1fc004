#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The clock that stamps the events: the system's monotonic clock, which a hook reads directly,
/// or the app's own.
///
/// A hook keeps the raw reading; the writer thread turns it into nanoseconds
/// (``nanoseconds(_:)``), so that the calling thread does no arithmetic beyond the read.
enum HookClock: Sendable {
  /// The system's monotonic clock, not counting sleep: `clock_gettime(CLOCK_MONOTONIC)`, or
  /// `mach_absolute_time()` on Apple platforms.
  case system
  /// Monotonic nanoseconds from the app's function.
  case custom(@Sendable () -> UInt64)

  /// The clock's reading now.
  @inline(__always)
  func read() -> UInt64 {
    switch self {
    case .system: Self.systemReading()
    case .custom(let clock): clock()
    }
  }

  /// The nanoseconds a reading stands for.
  func nanoseconds(_ reading: UInt64) -> UInt64 {
    switch self {
    case .system: Self.systemNanoseconds(reading)
    case .custom: reading
    }
  }

  /// The system clock's reading: nanoseconds on Linux, `mach_absolute_time` ticks on Apple
  /// platforms.
  @inline(__always)
  static func systemReading() -> UInt64 {
    #if canImport(Darwin)
      return mach_absolute_time()
    #else
      var time = timespec()
      clock_gettime(CLOCK_MONOTONIC, &time)
      return UInt64(truncatingIfNeeded: time.tv_sec) &* 1_000_000_000
        &+ UInt64(truncatingIfNeeded: time.tv_nsec)
    #endif
  }

  #if canImport(Darwin)
    /// The ratio of `mach_absolute_time` ticks to nanoseconds, from `mach_timebase_info`.
    private static let timebase: (numerator: UInt64, denominator: UInt64) = {
      var info = mach_timebase_info_data_t()
      guard mach_timebase_info(&info) == KERN_SUCCESS, info.numer > 0, info.denom > 0 else {
        return (1, 1)
      }
      return (UInt64(info.numer), UInt64(info.denom))
    }()
  #endif

  private static func systemNanoseconds(_ reading: UInt64) -> UInt64 {
    #if canImport(Darwin)
      let (numerator, denominator) = timebase
      if numerator == denominator { return reading }
      let product = reading.multipliedFullWidth(by: numerator)
      guard product.high < denominator else { return .max }
      return denominator.dividingFullWidth(product).quotient
    #else
      return reading
    #endif
  }
}
