import ArgumentParser
import SceneTrace
import SceneTraceFile

struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Run the rules over traces and report every finding.",
    discussion: """
      Each finding names the rule, the event (seq) and the session, says what happened and \
      what would have been legal, and shows the events around it and the earlier events that \
      explain it. Exit status 1 when a finding is at or above --fail-on (after --rule), 2 when \
      a file cannot be read; over several files the worst wins.

        replay check traces/sketch-restoration-bug.jsonl
        replay check traces/*.jsonl --severity warning --fail-on warning
        replay check app.jsonl --rule lifecycle.order --json
        replay check --join launch1.sctrace launch2.sctrace
      """)

  @Argument(help: "The traces: .sctrace, JSON Lines or .jsonl.zst (one trace with --join).")
  var files: [String]

  @Flag(help: "Print one JSON object per file: file, events, truncated, violations.")
  var json = false

  @Option(
    name: .customLong("rule"),
    help: ArgumentHelp("Only this rule (repeat for several).", valueName: "id"))
  var rules: [String] = []

  @Option(help: ArgumentHelp("Only findings at or above this severity.", valueName: "level"))
  var severity: Severity = .info

  @Option(
    name: .customLong("fail-on"),
    help: ArgumentHelp("Exit 1 when a finding is at or above this severity.", valueName: "level"))
  var failOn: FailureThreshold = .error

  @Option(help: ArgumentHelp("Events to show before and after each finding.", valueName: "n"))
  var context = 2

  @OptionGroup var reading: TraceReadingOptions

  func validate() throws {
    if files.isEmpty { throw ValidationError("Give at least one trace file.") }
    if context < 0 { throw ValidationError("--context must be 0 or more.") }
    for rule in rules { try RuleDescription.validateBuiltIn(rule) }
  }

  func run() throws {
    var status = ExitStatus.success
    if reading.join {
      do {
        status = try check(files, first: true)
      } catch {
        Console.error("error: \(error)")
        status = ExitStatus.usage
      }
      if status != ExitStatus.success { throw ExitCode(status) }
      return
    }
    for (index, file) in files.enumerated() {
      let fileStatus: Int32
      do {
        fileStatus = try check([file], first: index == 0)
      } catch {
        Console.error("error: \(error)")
        fileStatus = ExitStatus.usage
      }
      status = max(status, fileStatus)
    }
    if status != ExitStatus.success { throw ExitCode(status) }
  }

  /// Checks one trace (one file, or the files joined), prints its report, and returns its exit
  /// status.
  private func check(_ paths: [String], first: Bool) throws -> Int32 {
    let trace = try reading.load(paths)
    let replay = Replay.run(trace.events)
    let selected = replay.findings.filter { rules.isEmpty || rules.contains($0.rule.rawValue) }
    let shown = selected.filter { $0.severity >= severity }
    if json {
      let report: JSONValue = .object(
        JSONObject([
          ("file", .string(trace.path)),
          ("events", .number(String(trace.events.count))),
          ("truncated", .bool(!trace.isIntact)),
          ("violations", .array(shown.map(\.json))),
        ]))
      Console.output(report.serialized())
    } else {
      if !first { Console.output("") }
      Console.output(
        FindingReport(trace: trace, context: context).render(shown, totalEvents: trace.events.count)
      )
    }
    let failing = selected.contains { $0.severity >= failOn.severity }
    return failing ? ExitStatus.found : ExitStatus.success
  }
}

/// The severities `--fail-on` accepts.
enum FailureThreshold: String, ExpressibleByArgument, CaseIterable {
  case error, warning

  var severity: Severity { self == .error ? .error : .warning }
}

extension Severity: ExpressibleByArgument {}

extension RuleDescription {
  /// Throws the validation error of an option naming `rule` when it is not a built-in rule.
  static func validateBuiltIn(_ rule: String) throws {
    guard builtIn(RuleID(rule)) == nil else { return }
    throw ValidationError("There is no rule \"\(rule)\"; `replay rules` lists them.")
  }
}
