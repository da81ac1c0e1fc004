// Fuzzes the JSON readers: JSON Lines traces (plain and zstd-compressed, strictly and
// leniently), the stored state of a checkpoint, and a baseline of accepted findings. The seeds
// are the traces/ files and their states (see tools/fuzz).
import FuzzDriver
import SceneTrace
import SceneTraceFile

fuzz { bytes in
  for lenient in [false, true] {
    _ = try? TraceFile.decode(bytes, path: "input.jsonl", options: ReadOptions(lenient: lenient))
  }
  _ = try? TraceState(canonicalJSON: bytes)
  if let json = try? JSONValue(parsing: bytes) {
    _ = try? FindingBaseline(json: json, path: "input.json")
  }
}
