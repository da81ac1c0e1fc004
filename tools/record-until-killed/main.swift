// Records `mark` events through SceneTraceRecording into a .sctrace file until it is killed,
// printing `flushed N` each time the first N events are flushed. The recorder's tests kill it
// with SIGKILL and check that the file yields every flushed event.
//
//   record-until-killed OUT.sctrace
import Foundation
import SceneTraceRecording

guard CommandLine.arguments.count == 2 else {
  FileHandle.standardError.write(Data("usage: record-until-killed OUT.sctrace\n".utf8))
  exit(2)
}
let path = CommandLine.arguments[1]
do {
  let recording = try Recording(sink: TraceFileSink(path: path))
  let recorder = recording.recorder
  var count = 0
  while true {
    for _ in 0..<500 {
      recorder.mark("m\(count)")
      count += 1
    }
    if recording.flush() {
      FileHandle.standardOutput.write(Data("flushed \(count)\n".utf8))
    }
  }
} catch {
  FileHandle.standardError.write(Data("record-until-killed: \(error)\n".utf8))
  exit(1)
}
