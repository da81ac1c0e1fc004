// tools/bench: bytes per event and throughput of .sctrace against JSON Lines, side by side, on
// seeded workloads. Run it in release: `swift run -c release bench`. Never a timed test.
// `bench --profile-replay N [--uuid]` replays one mixed session for callgrind: the command that
// gives the replay's instructions per event is in ReplayProfile.swift, with `--profile-decode`
// for the decoder's; `--profile-hooks` does
// the same for a hook (HookProfile.swift). `bench --hook-cost` prints the hook's cost alone,
// `bench --writer-cost` what the checkpoints cost the writer thread (WriterCost.swift).
// `bench --write-sctrace N PATH` writes the mixed session of N events as a `.sctrace` file (see
// WriteTrace.swift). `bench --info` times what `replay info` reads, from the index and in full
// (InfoCost.swift). `bench --seek PATH` times random `state --at` seeks in process
// (SeekCost.swift). `bench --scaling [--sizes N,N] [--json PATH]` measures how each cost of
// `replay check` grows from 10^4 to 10^6 events and writes it as JSON that
// `tools/check-bench-scaling` checks (Scaling.swift). `bench --corners` replays the traces that
// once made the rules' memory superlinear at two sizes and says whether each is linear
// (Corners.swift).

import Foundation
import SceneTrace
import SceneTraceFile

if try runReplayProfile(CommandLine.arguments) { exit(0) }
if try runWriteTrace(CommandLine.arguments) { exit(0) }
if try runSeekCost(CommandLine.arguments) { exit(0) }
if try runScaling(CommandLine.arguments) { exit(0) }
if try runCorners(CommandLine.arguments) { exit(0) }
if try runHookProfile(CommandLine.arguments) { exit(0) }
if CommandLine.arguments.contains("--writer-cost") {
  try printWriterCost("mixed session", events: Workload.mixedSession(events: 100_000))
  try printWriterCost(
    "mixed, UUID sessions", events: Workload.mixedSession(events: 100_000, sessionNames: .uuid))
  try printWriterCost("long drag", events: Workload.longDrag(samples: 100_000, pixelAligned: true))
  exit(0)
}
if CommandLine.arguments.contains("--hook-cost") {
  try printHookCost(calls: 200_000)
  exit(0)
}
if CommandLine.arguments.contains("--info") {
  try printInfoCost()
  exit(0)
}

/// The best of `runs` timings of `body`, in seconds.
func seconds(runs: Int = 3, _ body: () throws -> Void) rethrows -> Double {
  var best = Double.infinity
  for _ in 0..<runs {
    let start = MonotonicClock.now()
    try body()
    best = min(best, Double(MonotonicClock.now() - start) / 1e9)
  }
  return best
}

/// Writes `bytes` to a `.sctrace` file of this process's in the temporary folder, hands `body`
/// its path, and removes it after.
func withTemporaryFile<Result>(
  holding bytes: [UInt8], named name: String, _ body: (String) throws -> Result
) throws -> Result {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent(
    "\(name)-\(getpid()).sctrace"
  ).path
  try Data(bytes).write(to: URL(fileURLWithPath: path))
  defer { try? FileManager.default.removeItem(atPath: path) }
  return try body(path)
}

/// The text after `name` in `arguments`, if any.
func argument(after name: String, in arguments: [String]) -> String? {
  guard let at = arguments.firstIndex(of: name), at + 1 < arguments.count else { return nil }
  return arguments[at + 1]
}

/// The integer after `name` in `arguments`, if any.
func option(_ name: String, in arguments: [String]) -> Int? {
  argument(after: name, in: arguments).flatMap { Int($0) }
}

/// One column of the report.
struct Measurement {
  var name: String
  var events: Int
  var rows: [(String, String)] = []
}

func format(_ value: Double, digits: Int = 2) -> String {
  guard value.isFinite else { return "n/a" }
  var scale = 1.0
  for _ in 0..<digits { scale *= 10 }
  let scaled = Int((value * scale).rounded())
  let whole = String(scaled / Int(scale))
  let fraction = String(scaled % Int(scale))
  return digits == 0
    ? whole : "\(whole).\(String(repeating: "0", count: digits - fraction.count))\(fraction)"
}

func rate(_ events: Int, _ time: Double) -> String {
  "\(format(Double(events) / time / 1e6, digits: 2)) M/s"
}

