import Foundation
import SceneTraceTestSupport
import Testing

/// The exit-status contract of every command, over a matrix of flags: 0 success; 1 `check`
/// shows a finding at or above `--fail-on`, `verify` found damage, `diff` found a difference;
/// 2 bad usage or an unreadable file, with an error line on standard error and nothing on
/// standard output. What is printed and the status always agree.
@Suite("replay exit status agrees with what it prints")
struct ExitStatusContractTests {
  /// A trace with a recorder drop and nothing else wrong.
  static let droppedPath: String = {
    let url = TemporaryFile.url("replay-exit-status", "jsonl")
    try? LossReportTests.cleanDroppedTrace.write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }()

  static let checkTraces = [
    "traces/two-windows-clean.jsonl", "traces/switcher-kill.jsonl",
    "traces/missed-foreground-hook.jsonl", "traces/sidebar-focus-bug.jsonl", droppedPath,
  ]

  /// One `check` run: a trace, the `--severity` shown, the `--fail-on`, text or JSON.
  struct CheckCase: CustomTestStringConvertible, Sendable {
    var trace: String
    var severity: String
    var failOn: String
    var json: Bool

    var testDescription: String {
      "\((trace as NSString).lastPathComponent) --severity \(severity) --fail-on \(failOn)"
        + (json ? " --json" : "")
    }
  }

  static let checkCases: [CheckCase] = checkTraces.flatMap { trace in
    ["info", "warning", "error"].flatMap { severity in
      ["warning", "error"].flatMap { failOn in
        [false, true].map {
          CheckCase(trace: trace, severity: severity, failOn: failOn, json: $0)
        }
      }
    }
  }

  private static let ranks = ["info": 0, "warning": 1, "error": 2]

  @Test(arguments: checkCases)
  func checkFailsExactlyWhenItShowsAFindingAtOrAboveFailOn(_ check: CheckCase) throws {
    var arguments = ["check", check.trace, "--severity", check.severity, "--fail-on", check.failOn]
    if check.json { arguments.append("--json") }
    let result = try ReplayTool.run(arguments)
    let shown = try Self.shownSeverities(result.output, json: check.json)
    let threshold = Self.ranks[check.failOn] ?? 2
    let failing = shown.contains { (Self.ranks[$0] ?? 0) >= threshold }
    #expect(result.status == (failing ? 1 : 0), "\(result.output)")
    #expect(shown.allSatisfy { (Self.ranks[$0] ?? 0) >= (Self.ranks[check.severity] ?? 0) })
    if !check.json, shown.isEmpty {
      // "no findings" only about a trace that lost nothing.
      #expect(
        result.output.contains("no findings") != (check.trace == Self.droppedPath),
        "\(result.output)")
    }
    #expect(!result.output.isEmpty)
  }

  /// The severities of the findings a `check` report shows.
  private static func shownSeverities(_ output: String, json: Bool) throws -> [String] {
    guard json else {
      return output.split(separator: "\n").compactMap { line in
        guard let bracket = line.firstIndex(of: "["), !line.hasPrefix(" ") else { return nil }
        let severity = String(line[..<bracket])
        return ranks[severity] == nil ? nil : severity
      }
    }
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    let findings = try #require(report["findings"] as? [[String: Any]])
    return findings.compactMap { $0["severity"] as? String }
  }

  /// A run of any command and the status the contract gives it.
  struct CommandCase: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var status: Int32
    /// Text standard output holds when the status is 0 or 1.
    var saying: String?

    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let commandCases: [CommandCase] = [
    CommandCase(arguments: ["check", "traces/no-such-file.jsonl"], status: 2),
    CommandCase(
      arguments: ["check", "traces/two-windows-clean.jsonl", "--rule", "x.y"], status: 2),
    CommandCase(
      arguments: ["check", "traces/two-windows-clean.jsonl", "--fail-on", "info"], status: 2),
    CommandCase(
      arguments: ["verify", "traces/two-windows-clean.sctrace"], status: 0,
      saying: "intact: every check passed"),
    CommandCase(
      arguments: ["verify", droppedPath], status: 0, saying: "intact, but the recorder dropped"),
    CommandCase(arguments: ["verify", "traces/no-such-file.sctrace"], status: 2),
    CommandCase(
      arguments: ["info", "traces/two-windows-clean.sctrace"], status: 0, saying: "integrity"),
    CommandCase(arguments: ["info", droppedPath, "--json"], status: 0, saying: "\"loss\":[{"),
    CommandCase(arguments: ["info", "traces/no-such-file.jsonl"], status: 2),
    CommandCase(
      arguments: ["state", "traces/two-windows-clean.jsonl", "--at", "3"], status: 0,
      saying: "sessions"),
    CommandCase(
      arguments: ["state", "traces/two-windows-clean.jsonl", "--at", "99999"], status: 2),
    CommandCase(
      arguments: ["events", "traces/two-windows-clean.jsonl", "--to", "2"], status: 0,
      saying: "app.launch"),
    CommandCase(arguments: ["events"], status: 2),
    CommandCase(
      arguments: ["diff", "traces/two-windows-clean.jsonl", "traces/two-windows-clean.jsonl"],
      status: 0),
    CommandCase(
      arguments: ["diff", "traces/two-windows-clean.jsonl", "traces/missed-foreground-hook.jsonl"],
      status: 1, saying: "differ"),
    CommandCase(arguments: ["rules"], status: 0, saying: "trace.events-lost"),
    CommandCase(arguments: ["explain", "trace.events-lost"], status: 0, saying: "warning"),
    CommandCase(arguments: ["explain", "no.such-rule"], status: 2),
  ]

  @Test(arguments: commandCases)
  func everyCommandsStatusAgreesWithItsOutput(_ command: CommandCase) throws {
    let result = try ReplayTool.run(command.arguments)
    #expect(result.status == command.status, "\(result.output)\(result.errors)")
    if command.status == 2 {
      #expect(result.output.isEmpty, "nothing on standard output: \(result.output)")
      let errorLines = result.errors.split(separator: "\n").filter {
        $0.lowercased().hasPrefix("error:")
      }
      #expect(!errorLines.isEmpty, "an error line on standard error: \(result.errors)")
    } else {
      #expect(!result.output.isEmpty)
      if let saying = command.saying { #expect(result.output.contains(saying)) }
    }
  }
}
