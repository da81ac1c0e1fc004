import Foundation
import SceneTraceTestSupport
import Testing

@testable import ReplayCLI

/// The rough edges a new user meets first: how errors are spelt, colour, sorting, columns.
@Suite("a finished replay")
struct FinishedCLITests {
  static let bug = "traces/sketch-restoration-bug.jsonl"

  /// Usage mistakes that swift-argument-parser reports are spelt `error:` like replay's own.
  @Test(arguments: [
    ["state"], ["check", bug, "--context", "x"], ["state", bug, "--at", "1", "--at-time", "1"],
    ["events", bug, "--nosuch"],
  ])
  func everyErrorIsSpeltLowercase(arguments: [String]) throws {
    let result = try ReplayTool.run(arguments)
    #expect(result.status == 2)
    #expect(result.errors.hasPrefix("error: "), "\(result.errors)")
    #expect(!result.errors.contains("Error:"))
  }

  /// Runs `command` under a pseudo-terminal (`script`), as on a user's terminal.
  private func onTerminal(_ command: String, environment: [String: String] = [:]) throws
    -> String
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    process.arguments = ["-qec", command, "/dev/null"]
    process.currentDirectoryURL = PackageFolders.root
    var variables = ProcessInfo.processInfo.environment
    variables["NO_COLOR"] = nil
    variables.merge(environment) { $1 }
    process.environment = variables
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
  func severitiesAreColouredOnATerminalOnlyWithoutNoColor() throws {
    let replay = ReplayTool.executable.path
    let coloured = try onTerminal("\(replay) check \(Self.bug); \(replay) state")
    #expect(coloured.contains("\u{1B}[1;31merror\u{1B}[0m[restoration.shared-storage]"))
    #expect(coloured.contains("\u{1B}[1;31merror\u{1B}[0m: Missing expected argument"))
    let plain = try onTerminal("\(replay) check \(Self.bug)", environment: ["NO_COLOR": "1"])
    #expect(plain.contains("error[restoration.shared-storage]"))
    #expect(!plain.contains("\u{1B}["))
    let piped = try ReplayTool.run("check", Self.bug)
    #expect(!piped.output.contains("\u{1B}[") && !piped.errors.contains("\u{1B}["))
  }

  @Test func progressBarShowsHowFarTheWorkGot() {
    #expect(
      Progress.bar("replaying", done: 250, total: 1000, width: 20)
        == "replaying [=====>              ]  25%  250/1000 events")
    #expect(
      Progress.bar("replaying", done: 1000, total: 1000, width: 10)
        == "replaying [==========] 100%  1000/1000 events")
  }

  @Test func quietIsAcceptedAndNothingButTheAnswerGoesToAPipe() throws {
    for command in ["check", "state"] {
      let result = try ReplayTool.run(command, Self.bug, "--quiet")
      #expect(result.errors.isEmpty, "\(command): \(result.errors)")
      #expect(!result.output.isEmpty)
    }
  }

  /// Session names sort as people sort them in text; the JSON keeps scalar order, its contract.
  @Test func sessionsSortNaturallyInTextAndByScalarsInJSON() throws {
    let lines = [1, 2, 10, 11].map { #"{"type":"scene.willConnect","session":"S\#($0)"}"# }
    let path = try TraceArgumentTests.file(lines.joined(separator: "\n") + "\n")
    let text = try ReplayTool.run("state", path).output
    let order = ["S1", "S2", "S10", "S11"].compactMap { text.range(of: "\n  \($0) ")?.lowerBound }
    #expect(order.count == 4 && order == order.sorted(), "\(text)")
    let info = try ReplayTool.run("info", path).output
    #expect(info.contains("4 (S1, S2, S10, S11)"), "\(info)")
    let json = try ReplayTool.run("state", path, "--json").output
    let keys = ["\"S1\"", "\"S10\"", "\"S11\"", "\"S2\""].compactMap { json.range(of: $0) }
    #expect(keys.count == 4 && keys.map(\.lowerBound) == keys.map(\.lowerBound).sorted())
  }

  /// `events` sizes its columns from the events it lists: the type and the fields line up
  /// even for a long type and a long time.
  @Test func eventColumnsLineUp() throws {
    let path = try TraceArgumentTests.file(
      """
      {"type":"scene.willConnect","session":"A"}
      {"t":1234.5,"type":"scene.restoreInteractionState","session":"A"}
      {"t":1234.75,"type":"app.mark","label":"x"}

      """)
    let lines = try ReplayTool.run("events", path).output.split(separator: "\n")
    #expect(lines.count == 3)
    let typeColumns = Set(
      lines.map {
        $0.range(of: "  scene.")?.lowerBound.utf16Offset(in: $0)
          ?? $0.range(of: "  app.")?.lowerBound.utf16Offset(in: $0)
      })
    #expect(typeColumns.count == 1, "\(lines)")
    let fieldColumns = Set(
      lines.map { line in
        line.range(of: "session=")?.lowerBound.utf16Offset(in: line)
          ?? line.range(of: "label=")?.lowerBound.utf16Offset(in: line)
      })
    #expect(fieldColumns.count == 1, "\(lines)")
    #expect(lines[0] == "  1  0        scene.willConnect              session=A")
  }
}
