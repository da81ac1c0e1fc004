/// A `pointer.drag` event held as plain values: the replay's form of the event most traces are
/// made of (a drag reports a sample a frame, 120 a second).
///
/// An ``Event`` is 129 bytes that hold strings and open enumerations: each copy retains them,
/// each end releases them, even when they hold nothing, and its payload is taken apart by a
/// switch over every event type. A sample whose values this version all recognizes and which
/// names no region is 40 bytes of numbers instead, copied as raw memory; a decoder makes it
/// without making the event, and the replay reduces it without making one either. Every other
/// sample stays an ``Event``. The ``event`` made from a sample is the event it was made from.
package struct PointerSample: Sendable, Equatable {
  package var seq: Int
  package var time: TraceTime
  package var x: Double
  package var y: Double
  package var session: SessionID
  /// The phase: its place in `PointerPhase.recognizedCases` (the `.sctrace` code less one).
  package var phaseCode: UInt8
  /// The latching: 0 when the sample gives none, else its place in
  /// `Latching.recognizedCases` plus one (the `.sctrace` code).
  package var latchingCode: UInt8
  /// The modifiers, all recognized: `ModifierFlags.recognizedBits`.
  package var modifierBits: UInt8

  /// A sample of recognized values; the codes must be in range.
  package init(
    seq: Int, time: TraceTime, session: SessionID, phaseCode: UInt8, x: Double, y: Double,
    modifierBits: UInt8, latchingCode: UInt8
  ) {
    self.seq = seq
    self.time = time
    self.x = x
    self.y = y
    self.session = session
    self.phaseCode = phaseCode
    self.latchingCode = latchingCode
    self.modifierBits = modifierBits
  }

  /// The sample `event` is, when it is a `pointer.drag` whose values are all recognized and
  /// which names no region; nil for every other event.
  package init?(_ event: borrowing Event) {
    self.init(seq: event.seq, time: event.time, event.payload)
  }

  /// The sample of the event at `seq` and `time` that `payload` says happened, as
  /// ``init(_:)`` makes it.
  @inline(__always)
  package init?(seq: Int, time: TraceTime, _ payload: Event.Payload) {
    guard
      case .pointerDrag(let session, let phase, let x, let y, let modifiers, let latching, nil) =
        payload,
      !modifiers.hasUnrecognizedMembers, let phaseCode = Self.code(of: phase)
    else { return nil }
    var latchingCode: UInt8 = 0
    if let latching {
      guard let code = Self.code(of: latching) else { return nil }
      latchingCode = code + 1
    }
    self.init(
      seq: seq, time: time, session: session, phaseCode: phaseCode, x: x, y: y,
      modifierBits: modifiers.recognizedBits, latchingCode: latchingCode)
  }

  /// The event the sample is.
  package var event: Event {
    Event(
      seq: seq, time: time,
      .pointerDrag(
        session: session, phase: phase, x: x, y: y,
        modifiers: ModifierFlags(recognizedBits: modifierBits), latching: latching))
  }

  /// The phase, made by a switch: the static list of recognized cases is a global read through
  /// its lazy initializer.
  @inline(__always)
  package var phase: PointerPhase {
    switch phaseCode {
    case 0: .began
    case 1: .changed
    case 2: .ended
    default: .cancelled
    }
  }

  @inline(__always)
  package var latching: Latching? {
    switch latchingCode {
    case 0: nil
    case 1: Latching.none
    case 2: .horizontal
    case 3: .vertical
    default: .both
    }
  }

  private static func code(of phase: PointerPhase) -> UInt8? {
    switch phase {
    case .began: 0
    case .changed: 1
    case .ended: 2
    case .cancelled: 3
    case .unrecognized: nil
    }
  }

  private static func code(of latching: Latching) -> UInt8? {
    switch latching {
    case .none: 0
    case .horizontal: 1
    case .vertical: 2
    case .both: 3
    case .unrecognized: nil
    }
  }
}

