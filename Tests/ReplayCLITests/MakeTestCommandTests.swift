import Foundation
import SceneTraceTestSupport
import Testing

@Suite("replay make-test")
struct MakeTestCommandTests {
  @Test func writesASuiteThatFindsItsTraceFromItsOwnFolderAndListsItsFindings() throws {
    let folder = try ReplayTool.temporaryFolder()
    let output = folder.appendingPathComponent("Tests/AppTests/SketchTests.swift").path
    let result = try ReplayTool.run(
      "make-test", "traces/sketch-restoration-bug.jsonl", "-o", output)
    #expect(result.status == 0, "\(result.errors)")
    #expect(
      result.output
        == "wrote SketchRestorationBugTests to \(output); run `swift test` twice: the first run "
        + "records its golden files next to it, the second checks them\n")
    let source = try String(contentsOfFile: output, encoding: .utf8)
    let fromTest = URL(fileURLWithPath: output).deletingLastPathComponent()
      .appendingPathComponent(Self.quoted(in: source, after: "ReplayedTrace(contentsOf: "))
      .standardizedFileURL.path
    #expect(
      fromTest
        == PackageFolders.root.appendingPathComponent("traces/sketch-restoration-bug.jsonl")
        .resolvingSymlinksInPath().path)
    #expect(source.contains("@Suite struct SketchRestorationBugTests {"))
    #expect(
      source.contains(
        """
            trace.expectFindings([
              ExpectedFinding("restoration.shared-storage", session: "S2"),
            ])
            assertSnapshot(of: trace, as: .findings)
        """))
    #expect(source.contains("assertSnapshot(of: trace, as: .sceneState)"))
    // No app.mark in this trace: no test of the states at marks.
    #expect(!source.contains(".stateAtMarks"))
  }

  @Test func aCleanTraceWithMarksGetsNoFindingsAndTheStatesAtItsMarks() throws {
    let folder = try ReplayTool.temporaryFolder()
    let output = folder.appendingPathComponent("SettingTests.swift").path
    let result = try ReplayTool.run(
      "make-test", "traces/setting-one-window-fixed.jsonl", "-o", output, "--name", "Setting")
    #expect(result.status == 0, "\(result.errors)")
    let source = try String(contentsOfFile: output, encoding: .utf8)
    #expect(source.contains("@Suite struct Setting {"))
    #expect(source.contains("    trace.expectNoFindings()\n"))
    #expect(source.contains("assertSnapshot(of: trace, as: .stateAtMarks)"))
  }

  @Test func anExistingTestIsKeptUnlessForced() throws {
    let output = try ReplayTool.temporaryFolder().appendingPathComponent("KeepTests.swift").path
    try Data("// mine\n".utf8).write(to: URL(fileURLWithPath: output))
    let refused = try ReplayTool.run("make-test", "traces/switcher-kill.jsonl", "-o", output)
    #expect(refused.status == 2)
    #expect(refused.errors == "error: \(output) exists; give --force to overwrite it.\n")
    #expect(try String(contentsOfFile: output, encoding: .utf8) == "// mine\n")
    let forced = try ReplayTool.run(
      "make-test", "traces/switcher-kill.jsonl", "-o", output, "--force")
    #expect(forced.status == 0)
    #expect(try String(contentsOfFile: output, encoding: .utf8).contains("SwitcherKillTests"))
  }

  @Test(arguments: [
    (["-o", "Tests.txt"], "The test file must end in .swift: -o Tests.txt."),
    (["-o", "T.swift", "--name", "2Fast"], "--name must be a Swift type name"),
  ])
  func badArgumentsAreUsageErrors(arguments: [String], message: String) throws {
    let result = try ReplayTool.run(["make-test", "traces/switcher-kill.jsonl"] + arguments)
    #expect(result.status == 2)
    #expect(result.errors.contains(message), "\(result.errors)")
  }

  @Test func anUnreadableTraceWritesNothing() throws {
    let output = try ReplayTool.temporaryFolder().appendingPathComponent("NoTests.swift").path
    let result = try ReplayTool.run("make-test", "traces/no-such-trace.jsonl", "-o", output)
    #expect(result.status == 2)
    #expect(result.errors.contains("no-such-trace.jsonl"))
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  /// The string literal that follows `prefix` in `source`.
  private static func quoted(in source: String, after prefix: String) -> String {
    guard let start = source.range(of: prefix + "\"")?.upperBound,
      let end = source[start...].firstIndex(of: "\"")
    else { return "" }
    return String(source[start..<end])
  }
}
