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

/// A producer run on a thread of its own, whose values the caller takes when it wants them, in
/// order: `replay diff` reads two traces side by side, each decoded on a core of its own, and
/// takes the next events of either as its comparison reaches them. As with ``DecodingAhead``,
/// at most `capacity` values wait, and each is handed over owned.
///
/// A reader let go before the producer has ended stops it: the producer's next `hand` returns
/// false (a trace's reader stops there), and the values waiting are dropped.
package final class PulledAhead<Value: Sendable, Result: Sendable, Failure: Error> {
  private let handOver: HandOver<Value>
  private let producer: WorkAhead<Result, Failure>

  /// Starts `produce`, which hands each value to `hand` and goes on while `hand` returns true.
  package init(
    capacity: Int = 4,
    produce: @escaping @Sendable (_ hand: (consuming Value) -> Bool) throws(Failure) -> Result
  ) {
    let handOver = HandOver<Value>(capacity: capacity)
    self.handOver = handOver
    producer = WorkAhead(on: DispatchQueue(label: "SceneTraceFile.PulledAhead")) {
      () throws(Failure) -> Result in
      defer { handOver.finish() }
      return try produce { handOver.put($0) }
    }
  }

  deinit { handOver.cancel() }

  /// The next value, after waiting for it; nil once the producer has ended and every value it
  /// handed has been taken (then ``result()`` says how it ended).
  package func next() -> Value? {
    handOver.take()
  }

  /// What the producer returned, or what it threw, after waiting for it to end.
  package func result() throws(Failure) -> Result {
    try producer.value()
  }
}

/// The values between the two threads of ``DecodingAhead`` or ``PulledAhead``, in the order
/// they were handed, at most `capacity` of them waiting at once.
private final class HandOver<Value: Sendable>: @unchecked Sendable {
  // @unchecked: `waiting` and `isCancelled` are read and changed only while `lock` is held.
  private let lock = DispatchSemaphore(value: 1)
  /// Counts the free places.
  private let places: DispatchSemaphore
  /// Counts the values waiting, and the end once it is handed.
  private let ready = DispatchSemaphore(value: 0)
  private var waiting: [Value] = []
  /// Whether the consumer has gone: no value is taken any more.
  private var isCancelled = false

  init(capacity: Int) {
    // Made empty and signalled: libdispatch traps when a semaphore is freed below the value it
    // was made with, as `places` is when a consumer goes with values still waiting.
    places = DispatchSemaphore(value: 0)
    for _ in 0..<max(1, capacity) { places.signal() }
  }

  /// Hands `value` over, after waiting for a free place; false, and the value dropped, once the
  /// consumer has gone.
  @discardableResult
  func put(_ value: consuming Value) -> Bool {
    places.wait()
    lock.wait()
    guard !isCancelled else {
      lock.signal()
      // Passed on, so that no later `put` waits for a place no consumer will free.
      places.signal()
      return false
    }
    waiting.append(value)
    lock.signal()
    ready.signal()
    return true
  }

  /// Says that the consumer has gone: the values waiting are dropped, and a producer waiting
  /// for a place, or handing a value later, is told so.
  func cancel() {
    lock.wait()
    isCancelled = true
    waiting.removeAll()
    lock.signal()
    places.signal()
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
