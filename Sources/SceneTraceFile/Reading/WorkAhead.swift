import Dispatch

/// A value worked out on another thread while the caller goes on, and waited for when the
/// caller needs it: a seek takes the digest of a state while it replays on, and a writer
/// compresses a frame while it encodes the next.
package final class WorkAhead<Value: Sendable, Failure: Error>: @unchecked Sendable {
  // @unchecked: `result` is set once, on the work's thread, before `done` is signalled, and
  // read only after waiting for it.
  private var result: Result<Value, Failure>?
  private let done = DispatchSemaphore(value: 0)

  /// Starts `work` on `queue`: any thread of the system's by default; a serial queue of its
  /// own for work that waits (a producer of ``DecodingAhead``), or that must run in the order
  /// it was handed over.
  package init(
    on queue: DispatchQueue = .global(), _ work: @escaping @Sendable () throws(Failure) -> Value
  ) {
    queue.async { [self] in
      result = Result { () throws(Failure) -> Value in try work() }
      done.signal()
    }
  }

  /// Waits for the work and returns how it ended.
  package func outcome() -> Result<Value, Failure> {
    done.wait()
    // Signalled again, so that asking twice does not wait forever.
    done.signal()
    // Set before the signal that `wait()` returned on.
    return result!
  }

  /// Waits for the work and returns its value, or throws what it threw.
  package func value() throws(Failure) -> Value {
    try outcome().get()
  }
}

/// Runs a producer on a thread of its own while the calling thread consumes what it hands over,
/// in order: `replay check` decodes a file's next frames on one core while it replays the
/// frames before them on another, and reads the events of its report's next findings while it
/// writes the report of those before; a seek decodes the frames before a checkpoint while it
/// replays them to check it.
///
/// At most `capacity` values wait between them (the producer waits when they are that many),
/// so the memory held does not grow with what is produced. What the producer returns or throws
/// reaches the caller after every value it handed over has been consumed: a reading error
/// comes after the events before it, as it would without the second thread.
package enum DecodingAhead {
  /// Runs `produce` on another thread, handing each value it passes to `hand` to `consume` on
  /// this one, and returns what `produce` returns, or throws what it throws. Each value is
  /// handed over owned, from `hand` to `consume`: a producer that keeps no copy of what it
  /// hands leaves `consume` its only owner (an array of events can be moved out of rather
  /// than copied).
  package static func run<Value: Sendable, Result: Sendable, Failure: Error>(
    capacity: Int = 4,
    produce: @escaping @Sendable (_ hand: (consuming Value) -> Void) throws(Failure) -> Result,
    consume: (consuming Value) -> Void
  ) throws(Failure) -> Result {
    let handOver = HandOver<Value>(capacity: capacity)
    let producer = WorkAhead(on: DispatchQueue(label: "SceneTraceFile.DecodingAhead")) {
      () throws(Failure) -> Result in
      defer { handOver.finish() }
      return try produce { handOver.put($0) }
    }
    // Each value moved on, not copied: a copy left an array of events shared, and the
    // consumer's moving out of it then copied every event (`check` of drags: about 280
    // instructions an event more).
    while let value = handOver.take() { consume(consume value) }
    return try producer.value()
  }
}

/// The values between the two threads of ``DecodingAhead``, in the order they were handed, at
/// most `capacity` of them waiting at once.
private final class HandOver<Value: Sendable>: @unchecked Sendable {
  // @unchecked: `waiting` is read and changed only while `lock` is held.
  private let lock = DispatchSemaphore(value: 1)
  /// Counts the free places.
  private let places: DispatchSemaphore
  /// Counts the values waiting, and the end once it is handed.
  private let ready = DispatchSemaphore(value: 0)
  private var waiting: [Value] = []

  init(capacity: Int) {
    places = DispatchSemaphore(value: max(1, capacity))
  }

  /// Hands `value` over, after waiting for a free place.
  func put(_ value: consuming Value) {
    places.wait()
    lock.wait()
    waiting.append(value)
    lock.signal()
    ready.signal()
  }

  /// Says that no more values come: once those waiting are taken, ``take()`` returns nil.
  func finish() {
    ready.signal()
  }

  /// The next value, after waiting for it; nil once the values have ended.
  func take() -> Value? {
    ready.wait()
    lock.wait()
    defer { lock.signal() }
    guard !waiting.isEmpty else {
      // The end: signalled again for the next to ask.
      ready.signal()
      return nil
    }
    places.signal()
    return waiting.removeFirst()
  }
}
