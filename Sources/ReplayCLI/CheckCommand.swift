import ArgumentParser
import SceneTrace
import SceneTraceFile
import SceneTraceText

struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Run the rules over traces and report every finding.",
    discussion: """
      Each finding names the rule, the event (seq) and the session, says what happened and \
      what would have been legal, and shows the events around it and the earlier events that \
      explain it.

      A trace that could not see everything (the recorder dropped events, a .sctrace frame is \
      damaged or missing, the file was cut, --lenient skipped events) gets one \
      trace.events-lost warning per lost stretch, and every other finding after a lost stretch \
      in the same launch says "may be explained by events lost at seq N"; check never says \
      "no findings" about a trace with loss.

      Exit status: 0 when no finding shown is at or above --fail-on (default error); 1 when \
      one is (--fail-on judges what is shown, after --rule, --severity and --baseline, so the \
      report always shows what failed); 2 for bad usage or a file that cannot be read. Over \
      several files the worst wins (2 > 1 > 0).

      To adopt the rules on an app that already breaks some, record what it finds today with \
      --write-baseline, then check with --baseline: findings in the baseline are counted, not \
      shown, and do not fail the check (trace.events-lost findings are never written to a \
      baseline: a loss is reported every time). A finding is matched by its rule, its scene's role and \
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

  @Flag(help: "Print one JSON object per file: file, events, loss, findings (and baselined).")
  var json = false

  @Option(
    name: .customLong("rule"),
    help: ArgumentHelp("Only this rule (repeat for several).", valueName: "id"))
  var rules: [String] = []

  @Option(help: ArgumentHelp("Only findings at or above this severity.", valueName: "level"))
  var severity: Severity = .info

  @Option(
    name: .customLong("fail-on"),
    help: ArgumentHelp(
      "Exit 1 when a finding shown is at or above this severity.", valueName: "level"))
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
    var baseline = try baselinePath.map { try FindingBaseline.Matcher.load(path: $0) }
    var status = ExitStatus.success
    for (index, paths) in traces.enumerated() {
      let traceStatus: Int32
      do {
        traceStatus = try check(
          paths, first: index == 0, last: index == traces.count - 1, baseline: &baseline)
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

  /// Which findings `--rule` and `--severity` choose, read from the options once: each read of
  /// an option goes through its property wrapper, about 1,200 instructions at every finding
  /// a check keeps.
  private var choice: FindingChoice {
    FindingChoice(rules: Set(rules), severity: severity)
  }

  /// Checks one trace (one file, or the files joined), prints its report, and returns its exit
  /// status. Findings that `baseline` holds are counted, not shown, and each of its entries
  /// accepts one finding over the whole run (of the traces checked to their end).
  private func check(
    _ paths: [String], first: Bool, last: Bool, baseline: inout FindingBaseline.Matcher?
  ) throws -> Int32 {
    // Only the findings shown are kept, as the replay makes them; against a baseline, those of
    // the rules chosen, whatever their severity, and the identifiers their fingerprints alias.
    let choice = self.choice
    let isShown: (Finding) -> Bool = { choice.shows($0) }
    let isSelected: (Finding) -> Bool = { choice.selects($0) }
    let checked = try CheckedTrace(
      paths, reading: reading, quiet: progress.quiet, fingerprinting: baseline != nil,
      keep: baseline == nil ? isShown : isSelected)
    var shown = checked.findings
    let lost = checked.trace.lossFindings.filter(isShown)
    var baselined = 0
    if var matcher = baseline {
      // A baseline accepts findings of the app; what a recording lost is reported every time.
      // Matched a batch at a time, each batch's events read again for its fingerprints. The
      // entries a trace uses are used once it is checked to its end; after the last trace,
      // what is left is not needed, and the matcher is changed where it is, not copied.
      if last { baseline = nil }
      let unaccepted = FindingSpill()
      var considered = 0
      try checked.forEachFingerprintedBatch(of: shown) { batch, fingerprinter in
        let new = matcher.newFindings(batch, fingerprinter: fingerprinter)
        considered += batch.count { $0.severity >= choice.severity }
        try unaccepted.add(new.filter { $0.severity >= choice.severity })
      }
      shown = unaccepted
      baselined = considered - shown.count
      baseline = matcher
    }
    // The report is written as it is made, a batch of findings at a time: a long trace's
    // would not fit in memory.
    if json {
      var object = JSONObjectWriter(write: Console.outputPart)
      object.member("file", .string(checked.trace.path))
      object.member("events", .number(String(checked.eventCount)))
      object.member("loss", .array(checked.trace.loss.map(\.json)))
      object.startArray("findings")
      try shown.forEachBatch(of: 512, mergedWith: lost) { batch in
        for finding in batch {
          object.element(Self.json(finding, explainedBy: checked.lostStretch(explaining: finding)))
        }
      }
      object.endArray()
      if baselinePath != nil { object.member("baselined", JSONValue(baselined)) }
      object.finish(terminator: "\n")
    } else {
      if !first { Console.output("") }
      let report = { (trace: LoadedTrace) in
        FindingReport(
          trace: trace, eventCount: checked.eventCount, lastSeq: checked.lastSeq,
          context: context)
      }
      Console.output(
        report(checked.trace).headline(shown.tally(mergedWith: lost), baselined: baselined))
      var output = JSONText(reservingCapacity: 1 << 16)
      var parts = EventLineParts()
      try checked.forEachBatch(of: shown, mergedWith: lost, context: context) { batch, trace in
        output.removeAll()
        report(trace).appendBlocks(
          batch, explanations: checked.lostStretches(explaining: batch), to: &output,
          parts: &parts)
        Console.outputPart(output)
      }
    }
    let failing = shown.tally(mergedWith: lost).counts.contains {
      $0.key >= failOn.severity && $0.value > 0
    }
    return failing ? ExitStatus.found : ExitStatus.success
  }

  /// A finding as `--json` prints it, with `"explainedByLoss"`, the stretch that may explain
  /// it, when there is one.
  private static func json(_ finding: Finding, explainedBy stretch: LostStretch?) -> JSONValue {
    guard let stretch, case .object(var object) = finding.json else { return finding.json }
    object["explainedByLoss"] = stretch.json
    return .object(object)
  }

  /// Writes every selected finding of every trace to the baseline file at `path`; writes
  /// nothing when a trace cannot be read, as the baseline would miss its findings.
  private func writeBaseline(to path: String) throws {
    let entries = BaselineEntrySpill()
    var unread = 0
    for paths in traces {
      do {
        // What a recording lost is not the app's to accept: it is never written.
        let checked = try CheckedTrace(
          paths, reading: reading, quiet: progress.quiet, fingerprinting: true,
          keep: { choice.shows($0) })
        try checked.forEachFingerprintedBatch(of: checked.findings) { batch, fingerprinter in
          for finding in batch { try entries.add(fingerprinter.entry(for: finding)) }
        }
      } catch {
        Console.report(error: "\(error)")
        unread += 1
      }
    }
    guard unread == 0 else {
      let files = unread == 1 ? "a trace" : "\(unread) traces"
      throw UsageError("\(path) not written: \(files) could not be read")
    }
    try entries.write(to: path)
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

/// The findings `replay check` chooses: those of the rules `--rule` names (all when it names
/// none), at or above `--severity` to be shown.
private struct FindingChoice {
  let rules: Set<String>
  let severity: Severity

  /// Whether `finding` is of a chosen rule.
  func selects(_ finding: Finding) -> Bool {
    rules.isEmpty || rules.contains(finding.rule.rawValue)
  }

  /// Whether `finding` is of a chosen rule and severe enough to be shown.
  func shows(_ finding: Finding) -> Bool {
    selects(finding) && finding.severity >= severity
  }
}
