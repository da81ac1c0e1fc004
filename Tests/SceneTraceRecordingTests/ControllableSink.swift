import Foundation
import SceneTrace
import SceneTraceRecording

/// A sink that keeps what it is given, and can be told to fail or to stall: the faults that
/// `MemoryTraceSink`, the public in-memory sink, never has.
final class ControllableSink: TraceSink, @unchecked Sendable {
  private let lock = NSLock()
  private var written: [Event] = []
  private var flushCount = 0
  private var writeCount = 0
  private var closed = false
  private var currentFaults = Faults()
  private let position: TracePosition
  /// While set, `write` waits for it: lets a test fill the recording's buffer.
  let gate = DispatchSemaphore(value: 0)
  private let gated: Bool

  struct Failure: Error {}

  init(position: TracePosition = .start, gated: Bool = false) {
    self.position = position
    self.gated = gated
  }

  /// What fails, on command.
  struct Faults {
    /// `write` throws, as on a full disk.
    var writes = false
    /// While `writes` fails, it first takes the first half of the events it has not taken yet:
    /// a write cut short.
    var writesPartly = false
    /// `flush` throws.
    var flushes = false
    /// `close` throws (and the sink is still closed).
    var close = false
  }

  /// What fails now; none at first.
  var faults: Faults {
    get { locked { currentFaults } }
    set { locked { currentFaults = newValue } }
  }

  func open() throws -> TracePosition { position }

  /// Takes the events it has not taken yet (by seq), as `TraceFileSink` does.
  func write(_ events: [Event]) throws {
    if gated { gate.wait() }
    try locked { () throws(Failure) in
      writeCount += 1
      let new = events.filter { $0.seq > (written.last?.seq ?? 0) }
      if currentFaults.writes {
        if currentFaults.writesPartly { written += new.prefix(new.count / 2) }
        throw Failure()
      }
      written += new
    }
  }

  func flush() throws {
    try locked { () throws(Failure) in
      flushCount += 1
      if currentFaults.flushes { throw Failure() }
    }
  }

  func close() throws {
    try locked { () throws(Failure) in
      closed = true
      if currentFaults.close { throw Failure() }
    }
  }

  /// How many times `write` was called.
  var writes: Int { locked { writeCount } }

  private func locked<T, E>(_ body: () throws(E) -> T) throws(E) -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  var events: [Event] { locked { written } }

  var flushes: Int { locked { flushCount } }

  var isClosed: Bool { locked { closed } }
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
    now &+= nanoseconds
    lock.unlock()
  }

  /// Moves the clock back, as a faulty clock would.
  func goBack(nanoseconds: UInt64) {
    lock.lock()
    now &-= nanoseconds
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

  var messages: [String] {
    lock.lock()
    defer { lock.unlock() }
    return errors.map(\.message)
  }

  /// The messages with the sink's errors.
  var descriptions: [String] {
    lock.lock()
    defer { lock.unlock() }
    return errors.map(\.description)
  }
}

extension RecordingOptions {
  /// Options for fault tests: errors go to `errors`, and the writer flushes, and tries a failing
  /// sink again, only when a flush asks, so that every try is the test's.
  static func drivenByFlushes(
    reportingTo errors: ErrorLog, capacity: Int = 16_384, attempts: Int = 30
  ) -> RecordingOptions {
    var options = RecordingOptions()
    options.capacity = capacity
    options.flushInterval = 3_600
    options.retry.firstDelay = 3_600_000_000_000
    options.retry.longestDelay = 3_600_000_000_000
    options.retry.attempts = attempts
    options.onError = { errors.append($0) }
    return options
  }
}

extension [Event] {
  /// How many events the `trace.gap` events among these say were dropped.
  var droppedByGaps: Int {
    reduce(0) { total, event in
      if case .traceGap(let dropped) = event.payload { total + dropped } else { total }
    }
  }

  /// The `app.mark` events' labels.
  var markLabels: [String] {
    compactMap { event in
      if case .appMark(let label) = event.payload { label } else { nil }
    }
  }
}
