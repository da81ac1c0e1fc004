import Benchmark
import Dispatch
import Foundation
import SceneTrace
import SceneTraceRecording

// What a hook costs the thread that calls it: time, allocations and reference counting per call,
// next to a JSONEncoder line per event written to a file, what an app's own logging would do.
// `swift package benchmark` in this folder runs them; `swift package benchmark thresholds check`
// also fails when a hook that should allocate nothing or count no reference does (the limits are
// in Thresholds/).
//
// The counters see the whole process, so the writer thread is kept out of the measurement: the
// sink parks it in its first write, and the buffer is large enough for every call measured.

/// A sink that holds the writer thread in its first write until the benchmark ends.
final class ParkingSink: TraceSink, @unchecked Sendable {
  private let parked = DispatchSemaphore(value: 0)
  private let released = DispatchSemaphore(value: 0)
  private let lock = NSLock()
  private var isReleased = false

  func open() throws -> TracePosition { .start }

  func write(_ events: [Event]) throws {
    lock.lock()
    let wait = !isReleased
    lock.unlock()
    guard wait else { return }
    parked.signal()
    released.wait()
  }

  func flush() throws {}
  func close() throws {}

  /// Waits until the writer is parked; false if it did not come within a few seconds.
  func waitUntilParked() -> Bool {
    parked.wait(timeout: .now() + 5) == .success
  }

  /// Lets the writer go on; later writes do not park.
  func release() {
    lock.lock()
    let wasReleased = isReleased
    isReleased = true
    lock.unlock()
    if !wasReleased { released.signal() }
  }
}

/// A recording whose writer is parked, for the length of one benchmark.
final class ParkedRecording: @unchecked Sendable {
  /// Calls each benchmark makes at most, warm-up included: the buffer's room.
  static let calls = 1 << 19

  private var sink: ParkingSink?
  private var recording: Recording?
  private(set) var recorder = SceneTraceRecorder()

  func start() throws {
    var options = RecordingOptions()
    options.capacity = Self.calls
    options.flushInterval = 3600
    let sink = ParkingSink()
    let recording = try Recording(sink: sink, options: options)
    recording.recorder.mark("the writer parks in its first write")
    guard sink.waitUntilParked() else {
      recording.close()
      throw CocoaError(.featureUnsupported)
    }
    self.sink = sink
    self.recording = recording
    recorder = recording.recorder
  }

  func stop() {
    sink?.release()
    recording?.close()
    if let dropped = recording?.droppedEvents, dropped > 0 {
      print("warning: \(dropped) calls found the buffer full; they measured a drop")
    }
    recorder = SceneTraceRecorder()
    recording = nil
    sink = nil
  }
}

/// What a developer writing their own logging would do: a JSONEncoder line per event, written to
/// a file.
final class JSONLog: @unchecked Sendable {
  /// What is encoded per event.
  struct Line: Codable {
    var type: String
    var session: String
    var t: Double
  }

  private var path = ""
  private var handle: FileHandle?
  private let encoder = JSONEncoder()
  private let newline = Data("\n".utf8)

  func open() throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("hook-cost-\(UUID().uuidString).jsonl").path
    guard FileManager.default.createFile(atPath: path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown)
    }
    handle = FileHandle(forWritingAtPath: path)
  }

  func write(session: String, _ index: Int) {
    let line = Line(type: "scene.didBecomeActive", session: session, t: Double(index))
    guard let handle, let bytes = try? encoder.encode(line) else { return }
    handle.write(bytes)
    handle.write(newline)
  }

  func close() {
    try? handle?.close()
    handle = nil
    try? FileManager.default.removeItem(atPath: path)
  }
}

// Swift 6.3's reference-counting hooks crash on Linux unless package-benchmark's
// RuntimeInterposer trait replaces them, which needs a package this one does not resolve: there,
// retains and releases per call are counted with callgrind instead (docs/performance.md, "The
// hook").
#if os(Linux) && compiler(<6.4)
  let referenceCounting: [BenchmarkMetric] = []
#else
  let referenceCounting: [BenchmarkMetric] = [.retainCount, .releaseCount]
#endif

let benchmarks: @Sendable () -> Void = {
  // 1000 calls an iteration, the counts shown per call; at most 400 iterations, so that every
  // call finds room in the buffer. Counts are checked per iteration: the harness's own dozen or
  // so allocations pass, one a call (1000) fails.
  let iterations = 400
  let underOneACall = BenchmarkThresholds(absolute: [.p90: 500])
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .instructions, .mallocCountTotal] + referenceCounting,
    timeUnits: .nanoseconds,
    warmupIterations: 10,
    scalingFactor: .kilo,
    maxDuration: .seconds(5),
    maxIterations: iterations,
    thresholds: [.mallocCountTotal: underOneACall].merging(
      referenceCounting.map { ($0, underOneACall) }, uniquingKeysWith: { first, _ in first })
  )

  let shortSession = "S1"
  let uuidSession = UUID().uuidString

  func hook(_ name: String, _ call: @escaping (SceneTraceRecorder, Int) -> Void) {
    let parked = ParkedRecording()
    Benchmark(
      name,
      closure: { benchmark in
        let recorder = parked.recorder
        for index in benchmark.scaledIterations { call(recorder, index) }
      },
      setup: { try parked.start() },
      teardown: { parked.stop() })
  }

  // Payloads of short strings only (up to 15 UTF-8 bytes are stored inline): no reference
  // counting at all.
  hook("sceneDidBecomeActive.shortID") { recorder, _ in
    recorder.sceneDidBecomeActive(session: shortSession)
  }
  // A UUID is a string on the heap: the event keeps it, one retain per call.
  hook("sceneDidBecomeActive.uuidID") { recorder, _ in
    recorder.sceneDidBecomeActive(session: uuidSession)
  }
  // `ModifierFlags` holds an array (empty here, the shared empty array): the event keeps it, and
  // the caller's default argument retains and releases it too.
  hook("pointerDrag.shortID") { recorder, index in
    recorder.pointerDrag(session: shortSession, phase: .changed, x: Double(index), y: 200)
  }

  Benchmark("sceneDidBecomeActive.notRecording") { benchmark in
    let recorder = SceneTraceRecorder()
    for _ in benchmark.scaledIterations {
      recorder.sceneDidBecomeActive(session: shortSession)
    }
  }

  let log = JSONLog()
  Benchmark(
    "JSONEncoder.lineToFileHandle",
    configuration: .init(thresholds: [:]),
    closure: { benchmark in
      for index in benchmark.scaledIterations { log.write(session: uuidSession, index) }
    },
    setup: { try log.open() },
    teardown: { log.close() })
}
