import Atomics
import SceneTrace

/// A bounded queue that many threads append to and one thread drains, in the order of the
/// appends, without locks and without allocating per record.
///
/// It is Dmitry Vyukov's bounded queue: each slot carries a sequence number that says whose turn
/// it is. A producer claims the next position with one compare-and-exchange, writes its record
/// into the slot, and publishes it by advancing the slot's sequence; the consumer takes slots in
/// position order and waits at a claimed slot until it is published, so records leave in the
/// order their positions were claimed: the order in which the hooks were called.
///
/// Producers reach the queue through a ``Producer``: pointers into memory the queue owns, so that
/// a hook touches no reference count. The queue also keeps what hooks read and write besides the
/// slots (whether the recording is closed, how many records were dropped, whether the consumer
/// sleeps), each on a cache line of its own.
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
  /// What producers use of the queue; valid while the queue lives.
  let producer: Producer
  /// The next position to drain; touched by the consumer only.
  private var head = 0

  /// Creates a queue of at least `minimumCapacity` records (rounded up to a power of two).
  init(minimumCapacity: Int) {
    var capacity = 2
    while capacity < minimumCapacity { capacity <<= 1 }
    self.capacity = capacity
    producer = Producer(capacity: capacity)
  }

  deinit {
    while take() != nil {}
    producer.deallocate()
  }

  /// Removes the oldest record if it has been published. The consumer thread only.
  func take() -> Record? {
    let position = head
    guard producer.sequence(position).load(ordering: .acquiring) == position &+ 1 else {
      return nil
    }
    let record = producer.slot(position).move()
    producer.sequence(position).store(position &+ capacity, ordering: .releasing)
    head = position &+ 1
    return record
  }

  /// Whether a record is waiting at the head. The consumer thread only.
  var hasRecord: Bool {
    producer.sequence(head).load(ordering: .acquiring) == head &+ 1
  }
}

extension EventQueue {
  /// What a producer's claim got.
  enum Claim {
    /// The slot at this position, to write the record into with ``Producer/publish(_:at:)``.
    case claimed(Int)
    /// The queue is full.
    case full
    /// The queue is closed.
    case closed
  }

  /// The producers' view of a queue: the slots, their sequences, and the shared words hooks
  /// touch, as plain pointers. Copying it costs nothing and touches no reference count; it is
  /// valid while the queue that made it lives.
  struct Producer: @unchecked Sendable {
    /// The shared words, one per cache line: see ``Word``.
    private let words: UnsafeMutableRawPointer
    private let sequences: UnsafeMutablePointer<UnsafeAtomic<Int>.Storage>
    private let records: UnsafeMutablePointer<Record>
    private let mask: Int

    /// The shared words, each alone on its cache line so that the consumer's writes to one do
    /// not slow the producers' reads of another.
    private enum Word: Int, CaseIterable {
      /// The next position to claim.
      case tail
      /// 1 once the queue is closed: appends are refused.
      case closed
      /// How many records producers dropped.
      case dropped
      /// 1 while the consumer sleeps or is about to: a producer that publishes wakes it.
      case consumerSleeps

      static let lineSize = 64
    }

    fileprivate init(capacity: Int) {
      mask = capacity - 1
      let wordCount = Word.allCases.count
      words = .allocate(byteCount: wordCount * Word.lineSize, alignment: Word.lineSize)
      for word in Word.allCases {
        (words + word.rawValue * Word.lineSize)
          .initializeMemory(as: UnsafeAtomic<Int>.Storage.self, to: .init(0))
      }
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

    /// Frees the memory; the queue's records must have been taken.
    fileprivate func deallocate() {
      for position in 0...mask {
        _ = (sequences + position).pointee.dispose()
      }
      sequences.deinitialize(count: mask + 1)
      sequences.deallocate()
      records.deallocate()
      for word in Word.allCases {
        _ = (words + word.rawValue * Word.lineSize)
          .assumingMemoryBound(to: UnsafeAtomic<Int>.Storage.self).pointee.dispose()
      }
      words.deallocate()
    }

    /// Claims the next slot with one compare-and-exchange, unless the queue is full or closed.
    /// The producer must publish a record there at once. Any thread.
    @inline(__always)
    func claim() -> Claim {
      guard word(.closed).load(ordering: .relaxed) == 0 else { return .closed }
      let tail = word(.tail)
      var position = tail.load(ordering: .relaxed)
      while true {
        let sequence = sequence(position).load(ordering: .acquiring)
        if sequence == position {
          let (claimed, current) = tail.weakCompareExchange(
            expected: position, desired: position &+ 1, ordering: .relaxed)
          if claimed { return .claimed(position) }
          position = current
        } else if sequence < position {
          // The slot still holds the record of the previous lap: the queue is full.
          return .full
        } else {
          position = tail.load(ordering: .relaxed)
        }
      }
    }

    /// Moves the record into the claimed slot at `position` and hands it to the consumer.
    @inline(__always)
    func publish(_ record: consuming Record, at position: Int) {
      slot(position).initialize(to: record)
      sequence(position).store(position &+ 1, ordering: .releasing)
    }

    /// Whether the consumer sleeps, or is about to: then a producer that appended wakes it.
    @inline(__always)
    var consumerMaySleep: Bool { word(.consumerSleeps).load(ordering: .relaxed) != 0 }

    /// Says the consumer is about to sleep (true) or is awake (false). The consumer only.
    func setConsumerSleeps(_ sleeps: Bool) {
      word(.consumerSleeps).store(sleeps ? 1 : 0, ordering: .sequentiallyConsistent)
    }

    /// Clears the consumer's sleep flag; true for the one producer that cleared it, which then
    /// wakes the consumer.
    func claimWake() -> Bool {
      word(.consumerSleeps).compareExchange(expected: 1, desired: 0, ordering: .relaxed)
        .exchanged
    }

    /// Counts a record a producer dropped.
    func countDrop() {
      word(.dropped).wrappingIncrement(ordering: .relaxed)
    }

    /// How many records producers dropped.
    var dropped: Int { word(.dropped).load(ordering: .relaxed) }

    /// Closes the queue to appends; false when it was closed already.
    func close() -> Bool {
      word(.closed).exchange(1, ordering: .sequentiallyConsistent) == 0
    }

    /// Whether the queue is closed.
    var isClosed: Bool { word(.closed).load(ordering: .sequentiallyConsistent) != 0 }

    @inline(__always)
    private func word(_ word: Word) -> UnsafeAtomic<Int> {
      UnsafeAtomic(
        at: (words + word.rawValue * Word.lineSize)
          .assumingMemoryBound(to: UnsafeAtomic<Int>.Storage.self))
    }

    @inline(__always)
    fileprivate func sequence(_ position: Int) -> UnsafeAtomic<Int> {
      UnsafeAtomic(at: sequences + (position & mask))
    }

    @inline(__always)
    fileprivate func slot(_ position: Int) -> UnsafeMutablePointer<Record> {
      records + (position & mask)
    }
  }
}
