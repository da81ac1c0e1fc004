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
      file is compacted with every event it still holds, and standard error says what was lost. \
      With --join, several files of one app become one compacted trace. The output may not be \
      an input file (also through `..` or a link) unless --force is given.

        replay compact recorded-on-ipad.sctrace -o small.sctrace
        replay compact big.sctrace -o smaller.sctrace --level 19
        replay compact --join launch1.sctrace launch2.sctrace -o day.sctrace
      """)

  @Argument(help: "The trace: .sctrace, JSON Lines or .jsonl.zst (several with --join).")
  var files: [String]

  @Option(name: .shortAndLong, help: ArgumentHelp("The .sctrace file to write.", valueName: "out"))
  var output: String

  @Flag(help: "Write the output even when it is one of the input files.")
  var force = false

  @OptionGroup var compression: CompressionOptions

  @OptionGroup var reading: TraceReadingOptions

  func validate() throws {
    try reading.validate(files, command: "compact")
  }

  func run() throws {
    try OutputPath.refuseOverwriting(output, inputs: files, force: force)
    var before = 0
    for file in files { before += try TraceReader.fileSize(of: file) }
    // Frame by frame: the events go to the writer as they are read, into a file that takes the
    // output's place once the whole input was read.
    let file = StreamedTraceOutput(path: output, format: .sctrace(compression.compression))
    let trace: StreamedTrace
    do {
      trace = try reading.stream(files) { header in
        file.start(header ?? TraceOutput.header(by: "compact", from: nil))
      } consume: {
        file.write($0)
      }
    } catch {
      file.discard()
      throw error
    }
    let size = try file.finish()
    let ratio = TraceOutput.decimal(Double(before) / Double(max(size, 1)), digits: 1)
    Console.output(
      "\(output): \(trace.tally.count) events in \(TraceOutput.size(size)), \(ratio)× smaller "
        + "than \(files.joined(separator: " + ")) (\(TraceOutput.size(before)))")
  }
}
