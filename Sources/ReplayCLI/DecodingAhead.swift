import Foundation

/// Runs a producer on a thread of its own while the calling thread consumes what it hands over,
/// in order: `replay check` decodes a file's next frames on one core while it replays the
/// frames before them on another, and reads the events of its report's next findings while it
/// writes the report of those before.
///
/// At most `capacity` values wait between them (the producer waits when they are that many),
/// so the memory held does not grow with what is produced. What the producer returns or throws
/// reaches the caller after every value it handed over has been consumed: a reading error
/// comes after the events before it, as it would without the second thread.
enum DecodingAhead {
  /// Runs `produce` on another thread, handing each value it passes to `hand` to `consume` on
  /// this one, and returns what `produce` returns, or throws what it throws. Each value is
  /// handed over owned, from `hand` to `consume`: a producer that keeps no copy of what it
  /// hands leaves `consume` its only owner (an array of events can be moved out of rather
  /// than copied).
  static func run<Value: Sendable, Result: Sendable>(
    capacity: Int = 4,
    produce: @escaping @Sendable (_ hand: (consuming Value) -> Void) throws -> Result,
    consume: (consuming Value) -> Void
  ) throws -> Result {
    let queue = HandOver<Value, Result>(capacity: capacity)
    let thread = Thread {
      let outcome = Swift.Result { try produce { queue.put(consume $0) } }
      queue.finish(outcome)
    }
    thread.start()
    while true {
      switch queue.take() {
      case .value(let value): consume(consume value)
      case .finished(let outcome): return try outcome.get()
      }
    }
  }
}

/// The values between the two threads of ``DecodingAhead``, and then how the producer ended.
private final class HandOver<Value: Sendable, Result: Sendable>: @unchecked Sendable {
  enum Item {
    case value(Value)
    case finished(Swift.Result<Result, any Error>)
  }

  private let condition = NSCondition()
  private let capacity: Int
  // Guarded by `condition`.
  private var waiting: [Value] = []
  private var outcome: Swift.Result<Result, any Error>?

  init(capacity: Int) { self.capacity = max(1, capacity) }

  /// Hands `value` over, waiting while `capacity` values are waiting already.
  func put(_ value: consuming Value) {
    condition.lock()
    defer { condition.unlock() }
    while waiting.count >= capacity { condition.wait() }
    waiting.append(value)
    condition.broadcast()
  }

  /// Ends the hand-over with how the producer ended.
  func finish(_ ending: Swift.Result<Result, any Error>) {
    condition.lock()
    defer { condition.unlock() }
    outcome = ending
    condition.broadcast()
  }

  /// The next value, or how the producer ended once every value has been taken.
  func take() -> Item {
    condition.lock()
    defer { condition.unlock() }
    while true {
      if !waiting.isEmpty {
        condition.broadcast()
        return .value(waiting.removeFirst())
      }
      if let outcome { return .finished(outcome) }
      condition.wait()
    }
  }
}
