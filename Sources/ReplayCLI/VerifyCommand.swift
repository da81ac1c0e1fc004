import ArgumentParser
import SceneTrace
import SceneTraceFile

struct VerifyCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "verify",
    abstract: "Check a trace's integrity: frames, checksums, index and checkpoints.",
    discussion: """
      Reads every frame of a .sctrace and checks its checksum, checks the index against the \
      frames, and replays the events from the start comparing every checkpoint's digest with \
      the replayed state (a checkpoint of another reducer version is reported, not counted as \
      damage). A JSON Lines file is checked for a cut last line. On damage, it says what the \
      file still yields.

      Events the recorder dropped (trace.gap events) are not damage: the file holds what the \
      recorder wrote. They are listed apart ("intact, but the recorder dropped N events at seq \
      S") and do not change the exit status. Exit status 0 when nothing is damaged, recorder \
      drops or not; 1 on any damage (a damaged or missing part, a cut end, a checkpoint that \
      differs); 2 when the file cannot be read at all.

        replay verify traces/two-windows-clean.sctrace
        replay verify recorded-*.sctrace
      """)

  @Argument(help: "The traces: .sctrace, JSON Lines or .jsonl.zst.")
  var files: [String]

  @Flag(help: "Skip events of unknown types and JSON lines that cannot be read, with a warning.")
  var lenient = false

  func validate() throws {
    if files.isEmpty { throw ValidationError("Give at least one trace file.") }
  }

  func run() throws {
    var status = ExitStatus.success
    for (index, file) in files.enumerated() {
      if index > 0 { Console.output("") }
      do {
        status = max(status, try verify(file))
      } catch {
        Console.report(error: "\(error)")
        status = ExitStatus.usage
      }
    }
    if status != ExitStatus.success { throw ExitCode(status) }
  }

  private func verify(_ file: String) throws -> Int32 {
    let options = ReadOptions(lenient: lenient)
    // The events are counted as they stream by, not kept.
    guard TraceInputFormat.of(file) == .sctrace else {
      let streamed = try TraceFile.stream(path: file, options: options) { _ in true }
      Console.output("\(file): \(streamed.format), \(streamed.tally.count) events")
      return report(streamed.withoutEvents, streamed.tally, problems: [])
    }
    let (inspection, tally) = try TraceReader(path: file, options: options).inspect(
      checkingCheckpoints: true
    ) { _ in }
    let trace = inspection.trace
    var header = "\(file): .sctrace"
    if let fileHeader = trace.header {
      header +=
        " \(fileHeader.formatVersion) (recorder \"\(fileHeader.recorderVersion)\", app "
        + "\"\(fileHeader.appName)\")"
    } else {
      header += " (header damaged)"
    }
    Console.output(header)
    let checksums =
      trace.damage.isEmpty ? "checksums match" : "\(trace.damage.count) damaged part(s)"
    let frames = inspection.frames.count
    Console.output(
      "  frames       \(frames) event frame\(frames == 1 ? "" : "s") read, "
        + "\(tally.count) events, \(checksums)")
    Console.output("  checkpoints  \(checkpointSummary(inspection.checkpoints))")
    Console.output("  index        \(indexSummary(inspection.index))")
    for checkpoint in inspection.checkpoints {
      if case .otherReducerVersion(let version) = checkpoint.status {
        Console.output(
          "  note: the checkpoint after seq \(checkpoint.entry.seq) was made by reducer version "
            + "\(version) and this is version \(TraceReducer.version): not compared")
      }
    }
    return report(
      trace, tally, problems: inspection.problems, indexIntact: inspection.index == .intact)
  }

  /// Prints the damage and the verdict for `trace`, whose events `tally` counted, and returns
  /// the exit status.
  private func report(
    _ trace: LoadedTrace, _ tally: EventTally, problems: [String], indexIntact: Bool = true
  ) -> Int32 {
    let drops = trace.loss.filter { $0.kind == .dropped }
    for drop in drops {
      let count = LostStretch.grouped(drop.eventCount ?? 0)
      Console.output(
        "  dropped      \(count) events at seq \(drop.seq), by the recorder (not damage)")
    }
    for damage in trace.damage { Console.output("  damaged      \(damage)") }
    if let truncation = trace.truncation { Console.output("  truncated    \(truncation)") }
    for problem in problems { Console.output("  damaged      \(problem)") }
    guard !trace.isIntact || !problems.isEmpty || !indexIntact else {
      Console.output(
        drops.isEmpty ? "intact: every check passed" : "intact, but \(Self.dropSentence(drops))")
      return ExitStatus.success
    }
    let lostEvents = trace.truncation != nil || trace.damage.contains(where: \.losesEvents)
    Console.output(
      lostEvents
        ? "damaged: the file still yields \(tally.count) events\(ranges(tally.seqRuns))"
        : "damaged, but no event was lost: all \(tally.count) events read"
          + ranges(tally.seqRuns))
    return ExitStatus.found
  }

  /// `the recorder dropped 7,237 events at seq 120`, over every drop.
  static func dropSentence(_ drops: [LostStretch]) -> String {
    let total = LostStretch.eventTotal(of: drops)
    let seqs = drops.map { String($0.seq) }
    let places =
      seqs.count == 1
      ? "at seq \(seqs[0])"
      : "at seqs \(seqs.prefix(5).joined(separator: ", "))"
        + (seqs.count > 5 ? " and \(seqs.count - 5) more" : "")
    let events = total == 1 ? "event" : "events"
    return "the recorder dropped \(LostStretch.grouped(total)) \(events) \(places): every check "
      + "passed, and `replay check` marks the findings those events may explain"
  }

  private func checkpointSummary(_ checkpoints: [TraceInspection.Checkpoint]) -> String {
    guard !checkpoints.isEmpty else { return "none" }
    var counts: [String: Int] = [:]
    for checkpoint in checkpoints {
      let key: String
      switch checkpoint.status {
      case .matches, .notChecked: key = "match a fresh replay"
      case .differs: key = "differ from a fresh replay"
      case .otherReducerVersion: key = "of another reducer version"
      case .unreachable: key = "not compared (events before them are missing)"
      case .unreadable: key = "unreadable"
      }
      counts[key, default: 0] += 1
    }
    return counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
      .joined(separator: ", ") + " (reducer version \(TraceReducer.version))"
  }

  private func indexSummary(_ status: TraceInspection.IndexStatus) -> String {
    switch status {
    case .intact: "intact"
    case .missing: "missing (the file was not closed); rebuilt by scanning"
    case .damaged(let reason): "damaged: \(reason); rebuilt by scanning"
    }
  }

  /// `: seq 1–4096 and 8193–12000`: the first few of `runs`, runs of consecutive seqs.
  private func ranges(_ runs: [ClosedRange<Int>]) -> String {
    guard !runs.isEmpty else { return "" }
    let shown = runs.prefix(5).map {
      $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)–\($0.upperBound)"
    }
    let more = runs.count > 5 ? " and \(runs.count - 5) more runs" : ""
    let list =
      shown.count > 1
      ? shown.dropLast().joined(separator: ", ") + " and " + (shown.last ?? "") : shown[0]
    return ": seq \(list)\(more)"
  }
}
