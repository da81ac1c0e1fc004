import SceneTrace

/// Turns the recording clock's readings into trace times that never go backwards and never
/// overflow, whatever the clock does.
///
/// A step back of up to ``reorderTolerance`` is normal: two threads read the clock in one order
/// and append in the other. The event keeps the time of the one before it. A longer step back, or
/// a step forward of more than ``longestStep``, is a fault of the clock: the event keeps the time
/// of the one before it, and later events go on from there at the clock's pace.
struct EventClock {
  /// The longest step back that is taken for two threads' readings in the other order.
  static let reorderTolerance: Int64 = 1_000_000_000
  /// The longest step forward that is taken as time passing: a year.
  static let longestStep: Int64 = 365 * 86_400 * 1_000_000_000

  /// A step of the clock that the trace leaves out.
  enum Fault: Equatable {
    /// The clock went back this many nanoseconds.
    case wentBack(UInt64)
    /// The clock jumped ahead this many nanoseconds.
    case jumpedAhead(UInt64)

    /// What happened, for the app and for a mark in the trace.
    var description: String {
      switch self {
      case .wentBack(let nanoseconds):
        "the clock went back \(Self.seconds(nanoseconds)) s; the trace's times hold still there "
          + "instead of going back"
      case .jumpedAhead(let nanoseconds):
        "the clock jumped ahead \(Self.seconds(nanoseconds)) s; the jump is left out of the "
          + "trace's times"
      }
    }

    private static func seconds(_ nanoseconds: UInt64) -> TraceTime {
      TraceTime(nanoseconds: Int64(clamping: nanoseconds))
    }
  }

  /// The highest reading so far that the trace's times follow.
  private var lastReading: UInt64
  /// The time of the last event.
  private(set) var lastTime: TraceTime

  /// A clock whose reading `origin` is the trace time `start`.
  init(origin: UInt64, start: TraceTime) {
    lastReading = origin
    lastTime = start
  }

  /// The time of an event whose hook read `reading`, and the clock's fault if it had one.
  mutating func time(at reading: UInt64) -> (time: TraceTime, fault: Fault?) {
    let step = Int64(truncatingIfNeeded: reading &- lastReading)
    if step >= 0, step <= Self.longestStep {
      lastReading = reading
      let (sum, overflow) = lastTime.nanoseconds.addingReportingOverflow(step)
      lastTime = TraceTime(nanoseconds: overflow ? .max : sum)
      return (lastTime, nil)
    }
    if step < 0, step >= -Self.reorderTolerance { return (lastTime, nil) }
    lastReading = reading
    return (lastTime, step < 0 ? .wentBack(step.magnitude) : .jumpedAhead(step.magnitude))
  }
}
