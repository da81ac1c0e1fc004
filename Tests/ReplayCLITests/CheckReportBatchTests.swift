import Foundation
import SceneTraceFile
import Testing

/// `replay check` writes its report a batch of findings at a time, reading again only the
/// frames of a `.sctrace` file, or the lines of a JSON Lines file, that hold the events each batch
/// shows: the report is the one a trace read again whole, in one batch, gives (as a compressed
/// trace is).
@Suite struct CheckReportBatchTests {
  /// A scene that becomes active from the background 3,000 times (an error each time, with a
  /// related event), with a recorder drop every 100 times (a warning, and an explanation for
  /// the errors after it): findings for several batches, over several frames.
  private static func manyFindings(in folder: URL) throws -> String {
    var lines = [
      #"{"type":"app.launch","launch":"L1"}"#,
      #"{"t":1,"type":"scene.willConnect","session":"A","role":"windowApplication"}"#,
      #"{"t":2,"type":"scene.didEnterBackground","session":"A"}"#,
    ]
    for round in 0..<3000 {
      for type in ["scene.didBecomeActive", "scene.willResignActive", "scene.didEnterBackground"] {
        lines.append(#"{"t":\#(lines.count),"type":"\#(type)","session":"A"}"#)
      }
      if round % 100 == 50 {
        lines.append(#"{"t":\#(lines.count),"type":"trace.gap","dropped":3}"#)
      }
    }
    let path = folder.appendingPathComponent("many.jsonl").path
    try (lines.joined(separator: "\n") + "\n").write(
      toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test(arguments: [[], ["--json"], ["--context", "0"], ["--severity", "warning"]])
  func aStreamedReportIsTheReportOfTheTraceReadAgainWhole(options: [String]) throws {
    let folder = try ReplayTool.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let jsonl = try Self.manyFindings(in: folder)
    let sctrace = folder.appendingPathComponent("many.sctrace").path
    #expect(try ReplayTool.run("import", jsonl, "-o", sctrace).status == 0)
    // The events of a compressed trace's report are read again in one pass over the whole
    // trace, in one batch.
    let compressed = folder.appendingPathComponent("many.jsonl.zst")
    let text = try Data(contentsOf: URL(fileURLWithPath: jsonl))
    try Data(try ZstdFrame.compress([UInt8](text), level: 3)).write(to: compressed)

    let wholeRun = try ReplayTool.run(["check", compressed.path] + options)
    #expect(wholeRun.status == 1)
    let whole = wholeRun.output
    let findings = whole.components(separatedBy: options == ["--json"] ? #""rule":"# : "\n\n")
    #expect(findings.count > 3000)
    for path in [jsonl, sctrace] {
      let streamed = try ReplayTool.run(["check", path] + options)
      #expect(streamed.status == 1)
      // Compared line by line: a failure names the first line that differs, not the whole
      // report.
      let expected = whole.replacingOccurrences(of: compressed.path, with: path)
        .split(separator: "\n", omittingEmptySubsequences: false)
      let lines = streamed.output.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(lines.count == expected.count, "\(path)")
      let first = zip(lines, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      #expect(first == nil, "\(path): line \((first ?? 0) + 1) differs")
    }
    // And a check against a baseline that accepts nothing reports every finding alike.
    let empty = folder.appendingPathComponent("empty.json").path
    #expect(
      try ReplayTool.run("check", jsonl, "--rule", "band.modifiers", "--write-baseline", empty)
        .status == 0)
    let baselined = try ReplayTool.run(["check", sctrace, "--baseline", empty] + options)
    #expect(
      baselined.output.replacingOccurrences(of: #","baselined":0}"#, with: "}")
        == whole.replacingOccurrences(of: compressed.path, with: sctrace))
  }
}
