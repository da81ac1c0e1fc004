import Foundation
import SceneTraceFile
import SceneTraceTestSupport
import SceneTraceTesting
import Testing

/// The built `replay` executable, run as a user would run it, from the package root.
struct ReplayTool {
  /// What a run printed and how it exited.
  struct Result {
    var status: Int32
    var output: String
    var errors: String
  }

  /// The `replay` binary beside the test bundle in the build folder.
  static let executable: URL = {
    let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var folder = runner.deletingLastPathComponent()
    // On macOS the runner is inside SceneTracePackageTests.xctest/Contents/MacOS.
    while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("replay").path),
      folder.pathComponents.count > 1
    {
      folder.deleteLastPathComponent()
    }
    return folder.appendingPathComponent("replay")
  }()

  /// A fresh, empty temporary folder for one test.
  static func temporaryFolder() throws -> URL {
    let url = TemporaryFile.url("replay-tests")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The shipped traces: JSON Lines and `.sctrace`, in traces/ and traces/captured, by path
  /// from the package root.
  static func shippedTraces() throws -> [String] {
    try ["traces", "traces/captured"].flatMap { folder in
      try FileManager.default.contentsOfDirectory(atPath: folder)
        .filter { $0.hasSuffix(".jsonl") || $0.hasSuffix(".sctrace") }.sorted()
        .map { "\(folder)/\($0)" }
    }
  }

  /// A trace of two launches with a recorder drop of 50 events between them, in a fresh
  /// temporary file: scene `session` connects and enters the foreground (seqs 2, 3), a mark (4),
  /// the drop (5), the second launch (6), the scene again (7), a last mark (8).
  static func twoLaunchesWithADrop(session: String = "A") throws -> URL {
    let trace = try temporaryFolder().appendingPathComponent("two-launches.jsonl")
    let id = JSONValue.string(session).serialized()
    try """
    {"type":"app.launch","launch":"L1"}
    {"t":1,"type":"scene.willConnect","session":\(id),"role":"windowApplication"}
    {"t":2,"type":"scene.willEnterForeground","session":\(id)}
    {"t":8,"type":"app.mark","label":"before the gap"}
    {"t":10,"type":"trace.gap","dropped":50}
    {"t":20,"type":"app.launch","launch":"L2"}
    {"t":21,"type":"scene.willConnect","session":\(id),"role":"windowApplication"}
    {"t":40,"type":"app.mark","label":"end"}

    """.write(to: trace, atomically: true, encoding: .utf8)
    return trace
  }

  /// Runs `replay` with `arguments`, from the package root, feeding it nothing on standard input.
  static func run(_ arguments: String...) throws -> Result {
    try run(arguments)
  }

  /// Runs `replay` with `arguments`, from the package root, feeding it `input` on standard
  /// input (a pipe) when given, nothing otherwise, with `environment` added to this process's.
  /// Given `timeLimit` (seconds), a run still going then is killed, and its status is that of
  /// the signal: a hang fails the test rather than the whole run.
  static func run(
    _ arguments: [String], input: Data? = nil, environment: [String: String] = [:],
    timeLimit: Double? = nil
  ) throws -> Result {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    process.currentDirectoryURL = PackageFolders.root
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    let feed = input.map { _ in Pipe() }
    process.standardInput = feed ?? FileHandle.nullDevice
    try process.run()
    if let timeLimit {
      // Killed, not terminated: the child inherits the test thread's blocked signals, SIGTERM
      // among them.
      let pid = process.processIdentifier
      DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit) { [process] in
        if process.isRunning { kill(pid, SIGKILL) }
      }
    }
    if let feed, let input {
      // Written from another thread, so that a child that writes much before reading it all
      // cannot block with this thread.
      let writing = feed.fileHandleForWriting
      Thread.detachNewThread {
        try? writing.write(contentsOf: input)
        try? writing.close()
      }
    }
    // Read both pipes before waiting, so a large output cannot block the child.
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      output: String(decoding: outputData, as: UTF8.self),
      errors: String(decoding: errorData, as: UTF8.self))
  }
}

/// Golden files beside the traces (`traces/NAME.check.txt`), compared through SceneTraceTesting
/// and swift-snapshot-testing, so they follow its record modes: a missing golden is recorded and
/// the test fails; `SNAPSHOT_TESTING_RECORD=failed tools/test` re-records those that differ, on
/// purpose, never in CI.
enum Golden {
  /// Fails unless `value`, written by `strategy`, is the golden file at `path` (relative to the
  /// package root, named `NAME.KIND.txt`).
  static func expect<Value>(
    _ value: Value, as strategy: Snapshotting<Value, String>, matches path: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let url = PackageFolders.root.appendingPathComponent(path)
    let parts = url.lastPathComponent.split(separator: ".")
    guard parts.count == 3, parts[2] == "txt" else {
      Issue.record(
        "a golden file is named NAME.KIND.txt, not \(path)", sourceLocation: sourceLocation)
      return
    }
    let failure = verifySnapshot(
      of: value, as: strategy, named: String(parts[1]),
      snapshotDirectory: url.deletingLastPathComponent().path, testName: String(parts[0]))
    if let failure { Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation) }
  }

  /// Fails unless `text` is the golden file at `path`.
  static func expect(
    _ text: String, matches path: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    expect(text, as: .lines, matches: path, sourceLocation: sourceLocation)
  }
}
