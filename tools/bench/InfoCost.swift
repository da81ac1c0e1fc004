import Foundation
import SceneTrace
import SceneTraceFile

// What `replay info` reads, on mixed sessions of 10^5, 10^6 and 10^7 events written as the
// recorder writes them: the header, the index and four frames spread through the file (what
// `info` answers from, with the size as JSON Lines estimated from those frames' events),
// against a full read of every frame (what `info --full` and older files take) at the smaller
// sizes; and what the writer's share of that summary costs an event. `bench --info` prints this
// alone; `bench --info --keep` keeps the files in `bench-info/` (and uses those already there),
// for timing `replay info` on them.

/// Prints the time to answer `info` from the index, and from a full read up to `fullReadLimit`
/// events.
func printInfoCost(sizes: [Int] = [100_000, 1_000_000, 10_000_000], fullReadLimit: Int = 1_000_000)
  throws
{
  let keep = CommandLine.arguments.contains("--keep")
  let directory =
    keep
    ? URL(fileURLWithPath: "bench-info")
    : FileManager.default.temporaryDirectory.appendingPathComponent("bench-info-\(getpid())")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { if !keep { try? FileManager.default.removeItem(at: directory) } }
  let events = Workload.mixedSession(events: 100_000)
  let perEvent = { (time: Double) in format(time / Double(events.count) * 1e9, digits: 1) }
  let write = try seconds { _ = try sctrace(events, .automatic) }
  let summary = seconds { _ = TraceIndex.Summary(of: events, contentByteCount: 0) }
  print("")
  print("index summary (mixed session, 100000 events)")
  print("  write .sctrace, zstd 3       \(perEvent(write)) ns/event")
  print("  of which the summary         \(perEvent(summary)) ns/event")
  print("")
  print("info (mixed session, zstd 3 with checkpoints, as the recorder writes it; best of 3)")
  print("  events        file     from the index   full read")
  for size in sizes {
    let path = directory.appendingPathComponent("mixed-\(size).sctrace").path
    let reused = keep ? try? TraceReader.fileSize(of: path) : nil
    let bytes = try reused ?? writeMixedSession(events: size, to: path)
    var sampled = 0
    let fromIndex = try seconds {
      guard case .indexed(let indexed) = try IndexedTrace.open(path: path, sampling: 4) else {
        fatalError("the file written has no summary")
      }
      // What `info` does with the decoded events: the size as JSON Lines of up to 2048.
      let step = max(1, indexed.sampledEvents.count / 2048)
      sampled = stride(from: 0, to: indexed.sampledEvents.count, by: step).reduce(0) {
        $0 + indexed.sampledEvents[$1].jsonLine.utf8.count + 1
      }
    }
    guard sampled > 0 else { fatalError("no event was decoded") }
    let full =
      size <= fullReadLimit
      ? try seconds(runs: 1) {
        let inspection = try TraceReader(path: path).inspect()
        _ = inspection.trace.events.reduce(0) { $0 + $1.jsonLine.utf8.count + 1 }
      } : .nan
    print(
      "  \(pad(String(size), 10, left: true))  \(pad("\(bytes / 1_000_000) MB", 8, left: true))"
        + "  \(pad(format(fromIndex * 1000, digits: 1) + " ms", 15, left: true))"
        + "  \(pad(full.isNaN ? "n/a" : format(full * 1000, digits: 0) + " ms", 10, left: true))")
  }
}

/// Writes the mixed session of `count` events to `path` and returns the file's size.
private func writeMixedSession(events count: Int, to path: String) throws -> Int {
  var options = TraceWriter.Options()
  options.compression = TraceWriter.Compression.automatic
  options.flushInterval = .max
  let sink = try FileByteSink(path: path)
  let writer = try TraceWriter(
    header: TraceHeader(recorderVersion: "bench"), sink: sink, options: options)
  try Workload.mixedSession(events: count) { chunk in
    for event in chunk { try writer.append(event) }
  }
  try writer.close()
  return try TraceReader.fileSize(of: path)
}
