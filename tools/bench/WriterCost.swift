import SceneTrace
import SceneTraceFile

// What the checkpoints cost the recording's writer thread: a `.sctrace` written as
// `TraceFileSink` writes it (zstd 3, a checkpoint after each frame while the state is small),
// next to the same file without checkpoints, and with the reducer run on every event but no
// checkpoint written, which splits the checkpoints' cost into the replay they need and the
// states they encode.

/// Prints the writer's time per event with and without checkpoints, for `events`.
func printWriterCost(_ name: String, events: [Event]) throws {
  let compression: TraceWriter.Compression =
    TraceWriter.Compression.isZstdAvailable ? .zstd(level: 3) : .uncompressed
  let perEvent = { (seconds: Double) in seconds / Double(events.count) * 1e9 }
  let bare = perEvent(try seconds { _ = try sctrace(events, compression, checkpoints: false) })
  let reducing = perEvent(
    try seconds { _ = try sctrace(events, compression, checkpointInterval: .max / 2) })
  let full = perEvent(try seconds { _ = try sctrace(events, compression) })
  let share = { (part: Double) in format((part) / full * 100, digits: 0) + " %" }
  print("")
  print("writer thread, \(name), \(events.count) events (ns an event, best of 3)")
  print("  .sctrace zstd 3 with checkpoints    \(format(full, digits: 0))")
  print("    without checkpoints               \(format(bare, digits: 0))")
  print(
    "    the checkpoints' replay           \(format(reducing - bare, digits: 0))  "
      + share(reducing - bare))
  print(
    "    the checkpoints' states encoded   \(format(full - reducing, digits: 0))  "
      + share(full - reducing))
}
