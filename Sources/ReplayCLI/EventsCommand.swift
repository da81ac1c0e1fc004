import ArgumentParser
import SceneTrace
import SceneTraceFile
import SceneTraceText

struct EventsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "events",
    abstract: "List the events, one a line.",
    discussion: """
      Each line shows the seq, the time in seconds, the type and the fields, in columns as \
      wide as the events need. Filters combine; ranges are inclusive, and a negative seq \
      counts from the end (--from -10 lists the last ten events). A session or a type prefix \
      that no event has, or a seq past the end, is an error that says what the trace holds. \
      --json prints the JSON Lines export form.

        replay events traces/two-windows-clean.jsonl --session B --type scene.
        replay events traces/two-windows-clean.jsonl --from 5 --to 9 --json
        replay events traces/two-windows-clean.jsonl --from -5
        replay events --join monday.sctrace tuesday.sctrace --type app.
      """)

  @Argument(help: "The trace: .sctrace, JSON Lines or .jsonl.zst (several with --join).")
  var files: [String]

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("The first seq to list (-N: the Nth from the end).", valueName: "seq"))
  var from: Int?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("The last seq to list (-1: the last event).", valueName: "seq"))
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

  @OptionGroup var progress: ProgressOptions

  func validate() throws {
    try reading.validate(files, command: "events")
  }

  func run() throws {
    try listStreaming(files)
  }

  /// The seqs `--from` and `--to` name in a trace whose last event is `lastSeq`.
  func bounds(lastSeq last: Int, path: String) throws -> (first: Int?, end: Int?) {
    let first = try from.map {
      try TraceArguments.seq($0, option: "--from", lastSeq: last, path: path)
    }
    let end = try to.map {
      try TraceArguments.seq($0, option: "--to", lastSeq: last, path: path)
    }
    if let first, let end, first > end {
      func named(_ option: String, _ value: Int?, _ seq: Int) -> String {
        "\(option) \(value ?? seq)" + ((value ?? 0) < 0 ? " (seq \(seq))" : "")
      }
      throw UsageError(
        "\(named("--from", from, first)) is after \(named("--to", to, end)); nothing would be "
          + "listed")
    }
    return (first, end)
  }
}

/// The events `replay events` lists: within the seqs, of the type prefix, naming the session.
struct Selection {
  let first: Int?
  let end: Int?
  let session: SessionID?
  /// The types whose names start with the prefix asked for; nil for every type.
  let types: [EventType]?

  init(first: Int?, end: Int?, session: String?, type: String?) {
    self.first = first
    self.end = end
    self.session = session.map { SessionID($0) }
    // Told apart once: a type's name compared at every event took a tenth of a pass. A list,
    // not a set: a type hashes its name.
    types = type.map { prefix in EventType.allCases.filter { $0.rawValue.hasPrefix(prefix) } }
  }

  /// Whether the event `event` points to is listed, read where it is stored: an event handed to
  /// a function (or read by a closure) is copied, every string in it retained and released.
  func contains(_ event: UnsafePointer<Event>) -> Bool {
    if let first, event.pointee.seq < first { return false }
    if let end, event.pointee.seq > end { return false }
    if let types, !types.contains(event.pointee.type) { return false }
    if let session { return event.pointee.payload.sessions.contains(session) }
    return true
  }
}

/// Lines written to standard output in chunks, as bytes: a write a line would dominate the time
/// on long traces, and a string made for each line and appended to another took a fifth of
/// `replay events`.
struct ChunkedOutput {
  /// How many bytes are written at a time, about.
  private static let chunkSize = 1 << 16
  private var chunk = JSONText(reservingCapacity: chunkSize + (1 << 12))

  /// Writes a line for each of `events` that `selection` lists (each one without a selection),
  /// read where it is stored: in `columns` (``EventText/appendLine(_:marker:to:)``), or its
  /// JSON line when there are none.
  mutating func write(_ events: [Event], selecting selection: Selection?, columns: EventText?) {
    events.withUnsafeBufferPointer { events in
      guard let first = events.baseAddress else { return }
      for event in first..<first + events.count where selection?.contains(event) ?? true {
        if let columns {
          columns.appendLine(event.pointee, to: &chunk)
        } else {
          event.pointee.writeJSONLine(to: &chunk)
        }
        chunk.append("\n")
        if chunk.byteCount > Self.chunkSize { flush() }
      }
    }
  }

  /// Writes what is left.
  mutating func flush() {
    Console.outputPart(chunk)
    chunk.removeAll()
  }
}
