import Atomics
import Dispatch
import Foundation
import SceneTrace

/// A running recording: the buffer hooks append to, and the thread that writes it to a sink.
///
/// Hooks (``SceneTraceRecorder``) only append to the buffer: no lock, no I/O, no allocation per
/// event once running. The writer thread numbers the events, keeps their times in order, turns
/// drops into `trace.gap` events, applies redaction, writes to the sink, and flushes every
/// ``RecordingOptions/flushInterval``, on ``flush()``, when a scene enters the background, and at
/// ``close()``.
public final class Recording: @unchecked Sendable {
  private let queue: EventQueue
  private let options: RecordingOptions
  let clock: HookClock
  private let flushRequests = ManagedAtomic<Int>(0)
  private let wake = DispatchSemaphore(value: 0)
  private let flushes = NSCondition()
  private let finished = DispatchSemaphore(value: 0)
  /// The last flush request the writer has carried out, and whether everything reached the
  /// sink then; guarded by `flushes`.
  private var flushedRequest = 0
  private var lastFlushSucceeded = true
  /// Whether the writer closed the sink with every event in it.
  private let closedCleanly = ManagedAtomic<Bool>(false)
  /// The writer thread's own state.
  private var writer: Writer

  /// Opens `sink` and starts recording into it, the events stamped by the system's monotonic
  /// clock (its uptime, not counting sleep), which hooks read directly.
  public convenience init(
    sink: sending some TraceSink, options: RecordingOptions = RecordingOptions()
  ) throws(RecorderError) {
    try self.init(sink: sink, options: options, hookClock: .fastestSystem)
  }

  /// Opens `sink` and starts recording into it, the events stamped by `clock`.
  ///
  /// - Parameter clock: monotonic nanoseconds that stamp the events, for tests and simulations.
  ///   It is read only on the threads that call the hooks; the writer paces its flushes by the
  ///   system's clock. A step back of more than a second, or ahead of more than a year, is a
  ///   fault of the clock: the trace's times hold still across it, and it is reported
  ///   (``RecorderError/Code/clockFault``).
  public convenience init(
    sink: sending some TraceSink, options: RecordingOptions = RecordingOptions(),
    clock: @escaping @Sendable () -> UInt64
  ) throws(RecorderError) {
    try self.init(sink: sink, options: options, hookClock: .custom(clock))
  }

  /// Opens `sink` and starts recording into it, the events stamped by `clock`: how tests and
  /// the benchmark choose how hooks read the system clock.
  package init(
    sink: sending some TraceSink, options: RecordingOptions, hookClock clock: HookClock
  ) throws(RecorderError) {
    let position: TracePosition
    do {
      position = try sink.open()
    } catch {
      throw RecorderError(
        code: .openFailed, message: "the trace could not be opened; nothing is recorded",
        underlying: error)
    }
    self.queue = EventQueue(minimumCapacity: max(options.capacity, 2))
    self.options = options
    self.clock = clock
    self.writer = Writer(
      sink: sink, options: options, position: position, clock: clock, origin: clock.read())
    let thread = Thread { [self] in runWriter() }
    thread.name = "SceneTrace writer"
    thread.qualityOfService = .utility
    thread.start()
  }

  /// The hooks that record into this recording.
  public var recorder: SceneTraceRecorder { SceneTraceRecorder(recording: self) }

  /// What a hook needs of a recording: the recording, which keeps the buffer alive, the
  /// buffer's pointers and the settings hooks read. Each ``SceneTraceRecorder`` keeps a copy, so
  /// that a hook reaches the buffer without touching a reference count.
  struct Hooks: Sendable {
    /// The recording these hooks belong to: for the slow paths (a full buffer, a writer to
    /// wake, a clock of the app's own) and to keep `producer`'s memory alive.
    let recording: Recording
    /// The buffer.
    let producer: EventQueue.Producer
    /// Which clock hooks read: the system's, directly or through the time-stamp counter, or
    /// the app's, through the recording (a copy of the app's function here would be retained
    /// by every hook that copies these hooks).
    let clock: HookClock.Source
    /// Whether key presses keep their characters without a shortcut modifier.
    let recordsTypedText: Bool

    /// Appends an event with the clock's reading: one slot claimed, the payload moved into it;
    /// drops it (and counts the drop) when the buffer is full. Any thread; the writer turns
    /// readings into times.
    ///
    /// Kept out of line: the hook hands over the payload it built, its strings already retained,
    /// so no retain can be moved after the slot is published, when the writer may already have
    /// taken the event and released them.
    @inline(never)
    func record(_ payload: consuming Event.Payload) {
      let reading =
        switch clock {
        case .timestampCounter: TimestampCounter.read()
        case .system: HookClock.systemReading()
        case .app: recording.clock.read()
        }
      switch producer.claim() {
      case .claimed(let position):
        producer.publish(EventQueue.Record(reading: reading, payload: payload), at: position)
        if producer.consumerMaySleep { recording.wakeWriter() }
      case .full:
        recording.recordWhenFull(reading: reading, payload)
      case .closed:
        return
      }
    }
  }

  /// What hooks use of this recording.
  var hooks: Hooks {
    Hooks(
      recording: self, producer: queue.producer, clock: clock.source,
      recordsTypedText: options.recordsTypedText)
  }

