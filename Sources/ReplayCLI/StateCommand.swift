import ArgumentParser
import SceneTrace
import SceneTraceFile

struct StateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "state",
    abstract: "Print every scene's state after an event.",
    discussion: """
      Replays the trace up to the event and prints the app, every session and its scene \
      (activation state, key window, first responder, focus, geometry, content, selections, \
      renders), the drags in flight and the shared store. --at 0 prints the state before the \
      first event.

        replay state traces/two-windows-clean.jsonl --at 8
        replay state traces/two-windows-clean.jsonl --at-time 2.5 --json
      """)

  @Argument(help: "The trace: JSON Lines, or zstd-compressed JSON Lines.")
  var file: String

  @Option(help: ArgumentHelp("The state after this event (default: the last).", valueName: "seq"))
  var at: Int?

  @Option(
    name: .customLong("at-time"),
    help: ArgumentHelp(
      "The state after the last event at or before this time, in seconds.",
      valueName: "seconds"))
  var atTime: Double?

  @Flag(help: "Print the state as JSON (the documented contract) instead of a tree.")
  var json = false

  @OptionGroup var reading: TraceReadingOptions

  func validate() throws {
    if at != nil, atTime != nil {
      throw ValidationError("--at and --at-time choose the same thing; give one of them.")
    }
    if let at, at < 0 { throw ValidationError("--at must be 0 or a seq, not \(at).") }
    if let atTime, !(atTime >= 0) {
      throw ValidationError("--at-time must be a number of seconds, 0 or more.")
    }
  }

  func run() throws {
    let trace = try reading.load(file)
    let end = try lastSeq(in: trace)
    var replay = Replay()
    replay.apply(trace.events.prefix { $0.seq <= end })
    if end == trace.events.last?.seq { replay.finish() }
    if json {
      Console.output(replay.state.json.serialized(pretty: true))
      return
    }
    Console.output(StateText.render(replay.state))
    let count = replay.findings.count
    if count > 0 {
      Console.output(
        "\n\(count) finding\(count == 1 ? "" : "s") up to here; `replay check \(file)` lists them")
    }
  }

  /// The seq to stop after, from `--at` or `--at-time`.
  private func lastSeq(in trace: LoadedTrace) throws -> Int {
    let last = trace.events.last?.seq ?? 0
    if let at {
      guard at <= last else {
        throw UsageError(
          "--at \(at) is past the end of \(file), whose last event is seq \(last).")
      }
      return at
    }
    if let atTime {
      let limit = TraceTime(nanoseconds: Int64((atTime * 1e9).rounded()))
      return trace.events.last { $0.time <= limit }?.seq ?? 0
    }
    return last
  }
}
