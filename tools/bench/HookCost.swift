import Dispatch
import Foundation
import SceneTrace
import SceneTraceRecording

// The cost of a hook on the calling thread, against the obvious alternative: one JSONEncoder
// line per event written to a file handle. Each call is timed alone, so the median and the 99th
// percentile say what the app's thread pays; the clock's own cost is measured and shown. Then
// the hook again, timed 1000 calls at a time as package-benchmark times it, without the pair
// of clock reads in each call's figure.

/// A sink that keeps nothing: the hook's cost without the writer's work on the file.
final class DiscardingSink: TraceSink {
  func open() throws -> TracePosition { .start }
  func write(_ events: [Event]) throws {}
  func flush() throws {}
  func close() throws {}
}

/// What a developer writing their own logging would encode per event.
struct LoggedPointerEvent: Codable {
  var type: String
  var session: String
  var phase: String
  var x: Double
  var y: Double
  var t: Double
}

/// The median and 99th percentile of `samples` (nanoseconds).
func percentiles<Sample: Comparable>(_ samples: [Sample]) -> (median: Sample, p99: Sample) {
  let sorted = samples.sorted()
  return (sorted[sorted.count / 2], sorted[min(sorted.count - 1, sorted.count * 99 / 100)])
}

/// Times each of `calls` calls of `body` alone, after a warm-up.
func timeEachCall(_ calls: Int, _ body: (Int) throws -> Void) rethrows -> [UInt64] {
  for index in 0..<min(calls, 10_000) { try body(index) }
  var samples = [UInt64](repeating: 0, count: calls)
  for index in 0..<calls {
    let start = DispatchTime.now().uptimeNanoseconds
    try body(index)
    samples[index] = DispatchTime.now().uptimeNanoseconds &- start
  }
  return samples
}

/// Times `batches` runs of `size` calls of `body` each, after a warm-up: the nanoseconds a call
/// took in each run, the clock read once a run rather than twice a call (package-benchmark's
/// way, with its 1000 calls an iteration).
func timeBatches(_ batches: Int, size: Int, _ body: (Int) -> Void) -> [Double] {
  for index in 0..<min(batches * size, 10_000) { body(index) }
  var perCall = [Double](repeating: 0, count: batches)
  for batch in 0..<batches {
    let start = DispatchTime.now().uptimeNanoseconds
    for index in 0..<size { body(batch &* size &+ index) }
    perCall[batch] = Double(DispatchTime.now().uptimeNanoseconds &- start) / Double(size)
  }
  return perCall
}

/// The options of every recording the hook is timed on: a ring large enough that no call of a
/// run waits for the writer.
let hookRecordingOptions = {
  var options = RecordingOptions()
  options.capacity = 1 << 20
  return options
}()

/// Runs `body` on the hooks of a recording whose writer discards the events, once with a short
/// session id and once with a UUID, as UIKit names sessions (a string on the heap, not a
/// literal); `label` tells them apart. With `alsoReadingClockGettime`, where hooks read the
/// time-stamp counter, once more with a short session id on a recording whose hooks read the
/// clock as they do elsewhere, `clock_gettime`.
func withDiscardingRecordings(
  alsoReadingClockGettime: Bool = false,
  _ body: (_ label: String, _ session: String, _ hook: SceneTraceRecorder) throws -> Void
) throws {
  var runs: [(label: String, session: String, clock: HookClock)] = [
    ("", "S1", .fastestSystem), (", UUID session", UUID().uuidString, .fastestSystem),
  ]
  if alsoReadingClockGettime, TimestampCounter.keepsTheSystemClock {
    runs.append((", clock_gettime", "S1", .system))
  }
  for run in runs {
    let recording = try Recording(
      sink: DiscardingSink(), options: hookRecordingOptions, hookClock: run.clock)
    defer { recording.close() }
    try body(run.label, run.session, recording.recorder)
  }
}

