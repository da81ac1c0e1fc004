#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif
#if canImport(CTimestampCounter)
  import CTimestampCounter
#endif
#if canImport(Foundation)
  import Foundation
#endif

/// The clock that stamps the events: the system's monotonic clock, which a hook reads directly,
/// or the app's own.
///
/// A hook keeps the raw reading; the writer thread turns it into nanoseconds
/// (``nanoseconds(_:)``), so that the calling thread does no arithmetic beyond the read.
package enum HookClock: Sendable {
  /// The system's monotonic clock, not counting sleep: `clock_gettime(CLOCK_MONOTONIC)`, or
  /// `mach_absolute_time()` on Apple platforms.
  case system
  /// The same clock read through the processor's time-stamp counter, which the kernel keeps it
  /// by on Linux on x86-64 (``TimestampCounter/keepsTheSystemClock``): the counter is read in
  /// about half the time `clock_gettime` takes there, and the writer thread turns its counts
  /// into the clock's nanoseconds (``CounterTimebase``), as it does `mach_absolute_time`'s
  /// ticks.
  case timestampCounter
  /// Monotonic nanoseconds from the app's function.
  case custom(@Sendable () -> UInt64)

  /// Which clock a hook reads, without the app's function: a reading is the value read, a
  /// source where it comes from.
  enum Source: Sendable {
    case timestampCounter, system, app
  }

  /// Where a hook reads this clock.
  var source: Source {
    switch self {
    case .system: .system
    case .timestampCounter: .timestampCounter
    case .custom: .app
    }
  }

  /// The system's clock, read as cheaply as this machine allows.
  package static var fastestSystem: HookClock {
    TimestampCounter.keepsTheSystemClock ? .timestampCounter : .system
  }

  /// The clock's reading now.
  @inline(__always)
  func read() -> UInt64 {
    switch self {
    case .system: Self.systemReading()
    case .timestampCounter: TimestampCounter.read()
    case .custom(let clock): clock()
    }
  }

  /// The nanoseconds a reading stands for; nil for the time-stamp counter, whose counts only a
  /// ``CounterTimebase`` turns into nanoseconds.
  func nanoseconds(_ reading: UInt64) -> UInt64? {
    switch self {
    case .system: Self.systemNanoseconds(reading)
    case .timestampCounter: nil
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

/// The processor's time-stamp counter, where hooks may read it instead of the system's clock.
package enum TimestampCounter {
  /// Whether the kernel keeps the monotonic clock by the time-stamp counter (its clock source
  /// is `tsc`): it chooses the counter only when the counter runs at one rate on every core,
  /// through sleep states, which is what lets hooks on any thread read it for the clock. Read
  /// once, from `/sys`, when a recording starts; false where there is no counter to read.
  package static let keepsTheSystemClock: Bool = {
    #if canImport(CTimestampCounter) && arch(x86_64) && os(Linux) && canImport(Foundation)
      let source = "/sys/devices/system/clocksource/clocksource0/current_clocksource"
      guard let name = try? String(contentsOfFile: source, encoding: .utf8) else { return false }
      return name.trimmingCharacters(in: .whitespacesAndNewlines) == "tsc"
    #else
      return false
    #endif
  }()

  /// The counter now; 0 where there is none.
  @inline(__always)
  static func read() -> UInt64 {
    #if canImport(CTimestampCounter)
      scenetrace_timestamp_counter()
    #else
      0
    #endif
  }

  /// The counter and the monotonic clock read at one moment: the clock between two reads of
  /// the counter, which the anchor takes the middle of.
  static func anchor() -> CounterTimebase.Anchor {
    anchor(counter: read) {
      let reading = HookClock.systemReading()
      return HookClock.system.nanoseconds(reading) ?? reading
    }
  }

  /// How many times ``anchor()`` reads the clock between two reads of the counter.
  static let anchorTries = 4

  /// The clock's nanoseconds (`clock`) read between two reads of `counter`, ``anchorTries``
  /// times, and of those the read whose two counts lie closest: a thread taken off its core
  /// between them (for milliseconds, on a loaded machine) would put the middle of its counts
  /// half that time away from the clock's reading, and every event timed from the anchor with
  /// it. Reading again costs less than any such error: a try takes tens of nanoseconds.
  static func anchor(
    counter: () -> UInt64, clock: () -> UInt64
  ) -> CounterTimebase.Anchor {
    func readTogether() -> (window: UInt64, anchor: CounterTimebase.Anchor) {
      let before = counter()
      let nanoseconds = clock()
      let window = counter() &- before
      return (window, CounterTimebase.Anchor(count: before &+ window / 2, nanoseconds: nanoseconds))
    }
    var best = readTogether()
    for _ in 1..<anchorTries {
      let next = readTogether()
      if next.window < best.window { best = next }
    }
    return best.anchor
  }
}
