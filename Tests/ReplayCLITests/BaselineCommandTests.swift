import Foundation
import SceneTrace
import SceneTraceFile
import SceneTraceTestSupport
import Testing

/// A fresh temporary folder for one test, removed when the test ends.
private final class ScratchFolder {
  let url: URL

  init() throws {
    url = try ReplayTool.temporaryFolder()
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// The path of `name` in the folder.
  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// Writes `text` to `name` in the folder and returns its path.
  func write(_ text: String, to name: String) throws -> String {
    try text.write(toFile: path(name), atomically: true, encoding: .utf8)
    return path(name)
  }
}

/// `traces/missed-foreground-hook.jsonl`, whose inspector window goes from the background
/// straight to active (one `lifecycle.order` error).
private let missedForeground = "traces/missed-foreground-hook.jsonl"

@Suite("replay check with a baseline")
struct BaselineCommandTests {
  /// A trace of 30,000 events in many frames, `long.sctrace` in `scratch` (beside it as JSON
  /// Lines, `long.jsonl`).
  private static func longTrace(in scratch: ScratchFolder) throws -> String {
    let long = scratch.path("long.sctrace")
    try LongTrace.text(events: 30_000).write(
      toFile: scratch.path("long.jsonl"), atomically: true, encoding: .utf8)
    #expect(try ReplayTool.run("import", scratch.path("long.jsonl"), "-o", long).status == 0)
    return long
  }

  @Test func writtenBaselineAcceptsEveryFindingOfTheSameTrace() throws {
    let scratch = try ScratchFolder()
    let baseline = scratch.path("baseline.json")
    let written = try ReplayTool.run("check", missedForeground, "--write-baseline", baseline)
    #expect(written.status == 0)
    #expect(written.output == "wrote 1 finding to \(baseline)\n")
    let text = try String(contentsOfFile: baseline, encoding: .utf8)
    #expect(text.contains(#""rule": "lifecycle.order", "role": "windowApplication""#))

    let checked = try ReplayTool.run("check", missedForeground, "--baseline", baseline)
    #expect(checked.status == 0)
    #expect(
      checked.output
        == "\(missedForeground): no findings in 18 events (1 finding in the baseline not shown)\n")
    #expect(checked.errors.isEmpty)
  }

