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

/// A small, fast, seeded generator (SplitMix64), so random tests repeat exactly.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
