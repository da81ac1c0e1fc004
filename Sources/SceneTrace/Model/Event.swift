/// One thing that happened in the app, at a point in the trace.
///
/// `seq` is 1-based over the whole trace, across launches, and counts every event: in a JSON
/// Lines file event N is the Nth event line.
public struct Event: Hashable, Sendable {
  /// The event's position in the trace, from 1.
  public var seq: Int
  /// When it happened.
  public var time: TraceTime
  /// What happened.
  public var payload: Payload

  /// Creates an event.
  public init(seq: Int, time: TraceTime, _ payload: Payload) {
    self.seq = seq
    self.time = time
    self.payload = payload
  }

  /// The event's wire type, such as `scene.didBecomeActive`.
  public var type: EventType { payload.type }
}
