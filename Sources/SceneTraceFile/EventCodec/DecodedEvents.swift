import SceneTrace

/// What a frame's events are decoded into: an array of ``Event``s, or an `EventBatch`, whose
/// pointer samples are plain values the decoder makes without making an event of each (what
/// `replay check` replays).
package protocol DecodedEvents: Sendable {
  init()
  /// The events of `events`, moved in.
  init(moving events: consuming [Event])
  /// How many events are held.
  var count: Int { get }
  /// The first event's seq and time, and the last's.
  var firstSeq: Int? { get }
  var firstTime: TraceTime? { get }
  var lastTime: TraceTime? { get }
  var lastSeq: Int? { get }
  /// Removes the events before `seq`.
  mutating func removeEvents(before seq: Int)
  mutating func reserveCapacity(_ count: Int)
  /// Appends the event at `seq` and `time` that `payload` says happened.
  mutating func append(seq: Int, time: TraceTime, _ payload: consuming Event.Payload)
  /// Whether pointer samples are held as ``PointerSample``s, which the decoder then makes
  /// without making their payloads.
  static var holdsPointerSamples: Bool { get }
  /// Appends the pointer sample of these values (in range, as ``PointerSample`` takes them).
  mutating func appendSample(
    seq: Int, time: TraceTime, session: SessionID, phaseCode: UInt8, x: Double, y: Double,
    modifierBits: UInt8, latchingCode: UInt8)
}

extension [Event]: DecodedEvents {
  package init(moving events: consuming [Event]) { self = events }
  package var firstSeq: Int? { first?.seq }
  package var firstTime: TraceTime? { first?.time }
  package var lastTime: TraceTime? { last?.time }
  package var lastSeq: Int? { last?.seq }

  @inline(__always)
  package mutating func append(seq: Int, time: TraceTime, _ payload: consuming Event.Payload) {
    append(Event(seq: seq, time: time, payload))
  }

  package static var holdsPointerSamples: Bool { false }

  package mutating func removeEvents(before seq: Int) {
    removeAll { $0.seq < seq }
  }

  package mutating func appendSample(
    seq: Int, time: TraceTime, session: SessionID, phaseCode: UInt8, x: Double, y: Double,
    modifierBits: UInt8, latchingCode: UInt8
  ) {
    let sample = PointerSample(
      seq: seq, time: time, session: session, phaseCode: phaseCode, x: x, y: y,
      modifierBits: modifierBits, latchingCode: latchingCode)
    append(sample.event)
  }
}

extension EventBatch: DecodedEvents {
  package static var holdsPointerSamples: Bool { true }
}
