import Foundation
import Testing

@testable import ReplayCLI

/// `replay check` decodes frames on one thread and replays them on another: what is handed
/// over must arrive whole, in order, and before how the producer ended.
@Suite struct DecodingAheadTests {
  struct Damage: Error, Equatable { var afterValue: Int }

  @Test(arguments: [1, 2, 4])
  func everyValueArrivesInOrderBeforeTheResult(capacity: Int) throws {
    var received: [Int] = []
    let result = try DecodingAhead.run(capacity: capacity) { hand in
      for value in 0..<5_000 { hand(value) }
      return "done"
    } consume: { value in
      received.append(value)
    }
    #expect(result == "done")
    #expect(received == Array(0..<5_000))
  }

  @Test func anErrorArrivesAfterTheValuesHandedOverBeforeIt() {
    var received: [Int] = []
    #expect(throws: Damage(afterValue: 99)) {
      try DecodingAhead.run(capacity: 2) { hand in
        for value in 0..<100 { hand(value) }
        throw Damage(afterValue: 99)
      } consume: { value in
        received.append(value)
      }
    }
    #expect(received == Array(0..<100))
  }

  /// The producer waits while `capacity` values wait: it is never further ahead than that
  /// of what the consumer has taken.
  @Test func theProducerStaysWithinCapacity() throws {
    let capacity = 3
    let taken = Counter()
    let farthestAhead = try DecodingAhead.run(capacity: capacity) { hand in
      var farthest = 0
      for value in 1...500 {
        hand(value)
        farthest = max(farthest, value - taken.value)
      }
      return farthest
    } consume: { _ in
      taken.increment()
    }
    // The consumer counts a value once it holds it; the one it holds is not waiting.
    #expect(farthestAhead <= capacity + 1)
    #expect(taken.value == 500)
  }
}

/// A count two threads share.
private final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  var value: Int { lock.withLock { count } }

  func increment() { lock.withLock { count += 1 } }
}
