import SceneTrace
import SceneTraceFile

/// Reads `text` as a JSON Lines file named `t.jsonl`.
func decode(_ text: String, lenient: Bool = false) throws(TraceError) -> LoadedTrace {
  try TraceFile.decodeJSONLines(
    Array(text.utf8), path: "t.jsonl", options: ReadOptions(lenient: lenient))
}

/// The error reading `bytes` gives, or nil when it reads.
func readError(_ bytes: [UInt8], lenient: Bool = false) -> TraceError? {
  do {
    _ = try TraceFile.decode(bytes, path: "t.jsonl", options: ReadOptions(lenient: lenient))
    return nil
  } catch {
    return error
  }
}

/// The error reading `text` gives, or nil when it reads.
func readError(_ text: String, lenient: Bool = false) -> TraceError? {
  readError(Array(text.utf8), lenient: lenient)
}

/// The time of the only event of a one-line file whose `"t"` is `literal`.
func nanoseconds(ofTime literal: String) throws(TraceError) -> Int64 {
  try decode("{\"t\":\(literal),\"type\":\"app.terminate\"}\n").events[0].time.nanoseconds
}