func sctrace(
  _ events: [Event], _ compression: TraceWriter.Compression, checkpoints: Bool = true,
  checkpointInterval: Int? = TraceWriter.Options().checkpointInterval,
  eventsPerFrame: Int = TraceWriter.Options().eventsPerFrame
) throws -> [UInt8] {
  var options = TraceWriter.Options()
  options.compression = compression
  options.eventsPerFrame = eventsPerFrame
  options.checkpointInterval = checkpoints ? checkpointInterval : nil
  let sink = MemoryByteSink()
  let writer = try TraceWriter(
    header: TraceHeader(recorderVersion: "bench"), sink: sink, options: options)
  for event in events { try writer.append(event) }
  try writer.close()
  return sink.bytes
}

func measure(_ name: String, _ events: [Event]) throws -> Measurement {
  var column = Measurement(name: name, events: events.count)
  let count = Double(events.count)
  let perEvent = { (bytes: Int) in format(Double(bytes) / count) }
  let zstd = TraceWriter.Compression.isZstdAvailable

  let level3 = try sctrace(events, zstd ? .zstd(level: 3) : .uncompressed)
  let level19 = zstd ? try sctrace(events, .zstd(level: 19)) : []
  let raw = try sctrace(events, .uncompressed)
  var text = ""
  let jsonWrite = seconds {
    text = ""
    text.reserveCapacity(events.count * 96)
    for event in events {
      text += event.jsonLine
      text += "\n"
    }
  }
  let json = Array(text.utf8)
  let json19 = zstd ? try ZstdFrame.compress(json, level: 19) : []

  column.rows.append(("bytes/event", ""))
  column.rows.append(("  .sctrace, zstd 3 (recorder)", perEvent(level3.count)))
  // What frames that decode alone cost: the same file with frames 16 times as long (up to the
  // writer's 1 MiB of content), whose string tables and delta bases start empty less often.
  let longFrames = try sctrace(
    events, zstd ? .zstd(level: 3) : .uncompressed, eventsPerFrame: 65_536)
  column.rows.append(("    frames of 64K events", perEvent(longFrames.count)))
  column.rows.append(("  .sctrace, zstd 19 (import)", zstd ? perEvent(level19.count) : "n/a"))
  column.rows.append(("  .sctrace, raw blocks (iOS)", perEvent(raw.count)))
  column.rows.append(("  JSON Lines", perEvent(json.count)))
  column.rows.append(("  JSON Lines, zstd -19", zstd ? perEvent(json19.count) : "n/a"))
  column.rows.append(
    (
      "  zstd -19 JSONL / .sctrace 19",
      zstd ? format(Double(json19.count) / Double(level19.count)) + "×" : "n/a"
    ))

  // Throughput: events per second, best of three.
  let write3 = try seconds { _ = try sctrace(events, zstd ? .zstd(level: 3) : .uncompressed) }
  let write3Bare = try seconds {
    _ = try sctrace(events, zstd ? .zstd(level: 3) : .uncompressed, checkpoints: false)
  }
  let writeRaw = try seconds { _ = try sctrace(events, .uncompressed, checkpoints: false) }
  var decoded: [Event] = []
  let read3 = try seconds {
    decoded = try TraceFile.decode(level3, path: "bench", options: .onOneThread).events
  }
  guard decoded == events else { fatalError("the .sctrace did not read back as written") }
  let readRaw = try seconds {
    _ = try TraceFile.decode(raw, path: "bench", options: .onOneThread)
  }
  let readJSON = try seconds { _ = try TraceFile.decodeJSONLines(json, path: "bench") }
  let readJSON19 = zstd ? try seconds { _ = try TraceFile.decode(json19, path: "bench") } : .nan
  // Each event moved into the reducer and destroyed after it, as `replay check` replays: each
  // run takes a batch of its own, so that nothing else holds the events it moves.
  var batches = (0..<3).map { _ in events.map { $0 } }
  let replay = seconds(runs: batches.count) {
    var batch = batches.removeLast()
    var replay = Replay()
    replay.apply(moving: &batch)
    replay.finish()
  }
  // `check`'s work in process: the file streamed and replayed on one thread; then with its
  // frames decoded ahead on the machine's other cores, as `replay check` reads.
  let (checkWork, checkWorkAhead) = try withTemporaryFile(
    holding: level3, named: "bench-check-work"
  ) { path in
    (
      try seconds { try streamAndReplay(path) },
      try seconds { try streamAndReplay(path, options: ReadOptions()) }
    )
  }
  var decodedLines = 0
  let codable = try seconds { decodedLines = try decodeWithCodable(json) }
  guard decodedLines == events.count else { fatalError("JSONDecoder read \(decodedLines)") }

  column.rows.append(("throughput (events/s)", ""))
  column.rows.append(("  write .sctrace zstd 3", rate(events.count, write3)))
  column.rows.append(("    without checkpoints", rate(events.count, write3Bare)))
  column.rows.append(("  write .sctrace raw blocks", rate(events.count, writeRaw)))
  column.rows.append(("  read .sctrace zstd 3", rate(events.count, read3)))
  column.rows.append(("  read .sctrace raw blocks", rate(events.count, readRaw)))
  column.rows.append(("  write JSON Lines (jsonLine)", rate(events.count, jsonWrite)))
  column.rows.append(("  read JSON Lines", rate(events.count, readJSON)))
  column.rows.append(("  read JSON Lines, zstd -19", zstd ? rate(events.count, readJSON19) : "n/a"))
  column.rows.append(("  replay events (reducer alone)", rate(events.count, replay)))
  column.rows.append(("  Codable + JSONDecoder, per line", rate(events.count, codable)))
  column.rows.append(("  stream .sctrace + replay (check's work)", rate(events.count, checkWork)))
  column.rows.append(("    frames decoded ahead on every core", rate(events.count, checkWorkAhead)))
  // How many times faster `check`'s work (decode and reduce) is than that plain decoding; and
  // the same for the whole file decoded into events and replayed as events.
  column.rows.append(
    ("  stream .sctrace + replay, × Codable", format(codable / checkWork) + "×"))
  column.rows.append(
    ("  read .sctrace + replay events, × Codable", format(codable / (read3 + replay)) + "×"))
  return column
}