  /// `check` streams the trace and reads again only the events the fingerprints are made of:
  /// the baseline it writes is the one the library makes of the whole trace, on every shipped
  /// trace and on a long one of many frames (with a file of its own at a time, and joined).
  @Test func aStreamedBaselineIsTheBaselineOfTheWholeTrace() throws {
    let scratch = try ScratchFolder()
    let long = try Self.longTrace(in: scratch)
    let inputs =
      try ReplayTool.shippedTraces().map { [$0] }
      + [[long], [scratch.path("long.jsonl"), "traces/switcher-kill.jsonl", long]]
    for paths in inputs {
      let events = try TraceFile.join(paths.map { try TraceFile.load(path: $0) }).events
      let replay = Replay.run(events)
      let expected = scratch.path("expected.json")
      try FindingBaseline(findings: replay.findings, events: events, state: replay.state)
        .write(to: expected)
      let written = scratch.path("written.json")
      let join = paths.count > 1 ? ["--join"] : []
      let run = try ReplayTool.run(["check"] + join + paths + ["--write-baseline", written])
      #expect(run.status == 0, "\(paths): \(run.errors)")
      #expect(
        try String(contentsOfFile: written, encoding: .utf8)
          == String(contentsOfFile: expected, encoding: .utf8), "\(paths)")
    }
  }

  /// `check --baseline` matches the findings of a long trace of many frames a batch at a time,
  /// each batch's events read again: it shows the findings the library finds new against a
  /// baseline of a third fewer entries, with the whole trace held, and counts the rest.
  @Test func aStreamedCheckShowsTheFindingsTheWholeTraceFindsNew() throws {
    let scratch = try ScratchFolder()
    let long = try Self.longTrace(in: scratch)
    let events = try TraceFile.load(path: long).events
    let replay = Replay.run(events)
    #expect(replay.findings.count > 512, "more than one batch of findings")
    let whole = FindingBaseline(findings: replay.findings, events: events, state: replay.state)
    let partial = FindingBaseline(
      entries: whole.entries.indices.filter { $0 % 3 != 0 }.map { whole.entries[$0] })
    let path = scratch.path("partial.json")
    try partial.write(to: path)
    let expected = partial.newFindings(replay.findings, events: events, state: replay.state)
    let run = try ReplayTool.run(
      "check", long, "--baseline", path, "--json", "--severity", "info")
    let report = try JSONValue(parsing: Array(run.output.utf8))
    guard case .array(let shown)? = report[try JSONPath(parsing: "findings")] else {
      Issue.record("no findings in \(run.output.prefix(200))")
      return
    }
    #expect(shown.count == expected.count)
    let listsThem = shown == expected.map(\.json)
    #expect(listsThem)
    let baselined = report[try JSONPath(parsing: "baselined")]
    #expect(baselined == JSONValue(replay.findings.count - expected.count))
  }

  @Test func addedViolationIsTheOnlyFindingShownAndFailsTheCheck() throws {
    let scratch = try ScratchFolder()
    let baseline = scratch.path("baseline.json")
    _ = try ReplayTool.run("check", missedForeground, "--write-baseline", baseline)
    // The same steps recorded again with new session identifiers, then the main window also
    // returns from the background without willEnterForeground.
    let original = try String(
      contentsOf: PackageFolders.root.appendingPathComponent(missedForeground), encoding: .utf8)
    let again =
      original
      .replacingOccurrences(of: #""main""#, with: #""9C3E5A1F-2B4D-4E6F-8A0B-1C2D3E4F5A6B""#)
      .replacingOccurrences(of: #""inspector""#, with: #""5D6E7F80-91A2-4B3C-8D4E-5F60718293A4""#)
        + """
        {"t":40,"type":"scene.willResignActive","session":"9C3E5A1F-2B4D-4E6F-8A0B-1C2D3E4F5A6B"}
        {"type":"scene.didEnterBackground","session":"9C3E5A1F-2B4D-4E6F-8A0B-1C2D3E4F5A6B"}
        {"t":50,"type":"scene.didBecomeActive","session":"9C3E5A1F-2B4D-4E6F-8A0B-1C2D3E4F5A6B"}

        """
    let trace = try scratch.write(again, to: "again.jsonl")

    let result = try ReplayTool.run("check", trace, "--baseline", baseline)
    #expect(result.status == 1)
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.first == "\(trace): 1 error in 21 events (1 finding in the baseline not shown)")
    #expect(
      lines.filter { $0.hasPrefix("error[") } == [
        "error[lifecycle.order] seq 21 · session 9C3E5A1F-2B4D-4E6F-8A0B-1C2D3E4F5A6B · t 50"
      ])
  }

  @Test func jsonReportCountsTheFindingsTheBaselineAccepts() throws {
    let scratch = try ScratchFolder()
    let baseline = scratch.path("baseline.json")
    _ = try ReplayTool.run("check", missedForeground, "--write-baseline", baseline)
    let result = try ReplayTool.run(
      "check", "--json", missedForeground, "traces/switcher-kill.jsonl", "--baseline", baseline)
    #expect(result.status == 0)
    let reports = try result.output.split(separator: "\n").map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(reports.map { $0["baselined"] as? Int } == [1, 0])
    #expect(reports.map { ($0["findings"] as? [Any])?.count } == [0, 2])
  }

  @Test func writeBaselineKeepsTheChosenFindingsOfEveryFile() throws {
    let scratch = try ScratchFolder()
    let baseline = scratch.path("baseline.json")
    let written = try ReplayTool.run(
      "check", "traces/switcher-kill.jsonl", missedForeground, "--rule", "lifecycle.irregular",
      "--write-baseline", baseline)
    #expect(written.status == 0)
    #expect(written.output == "wrote 2 findings to \(baseline)\n")

    // The lifecycle.order error was not chosen, so it is still new.
    let result = try ReplayTool.run(
      "check", "traces/switcher-kill.jsonl", missedForeground, "--baseline", baseline,
      "--fail-on", "warning")
    #expect(result.status == 1)
    #expect(
      result.output.contains(
        "traces/switcher-kill.jsonl: no findings in 10 events "
          + "(2 findings in the baseline not shown)"))
    #expect(result.output.contains("\(missedForeground): 1 error in 18 events\n"))
  }

  @Test func baselineAndWriteBaselineTogetherIsAUsageError() throws {
    let scratch = try ScratchFolder()
    let result = try ReplayTool.run(
      "check", missedForeground, "--baseline", scratch.path("a.json"), "--write-baseline",
      scratch.path("b.json"))
    #expect(result.status == 2)
    #expect(result.errors.contains("--write-baseline"))
    #expect(!FileManager.default.fileExists(atPath: scratch.path("b.json")))
  }

  @Test func missingBaselineFileExitsTwoNamingIt() throws {
    let scratch = try ScratchFolder()
    let missing = scratch.path("missing.json")
    let result = try ReplayTool.run("check", missedForeground, "--baseline", missing)
    #expect(result.status == 2)
    #expect(result.output.isEmpty)
    #expect(result.errors.hasPrefix("error: \(missing): cannot open the file"))
  }

  @Test func malformedBaselineFileExitsTwoNamingItsLine() throws {
    let scratch = try ScratchFolder()
    let malformed = try scratch.write(
      "{\n  \"sceneTraceBaseline\": 1,\n  \"findings\": [\n    {\"rule\": }\n", to: "bad.json")
    let result = try ReplayTool.run("check", missedForeground, "--baseline", malformed)
    #expect(result.status == 2)
    #expect(result.output.isEmpty)
    #expect(result.errors.hasPrefix("error: \(malformed):4: invalid JSON at column"))
  }

  @Test func baselineOfANewerVersionExitsTwo() throws {
    let scratch = try ScratchFolder()
    let newer = try scratch.write(#"{"sceneTraceBaseline": 7, "findings": []}"#, to: "new.json")
    let result = try ReplayTool.run("check", missedForeground, "--baseline", newer)
    #expect(result.status == 2)
    #expect(result.errors.contains("\(newer): this baseline is version 7"))
  }

  @Test func unreadableTraceLeavesTheBaselineUnwritten() throws {
    let scratch = try ScratchFolder()
    let baseline = scratch.path("baseline.json")
    let result = try ReplayTool.run(
      "check", missedForeground, "traces/no-such-file.jsonl", "--write-baseline", baseline)
    #expect(result.status == 2)
    #expect(result.errors.contains("traces/no-such-file.jsonl"))
    #expect(result.errors.contains("\(baseline) not written"))
    #expect(!FileManager.default.fileExists(atPath: baseline))
  }
}
