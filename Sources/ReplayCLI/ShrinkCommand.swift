import ArgumentParser
import Foundation
import SceneTrace
import SceneTraceFile

struct ShrinkCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "shrink",
    abstract: "Shrink a trace to the events that still show a finding or a state.",
    discussion: """
      Replays ever smaller parts of the trace (delta debugging) and keeps the smallest that \
      still has a finding of the rule (in the session, with --session) or still ends with the \
      state value (--until-state), and that has no finding the trace did not have at the same \
      event: the result shows the bug, not a trace broken by cutting it. Removing any one \
      event of the result loses the goal or adds a finding. The events keep their times and \
      are numbered again from 1.

        replay shrink traces/sketch-restoration-bug.jsonl \\
          --rule restoration.shared-storage -o sketch.jsonl
        replay check sketch.jsonl
        replay shrink app.sctrace --rule lifecycle.order --session B -o small.sctrace
        replay shrink app.sctrace --until-state 'sessions.B.scene.focus=cell-3' \\
          -o focus.jsonl

      PATH=VALUE names a field of the state JSON as `replay why` takes it, and the value it \
      must have after the last event: JSON (`"cell-3"`, `1024`, `null`, `["a","b"]`), or else \
      a string. The output is a .sctrace file, or JSON Lines when OUT ends in .jsonl; it may \
      not be an input file unless --force is given.
      """)

  @Argument(help: "The trace: .sctrace, JSON Lines or .jsonl.zst (several with --join).")
  var files: [String]

  @Option(help: ArgumentHelp("Keep a finding of this rule.", valueName: "id"))
  var rule: String?

  @Option(help: ArgumentHelp("With --rule: a finding about this session.", valueName: "session"))
  var session: String?

  @Option(
    name: .customLong("until-state"),
    help: ArgumentHelp(
      "Keep the value of a field of the final state, such as sessions.B.scene.focus=cell-3.",
      valueName: "path=value"))
  var untilState: String?

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp(
      "The trace to write: .sctrace, or JSON Lines when it ends in .jsonl.", valueName: "out"))
  var output: String

  @Flag(help: "Write the output even when it is one of the input files.")
  var force = false

  @OptionGroup var reading: TraceReadingOptions

  func validate() throws {
    try reading.validate(files, command: "shrink")
    switch (rule, untilState) {
    case (nil, nil):
      throw ValidationError(
        "Say what the shrunk trace must keep: --rule ID (and --session S) or "
          + "--until-state PATH=VALUE.")
    case (.some, .some):
      throw ValidationError("Give --rule or --until-state, not both.")
    case (let rule?, nil):
      try RuleDescription.validateBuiltIn(rule)
    case (nil, .some):
      if session != nil { throw ValidationError("--session goes with --rule.") }
    }
  }

  func run() throws {
    try OutputPath.refuseOverwriting(output, inputs: files, force: force)
    let goal = try self.goal()
    let shrinker = TraceShrinker()
    // Read a batch at a time: the shrink holds the events only as far as a prefix that keeps
    // the goal (a trace of 10^7 events, held whole, took 2.25 GB).
    var search = ShrinkPrefixSearch(goal: goal, reducer: shrinker.reducer)
    var sessions = Set<SessionID>()
    let streamed = try reading.streamAhead(files, quiet: true) { events in
      if session != nil {
        for event in events { sessions.formUnion(event.payload.sessions) }
      }
      search.read(events)
    }
    let holds = search.finish()
    let trace = streamed.withoutEvents
    if let session {
      try TraceArguments.checkSession(session, among: sessions, path: trace.path)
    }
    guard holds else {
      throw UsageError(try absence(of: goal, in: trace.path, state: search.original.state))
    }
    let started = MonotonicClock.now()
    let result = shrinker.shrink(from: consume search)
    let seconds = Double(MonotonicClock.now() - started) / 1e9
    try TraceOutput.write(result.events, to: output, from: trace, by: "shrink")
    let time = TraceOutput.decimal(seconds, digits: seconds < 1 ? 2 : 1)
    Console.output(
      "kept \(result.events.count) of \(result.originalCount) events (\(goal.summary)) after "
        + "\(result.replays) replays in \(time) s; wrote \(output)")
  }

  /// The goal the options name.
  private func goal() throws -> ShrinkGoal {
    if let rule {
      return .finding(RuleID(rule), session: session.map(SessionID.init))
    }
    let (field, value) = try Self.parseFieldValue(untilState ?? "")
    // The state's value alone: the shrink need not keep the findings of a long trace for it.
    return ShrinkGoal("\(field) = \(value.serialized())", readingFindings: { _ in false }) {
      $0.state.json(at: field) == value
    }
  }

  /// Why the trace at `path`, whose last state is `state`, does not meet `goal`, and where to
  /// look.
  private func absence(of goal: ShrinkGoal, in path: String, state: TraceState) throws -> String {
    if let rule {
      let place = session.map { " in session \($0)" } ?? ""
      return "\(path) has no \(rule) finding\(place); `replay check` lists its findings"
    }
    let (field, _) = try Self.parseFieldValue(untilState ?? "")
    let actual = state.json(at: field)
    return "\(path) does not end with \(goal.summary) but with "
      + "\(actual.map { $0.serialized() } ?? "nothing there"); `replay why` shows how it got there"
  }

  /// Reads `PATH=VALUE`: the path is the text before the first `=` that leaves a valid path
  /// (a quoted key may hold `=`), the value is JSON when it parses as JSON, else a string.
  static func parseFieldValue(_ text: String) throws -> (JSONPath, JSONValue) {
    for split in text.indices where text[split] == "=" {
      guard let field = try? JSONPath(parsing: String(text[..<split])) else { continue }
      let rest = String(text[text.index(after: split)...])
      let value = (try? JSONValue(parsing: Array(rest.utf8))) ?? .string(rest)
      return (field, value)
    }
    throw UsageError(
      "--until-state \(text) is not PATH=VALUE with a state path such as "
        + "sessions.B.scene.focus (see `replay why --help`)")
  }
}
