#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Nanoseconds on a clock that never goes backwards (`CLOCK_MONOTONIC`), the default clock of
/// ``TraceWriter``'s flush timer.
package enum MonotonicClock {
  /// The clock's reading now.
  package static func now() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
  }
}
