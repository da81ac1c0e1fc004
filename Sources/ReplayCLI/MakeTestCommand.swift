import ArgumentParser
import Foundation
import SceneTrace
import SceneTraceFile

struct MakeTestCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "make-test",
    abstract: "Write a Swift Testing regression test for a trace.",
    discussion: """
      Writes a test that replays the trace with SceneTraceTesting, lists its findings, and \
      compares its findings and the state of every scene (and the state at each app.mark) \
      with golden files in __Snapshots__ next to the test. The test finds the trace from its \
      own folder, so put the trace in or near the test target. Its package needs the \
      SceneTraceTesting product of this package.

      The first `swift test` records the golden files and fails, saying so; the second passes. \
      From then on, a change that changes what the trace means fails the test with a diff.

        cp ~/Downloads/sketch.sctrace Tests/AppTests/Traces/
        replay make-test Tests/AppTests/Traces/sketch.sctrace -o Tests/AppTests/SketchTests.swift
        swift test --filter SketchTests; swift test --filter SketchTests
      """)

  @Argument(help: "The trace: .sctrace, JSON Lines or .jsonl.zst.")
  var trace: String

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp("The test file to write, ending in .swift.", valueName: "file"))
  var output: String

  @Option(
    help: ArgumentHelp(
      "The test suite's type name (default: from the trace's file name, such as "
        + "SketchRestorationBugTests).",
      valueName: "name"))
  var name: String?

  @Flag(help: "Overwrite the test file when it exists.")
  var force = false

  func validate() throws {
    guard output.hasSuffix(".swift") else {
      throw ValidationError("The test file must end in .swift: -o \(output).")
    }
    if let name, !RegressionTestSource.isTypeName(name) {
      throw ValidationError(
        "--name must be a Swift type name (letters, digits and _, not first a digit), not "
          + "\"\(name)\".")
    }
  }

  func run() throws {
    // The trace is replayed as it is read, and its findings kept as `check` keeps them (in a
    // file past a bound): the test needs its findings and whether it marks points, not its
    // events.
    var hasMarks = false
    let checked = try CheckedTrace(
      [trace], reading: TraceReadingOptions(lenient: false), quiet: true, keep: { _ in true }
    ) { events in
      // A mark is never a pointer sample: it is among the batch's events.
      if !hasMarks { hasMarks = events.events.contains { $0.type == .appMark } }
    }
    let traceURL = URL(fileURLWithPath: trace).standardizedFileURL
    let outputURL = URL(fileURLWithPath: output).standardizedFileURL
    if FileManager.default.fileExists(atPath: outputURL.path), !force {
      throw UsageError("\(output) exists; give --force to overwrite it.")
    }
    let base = traceURL.lastPathComponent.split(separator: ".").first.map(String.init) ?? ""
    guard let suite = name ?? RegressionTestSource.suiteName(forTraceNamed: base) else {
      throw UsageError(
        "no type name can be made from the file name \(traceURL.lastPathComponent); give --name.")
    }
    let source = RegressionTestSource(
      name: suite,
      tracePath: Self.relativePath(of: traceURL, from: outputURL.deletingLastPathComponent()),
      command: "replay make-test \(trace) -o \(output)" + (name.map { " --name \($0)" } ?? ""),
      findings: checked.findings,
      hasMarks: hasMarks)
    do {
      try FileManager.default.createDirectory(
        at: outputURL.deletingLastPathComponent(), withIntermediateDirectories: true)
    } catch {
      throw TraceError(
        code: .unwritableFile,
        message: "cannot write the test: \(error.localizedDescription)", path: output)
    }
    // Written as it is made, into a file beside the output that takes its place once whole: a
    // test lists every finding, and a long trace's (434,000 findings in 10^7 mixed events)
    // made a text of 26 MB, held twice.
    let file = StreamedTraceOutput(path: output, format: .text)
    file.start(TraceOutput.header(by: "make-test", from: nil))
    do {
      try source.write(to: file.write)
    } catch {
      file.discard()
      throw error
    }
    _ = try file.finish()
    Console.output(
      "wrote \(suite) to \(output); run `swift test` twice: the first run records its golden "
        + "files next to it, the second checks them")
  }

  /// The path of `file` from the folder `folder`, with `..` where it climbs out.
  static func relativePath(of file: URL, from folder: URL) -> String {
    let target = file.resolvingSymlinksInPath().pathComponents
    let base = folder.resolvingSymlinksInPath().pathComponents
    var shared = 0
    while shared < min(target.count, base.count), target[shared] == base[shared] { shared += 1 }
    let up = Array(repeating: "..", count: base.count - shared)
    return (up + target[shared...]).joined(separator: "/")
  }
}
