import Foundation
import Testing

@testable import SceneTraceFile

/// `replay check` and a seek decode frames on one thread and replay them on another: what is
/// handed over must arrive whole, in order, and before how the producer ended; a value worked
/// out ahead is what the work returns or throws, as often as it is asked for.
@Suite struct DecodingAheadTests {
  struct Damage: Error, Equatable { var afterValue: Int }

  @Test(arguments: [1, 2, 4])
  func everyValueArrivesInOrderBeforeTheResult(capacity: Int) throws {
    var received: [Int] = []
    let result = DecodingAhead.run(capacity: capacity) { hand in
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

  @Test func aProducerThatHandsNothingEndsAtOnce() throws {
    var received: [Int] = []
    let result = DecodingAhead.run(capacity: 1) { (_: (Int) -> Void) in
      42
    } consume: {
      received.append($0)
    }
    #expect(result == 42)
    #expect(received.isEmpty)
  }

  @Test func aValueWorkedOutAheadIsWhatTheWorkReturnsOrThrows() throws {
    let sum = WorkAhead { (1...1000).reduce(0, +) }
    #expect(sum.value() == 500_500)
    #expect(sum.value() == 500_500)
    let failing = WorkAhead { () throws(TraceError) -> Int in
      throw TraceError(code: .damagedTrace, message: "the frame is damaged")
    }
    #expect(throws: TraceError.self) { try failing.value() }
    guard case .failure(let error) = failing.outcome() else {
      Issue.record("the work threw")
      return
    }
    #expect(error.message == "the frame is damaged")
  }

  /// The producer waits while `capacity` values wait: it is never further ahead than that
  /// of what the consumer has taken.
  @Test func theProducerStaysWithinCapacity() throws {
    let capacity = 3
    let taken = Counter()
    let farthestAhead = DecodingAhead.run(capacity: capacity) { hand in
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

  @Test func pulledValuesArriveInOrderAndThenHowTheProducerEnded() throws {
    let reader = PulledAhead<Int, String, Damage>(capacity: 2) { hand throws(Damage) in
      for value in 0..<1_000 { _ = hand(value) }
      throw Damage(afterValue: 999)
    }
    var received: [Int] = []
    while let value = reader.next() { received.append(value) }
    #expect(received == Array(0..<1_000))
    #expect(throws: Damage(afterValue: 999)) { try reader.result() }
  }

  /// A reader let go while its producer still hands values on stops the producer: its next
  /// hand says so, and it ends rather than wait for a place no one will free. (Freed with
  /// values waiting, the semaphore that counts the places trapped in libdispatch.)
  @Test func aReaderLetGoStopsItsProducer() {
    let ended = DispatchSemaphore(value: 0)
    let handed = Handed()
    var reader: PulledAhead<Int, Void, Never>? = PulledAhead(capacity: 2) { hand in
      var count = 0
      while count < 1_000_000, hand(count) { count += 1 }
      handed.count = count
      ended.signal()
    }
    #expect(reader?.next() == 0)
    #expect(reader?.next() == 1)
    reader = nil
    #expect(ended.wait(timeout: .now() + 30) == .success)
    #expect(handed.count < 1_000)
  }

  /// What a producer thread tells the test, read after it signalled.
  private final class Handed: @unchecked Sendable {
    var count = 0
  }
}

/// A count two threads share.
private final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  var value: Int { lock.withLock { count } }

  func increment() { lock.withLock { count += 1 } }
}
