import ArgumentParser
import Foundation
import SceneTrace
import SceneTraceFile
import SceneTraceRecording
import SceneTraceSimulator
import SceneTraceText

struct SimulateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "simulate",
    abstract: "Record a trace by running a scenario of the iPadOS simulator.",
    discussion: """
      The simulator models the system side of iPadOS (sessions, the scene lifecycle, the key \
      window, input routing) on a virtual clock and drives an example app that records \
      through SceneTrace's hooks, so the same scenario always gives the same trace. Each bug \
      class has a `-bug` and a `-fixed` form on the same script.

        replay simulate --list
        replay simulate setting-split-view-bug -o setting.sctrace
        replay check setting.sctrace

      The trace is a .sctrace file, or JSON Lines when FILE ends in .jsonl.
      """)

  @Argument(help: "The scenario, as --list names them.")
  var scenario: String?

  @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the trace.", valueName: "file"))
  var output: String?

  @Flag(help: "List the scenarios.")
  var list = false

  func validate() throws {
    if list { return }
    guard let scenario else {
      throw ValidationError("Name a scenario, or give --list to see them.")
    }
    guard Scenario.named(scenario) != nil else {
      throw ValidationError(
        "There is no scenario \"\(scenario)\"; `replay simulate --list` lists them.")
    }
    guard output != nil else { throw ValidationError("Give the file to write with -o FILE.") }
  }

  func run() throws {
    if list {
      let width = Scenario.all.map(\.name.count).max() ?? 0
      for scenario in Scenario.all {
        Console.output("\(scenario.name.rightPadded(to: width))  \(scenario.summary)")
      }
      return
    }
    guard let name = scenario, let chosen = Scenario.named(name), let output else { return }
    if output.hasSuffix(".jsonl") {
      let sink = try JSONLinesFileSink(path: output)
      try chosen.run(into: sink)
      if let failure = sink.failure { throw failure }
      Console.error("wrote \(sink.count) events to \(output)")
      return
    }
    // A .sctrace, with checkpoints: the simulator has time to run the reducer as it writes.
    try chosen.run(
      into: TraceFileSink(path: output, appName: "ExampleApp", checkpointInterval: 16_384))
    let trace = try TraceFile.load(path: output)
    Console.error("wrote \(trace.events.count) events to \(output)")
  }
}

/// A sink that writes events as JSON Lines to a file.
final class JSONLinesFileSink: TraceSink, @unchecked Sendable {
  private let path: String
  private let handle: FileHandle
  /// How many events were written.
  private(set) var count = 0
  /// The first write error, if any.
  private(set) var failure: UsageError?

  init(path: String) throws {
    guard FileManager.default.createFile(atPath: path, contents: nil) else {
      throw UsageError("cannot create \(path): check that its folder exists and is writable.")
    }
    guard let handle = FileHandle(forWritingAtPath: path) else {
      throw UsageError("cannot open \(path) for writing.")
    }
    self.path = path
    self.handle = handle
  }

  func open() throws -> TracePosition { .start }

  func write(_ events: [Event]) throws {
    do {
      try handle.write(contentsOf: Data(TraceOutput.jsonLines(events)))
      count += events.count
    } catch {
      failure = failure ?? UsageError("cannot write \(path): \(error)")
      throw error
    }
  }

  func flush() throws { try handle.synchronize() }

  func close() throws { try handle.close() }
}