/// The hook's time per call timed 1000 calls at a time: the median and 99th percentile of the
/// runs, in nanoseconds, with a short and a UUID session, and reading `clock_gettime` where
/// hooks read the time-stamp counter.
func hookCostInBatches(calls: Int) throws -> [(String, (median: Double, p99: Double))] {
  var rows: [(String, (median: Double, p99: Double))] = []
  try withDiscardingRecordings(alsoReadingClockGettime: true) { label, session, hook in
    let runs = timeBatches(calls / 1000, size: 1000) {
      hook.pointerDrag(session: session, phase: .changed, x: Double($0) / 4, y: 200)
    }
    rows.append(("SceneTrace hook, writer discarding\(label)", percentiles(runs)))
  }
  return rows
}

func hookCostRows(calls: Int) throws -> [(String, (median: UInt64, p99: UInt64))] {
  var rows: [(String, (median: UInt64, p99: UInt64))] = []
  rows.append(("the clock alone (in every row)", percentiles(timeEachCall(calls) { _ in })))

  let off = SceneTraceRecorder()
  rows.append(
    (
      "SceneTrace hook, nothing recording",
      percentiles(
        timeEachCall(calls) { off.pointerDrag(session: "S1", phase: .changed, x: Double($0), y: 2) }
      )
    ))

  try withDiscardingRecordings { label, session, hook in
    rows.append(
      (
        "SceneTrace hook, writer discarding\(label)",
        percentiles(
          timeEachCall(calls) {
            hook.pointerDrag(session: session, phase: .changed, x: Double($0) / 4, y: 200)
          })
      ))
  }

  let folder = FileManager.default.temporaryDirectory
  let tracePath = folder.appendingPathComponent("bench-hooks-\(UUID().uuidString).sctrace").path
  let file = try Recording(sink: TraceFileSink(path: tracePath), options: hookRecordingOptions)
  let fileHook = file.recorder
  rows.append(
    (
      "SceneTrace hook, writing .sctrace",
      percentiles(
        timeEachCall(calls) {
          fileHook.pointerDrag(session: "S1", phase: .changed, x: Double($0) / 4, y: 200)
        })
    ))
  file.close()

  let logPath = folder.appendingPathComponent("bench-hooks-\(UUID().uuidString).jsonl").path
  _ = FileManager.default.createFile(atPath: logPath, contents: nil)
  guard let handle = FileHandle(forWritingAtPath: logPath) else { return rows }
  let encoder = JSONEncoder()
  let newline = Data("\n".utf8)
  let origin = DispatchTime.now().uptimeNanoseconds
  rows.append(
    (
      "JSONEncoder line to a FileHandle",
      percentiles(
        try timeEachCall(calls) { index in
          let event = LoggedPointerEvent(
            type: "pointer.drag", session: "S1", phase: "changed", x: Double(index) / 4, y: 200,
            t: Double(DispatchTime.now().uptimeNanoseconds - origin) / 1e9)
          handle.write(try encoder.encode(event))
          handle.write(newline)
        })
    ))
  try handle.close()
  try? FileManager.default.removeItem(atPath: tracePath)
  try? FileManager.default.removeItem(atPath: logPath)
  return rows
}

func printHookCost(calls: Int) throws {
  let rows = try hookCostRows(calls: calls)
  let batched = try hookCostInBatches(calls: calls)
  let width = (rows.map(\.0) + batched.map(\.0)).map(\.count).max() ?? 0
  /// Prints `title`, then a row of each name with its median and 99th percentile.
  func table(_ title: String, _ rows: [(name: String, median: String, p99: String)]) {
    print("\n" + title)
    print("".padding(toLength: width, withPad: " ", startingAt: 0) + "    median       p99")
    for row in rows {
      print(
        row.name.padding(toLength: width, withPad: " ", startingAt: 0)
          + String(repeating: " ", count: max(0, 10 - row.median.count)) + row.median
          + String(repeating: " ", count: max(0, 10 - row.p99.count)) + row.p99)
    }
  }
  table(
    "hook cost on the calling thread, \(calls) pointer.drag calls each (ns)",
    rows.map { ($0.0, String($0.1.median), String($0.1.p99)) })
  table(
    "per call, timed 1000 calls at a time (no clock pair per call), \(calls) calls (ns)",
    batched.map {
      ($0.0, String(format: "%.1f", $0.1.median), String(format: "%.1f", $0.1.p99))
    })
}
