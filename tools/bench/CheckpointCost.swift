import SceneTrace
import SceneTraceFile

// The cost of reading a checkpoint: the state's canonical JSON decoded into a `TraceState`, and
// the whole read that `replay state --at` does first (find the record, decompress its zstd
// frame, check the digest, decode), on the state at the end of a mixed session.

/// Prints the time to decode one checkpoint's state, and to read one from a `.sctrace`.
func printCheckpointCost(events: [Event], reads: Int = 200) throws {
  let state = Replay.run(events).state
  let json = state.canonicalJSON()
  let decode = try seconds {
    for _ in 0..<reads { _ = try TraceState(canonicalJSON: json) }
  }
  let file = try sctrace(
    events, TraceWriter.Compression.isZstdAvailable ? .zstd(level: 3) : .uncompressed)
  let reader = try TraceReader(bytes: file, path: "bench")
  guard let last = reader.index.checkpoints.last else { fatalError("the trace has no checkpoint") }
  let read = try seconds {
    for _ in 0..<reads { _ = try reader.checkpoint(last) }
  }
  let sessions = state.sessions.count
  print("")
  print("checkpoint read (state of \(sessions) sessions, \(json.count) bytes of JSON)")
  print("  decode the state's JSON      \(format(decode / Double(reads) * 1e6, digits: 1)) µs")
  print("  read a checkpoint (.sctrace) \(format(read / Double(reads) * 1e6, digits: 1)) µs")
}
