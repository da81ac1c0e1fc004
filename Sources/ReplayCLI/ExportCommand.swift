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
    switch (format, output) {
    case (.jsonl, let output?):
      try exportJSONLines(to: output)
    case (.jsonl, nil):
      // Standard output gets nothing from a read that fails: the lines go to a temporary file
      // as they are made, and from it to standard output once the whole trace was read.
      let temporary = FileManager.default.temporaryDirectory
        .appendingPathComponent("replay-export-\(UUID().uuidString).jsonl").path
      defer { try? FileManager.default.removeItem(atPath: temporary) }
      try exportJSONLines(to: temporary)
      try Self.copy(temporary, to: .standardOutput)
    case (.chromeTrace, _):
      // The timeline is laid out as the trace is read, not from the trace loaded whole, and
      // written as its events are made, into a file that takes the output's place at the end.
      var layout = Timeline.Layout()
      let trace = try reading.streamAhead(files, quiet: true) { layout.add($0) }.withoutEvents
      let timeline = layout.finish(loss: trace.loss)
      guard let output else {
        return ChromeTrace.write(timeline) { Console.outputPart($0) }
      }
      let file = StreamedTraceOutput(path: output, format: .text)
      file.start(TraceOutput.header(by: "export", from: nil))
      ChromeTrace.write(timeline) { file.write($0) }
      _ = try file.finish()
    }
  }

  /// Writes the file at `path` to `handle`, 1 MiB at a time.
  private static func copy(_ path: String, to handle: FileHandle) throws(TraceError) {
    do {
      let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
      defer { try? file.close() }
      while let chunk = try file.read(upToCount: 1 << 20), !chunk.isEmpty { handle.write(chunk) }
    } catch {
      throw TraceError(
        code: .unreadableFile,
        message: "cannot read the export back: \(error.localizedDescription)",
        path: path)
    }
  }

  /// Writes the events to `output` as they are read, a frame or a chunk at a time, into a file
  /// that takes the output's place only when the whole read succeeded.
  private func exportJSONLines(to output: String) throws {
    let file = StreamedTraceOutput(path: output, format: .jsonLines)
    do {
      // JSON Lines have no header: the one `start` takes is not written.
      _ = try reading.stream(files) { _ in
        file.start(TraceOutput.header(by: "export", from: nil))
      } consume: {
        file.write($0)
      }
    } catch {
      file.discard()
      throw error
    }
    _ = try file.finish()
  }
}

/// The formats `replay export` writes.
enum ExportFormat: String, ExpressibleByArgument, CaseIterable {
  case jsonl
  case chromeTrace = "chrome-trace"
}
