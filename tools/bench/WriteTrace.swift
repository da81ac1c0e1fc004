import SceneTrace
import SceneTraceFile

// `bench --write-sctrace N PATH [--drag | --uuid] [--checkpoint-interval EVENTS]`: writes the
// seeded mixed session of N events (with `--uuid`, its sessions named by UUIDs; with `--drag`,
// the long pointer drags, whose replay keeps a small state and finds little) as a `.sctrace`
// file (zstd level 3 where libzstd is, checkpoints as the writer places them, or at the interval
// given, to see what spacing does to `bench --seek`), to measure the `replay` commands on long
// traces:
//
//   swift build -c release   # both products: `--product` builds only the last one named
//   .build/release/bench --write-sctrace 2000000 /tmp/mixed-2e6.sctrace
//   /usr/bin/time -v .build/release/replay check /tmp/mixed-2e6.sctrace > /dev/null
//
// docs/performance.md keeps the figures; the README, where the targets stand.

/// Runs the trace-writing mode when the arguments ask for it; false when they do not.
func runWriteTrace(_ arguments: [String]) throws -> Bool {
  guard let flag = arguments.firstIndex(of: "--write-sctrace") else { return false }
  guard flag + 2 < arguments.count, let count = Int(arguments[flag + 1]), count > 0 else {
    print("usage: bench --write-sctrace EVENTS PATH [--drag | --uuid] [--checkpoint-interval N]")
    return true
  }
  let path = arguments[flag + 2]
  var options = TraceWriter.Options()
  if arguments.contains("--checkpoint-interval") {
    guard let interval = option("--checkpoint-interval", in: arguments), interval > 0 else {
      print("--checkpoint-interval takes a number of events above 0")
      return true
    }
    options.checkpointInterval = interval
  }
  let identifiers: Workload.SessionNames = arguments.contains("--uuid") ? .uuid : .short
  let events =
    arguments.contains("--drag")
    ? Workload.longDrag(samples: count, pixelAligned: true)
    : Workload.mixedSession(events: count, sessionNames: identifiers)
  try writeSctrace(events, to: path, options: options)
  print("wrote \(count) events to \(path)")
  return true
}

/// Writes `events` to a `.sctrace` file at `path` as the recorder writes them (by default, the
/// writer's default options) and returns the file's size in bytes.
@discardableResult
func writeSctrace(
  _ events: [Event], to path: String, options: TraceWriter.Options = TraceWriter.Options()
) throws -> Int {
  let writer = try TraceWriter(
    header: TraceHeader(recorderVersion: "bench"), sink: try FileByteSink(path: path),
    options: options)
  for event in events { try writer.append(event) }
  try writer.close()
  return try TraceReader.fileSize(of: path)
}
