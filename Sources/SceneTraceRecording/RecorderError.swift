/// A failure of a recording: what went wrong and what happened to the events.
public struct RecorderError: Error, CustomStringConvertible, Sendable {
  /// The kind of failure.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    /// The code's name.
    public let name: String

    private init(_ name: String) { self.name = name }

    /// The sink could not be opened; nothing is recorded.
    public static let openFailed = Code("openFailed")
    /// The sink failed to take or flush events; they are kept and retried.
    public static let writeFailed = Code("writeFailed")
    /// The sink failed to close.
    public static let closeFailed = Code("closeFailed")
    /// Events were dropped: the buffer was full, or the sink kept failing.
    public static let eventsDropped = Code("eventsDropped")
    /// The sink kept failing, and the recording stopped writing to it; later events are lost.
    public static let stopped = Code("stopped")
    /// The clock the events are stamped with went back or jumped ahead; the trace leaves the
    /// step out and has an `app.mark` where it happened.
    public static let clockFault = Code("clockFault")
    /// A recording is already running.
    public static let alreadyRecording = Code("alreadyRecording")

    /// The code's name.
    public var description: String { name }
  }

  /// The kind of failure.
  public var code: Code
  /// What happened and what it means for the trace.
  public var message: String
  /// The error the sink threw, if any.
  public var underlying: (any Error)?

  /// Creates an error.
  package init(code: Code, message: String, underlying: (any Error)? = nil) {
    self.code = code
    self.message = message
    self.underlying = underlying
  }

  /// The message, with the sink's error when there is one.
  public var description: String {
    underlying.map { "\(message): \($0)" } ?? message
  }
}
