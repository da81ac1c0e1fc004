import Atomics
import SceneTrace

/// A bounded queue that many threads append to and one thread drains, in the order of the
/// appends, without locks and without allocating per record.
///
/// It is Dmitry Vyukov's bounded queue: each slot carries a sequence number that says whose turn
/// it is. A producer claims the next position with one compare-and-exchange, moves its record
/// into the slot, and publishes it by advancing the slot's sequence; the consumer takes slots in
/// position order and waits at a claimed slot until it is published, so records leave in the
/// order their positions were claimed: the order in which the hooks were called.
final class EventQueue: @unchecked Sendable {
  /// One recorded event, before it has a seq.
  struct Record {
    /// The recording clock's reading when the hook was called.
    var reading: UInt64
    /// What it recorded.
    var payload: Event.Payload
  }

  /// How many records the queue holds, a power of two.
  let capacity: Int
  private let mask: Int
  private let sequences: UnsafeMutablePointer<UnsafeAtomic<Int>.Storage>
  private let records: UnsafeMutablePointer<Record>
  private let tail = ManagedAtomic<Int>(0)
  /// The next position to drain; touched by the consumer only.
  private var head = 0

  /// Creates a queue of at least `minimumCapacity` records (rounded up to a power of two).
  init(minimumCapacity: Int) {
    var capacity = 2
    while capacity < minimumCapacity { capacity <<= 1 }
    self.capacity = capacity
    mask = capacity - 1
    sequences = .allocate(capacity: capacity)
    for position in 0..<capacity {
      (sequences + position).initialize(to: UnsafeAtomic<Int>.Storage(position))
    }
    records = .allocate(capacity: capacity)
    // Touch every page now, so that the first lap of hooks does not take the page faults.
    let bytes = capacity * MemoryLayout<Record>.stride
    UnsafeMutableRawPointer(records).initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
    UnsafeMutableRawPointer(records).bindMemory(to: Record.self, capacity: capacity)
  }

  deinit {
    while take() != nil {}
    for position in 0..<capacity {
      _ = (sequences + position).pointee.dispose()
    }
    sequences.deinitialize(count: capacity)
    sequences.deallocate()
    records.deallocate()
  }

  /// Appends `record`; returns false, leaving the queue unchanged, when it is full. Any thread.
  func append(_ record: Record) -> Bool {
    var position = tail.load(ordering: .relaxed)
    while true {
      let sequence = slot(position).load(ordering: .acquiring)
      if sequence == position {
        let (claimed, current) = tail.weakCompareExchange(
          expected: position, desired: position &+ 1, ordering: .relaxed)
        if claimed {
          (records + (position & mask)).initialize(to: record)
          slot(position).store(position &+ 1, ordering: .releasing)
          return true
        }
        position = current
      } else if sequence < position {
        // The slot still holds the record of the previous lap: the queue is full.
        return false
      } else {
        position = tail.load(ordering: .relaxed)
      }
    }
  }

  /// Removes the oldest record if it has been published. The consumer thread only.
  func take() -> Record? {
    let position = head
    guard slot(position).load(ordering: .acquiring) == position &+ 1 else { return nil }
    let record = (records + (position & mask)).move()
    slot(position).store(position &+ capacity, ordering: .releasing)
    head = position &+ 1
    return record
  }

  /// Whether a record is waiting at the head. The consumer thread only.
  var hasRecord: Bool {
    slot(head).load(ordering: .acquiring) == head &+ 1
  }

  private func slot(_ position: Int) -> UnsafeAtomic<Int> {
    UnsafeAtomic(at: sequences + (position & mask))
  }
}
