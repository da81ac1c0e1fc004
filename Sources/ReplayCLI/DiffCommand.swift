import ArgumentParser
import SceneTrace
import SceneTraceFile
import SceneTraceText

struct DiffCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "diff",
    abstract: "What changed between two points of a trace, or where two traces behave differently.",
    discussion: """
      With one trace, prints what changed between the state after --from and the state after \
      --to, scene by scene (exit 0).

      With two traces (a and b), compares what they do, not where their events stand: two \
      recordings of the same steps behave the same even when their session identifiers, times \
      and launch, drag and request identifiers differ, or one has events that change nothing. \
      Sessions are matched by role, activity type and order of connection (the second \
      windowApplication session to connect in a is the second in b), or as --map says; the \
      events are aligned by what they say (ids renamed, times dropped), and the states are \
      compared after every stretch where the events differ. Same behaviour prints one line \
      (exit 0); otherwise it prints the first stretch after which the states differ, the \
      events around it in both traces (- only in a, + only in b) and what differs in the state \
      (exit 1): b's events as b recorded them, what differs with b's sessions named as in a. \
      Each side is one file: to compare recordings of several files, join them first \
      (replay export --join a1 a2 -o a.jsonl).

        replay diff traces/two-windows-clean.jsonl --from 8 --to 21
        replay diff traces/setting-one-window-fixed.jsonl traces/setting-one-window-bug.jsonl

      The second prints where the bug starts (the events around it are shortened here):

        traces/setting-one-window-fixed.jsonl and traces/setting-one-window-bug.jsonl behave \
      differently: the states first differ after seq 16 of a and seq 15 of b
          a: seq 16  state.render session=W2 key=defaults:showWordCount value=true
          b: nothing in its place (after seq 15)

        events around it in a (traces/setting-one-window-fixed.jsonl)
            15  6.002  state.render   session=W1 key=defaults:showWordCount value=true
          - 16  6.003  state.render   session=W2 key=defaults:showWordCount value=true
            17  9      app.keyWindow  session=W2 window=W2.main
        events around it in b (traces/setting-one-window-bug.jsonl)
            15  6.002  state.render   session=W1 key=defaults:showWordCount value=true
            (nothing here)
            16  9      app.keyWindow  session=W2 window=W2.main

        what differs after them (a → b)
          session W2
              scene.renders.defaults:showWordCount  "true" → "false"

      Recordings of the same steps print one line instead, such as `same behaviour: 19 events \
      of a.jsonl, 20 events of b.jsonl, sessions matched W1 = 6F9A…, W2 = 0B3D…`.
      """)

  @Argument(help: "One trace (with --from and --to), or two traces to compare (a and b).")
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

  @Option(
    name: .customLong("map"),
    help: ArgumentHelp(
      "Match session A_ID of a with session B_ID of b, before the others are matched by role, "
        + "activity type and order of connection (repeatable).",
      valueName: "A_ID=B_ID"))
  var sessionPairs: [String] = []

  @Flag(help: "Print the changes as JSON.")
  var json = false

  @Flag(help: "Skip events of unknown types and JSON lines that cannot be read, in either trace.")
  var lenient = false

  func validate() throws {
    switch files.count {
    case 1:
      if let from, let to, from >= 0, to >= 0, from > to {
        throw ValidationError("--from \(from) is after --to \(to).")
      }
      if !sessionPairs.isEmpty {
        throw ValidationError("--map matches sessions of two traces; give two files.")
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
    let reading = TraceReadingOptions(lenient: lenient)
    let resolve = { (last: Int) throws -> (from: Int?, to: Int?) in
      (
        try from.map { try TraceArguments.seq($0, option: "--from", lastSeq: last, path: file) },
        try to.map { try TraceArguments.seq($0, option: "--to", lastSeq: last, path: file) }
      )
    }
    // The events are replayed as they are read, as far as --to. A point counted from the end is
    // found by a first pass; one past the end is refused once the last seq is known.
    let bounds: (from: Int?, to: Int?) =
      (from ?? 0) < 0 || (to ?? 0) < 0 ? try resolve(reading.scan([file]).last) : (from, to)
    let start = bounds.from ?? 0
    var replay = Replay()
    var atStart: TraceState?
    let streamed = try reading.streamAhead(
      [file], quiet: true,
      while: { events in bounds.to.map { (events.last?.seq ?? 0) <= $0 } ?? true }
    ) { events in
      // Read where they are stored: a `for` loop's copy of each event, and the array of its
      // findings `apply(_:)` returns, cost the replay about a fifth more.
      for index in events.indices where bounds.to.map({ events[index].seq <= $0 }) ?? true {
        if atStart == nil, events[index].seq > start {
          atStart = replay.state
          // The two states are compared by the entries of their maps changed between them.
          replay.noteEveryChange()
        }
        replay.record(events[index])
      }
      _ = replay.takeFindings()
    }
    let last = streamed.tally.last?.seq ?? 0
    if !streamed.stoppedEarly { _ = try resolve(last) }
    let end = bounds.to ?? last
    if start > end { throw UsageError("--from is seq \(start), after --to at seq \(end)") }
    let before = atStart ?? replay.state
    let changes = replay.takeEveryChange().changes(from: before, to: replay.state)
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
