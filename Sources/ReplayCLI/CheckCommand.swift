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

      To adopt the rules on an app that already breaks some, record what it finds today with \
      --write-baseline, then check with --baseline: findings in the baseline are counted, not \
      shown, and do not fail the check. A finding is matched by its rule, its scene's role and \
      the events that explain it (not by seq), so a new recording of the same steps matches.

        replay check traces/sketch-restoration-bug.jsonl
        replay check traces/*.jsonl --severity warning --fail-on warning
        replay check app.jsonl --rule lifecycle.order --json
        replay check --join launch1.sctrace launch2.sctrace
        replay check app.jsonl --write-baseline baseline.json
        replay check app-tomorrow.jsonl --baseline baseline.json
      """)

  @Argument(help: "The traces: .sctrace, JSON Lines or .jsonl.zst (one trace with --join).")
  var files: [String]

  @Flag(help: "Print one JSON object per file: file, events, truncated, baselined, violations.")
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

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Events to show before and after each finding.", valueName: "n"))
  var context = 2

  @Option(
    name: .customLong("baseline"),
    help: ArgumentHelp(
      "Report and fail only on findings that this baseline file does not hold.",
      valueName: "file"))
  var baselinePath: String?

  @Option(
    name: .customLong("write-baseline"),
    help: ArgumentHelp(
      "Write the findings (after --rule and --severity) to this baseline file and exit 0.",
      valueName: "file"))
  var writeBaselinePath: String?

  @OptionGroup var reading: TraceReadingOptions

  @OptionGroup var progress: ProgressOptions

  func validate() throws {
    if files.isEmpty { throw ValidationError("Give at least one trace file.") }
    if context < 0 { throw ValidationError("--context must be 0 or more.") }
    for rule in rules { try RuleDescription.validateBuiltIn(rule) }
    if baselinePath != nil, writeBaselinePath != nil {
      throw ValidationError(
        "--baseline checks against a baseline and --write-baseline writes one; give one of them.")
    }
    if json, writeBaselinePath != nil {
      throw ValidationError("--write-baseline prints one line, not a report; leave out --json.")
    }
  }

  func run() throws {
    if let writeBaselinePath {
      try writeBaseline(to: writeBaselinePath)
      return
    }
    var baseline = try baselinePath.map { try FindingBaseline.load(path: $0) }
    var status = ExitStatus.success
    for (index, paths) in traces.enumerated() {
      let traceStatus: Int32
      do {
        traceStatus = try check(paths, first: index == 0, baseline: &baseline)
      } catch {
        Console.report(error: "\(error)")
        traceStatus = ExitStatus.usage
      }
      status = max(status, traceStatus)
    }
    if status != ExitStatus.success { throw ExitCode(status) }
  }

  /// The traces to check, each as its files: every file as one trace with `--join`, otherwise
  /// one trace a file.
  private var traces: [[String]] {
    reading.join ? [files] : files.map { [$0] }
  }

  /// The findings of the rules `--rule` chose.
  private func selected(_ findings: [Finding]) -> [Finding] {
    findings.filter { rules.isEmpty || rules.contains($0.rule.rawValue) }
  }

  /// Checks one trace (one file, or the files joined), prints its report, and returns its exit
  /// status. Findings that `baseline` holds are counted, not shown, and each of its entries
  /// accepts one finding over the whole run.
  private func check(
    _ paths: [String], first: Bool, baseline: inout FindingBaseline?
  ) throws -> Int32 {
    let trace = try reading.load(paths, quiet: progress.quiet)
    let replay = Replay.run(trace.events, quiet: progress.quiet)
    let selected = selected(replay.findings)
    let new = baseline?.absorb(selected, events: trace.events, state: replay.state) ?? selected
    let shown = new.filter { $0.severity >= severity }
    let baselined = selected.filter { $0.severity >= severity }.count - shown.count
    if json {
      let report: JSONValue = .object(
        JSONObject([
          ("file", .string(trace.path)),
          ("events", .number(String(trace.events.count))),
          ("truncated", .bool(!trace.isIntact)),
          ("baselined", JSONValue(baselined)),
          ("violations", .array(shown.map(\.json))),
        ]))
      Console.output(report.serialized())
    } else {
      if !first { Console.output("") }
      Console.output(
        FindingReport(trace: trace, context: context).render(
          shown, totalEvents: trace.events.count, baselined: baselined))
    }
    let failing = new.contains { $0.severity >= failOn.severity }
    return failing ? ExitStatus.found : ExitStatus.success
  }

  /// Writes every selected finding of every trace to the baseline file at `path`; writes
  /// nothing when a trace cannot be read, as the baseline would miss its findings.
  private func writeBaseline(to path: String) throws {
    var entries: [FindingBaseline.Entry] = []
    var unread = 0
    for paths in traces {
      do {
        let trace = try reading.load(paths)
        let replay = Replay.run(trace.events)
        let findings = selected(replay.findings).filter { $0.severity >= severity }
        let baseline = FindingBaseline(
          findings: findings, events: trace.events, state: replay.state)
        entries += baseline.entries
      } catch {
        Console.report(error: "\(error)")
        unread += 1
      }
    }
    guard unread == 0 else {
      let files = unread == 1 ? "a trace" : "\(unread) traces"
      throw UsageError("\(path) not written: \(files) could not be read")
    }
    try FindingBaseline(entries: entries.sorted(by: FindingBaseline.Entry.fileOrder))
      .write(to: path)
    Console.output("wrote \(entries.count) finding\(entries.count == 1 ? "" : "s") to \(path)")
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
