import Foundation
import SceneTrace
import SceneTraceRecording

/// A sink that keeps what it is given, and can be told to fail or to stall: the faults that
/// `MemoryTraceSink`, the public in-memory sink, never has.
final class ControllableSink: TraceSink, @unchecked Sendable {
  private let lock = NSLock()
  private var written: [Event] = []
  private var flushCount = 0
  private var closed = false
  private var failing = false
  private let position: TracePosition
  /// While set, `write` waits for it: lets a test fill the recording's buffer.
  let gate = DispatchSemaphore(value: 0)
  private let gated: Bool

  struct Failure: Error {}

  init(position: TracePosition = .start, gated: Bool = false) {
    self.position = position
    self.gated = gated
  }

  /// While true, `write` throws, as a full disk would.
  var isFailing: Bool {
    get {
      lock.lock()
      defer { lock.unlock() }
      return failing
    }
    set {
      lock.lock()
      failing = newValue
      lock.unlock()
    }
  }

  func open() throws -> TracePosition { position }

  func write(_ events: [Event]) throws {
    if gated { gate.wait() }
    lock.lock()
    defer { lock.unlock() }
    if failing { throw Failure() }
    written += events
  }

  func flush() throws {
    lock.lock()
    flushCount += 1
    lock.unlock()
  }

  func close() throws {
    lock.lock()
    closed = true
    lock.unlock()
  }

  var events: [Event] {
    lock.lock()
    defer { lock.unlock() }
    return written
  }

  var flushes: Int {
    lock.lock()
    defer { lock.unlock() }
    return flushCount
  }

  var isClosed: Bool {
    lock.lock()
    defer { lock.unlock() }
    return closed
  }
}

/// A clock the test moves by hand.
final class ManualClock: @unchecked Sendable {
  private let lock = NSLock()
  private var now: UInt64 = 1_000

  func read() -> UInt64 {
    lock.lock()
    defer { lock.unlock() }
    return now
  }

  func advance(nanoseconds: UInt64) {
    lock.lock()
    now += nanoseconds
    lock.unlock()
  }
}

/// Errors the recording reported.
final class ErrorLog: @unchecked Sendable {
  private let lock = NSLock()
  private var errors: [RecorderError] = []

  func append(_ error: RecorderError) {
    lock.lock()
    errors.append(error)
    lock.unlock()
  }

  var codes: [RecorderError.Code] {
    lock.lock()
    defer { lock.unlock() }
    return errors.map(\.code)
  }
}
