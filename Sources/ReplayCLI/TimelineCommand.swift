import ArgumentParser
import Foundation
import SceneTrace
import SceneTraceFile
import SceneTraceText

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

struct TimelineCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "timeline",
    abstract: "Draw the scenes over time on the terminal, as an SVG picture or an HTML page.",
    discussion: """
      One row per scene session (its session and role), time across the columns from the \
      first event drawn to the last, each scene's state as a character: · unattached, \
      ░ background, ▒ foreground inactive, █ foreground active, blank when not connected. \
      The "key scene" row shows the number of the scene that holds the key window. Errors \
      (!) and warnings (?) are marked on their scene's row and listed under the chart with \
      their seq, rule and session; app marks (*) are on the "app" row; | is a launch, \
      × events lost (recorder drops, damaged frames), not quiet time. A column is a slice of \
      time: the state drawn is the one the scene reached in it.

      The chart is as wide as the terminal (COLUMNS, or the terminal's width), 100 columns \
      through a pipe, or --width. Colour only on a terminal, never with NO_COLOR set. \
      --from/--to and --session draw a part, for every output: --from and --to take a seq \
      (120; -10 is the tenth event from the end) or a time in seconds ending in s (2.5s): \
      from the first event at or after it, to the last event at or before it.

      -o OUT.html writes one self-contained page a browser opens without a network: the \
      lanes on a canvas that zooms (wheel, + −) and pans (drag), hover a mark to read it, \
      click it for the event, the events that explain it and the state change it caused. \
      -o OUT.svg writes the same timeline as a static SVG picture (hover a finding in a \
      browser to read it). `replay export --format chrome-trace` writes it for Perfetto.

        replay timeline traces/setting-after-background-bug.jsonl --width 80
        replay timeline app.sctrace --from 120 --to 480 --session B
        replay timeline app.sctrace --from 2.5s --to 40s -o part.html
        replay timeline traces/setting-after-background-bug.jsonl -o timeline.html
        replay timeline traces/setting-after-background-bug.jsonl -o timeline.svg
      """)

  @Argument(help: "The trace: .sctrace, JSON Lines or .jsonl.zst (several with --join).")
  var files: [String]

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "The first event to draw: a seq (-N: the Nth from the end) or a time (2.5s).",
      valueName: "seq|time"))
  var from: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "The last event to draw: a seq (-1: the last event) or a time (40s).",
      valueName: "seq|time"))
  var to: String?

  @Option(help: ArgumentHelp("Draw only this session's row.", valueName: "session"))
  var session: String?

  @Option(help: ArgumentHelp("The width in columns (40 to 10000).", valueName: "n"))
  var width: Int?

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp(
      "Write an HTML page (.html) or an SVG picture (.svg) instead of drawing on the terminal.",
      valueName: "out"))
  var output: String?

  @Flag(help: "Write -o over a file even when it is one of the traces read.")
  var force = false

  @OptionGroup var reading: TraceReadingOptions

  @OptionGroup var progress: ProgressOptions

  func validate() throws {
    try reading.validate(files, command: "timeline")
    if let width, width < 40 {
      throw ValidationError("--width \(width) is too narrow to draw a timeline; give 40 or more.")
    }
    if let width, width > Self.widestChart {
      throw ValidationError(
        "--width \(width) is too wide to draw a timeline; give \(Self.widestChart) or fewer.")
    }
  }

  func run() throws {
    if let output {
      let name = output.lowercased()
      guard name.hasSuffix(".svg") || name.hasSuffix(".html") else {
        throw UsageError(
          "-o \(output): the timeline is written as HTML or SVG; give a name ending in .html "
            + "or .svg")
      }
      try OutputPath.refuseOverwriting(output, inputs: files, force: force)
    }
    // What the timeline lays out is made as the trace is read; an HTML page reads the events
    // it shows again once it knows them. The chart on the terminal lays out only what it draws.
    let html = output?.lowercased().hasSuffix(".html") == true
    var layout = Timeline.Layout(output == nil ? .chart : .whole)
    let streamed = try reading.streamAhead(files, quiet: progress.quiet) { layout.add($0) }
    let trace = streamed.withoutEvents
    let (events, named) = (layout.seqTimes, layout.sessions)
    let timeline = layout.finish(loss: trace.loss)
    guard let firstSeq = events.first?.seq, let lastSeq = events.last?.seq else {
      throw UsageError("\(trace.path) holds no events; there is nothing to draw")
    }
    let first = try from.map {
      try TraceArguments.bound($0, option: "--from", isEnd: false, in: events, path: trace.path)
    }
    let end = try to.map {
      try TraceArguments.bound($0, option: "--to", isEnd: true, in: events, path: trace.path)
    }
    if let first, let end, first > end {
      throw UsageError(
        "--from \(from ?? "") (seq \(first)) is after --to \(to ?? "") (seq \(end)); nothing "
          + "would be drawn")
    }
    if let session {
      try TraceArguments.checkSession(session, among: named, path: trace.path)
    }
    // The first event at or after the first seq drawn (the first event when none is), and the
    // last at or before the last (the last event when none is).
    let start = events.lastIndex(atOrBefore: (first ?? firstSeq) - 1).map { $0 + 1 } ?? 0
    let stop = events.lastIndex(atOrBefore: end ?? lastSeq) ?? events.count - 1
    let (low, high) = (events[start == events.count ? 0 : start], events[stop])
    let window = TimelineText.Window(
      seqs: low.seq...max(low.seq, high.seq), times: low.time...max(low.time, high.time))
    let sessions = session.map { [SessionID($0)] }
    if let output {
      // Into a file beside the output, which takes its place once whole.
      let file = StreamedTraceOutput(path: output, format: .text)
      file.start(TraceOutput.header(by: "timeline", from: nil))
      if html {
        do {
          try Self.page(
            of: streamed, reading: reading.readOptions, timeline: timeline, window: window,
            sessions: sessions, write: file.write)
        } catch {
          file.discard()
          throw error
        }
      } else {
        TimelineSVG(timeline, window: window, sessions: sessions, title: trace.path)
          .render(write: file.write)
      }
      let size = try file.finish()
      Console.write(
        "wrote \(output): the timeline of seq \(window.seqs.lowerBound)–"
          + "\(window.seqs.upperBound) as \(html ? "HTML" : "SVG") (\(size) bytes)\n")
      return
    }
    let text = TimelineText(
      timeline, window: window, width: width ?? Self.terminalWidth(),
      sessions: sessions)
    text.render(
      highlight: { mark, severity in
        Console.styled(mark, severity == .error ? .red : .yellow, on: STDOUT_FILENO)
      }, write: Console.write)
  }

  /// The widest chart drawn, in columns: a chart as wide as `--width` or COLUMNS can say could
  /// not be made (a row of 2^63 characters), and one of 10^8 took minutes.
  static let widestChart = 10_000

  /// The terminal's width: COLUMNS when set (at most ``widestChart``), else the width of the
  /// terminal standard output is, else 100 (through a pipe).
  static func terminalWidth() -> Int {
    if let columns = getenv("COLUMNS").flatMap({ Int(String(cString: $0)) }), columns > 0 {
      return min(columns, widestChart)
    }
    guard isatty(STDOUT_FILENO) == 1 else { return 100 }
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 100 }
    return Int(size.ws_col)
  }
}
