import Foundation
import SceneTraceTestSupport
import Testing

/// A trace read through a pipe (`/dev/stdin`, a process substitution) can be read only once,
/// and most commands read their trace twice (a scan, then the pass that replays; `check`'s
/// report; a seek's index, then its frames). Each command says the same of a trace on standard
/// input as of the file itself.
@Suite("every command reads a trace through a pipe as it reads the file")
struct PipedInputTests {
  static let traces = [
    "traces/missed-foreground-hook.jsonl", "traces/captured/sketch-restoration-bug.sctrace",
    ExitStatusContractTests.droppedPath,
  ]

  static let commands: [[String]] = [
    ["check"], ["check", "--json"], ["state", "--at", "5"], ["state", "--at", "-2"],
    ["events"], ["events", "--from", "3", "--to", "6"], ["info"], ["verify"],
    ["diff", "--from", "2", "--to", "-1"], ["why", "sessions"], ["timeline"], ["export"],
  ]

  struct Case: CustomTestStringConvertible, Sendable {
    var trace: String
    var command: [String]
    var testDescription: String {
      "\((trace as NSString).lastPathComponent) \(command.joined(separator: " "))"
    }
  }

  static let cases = traces.flatMap { trace in commands.map { Case(trace: trace, command: $0) } }

  @Test(arguments: cases)
  func aTraceOnStandardInputReadsAsTheFile(_ test: Case) throws {
    let reading = { (path: String) in [test.command[0], path] + test.command.dropFirst() }
    let fromFile = try ReplayTool.run(reading(test.trace))
    let input = try Data(
      contentsOf: URL(fileURLWithPath: test.trace, relativeTo: PackageFolders.root))
    let fromPipe = try ReplayTool.run(reading("/dev/stdin"), input: input)
    let named = { (text: String) in text.replacingOccurrences(of: "/dev/stdin", with: test.trace) }
    #expect(fromPipe.status == fromFile.status, "\(fromPipe.errors)")
    #expect(named(fromPipe.output) == fromFile.output)
    #expect(named(fromPipe.errors) == fromFile.errors)
  }
}
