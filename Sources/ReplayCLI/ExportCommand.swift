import ArgumentParser
import Foundation
import SceneTrace
import SceneTraceFile
import SceneTraceText

struct ExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write a trace's events as JSON Lines, or as a Chrome trace for Perfetto.",
    discussion: """
      Prints (or writes to -o) one line per event in the JSON Lines export form: "seq" and \
      "t" first, then "type" and the fields, absent fields left out. Reading the output back \
      gives the same events. A damaged or cut .sctrace exports every event it still holds, \
      and standard error says what was lost. -o may not name an input file (also through \
      `..` or a link) unless --force is given.

      --format chrome-trace writes the Chrome trace event format (JSON), which Perfetto \
      (ui.perfetto.dev) and chrome://tracing open: a process per launch, a thread per scene \
      session named by its session and role, the scenes' activation states as spans, the key \
      scene and lost stretches on each launch's "app" thread, key commands, focus changes, \
      app marks and findings as instant events with their fields in args, drag-and-drop and \
      shared-state write→render links as flow arrows; times in microseconds.

        replay export traces/two-windows-clean.sctrace -o two-windows.jsonl
        replay export app.sctrace | grep '"type":"key.command"'
        replay export traces/drag-to-other-window-fixed.jsonl --format chrome-trace -o drag.json
      """)

  @Argument(help: "The trace: .sctrace, JSON Lines or .jsonl.zst (several with --join).")
  var files: [String]

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp("Write here instead of standard output.", valueName: "out"))
  var output: String?

  @Option(
    help: ArgumentHelp(
      "The output format: jsonl (the events) or chrome-trace (a timeline for Perfetto).",
      valueName: "format"))
  var format: ExportFormat = .jsonl

  @Flag(help: "With -o: write the output even when it is one of the input files.")
  var force = false

  @OptionGroup var reading: TraceReadingOptions

  func validate() throws {
    try reading.validate(files, command: "export")
  }

  func run() throws {
    if let output { try OutputPath.refuseOverwriting(output, inputs: files, force: force) }
    let trace = try reading.load(files)
    if format == .chromeTrace {
      let data = try ChromeTrace.json(Timeline(events: trace.events, loss: trace.loss))
      guard let output else { return FileHandle.standardOutput.write(data) }
      return try TraceOutput.write(data, to: output)
    }
    guard let output else {
      FileHandle.standardOutput.write(Data(TraceOutput.jsonLines(trace.events).utf8))
      return
    }
    try TraceOutput.writeJSONLines(trace.events, to: output)
  }
}

/// The formats `replay export` writes.
enum ExportFormat: String, ExpressibleByArgument, CaseIterable {
  case jsonl
  case chromeTrace = "chrome-trace"
}
