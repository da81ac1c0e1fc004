import Foundation
import Testing

@Suite("replay check")
struct CheckCommandTests {
  /// A finding's events line up in columns whatever their times: times of nanoseconds and
  /// of more than ten seconds are wider than the column most traces need.
  @Test func theEventsOfAFindingLineUpWhateverTheirTimes() throws {
    let folder = try ReplayTool.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("long-times.jsonl").path
    let lines = [
      #"{"t":1.5,"type":"scene.willConnect","session":"A","role":"windowApplication"}"#,
      #"{"t":2.341365440,"type":"scene.willEnterForeground","session":"A"}"#,
      #"{"t":12.342672256,"type":"scene.didBecomeActive","session":"A"}"#,
      #"{"t":13,"type":"scene.didBecomeActive","session":"A"}"#,
    ]
    try (lines.joined(separator: "\n") + "\n").write(
      toFile: path, atomically: true, encoding: .utf8)
    let result = try ReplayTool.run("check", path)
    #expect(result.status == 1)
    let shown = result.output.split(separator: "\n").filter {
      $0.contains("scene.") && $0.contains("session=A")
    }
    #expect(shown.count >= 4, "\(result.output)")
    let columns = Set(
      shown.map { line in
        line.distance(from: line.startIndex, to: line.range(of: "scene.")!.lowerBound)
      })
    #expect(columns.count == 1, "\(result.output)")
  }

  @Test func cleanTwoWindowSessionHasNoFindingsAndExitsZero() throws {
    let result = try ReplayTool.run("check", "traces/two-windows-clean.jsonl")
    #expect(result.status == 0)
    #expect(result.output == "traces/two-windows-clean.jsonl: no findings in 36 events\n")
    #expect(result.errors.isEmpty)
  }

  @Test func missedWillEnterForegroundIsAnErrorAtTheEventThatSkippedIt() throws {
    let result = try ReplayTool.run("check", "traces/missed-foreground-hook.jsonl")
    #expect(result.status == 1)
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "traces/missed-foreground-hook.jsonl: 1 error in 18 events")
    #expect(lines.contains("error[lifecycle.order] seq 16 · session inspector · t 30.01"))
    // The event itself is marked, and the related event is the didEnterBackground before it.
    #expect(lines.contains { $0.hasPrefix("  > 16  30.01") && $0.contains("session=inspector") })
    let related = try #require(lines.firstIndex(of: "  related:"))
    #expect(lines[related + 1].contains("13  4.1"))
    #expect(lines[related + 1].contains("scene.didEnterBackground"))
  }

  @Test func switcherKillGivesTwoWarningsThatFailOnlyWithFailOnWarning() throws {
    let lenient = try ReplayTool.run("check", "traces/switcher-kill.jsonl")
    #expect(lenient.status == 0)
    #expect(lenient.output.contains("warning[lifecycle.irregular] seq 6 · session A"))
    #expect(lenient.output.contains("warning[lifecycle.irregular] seq 10 · session B"))
    let strict = try ReplayTool.run(
      "check", "traces/switcher-kill.jsonl", "--fail-on", "warning")
    #expect(strict.status == 1)
  }

  @Test func jsonReportIsOneObjectPerFileWithItsLossAndEveryFinding() throws {
    let result = try ReplayTool.run(
      "check", "--json", "traces/switcher-kill.jsonl", "traces/two-windows-clean.jsonl")
    #expect(result.status == 0)
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    let first = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
    #expect(first?["file"] as? String == "traces/switcher-kill.jsonl")
    #expect(first?["events"] as? Int == 10)
    #expect((first?["loss"] as? [Any])?.isEmpty == true)
    #expect(first?["violations"] == nil)
    #expect(first?["baselined"] == nil)
    let findings = try #require(first?["findings"] as? [[String: Any]])
    #expect(
      findings.map { $0["rule"] as? String } == ["lifecycle.irregular", "lifecycle.irregular"])
    #expect(findings.map { $0["seq"] as? Int } == [6, 10])
    #expect(findings.map { $0["session"] as? String } == ["A", "B"])
    #expect(findings.map { $0["related"] as? [Int] } == [[5], [9]])
    #expect(findings.allSatisfy { $0["explainedByLoss"] == nil })
    let second = try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any]
    #expect((second?["findings"] as? [Any])?.isEmpty == true)
  }

  @Test func ruleAndSeverityFiltersNarrowTheReport() throws {
    let onlyErrors = try ReplayTool.run(
      "check", "traces/switcher-kill.jsonl", "--severity", "error", "--fail-on", "warning")
    // --fail-on judges the findings shown: the hidden warnings cannot fail a report that
    // says "no findings".
    #expect(onlyErrors.status == 0)
    #expect(onlyErrors.output == "traces/switcher-kill.jsonl: no findings in 10 events\n")
    let warnings = try ReplayTool.run(
      "check", "traces/switcher-kill.jsonl", "--severity", "warning", "--fail-on", "warning")
    #expect(warnings.status == 1)
    #expect(warnings.output.contains("warning[lifecycle.irregular]"))
    let otherRule = try ReplayTool.run(
      "check", "traces/switcher-kill.jsonl", "--rule", "lifecycle.order", "--fail-on", "warning")
    #expect(otherRule.status == 0)
  }

  @Test func worstStatusWinsOverSeveralFiles() throws {
    let result = try ReplayTool.run(
      "check", "traces/two-windows-clean.jsonl", "traces/missed-foreground-hook.jsonl",
      "traces/no-such-file.jsonl")
    #expect(result.status == 2)
    #expect(result.output.contains("traces/two-windows-clean.jsonl: no findings"))
    #expect(result.output.contains("traces/missed-foreground-hook.jsonl: 1 error"))
    #expect(result.errors.contains("traces/no-such-file.jsonl"))
  }

  @Test func unknownRuleIsAUsageError() throws {
    let result = try ReplayTool.run("check", "traces/switcher-kill.jsonl", "--rule", "nope.rule")
    #expect(result.status == 2)
    #expect(result.errors.contains("nope.rule"))
  }

  @Test(arguments: Scenarios.all)
  func checkReportMatchesItsGoldenFile(trace: String) throws {
    let result = try ReplayTool.run("check", "traces/\(trace).jsonl")
    #expect(result.status == 0 || result.status == 1)
    Golden.expect(result.output, matches: "traces/\(trace).check.txt")
  }
}
