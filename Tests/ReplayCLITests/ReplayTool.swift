import Foundation

/// The built `replay` executable, run as a user would run it, from the package root.
struct ReplayTool {
  /// What a run printed and how it exited.
  struct Result {
    var status: Int32
    var output: String
    var errors: String
  }

  /// The package root, where `traces/` lives.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

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

  /// Runs `replay` with `arguments`, from the package root, feeding it nothing on standard input.
  static func run(_ arguments: String...) throws -> Result {
    try run(arguments)
  }

  static func run(_ arguments: [String]) throws -> Result {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = packageRoot
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
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

/// Golden files beside the traces: compared exactly, rewritten only when the environment says
/// `SCENETRACE_RECORD=1`, which CI never does.
enum Golden {
  static var isRecording: Bool {
    ProcessInfo.processInfo.environment["SCENETRACE_RECORD"] == "1"
  }

  /// The golden text at `path` (relative to the package root), or nil after recording `actual`.
  /// Returns the expected text; a missing file without recording is an error that says how to
  /// record it.
  static func expected(at path: String, actual: String) throws -> String {
    let url = ReplayTool.packageRoot.appendingPathComponent(path)
    if isRecording {
      try actual.write(to: url, atomically: true, encoding: .utf8)
      return actual
    }
    guard let text = try? String(contentsOf: url, encoding: .utf8) else {
      throw GoldenMissing(path: path)
    }
    return text
  }

  struct GoldenMissing: Error, CustomStringConvertible {
    var path: String
    var description: String {
      "no golden file at \(path); run `SCENETRACE_RECORD=1 tools/test` once and review it"
    }
  }
}
