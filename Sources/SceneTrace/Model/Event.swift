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

extension Event {
  /// An event that holds nothing to release, left in an array's slot whose event was moved out.
  package static var vacant: Event { Event(seq: 0, time: .zero, .appTerminate) }
}

extension [Event] {
  /// Appends the events of `other`, moving each out of it, and leaves `other` empty.
  ///
  /// `+=` copies each event, retaining the strings it holds, and `other` releases them again
  /// when it goes: about 160 instructions an event of a frame joined to a loaded trace. Moved,
  /// an event costs its bytes and a vacant event left in its slot. When `self` is empty and has
  /// no room for them it takes `other`'s storage as it is.
  package mutating func append(moving other: inout [Event]) {
    if isEmpty, capacity < other.count {
      swap(&self, &other)
      return
    }
    // Grown as `append` grows it: a capacity of exactly what is needed would make each frame
    // joined to a long trace copy every event before it.
    if capacity < count + other.count { reserveCapacity(Swift.max(count + other.count, 2 * count)) }
    other.withUnsafeMutableBufferPointer { source in
      guard let base = source.baseAddress else { return }
      for index in source.indices {
        append((base + index).move())
        (base + index).initialize(to: .vacant)
      }
    }
    other.removeAll()
  }
}