/// Streams the `.sctrace` file at `path` and replays it on this thread, as `replay check` does
/// without its decoding threads: a frame at a time, in batches whose pointer samples are plain
/// values (`TraceFile.streamBatches`, `Replay.apply(moving:)`), then the finish step. Kept out
/// of line so that callgrind can count it alone (`bench --profile-check`). With `options` that
/// decode frames ahead (the default ones), the frames are decoded on other threads too.
@inline(never)
func streamAndReplay(_ path: String, options: ReadOptions = .onOneThread) throws {
  var replay = Replay()
  _ = try TraceFile.streamBatches(joining: [path], options: options) {
    (batch: consuming EventBatch) in
    replay.apply(moving: &batch)
    return true
  }
  replay.finish()
}

let columns = try [
  measure("long drag, 0.5 pt grid", Workload.longDrag(samples: 100_000, pixelAligned: true)),
  measure("long drag, any precision", Workload.longDrag(samples: 100_000, pixelAligned: false)),
  measure("mixed session", Workload.mixedSession(events: 100_000)),
  measure("mixed, UUID sessions", Workload.mixedSession(events: 100_000, sessionNames: .uuid)),
]

let labelWidth = columns[0].rows.map(\.0.count).max() ?? 0
let columnWidth = columns.map { max($0.name.count, 12) }.max() ?? 12
func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
  let padding = String(repeating: " ", count: max(0, width - text.count))
  return left ? padding + text : text + padding
}
print(
  pad("", labelWidth) + columns.map { "  " + pad($0.name, columnWidth, left: true) }.joined())
print(
  pad("events", labelWidth)
    + columns.map { "  " + pad(String($0.events), columnWidth, left: true) }.joined())
for (index, row) in columns[0].rows.enumerated() {
  print(
    pad(row.0, labelWidth)
      + columns.map { "  " + pad($0.rows[index].1, columnWidth, left: true) }.joined())
}

try printCheckpointCost(events: Workload.mixedSession(events: 100_000))
try printHookCost(calls: 200_000)
try printInfoCost()

extension ReadOptions {
  /// Options that read every frame on the reading thread, for figures of one core.
  static var onOneThread: ReadOptions {
    var options = ReadOptions()
    options.framesDecodedAhead = 0
    return options
  }
}
