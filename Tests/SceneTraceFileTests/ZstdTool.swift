import Foundation
import SceneTraceTestSupport

/// The `zstd` command-line tool, for checking that our files are ordinary zstd streams.
enum ZstdTool {
  /// Where it is installed, or nil (`tools/ensure-libzstd` installs it).
  static let path = ["/usr/bin/zstd", "/usr/local/bin/zstd", "/opt/homebrew/bin/zstd"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

  /// Whether it is installed.
  static var isInstalled: Bool { path != nil }

  /// What a run printed and how it exited.
  struct Result {
    var status: Int32
    var output: Data
    var errors: String
  }

  /// Runs `zstd` with `arguments`.
  static func run(_ arguments: [String]) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path ?? "zstd")
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, output: outputData,
      errors: String(decoding: errorData, as: UTF8.self))
  }

  /// Compresses `bytes` at `level` (with its content checksum, and `options` such as
  /// `--no-content-size`) and returns the zstd stream.
  static func compress(_ bytes: [UInt8], level: Int = 3, options: [String] = []) throws -> [UInt8] {
    let directory = try ScratchDirectory()
    let input = directory.file("input")
    try Data(bytes).write(to: input)
    let result = try run(
      ["-q", "-f", "-\(level)", "--check"] + options + [input.path, "-o", input.path + ".zst"])
    guard result.status == 0 else { throw Failure(message: result.errors) }
    return Array(try Data(contentsOf: URL(fileURLWithPath: input.path + ".zst")))
  }

  /// `zstd -t` on `bytes`: nil when it accepts them, its complaint otherwise.
  static func test(_ bytes: [UInt8]) throws -> String? {
    let directory = try ScratchDirectory()
    let file = directory.file("trace.zst")
    try Data(bytes).write(to: file)
    let result = try run(["-t", "-q", file.path])
    return result.status == 0 ? nil : result.errors
  }

  /// `zstd -d` of `bytes` to standard output.
  static func decompress(_ bytes: [UInt8]) throws -> [UInt8] {
    let directory = try ScratchDirectory()
    let file = directory.file("trace.zst")
    try Data(bytes).write(to: file)
    let result = try run(["-d", "-q", "-c", file.path])
    guard result.status == 0 else { throw Failure(message: result.errors) }
    return Array(result.output)
  }

  struct Failure: Error, CustomStringConvertible {
    var message: String
    var description: String { "zstd failed: \(message)" }
  }
}

/// A fresh temporary directory, removed when the value goes away.
final class ScratchDirectory {
  let url: URL

  init() throws {
    url = TemporaryFile.url("SceneTraceFileTests")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// A path inside the directory.
  func file(_ name: String) -> URL { url.appendingPathComponent(name) }
}
