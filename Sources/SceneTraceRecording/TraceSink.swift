import SceneTrace

/// Where a recording's events go: a trace file, memory, a socket.
///
/// A sink is used from the recording's writer thread only, one call at a time, so it needs no
/// locking of its own. Errors it throws reach the recording's error handler; the recording keeps
/// what the sink did not take and tries again at the next flush.
public protocol TraceSink: AnyObject {
  /// Prepares the sink for writing and says where this launch's events continue the trace: the
  /// seq of the next event and the time it continues from (1 and zero for a new trace).
  func open() throws -> TracePosition
  /// Takes events, in order, with their seqs.
  func write(_ events: [Event]) throws
  /// Makes everything written so far survive the app being killed.
  func flush() throws
  /// Flushes and releases the sink; no call follows.
  func close() throws
}

/// Where a recording continues a trace.
public struct TracePosition: Hashable, Sendable {
  /// The seq of the next event.
  public var nextSeq: Int
  /// The time the recording starts at.
  public var time: TraceTime

  /// The start of a new trace.
  public static let start = TracePosition(nextSeq: 1, time: .zero)

  /// Creates a position.
  public init(nextSeq: Int, time: TraceTime) {
    self.nextSeq = nextSeq
    self.time = time
  }
}
