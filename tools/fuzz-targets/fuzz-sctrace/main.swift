// Fuzzes the `.sctrace` reader as `replay` uses it: a whole read, the inspection `verify` and
// `info` make (checkpoints checked), a range of seqs through the index, and the state at an event
// from the latest checkpoint, strictly and leniently. The seeds are the traces/ files written as
// `.sctrace` (see tools/fuzz).
import FuzzDriver
import SceneTrace
import SceneTraceFile

fuzz { bytes in
  for lenient in [false, true] {
    let options = ReadOptions(lenient: lenient)
    _ = try? TraceFile.decode(bytes, path: "input", options: options)
    guard let reader = try? TraceReader(bytes: bytes, path: "input", options: options) else {
      continue
    }
    _ = try? reader.inspect(checkingCheckpoints: true)
    guard let last = reader.index.frames.last?.lastSeq, last >= 1 else { continue }
    // A file may claim any seq: stay within a window so one input stays quick.
    let middle = last / 2 + 1
    _ = try? reader.events(from: middle, through: min(last, middle &+ 64))
    _ = try? reader.replay(through: min(last, middle), finish: true)
  }
}
