/// Turns counts of a counter that runs at a steady rate (the processor's time-stamp counter)
/// into the nanoseconds of the clock it runs beside, from anchors: moments at which both were
/// read.
///
/// The writer thread takes an anchor at each round, and the counts of a round's events lie
/// between the round's anchor and the one before: such a count is placed between the two, so
/// that its time is off by no more than the anchors are (tens of nanoseconds: the time their
/// reads take), however long the recording and however the clock is slewed meanwhile. A count
/// outside them (an event published after the round began) is measured from the nearer at the
/// rate between the first anchor and the latest. Times of consecutive rounds meet at their
/// anchor within that error: a step back of that size is one the trace's clock already holds
/// still across (``EventClock``).
struct CounterTimebase {
  /// The counter and the clock read at one moment.
  struct Anchor: Equatable {
    var count: UInt64
    var nanoseconds: UInt64
  }

  /// The first anchor.
  let origin: Anchor
  /// The anchor before the latest.
  private(set) var previous: Anchor
  /// The latest anchor.
  private(set) var latest: Anchor
  /// Nanoseconds a count between the first anchor and the latest; 0 until there are two.
  private(set) var nanosecondsPerCount = 0.0

  init(origin: Anchor) {
    self.origin = origin
    previous = origin
    latest = origin
  }

  /// Takes `anchor` as the latest. One that is not later than the latest by both the counter
  /// and the clock is left out: it would make the counts between them run backwards.
  mutating func add(_ anchor: Anchor) {
    guard anchor.count > latest.count, anchor.nanoseconds > latest.nanoseconds else { return }
    previous = latest
    latest = anchor
    nanosecondsPerCount =
      Double(anchor.nanoseconds - origin.nanoseconds) / Double(anchor.count - origin.count)
  }

  /// The clock's nanoseconds at `count`; the latest anchor's until there are two.
  func nanoseconds(_ count: UInt64) -> UInt64 {
    if count < latest.count, count >= previous.count {
      // Between the two latest anchors: in proportion.
      let fraction = Double(count - previous.count) / Double(latest.count - previous.count)
      let span = Double(latest.nanoseconds - previous.nanoseconds)
      return previous.nanoseconds + UInt64((fraction * span).rounded())
    }
    let anchor = count < previous.count ? previous : latest
    let counts = Int64(truncatingIfNeeded: count &- anchor.count)
    let step = (Double(counts) * nanosecondsPerCount).rounded()
    guard let step = Int64(exactly: step) else { return step < 0 ? 0 : UInt64(Int64.max) }
    let (sum, overflow) = Int64(clamping: anchor.nanoseconds).addingReportingOverflow(step)
    if overflow { return step < 0 ? 0 : UInt64(Int64.max) }
    return UInt64(clamping: sum)
  }
}
