import Foundation
import SceneTrace
import SceneTraceFile
import SceneTraceRecording
import SceneTraceTestSupport
import Testing

/// Launches that append to the trace file of the launches before them.
@Suite struct AppendingTests {
  private func path() -> String {
    TemporaryFile.url("appending", "sctrace").path
  }

  private func launch(_ name: String, marks: Int, into sink: TraceFileSink) throws {
    let recording = try Recording(sink: sink)
    recording.recorder.applicationWillFinishLaunching(launch: name)
    for index in 0..<marks { recording.recorder.mark("\(name)-\(index)") }
    recording.close()
  }

  @Test func launchesAppendedToOneFileReadAsOneTraceAndVerify() throws {
    let file = path()
    try launch(
      "L1", marks: 300, into: TraceFileSink(path: file, mode: .appending, checkpointInterval: 100))
    try launch(
      "L2", marks: 300, into: TraceFileSink(path: file, mode: .appending, checkpointInterval: 100))
    try launch("L3", marks: 10, into: TraceFileSink(path: file, mode: .appending))
    let inspection = try TraceReader(path: file).inspect(checkingCheckpoints: true)
    #expect(inspection.isIntact)
    #expect(!inspection.checkpoints.isEmpty)
    #expect(inspection.checkpoints.allSatisfy { $0.status == .matches })
    let events = inspection.trace.events
    #expect(events.map(\.seq) == Array(1...613))
    let launches = events.compactMap { event -> String? in
      if case .appLaunch(let launch, _, _, _, _, _) = event.payload { return launch }
      return nil
    }
    #expect(launches == ["L1", "L2", "L3"])
    #expect(zip(events, events.dropFirst()).allSatisfy { $0.time <= $1.time })
    let zstd = Process()
    zstd.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    zstd.arguments = ["zstd", "-t", "-q", file]
    try zstd.run()
    zstd.waitUntilExit()
    #expect(zstd.terminationStatus == 0)
  }

  @Test func appendingToAFileCutByAKillKeepsEveryEventItHeld() throws {
    let file = path()
    // The first launch is killed: flushed, never closed.
    let writer = try TraceWriter(
      header: TraceHeader(recorderVersion: "test"), sink: try FileByteSink(path: file))
    try writer.append(Event(seq: 1, time: .zero, .appLaunch(launch: "L1")))
    for seq in 2...50 {
      try writer.append(
        Event(seq: seq, time: TraceTime(milliseconds: Int64(seq)), .appMark(label: "m\(seq)")))
    }
    try writer.flush()
    #expect(try !TraceFile.load(path: file).isIntact)

    let sink = TraceFileSink(path: file, mode: .appending)
    try launch("L2", marks: 5, into: sink)
    #expect(sink.repairedDamage != nil)
    let trace = try TraceFile.load(path: file)
    #expect(trace.isIntact)
    #expect(trace.events.map(\.seq) == Array(1...56))
    #expect(trace.events[49].payload == .appMark(label: "m50"))
    #expect(trace.events[50].payload == .appLaunch(launch: "L2"))
    #expect(!FileManager.default.fileExists(atPath: file + ".rewriting"))
  }

  @Test func appendingToAFileThatIsNotATraceIsRefused() throws {
    let file = path()
    try Data("{\"type\":\"app.terminate\"}\n".utf8).write(to: URL(fileURLWithPath: file))
    #expect(throws: RecorderError.self) {
      try Recording(sink: TraceFileSink(path: file, mode: .appending))
    }
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "{\"type\":\"app.terminate\"}\n")
  }
}
