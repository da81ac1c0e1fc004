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

      A closed .sctrace file of format 1.1 or later answers from its header and its index, \
      which holds a summary of the events, decoding only a few frames spread through it: \
      quick however long the trace. The size as JSON Lines is then estimated from those \
      frames' events (labelled "about"; counted exactly when they are all the frames), and \
      integrity covers the header, the index and the frames decoded. `--full` reads every \
      frame, as for older files and for files without an index (cut while recording), which \
      are always read whole; the "read" line says which.

        replay info traces/two-windows-clean.sctrace
        replay info recorded.sctrace --json
      """)

  @Argument(help: "The traces: .sctrace, JSON Lines or .jsonl.zst.")
  var files: [String]

  @Flag(help: "Print one JSON object per file.")
  var json = false

  @Flag(
    help: """
      Read every frame of a .sctrace, as for a file without a summary in its index: the exact \
      size as JSON Lines, and every frame's checksum checked.
      """)
  var full = false

  @Flag(help: "Skip events of unknown types and JSON lines that cannot be read, with a warning.")
  var lenient = false

  /// How many event frames `info` decodes, spread through a closed `.sctrace` file, when it
  /// answers from the index: for the size as JSON Lines, and to check a few frames.
  static let sampledFrames = 4

  func validate() throws {
    if files.isEmpty { throw ValidationError("Give at least one trace file.") }
  }

  func run() throws {
    var status = ExitStatus.success
    for (index, file) in files.enumerated() {
      do {
        let summary = try TraceSummary.read(
          file, options: ReadOptions(lenient: lenient), full: full,
          sampledFrames: Self.sampledFrames)
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