  /// A hook found the buffer full: it waits for room when the options say so, and drops the
  /// event (counting the drop) otherwise, or once the recording closes.
  @inline(never)
  fileprivate func recordWhenFull(reading: UInt64, _ payload: consuming Event.Payload) {
    let producer = queue.producer
    while options.waitsWhenFull, !producer.isClosed {
      wake.signal()
      Thread.sleep(forTimeInterval: 0.000_1)
      if case .claimed(let position) = producer.claim() {
        producer.publish(EventQueue.Record(reading: reading, payload: payload), at: position)
        wakeWriter()
        return
      }
    }
    producer.countDrop()
  }

  /// Asks the writer to flush soon, without waiting: for a scene entering the background.
  func requestFlush() {
    flushRequests.wrappingIncrement(ordering: .sequentiallyConsistent)
    wake.signal()
  }

  /// Writes and flushes every event recorded before this call, waiting up to `timeout` seconds;
  /// returns whether they all reached the sink in time: false when the sink failed (they are
  /// kept and retried, up to a bound), when the recording gave up on the sink, or when the
  /// writer did not finish in time. A sink that is failing is tried again at once.
  @discardableResult
  public func flush(timeout: Double = 5) -> Bool {
    guard !queue.producer.isClosed else { return closedCleanly.load(ordering: .relaxed) }
    let request = flushRequests.wrappingIncrementThenLoad(ordering: .sequentiallyConsistent)
    wake.signal()
    let deadline = Date(timeIntervalSinceNow: timeout)
    flushes.lock()
    defer { flushes.unlock() }
    while flushedRequest < request {
      guard flushes.wait(until: deadline) else { break }
    }
    return flushedRequest >= request && lastFlushSucceeded
  }

  /// Writes every event recorded so far, flushes and closes the sink, and stops the writer.
  /// Hooks called afterwards record nothing. Waits up to `timeout` seconds; returns whether
  /// every event reached the sink and it closed cleanly, in time. A later call returns the
  /// same, once the writer has finished.
  @discardableResult
  public func close(timeout: Double = 10) -> Bool {
    guard queue.producer.close() else {
      return closedCleanly.load(ordering: .sequentiallyConsistent)
    }
    wake.signal()
    guard finished.wait(timeout: .now() + timeout) == .success else { return false }
    return closedCleanly.load(ordering: .sequentiallyConsistent)
  }

  /// How many events hooks have had to drop because the buffer was full.
  public var droppedEvents: Int { queue.producer.dropped }

  /// Wakes the writer if it sleeps and no other hook has woken it yet.
  @inline(never)
  fileprivate func wakeWriter() {
    if queue.producer.claimWake() { wake.signal() }
  }

  // MARK: The writer thread

  private func runWriter() {
    let interval = UInt64(max(options.flushInterval, 0.001) * 1e9)
    let uptime = { DispatchTime.now().uptimeNanoseconds }
    var lastFlush = uptime()
    while true {
      let request = flushRequests.load(ordering: .sequentiallyConsistent)
      let isClosing = queue.producer.isClosed
      let now = uptime()
      // A sink that works again at close takes what waited, so that the last events find room.
      if isClosing { writer.writePending(now: now, forced: true) }
      drainQueue()
      if isClosing {
        let clean = writer.close(now: now)
        closedCleanly.store(clean, ordering: .sequentiallyConsistent)
        finishFlushes(through: .max, succeeded: clean)
        finished.signal()
        return
      }
      let flushAsked = request > flushedRequest
      writer.writePending(now: now, forced: flushAsked)
      if flushAsked || now &- lastFlush >= interval {
        writer.flushIfNeeded(now: now, forced: flushAsked)
        lastFlush = now
      }
      if flushAsked { finishFlushes(through: request, succeeded: writer.isCaughtUp) }
      sleepUnlessWorkArrived(request: request, interval: interval)
    }
  }

  /// Tells the callers of `flush` up to `request` how it went.
  private func finishFlushes(through request: Int, succeeded: Bool) {
    flushes.lock()
    flushedRequest = max(flushedRequest, request)
    lastFlushSucceeded = succeeded
    flushes.broadcast()
    flushes.unlock()
  }

  /// Moves the published records, at most a buffer's worth so that the sink gets them in
  /// batches however fast hooks refill the buffer, into the writer's pending events, with a gap
  /// for drops.
  private func drainQueue() {
    let drops = queue.producer.dropped
    writer.anchorClock()
    for _ in 0..<queue.capacity {
      guard let record = queue.take() else { break }
      writer.append(record)
    }
    writer.noteDrops(total: drops)
  }

  private func sleepUnlessWorkArrived(request: Int, interval: UInt64) {
    queue.producer.setConsumerSleeps(true)
    let workArrived =
      queue.hasRecord || queue.producer.isClosed
      || flushRequests.load(ordering: .sequentiallyConsistent) != request
    if !workArrived {
      // A hook that publishes between the check and the wait wakes us; one that races the
      // check is picked up at the timeout at the latest, so nothing waits longer than that.
      _ = wake.wait(timeout: .now() + .nanoseconds(Int(min(interval, 50_000_000))))
    }
    queue.producer.setConsumerSleeps(false)
  }
}
