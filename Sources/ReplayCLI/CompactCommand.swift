import ArgumentParser
import SceneTrace
import SceneTraceFile

struct CompactCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "compact",
    abstract: "Recompress a trace, such as a raw-block .sctrace recorded on iOS.",
    discussion: """
      Writes the same events with the same header (recorder, app, start time) as a .sctrace \
      compressed at --level, with fresh checkpoints and index. Where libzstd is missing (iOS) \
      the recorder writes raw blocks, which take about ten times the space. A damaged or cut \
      file is compacted with every event it still holds, and standard error says what was lost.

        replay compact recorded-on-ipad.sctrace -o small.sctrace
        replay compact big.sctrace -o smaller.sctrace --level 19
      """)

  @Argument(help: "The trace: .sctrace, JSON Lines or .jsonl.zst.")
  var file: String

  @Option(name: .shortAndLong, help: ArgumentHelp("The .sctrace file to write.", valueName: "out"))
  var output: String

  @OptionGroup var compression: CompressionOptions

  @OptionGroup var reading: TraceReadingOptions

  func validate() throws {
    if reading.join {
      throw ValidationError("compact takes one file; join files with `replay import --join`.")
    }
  }

  func run() throws {
    let before = try TraceReader.fileSize(of: file)
    let trace = try reading.load(file)
    let header =
      trace.header ?? TraceHeader(recorderVersion: "replay compact \(ReplayMain.version)")
    let size = try TraceOutput.write(
      trace, to: output, header: header, compression: compression.compression)
    let ratio = TraceOutput.decimal(Double(before) / Double(max(size, 1)), digits: 1)
    Console.output(
      "\(output): \(trace.events.count) events in \(TraceOutput.size(size)), \(ratio)× smaller "
        + "than \(file) (\(TraceOutput.size(before)))")
  }
}
