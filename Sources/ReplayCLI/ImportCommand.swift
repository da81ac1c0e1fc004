import ArgumentParser
import SceneTrace
import SceneTraceFile

struct ImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Write a JSON Lines trace as a .sctrace file.",
    discussion: """
      Reads JSON Lines (or .jsonl.zst, or another .sctrace) and writes the same events as a \
      .sctrace file: zstd frames of about 4K events, a checkpoint after every frame (fewer \
      for hundreds of sessions), and an index. `replay export` gives the JSON Lines back \
      exactly. A file whose end was cut is imported up to the cut, with a warning. The output \
      may not be an input file (also through `..` or a link) unless --force is given.

        replay import traces/two-windows-clean.jsonl -o two-windows.sctrace
        replay import day.jsonl.zst -o day.sctrace --app com.example.notes --level 9
        replay import --join morning.jsonl afternoon.jsonl -o day.sctrace
      """)

  @Argument(help: "The trace to import (several with --join).")
  var files: [String]

  @Option(name: .shortAndLong, help: ArgumentHelp("The .sctrace file to write.", valueName: "out"))
  var output: String

  @Option(help: ArgumentHelp("The app's name for the file's header.", valueName: "name"))
  var app: String?

  @Flag(help: "Write the output even when it is one of the input files.")
  var force = false

  @OptionGroup var compression: CompressionOptions

  @OptionGroup var reading: TraceReadingOptions

  func validate() throws {
    try reading.validate(files, command: "import")
  }

  func run() throws {
    try OutputPath.refuseOverwriting(output, inputs: files, force: force)
    let file = StreamedTraceOutput(path: output, format: .sctrace(compression.compression))
    var jsonLines = StreamedJSONLinesSize()
    let trace: StreamedTrace
    do {
      trace = try reading.stream(files) { header in
        file.start(TraceOutput.header(by: "import", from: header, appName: app))
      } consume: { events in
        file.write(events)
        jsonLines.add(events)
      }
    } catch {
      file.discard()
      throw error
    }
    let size = try file.finish()
    let count = trace.tally.count
    let perEvent = TraceOutput.bytesPerEvent(size, count)
    let json = jsonLines.size
    Console.output(
      "\(output): \(count) event\(count == 1 ? "" : "s") in \(TraceOutput.size(size)) "
        + "(\(perEvent) bytes an event; \(json.isExact ? "" : "about ")"
        + "\(TraceOutput.size(json.bytes)) as JSON Lines)")
  }
}
