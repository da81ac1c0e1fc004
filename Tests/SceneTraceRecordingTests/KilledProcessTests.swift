import Foundation
import SceneTrace
import SceneTraceFile
import SceneTraceTestSupport
import Testing

/// A recording process killed with SIGKILL: no close, no last flush, a frame cut anywhere.
@Suite struct KilledProcessTests {
  /// The `record-until-killed` tool beside the test bundle in the build folder.
  private static let tool: URL = {
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent()
    while !FileManager.default.fileExists(
      atPath: folder.appendingPathComponent("record-until-killed").path),
      folder.pathComponents.count > 1
    {
      folder.deleteLastPathComponent()
    }
    return folder.appendingPathComponent("record-until-killed")
  }()

  @Test func aKilledRecordingYieldsEveryEventFlushedBeforeTheKill() throws {
    let path = TemporaryFile.url("killed", "sctrace").path
    let process = Process()
    process.executableURL = Self.tool
    process.arguments = [path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    var flushed = 0
    var pending = ""
    let deadline = Date(timeIntervalSinceNow: 30)
    while flushed < 20_000, Date() < deadline {
      let data = output.fileHandleForReading.availableData
      guard !data.isEmpty else { break }
      pending += String(decoding: data, as: UTF8.self)
      while let newline = pending.firstIndex(of: "\n") {
        let line = pending[..<newline]
        pending = String(pending[pending.index(after: newline)...])
        if line.hasPrefix("flushed "), let count = Int(line.dropFirst(8)) { flushed = count }
      }
    }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(flushed >= 20_000)

    let trace = try TraceFile.load(path: path)
    // Everything flushed is there, and what is there is exactly the recording's prefix.
    #expect(trace.events.count >= flushed)
    let labels = trace.events.map { event -> String in
      if case .appMark(let label) = event.payload { return label }
      return "?"
    }
    #expect(labels == (0..<trace.events.count).map { "m\($0)" })
    #expect(trace.events.map(\.seq) == Array(1...trace.events.count))
    // The file was never closed: no index, and the reader says so.
    #expect(!trace.isIntact)
  }
}
