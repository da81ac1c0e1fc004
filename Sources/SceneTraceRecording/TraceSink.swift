import SceneTrace

/// Where a recording's events go: a trace file, memory, a socket.
///
/// A sink is used from the recording's writer thread only, one call at a time, so it needs no
/// locking of its own. Errors it throws reach the recording's error handler once per run of
/// failures; the recording keeps the events and offers the same ones again later (after a
/// growing delay, or at once on ``Recording/flush(timeout:)``), so a sink that took some of them
/// before it threw skips those by seq. After 30 failed tries in a row the recording gives up on
/// the sink (``RecorderError/Code/stopped``).
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
