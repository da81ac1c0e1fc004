import ArgumentParser
import SceneTrace
import SceneTraceFile

struct InfoCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "info",
    abstract: "Describe a trace file: header, events, sessions, frames, size and integrity.",
    discussion: """
      Prints the format and header (recorder, app, start time), how many events of each type \
      over how long, the sessions and launches, the frames and checkpoints of a .sctrace, its \
      size against the same events as JSON Lines (the compression ratio is JSON Lines bytes \
      over file bytes), and whether it is intact, truncated or damaged. `replay verify` checks \
      more deeply.

        replay info traces/two-windows-clean.sctrace
        replay info recorded.sctrace --json
      """)

  @Argument(help: "The traces: .sctrace, JSON Lines or .jsonl.zst.")
  var files: [String]

  @Flag(help: "Print one JSON object per file.")
  var json = false

  @Flag(help: "Skip events of unknown types and JSON lines that cannot be read, with a warning.")
  var lenient = false

  func validate() throws {
    if files.isEmpty { throw ValidationError("Give at least one trace file.") }
  }

  func run() throws {
    var status = ExitStatus.success
    for (index, file) in files.enumerated() {
      do {
        let summary = try TraceSummary.read(file, options: ReadOptions(lenient: lenient))
        if json {
          Console.output(summary.json.serialized())
        } else {
          if index > 0 { Console.output("") }
          Console.output(summary.text)
        }
      } catch {
        Console.report(error: "\(error)")
        status = ExitStatus.usage
      }
    }
    if status != ExitStatus.success { throw ExitCode(status) }
  }
}
