import ArgumentParser
import SceneTrace
import SceneTraceFile
import SceneTraceText

struct EventsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "events",
    abstract: "List the events, one a line.",
    discussion: """
      Each line shows the seq, the time in seconds, the type and the fields. Filters combine; \
      ranges are inclusive. --json prints the JSON Lines export form.

        replay events traces/two-windows-clean.jsonl --session B --type scene.
        replay events traces/two-windows-clean.jsonl --from 5 --to 9 --json
        replay events --join monday.sctrace tuesday.sctrace --type app.
      """)

  @Argument(help: "The trace: .sctrace, JSON Lines or .jsonl.zst (several with --join).")
  var files: [String]

  @Option(help: ArgumentHelp("The first seq to list.", valueName: "seq"))
  var from: Int?

  @Option(help: ArgumentHelp("The last seq to list.", valueName: "seq"))
  var to: Int?

  @Option(help: ArgumentHelp("Only events that name this session.", valueName: "session"))
  var session: String?

  @Option(
    help: ArgumentHelp(
      "Only events whose type starts with this, such as scene. or key.press.",
      valueName: "prefix"))
  var type: String?

  @Flag(help: "Print the JSON Lines export form.")
  var json = false

  @OptionGroup var reading: TraceReadingOptions

  func validate() throws {
    try reading.validate(files, command: "events")
    if let from, let to, from > to {
      throw ValidationError("--from \(from) is after --to \(to); nothing would be listed.")
    }
  }

  func run() throws {
    let trace = try reading.load(files)
    let session = session.map { SessionID($0) }
    let selected = trace.events.filter { event in
      (from.map { event.seq >= $0 } ?? true) && (to.map { event.seq <= $0 } ?? true)
        && (type.map { event.type.rawValue.hasPrefix($0) } ?? true)
        && (session.map { event.payload.sessions.contains($0) } ?? true)
    }
    let text = EventText(lastSeq: trace.events.last?.seq ?? 0)
    for event in selected {
      Console.output(json ? event.jsonLine : text.line(event))
    }
  }
}
