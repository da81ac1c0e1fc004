import Foundation
import SceneTraceFile
import Testing

/// `replay export -o` writes the events as it reads them, without holding the trace: the file
/// is byte for byte what export prints (which reads the whole trace first). (A read that fails
/// leaves the output as it was: `RewriteStreamingTests`.)
@Suite struct ExportStreamingTests {
  /// Runs `replay export` on `paths` (with `--join` when several) to standard output and to a
  /// fresh file; returns both runs and the file's bytes.
  private static func export(_ paths: [String]) throws -> (
    printed: ReplayTool.Result, written: ReplayTool.Result, bytes: [UInt8]?
  ) {
    let output = try ReplayTool.temporaryFolder().appendingPathComponent("out.jsonl").path
    defer { try? FileManager.default.removeItem(atPath: output) }
    let arguments = ["export"] + (paths.count > 1 ? ["--join"] : []) + paths
    let printed = try ReplayTool.run(arguments)
    let written = try ReplayTool.run(arguments + ["-o", output])
    return (printed, written, FileManager.default.contents(atPath: output).map { [UInt8]($0) })
  }

  @Test func everyShippedTraceWritesWhatItPrints() throws {
    let paths = try ReplayTool.shippedTraces()
    #expect(paths.count > 20)
    for path in paths {
      let (printed, written, bytes) = try Self.export([path])
      #expect(printed.status == 0, "\(path): \(printed.errors)")
      #expect(written.status == 0, "\(path): \(written.errors)")
      #expect(written.output.isEmpty)
      #expect(written.errors == printed.errors, "\(path)")
      #expect(bytes == Array(printed.output.utf8), "\(path)")
    }
  }

  @Test func joinedAndLongTracesWriteWhatTheyPrint() throws {
    let folder = try ReplayTool.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let long = folder.appendingPathComponent("long.jsonl").path
    try LongTrace.text(events: 30_000).write(toFile: long, atomically: true, encoding: .utf8)
    let sctrace = folder.appendingPathComponent("long.sctrace").path
    #expect(try ReplayTool.run("import", long, "-o", sctrace).status == 0)
    for paths in [
      [long], [sctrace],
      ["traces/two-windows-clean.sctrace", "traces/missed-foreground-hook.jsonl"],
    ] {
      let (printed, written, bytes) = try Self.export(paths)
      #expect(printed.status == 0 && written.status == 0, "\(paths): \(written.errors)")
      #expect(bytes == Array(printed.output.utf8), "\(paths)")
    }
  }
}