/// Events in seq order as the replay takes them: the pointer samples that can be
/// ``PointerSample``s as such, the others as ``Event``s.
///
/// Two arrays and where they interleave: `samplesBefore[i]` is how many samples come between
/// `events[i - 1]` (or the batch's start) and `events[i]`; the samples after the last event end
/// the batch.
package struct EventBatch: Sendable {
  package private(set) var events: [Event] = []
  package private(set) var samples: [PointerSample] = []
  package private(set) var samplesBefore: [UInt32] = []
  /// The samples appended since the last event.
  private var pendingSamples: UInt32 = 0

  package init() {}

  /// The batch of `events`, each sample that can be one held as a ``PointerSample``.
  package init(_ events: some Sequence<Event>) {
    for event in events { append(event) }
  }

  /// The batch of `events`, as ``init(_:)`` makes it, each event moved out of the array rather
  /// than copied (its strings retained).
  package init(moving events: consuming [Event]) {
    samples.reserveCapacity(events.count)
    events.withUnsafeMutableBufferPointer { stored in
      guard let base = stored.baseAddress else { return }
      for index in stored.indices {
        let event = (base + index).move()
        (base + index).initialize(to: .vacant)
        append(event)
      }
    }
  }

  /// How many events the batch holds, samples included.
  package var count: Int { events.count + samples.count }

  package var isEmpty: Bool { events.isEmpty && samples.isEmpty }

  /// Reserves room for `count` events of either form: all of them as samples, and a quarter as
  /// events. A frame of a mixed session (a fifth of its events are not samples) grew its events
  /// from none, doubling, and copied them at each step (about 30 instructions an event).
  package mutating func reserveCapacity(_ count: Int) {
    samples.reserveCapacity(count)
    events.reserveCapacity(count / 4)
    samplesBefore.reserveCapacity(count / 4)
  }

  /// Appends `event`, as a sample when it can be one.
  package mutating func append(_ event: consuming Event) {
    if let sample = PointerSample(event) { return append(sample) }
    appendEvent(event)
  }

  /// Appends the event at `seq` and `time` that `payload` says happened, as a sample when it
  /// can be one: a decoder's, which makes no event of a sample.
  @inline(__always)
  package mutating func append(seq: Int, time: TraceTime, _ payload: consuming Event.Payload) {
    if let sample = PointerSample(seq: seq, time: time, copy payload) { return append(sample) }
    appendEvent(Event(seq: seq, time: time, payload))
  }

  /// Appends `event` as an ``Event``, whatever its type.
  package mutating func appendEvent(_ event: consuming Event) {
    events.append(event)
    samplesBefore.append(pendingSamples)
    pendingSamples = 0
  }

  package mutating func append(_ sample: PointerSample) {
    samples.append(sample)
    pendingSamples &+= 1
  }

  /// Appends the sample of these values, made where it is stored: a decoder's. From another
  /// module, `append(PointerSample(…))` is two calls and a copy of the sample: package
  /// declarations are not inlined across modules, even `@inlinable` ones.
  package mutating func appendSample(
    seq: Int, time: TraceTime, session: SessionID, phaseCode: UInt8, x: Double, y: Double,
    modifierBits: UInt8, latchingCode: UInt8
  ) {
    append(
      PointerSample(
        seq: seq, time: time, session: session, phaseCode: phaseCode, x: x, y: y,
        modifierBits: modifierBits, latchingCode: latchingCode))
  }

  /// Calls `body` with each event in seq order, samples made into events.
  package func forEachEvent(_ body: (Event) throws -> Void) rethrows {
    var sample = 0
    for (index, event) in events.enumerated() {
      for _ in 0..<samplesBefore[index] {
        try body(samples[sample].event)
        sample += 1
      }
      try body(event)
    }
    while sample < samples.count {
      try body(samples[sample].event)
      sample += 1
    }
  }

  /// The events in seq order, samples made into events.
  package var allEvents: [Event] {
    var all: [Event] = []
    all.reserveCapacity(count)
    forEachEvent { all.append($0) }
    return all
  }

  /// Whether the first event is a sample (false when the batch is empty).
  private var startsWithSample: Bool { samplesBefore.first.map { $0 > 0 } ?? !samples.isEmpty }

  /// Whether the last event is a sample (false when the batch is empty).
  private var endsWithSample: Bool { pendingSamples > 0 }

  /// The first event, a sample made into one.
  package var firstEvent: Event? { startsWithSample ? samples.first?.event : events.first }

  /// The last event, a sample made into one.
  package var lastEvent: Event? { endsWithSample ? samples.last?.event : events.last }

  /// The first event's seq, of either form.
  package var firstSeq: Int? { startsWithSample ? samples.first?.seq : events.first?.seq }

  /// The first event's time, of either form.
  package var firstTime: TraceTime? { startsWithSample ? samples.first?.time : events.first?.time }

  /// The last event's time, of either form.
  package var lastTime: TraceTime? { endsWithSample ? samples.last?.time : events.last?.time }

  /// The last event's seq, of either form.
  package var lastSeq: Int? { endsWithSample ? samples.last?.seq : events.last?.seq }

  /// Removes the events after `seq`, of either form.
  package mutating func removeEvents(after seq: Int) {
    let keptEvents = events.firstIndex { $0.seq > seq } ?? events.count
    let keptSamples = samples.firstIndex { $0.seq > seq } ?? samples.count
    events.removeSubrange(keptEvents...)
    samplesBefore.removeSubrange(keptEvents...)
    samples.removeSubrange(keptSamples...)
    // The samples kept that no kept event follows.
    pendingSamples = UInt32(keptSamples - samplesBefore.reduce(0) { $0 + Int($1) })
  }

  /// Removes the events before `seq`, of either form.
  package mutating func removeEvents(before seq: Int) {
    let firstKeptEvent = events.firstIndex { $0.seq >= seq } ?? events.count
    let firstKeptSample = samples.firstIndex { $0.seq >= seq } ?? samples.count
    // The samples before the removed events go with them; the rest of those removed were
    // between the last removed event and the first kept one (or the batch's end).
    let removedBeforeEvents = samplesBefore[..<firstKeptEvent].reduce(0) { $0 + Int($1) }
    let removedAfterEvents = UInt32(firstKeptSample - removedBeforeEvents)
    events.removeSubrange(..<firstKeptEvent)
    samplesBefore.removeSubrange(..<firstKeptEvent)
    samples.removeSubrange(..<firstKeptSample)
    if samplesBefore.isEmpty {
      pendingSamples -= removedAfterEvents
    } else {
      samplesBefore[0] -= removedAfterEvents
    }
  }

  /// Empties the batch, keeping its arrays' room.
  package mutating func removeAll() {
    events.removeAll(keepingCapacity: true)
    samples.removeAll(keepingCapacity: true)
    samplesBefore.removeAll(keepingCapacity: true)
    pendingSamples = 0
  }

  /// Runs `body` on the events and the samples, each as mutable storage, with where they
  /// interleave: how the replay moves events out without copying them.
  package mutating func withStorage<Result>(
    _ body: (
      _ events: UnsafeMutableBufferPointer<Event>, _ samples: UnsafeBufferPointer<PointerSample>,
      _ samplesBefore: UnsafeBufferPointer<UInt32>
    ) -> Result
  ) -> Result {
    let samples = self.samples
    let samplesBefore = self.samplesBefore
    return samples.withUnsafeBufferPointer { samples in
      samplesBefore.withUnsafeBufferPointer { samplesBefore in
        events.withUnsafeMutableBufferPointer { events in body(events, samples, samplesBefore) }
      }
    }
  }
}
