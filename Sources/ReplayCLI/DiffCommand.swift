import ArgumentParser
import SceneTrace
import SceneTraceFile
import SceneTraceText

struct DiffCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "diff",
    abstract: "What changed between two points of a trace, or where two traces first differ.",
    discussion: """
      With one trace, prints what changed between the state after --from and the state after \
      --to, scene by scene (exit 0). With two traces, replays both side by side and stops at \
      the first event after which their states differ (times aside), printing both events, \
      what differs and both states there (exit 1 when they differ, 0 when they never do).

        replay diff traces/two-windows-clean.jsonl --from 8 --to 21
        replay diff before-fix.jsonl after-fix.jsonl
      """)

  @Argument(help: "One trace (with --from and --to), or two traces to compare.")
  var files: [String]

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("The first point: the state after this event (default 0).", valueName: "seq")
  )
  var from: Int?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "The second point (default: the last; -N: the Nth from the end).", valueName: "seq"))
  var to: Int?

  @Flag(help: "Print the changes as JSON.")
  var json = false

  @OptionGroup var reading: TraceReadingOptions

  func validate() throws {
    switch files.count {
    case 1:
      if let from, let to, from >= 0, to >= 0, from > to {
        throw ValidationError("--from \(from) is after --to \(to).")
      }
    case 2:
      if from != nil || to != nil {
        throw ValidationError("--from and --to choose points of one trace; give one file.")
      }
    default:
      throw ValidationError("Give one trace with --from and --to, or two traces.")
    }
  }

  func run() throws {
    if files.count == 2 {
      try compareTraces()
    } else {
      try comparePoints()
    }
  }

  private func comparePoints() throws {
    let file = files[0]
    let trace = try reading.load(file)
    let last = trace.events.last?.seq ?? 0
    let start =
      try from.map {
        try TraceArguments.seq($0, option: "--from", lastSeq: last, path: file)
      } ?? 0
    let end =
      try to.map { try TraceArguments.seq($0, option: "--to", lastSeq: last, path: file) }
      ?? last
    if start > end { throw UsageError("--from is seq \(start), after --to at seq \(end)") }
    var replay = Replay()
    replay.apply(trace.events.prefix { $0.seq <= start })
    let before = replay.state
    replay.apply(trace.events.drop { $0.seq <= start }.prefix { $0.seq <= end })
    let changes = before.comparableJSON.changes(to: replay.state.comparableJSON)
    if json {
      let report: JSONValue = .object([
        "file": .string(file), "from": JSONValue(start), "to": JSONValue(end),
        "changes": .array(changes.map(\.json)),
      ])
      Console.output(report.serialized())
      return
    }
    let count = changes.count
    Console.output(
      "\(file): seq \(start) (t \(before.time)) → seq \(end) (t \(replay.state.time)): "
        + (count == 0 ? "no change" : "\(count) change\(count == 1 ? "" : "s")"))
    for line in ChangeText.render(changes) { Console.output(line) }
  }

  private func compareTraces() throws {
    let traces = (try reading.load(files[0]), try reading.load(files[1]))
    var replays = (Replay(), Replay())
    let length = max(traces.0.events.count, traces.1.events.count)
    for index in 0..<length {
      let events = (traces.0.events.element(at: index), traces.1.events.element(at: index))
      if let event = events.0 { replays.0.apply(event) }
      if let event = events.1 { replays.1.apply(event) }
      let states = (replays.0.state.comparableJSON, replays.1.state.comparableJSON)
      guard states.0 != states.1 else { continue }
      report(difference: states.0.changes(to: states.1), at: index, events, replays, traces)
      throw ExitCode(ExitStatus.found)
    }
    let counts = (traces.0.events.count, traces.1.events.count)
    if json {
      Console.output(JSONValue.object(["identical": .bool(true)]).serialized())
      return
    }
    var line = "\(files[0]) and \(files[1]): the states agree after every event"
    if counts.0 != counts.1 {
      let longer = counts.0 > counts.1 ? files[0] : files[1]
      line += " (\(longer) has \(abs(counts.0 - counts.1)) more events that change nothing)"
    }
    Console.output(line)
  }

  private func report(
    difference changes: [JSONChange], at index: Int, _ events: (Event?, Event?),
    _ replays: (Replay, Replay), _ traces: (LoadedTrace, LoadedTrace)
  ) {
    if json {
      func side(_ file: String, _ event: Event?, _ replay: Replay) -> JSONValue {
        .object([
          "file": .string(file), "event": event?.json ?? .null, "state": replay.state.json,
        ])
      }
      let report: JSONValue = .object([
        "identical": .bool(false), "event": JSONValue(index + 1),
        "a": side(files[0], events.0, replays.0), "b": side(files[1], events.1, replays.1),
        "changes": .array(changes.map(\.json)),
      ])
      Console.output(report.serialized())
      return
    }
    let lastSeq = max(traces.0.events.last?.seq ?? 0, traces.1.events.last?.seq ?? 0)
    let text = EventText(lastSeq: lastSeq)
    func describe(_ event: Event?, in file: String) -> String {
      event.map { text.line($0) } ?? "  (\(file) has ended)"
    }
    var lines = [
      "\(files[0]) and \(files[1]) differ first after event \(index + 1):",
      "a:" + describe(events.0, in: files[0]),
      "b:" + describe(events.1, in: files[1]),
      "",
      "what differs (a → b):",
    ]
    lines += ChangeText.render(changes).map { "  " + $0 }
    lines += ["", "state of a (\(files[0])):", StateText.render(replays.0.state)]
    lines += ["", "state of b (\(files[1])):", StateText.render(replays.1.state)]
    for line in lines { Console.output(line) }
  }
}

extension JSONChange {
  /// `{"path", "before", "after"}`, with absent values as `null` and `"absent"` flags.
  var json: JSONValue {
    .object([
      "path": .string(path.description), "before": before ?? .null, "after": after ?? .null,
      "beforeAbsent": .bool(before == nil), "afterAbsent": .bool(after == nil),
    ])
  }
}

extension Array {
  /// The element at `index`, or nil past the end.
  func element(at index: Int) -> Element? {
    indices.contains(index) ? self[index] : nil
  }
}
