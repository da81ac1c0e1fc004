import Foundation
import SceneTraceTestSupport
import Testing

/// `replay shrink`, through the built `replay`.
@Suite("replay shrink")
struct ShrinkCommandTests {
  static let sketch = "traces/sketch-restoration-bug.jsonl"

  @Test func shrunkTraceBreaksTheSameRuleInAFewEvents() throws {
    let output = try ReplayTool.temporaryFolder().appendingPathComponent("sketch.jsonl").path
    let result = try ReplayTool.run(
      "shrink", Self.sketch, "--rule", "restoration.shared-storage", "-o", output)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.hasPrefix("kept 3 of 37 events (restoration.shared-storage) after "))
    #expect(result.output.hasSuffix(" s; wrote \(output)\n"))
    #expect(result.errors.isEmpty)
    let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines.first?.hasPrefix(#"{"seq":1,"t":"#) == true)
    let check = try ReplayTool.run("check", output)
    #expect(check.status == 1)
    #expect(check.output.hasPrefix("\(output): 1 error in 3 events\n"))
    #expect(check.output.contains("error[restoration.shared-storage] seq 3 · session S2 · t 12.11"))
  }

  @Test func outputIsSctraceUnlessItEndsInJsonl() throws {
    let output = try ReplayTool.temporaryFolder().appendingPathComponent("hook.sctrace").path
    let result = try ReplayTool.run(
      "shrink", "traces/missed-foreground-hook.jsonl", "--rule", "lifecycle.order",
      "--session", "inspector", "-o", output)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.hasPrefix("kept "))
    #expect(result.output.contains(" of 18 events (lifecycle.order in session inspector) after "))
    let info = try ReplayTool.run("info", output)
    #expect(info.output.contains("format         .sctrace 1.2"), "\(info.output)")
    let check = try ReplayTool.run("check", output, "--rule", "lifecycle.order")
    #expect(check.status == 1)
    #expect(check.output.contains("error[lifecycle.order]"))
    #expect(check.output.contains("· session inspector ·"))
  }

  @Test func joinedFilesShrinkAsOneTrace() throws {
    let output = try ReplayTool.temporaryFolder().appendingPathComponent("joined.jsonl").path
    let result = try ReplayTool.run(
      "shrink", "--join", "traces/two-windows-clean.jsonl", "traces/missed-foreground-hook.jsonl",
      "--rule", "lifecycle.order", "-o", output)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.hasPrefix("kept "))
    #expect(result.output.contains(" of 54 events (lifecycle.order) after "))
    #expect(try ReplayTool.run("check", output, "--rule", "lifecycle.order").status == 1)
  }

  @Test func untilStateKeepsTheEventsThatLeaveAFieldWithItsValue() throws {
    let directory = try ReplayTool.temporaryFolder()
    let text = directory.appendingPathComponent("content.jsonl").path
    let result = try ReplayTool.run(
      "shrink", Self.sketch, "--until-state", "sessions.S2.scene.content=sketch:tree", "-o",
      text)
    #expect(result.status == 0, "\(result.errors)")
    #expect(
      result.output.hasPrefix(
        #"kept 2 of 37 events (sessions.S2.scene.content = "sketch:tree") after "#))
    let why = try ReplayTool.run("why", text, "sessions.S2.scene.content")
    #expect(why.output.hasPrefix(#"sessions.S2.scene.content after seq 2 (t 7.5): "sketch:tree""#))

    // A value that parses as JSON is compared as JSON: here the number 2, S1's second scene.
    let json = directory.appendingPathComponent("instance.jsonl").path
    let number = try ReplayTool.run(
      "shrink", Self.sketch, "--until-state", #"sessions["S1"].scene.instance=2"#, "-o", json)
    #expect(number.status == 0, "\(number.errors)")
    #expect(number.output.contains("(sessions.S1.scene.instance = 2)"), "\(number.output)")
    let state = try ReplayTool.run("state", json, "--json")
    #expect(state.output.contains(#""instance": 2,"#))
  }

  @Test func unknownRuleIsBadUsage() throws {
    let result = try ReplayTool.run(
      "shrink", Self.sketch, "--rule", "restoration.shared", "-o", "/tmp/never.jsonl")
    #expect(result.status == 2)
    #expect(result.errors.contains(#"There is no rule "restoration.shared"; `replay rules` lists"#))
  }

  @Test func goalMissingFromTheTraceIsBadUsage() throws {
    let output = try ReplayTool.temporaryFolder().appendingPathComponent("never.jsonl").path
    let finding = try ReplayTool.run(
      "shrink", Self.sketch, "--rule", "lifecycle.order", "--session", "S1", "-o", output)
    #expect(finding.status == 2)
    #expect(
      finding.errors
        == "error: \(Self.sketch) has no lifecycle.order finding in session S1; "
        + "`replay check` lists its findings\n")
    let state = try ReplayTool.run(
      "shrink", Self.sketch, "--until-state", "app.keyScene=S1", "-o", output)
    #expect(state.status == 2)
    #expect(
      state.errors
        == "error: \(Self.sketch) does not end with app.keyScene = \"S1\" but with \"S2\"; "
        + "`replay why` shows how it got there\n")
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test func outputNamingAnInputIsRefusedUnlessForced() throws {
    let directory = try ReplayTool.temporaryFolder()
    let input = directory.appendingPathComponent("sketch.jsonl")
    try FileManager.default.copyItem(
      at: PackageFolders.root.appendingPathComponent(Self.sketch), to: input)
    let before = try Data(contentsOf: input)
    let sameFile = directory.appendingPathComponent("../\(directory.lastPathComponent)")
      .appendingPathComponent("sketch.jsonl").path
    let refused = try ReplayTool.run(
      "shrink", input.path, "--rule", "restoration.shared-storage", "-o", sameFile)
    #expect(refused.status == 2)
    #expect(
      refused.errors
        == "error: -o \(sameFile) would overwrite the input \(input.path); write elsewhere, "
        + "or give --force.\n")
    #expect(try Data(contentsOf: input) == before)

    let forced = try ReplayTool.run(
      "shrink", input.path, "--rule", "restoration.shared-storage", "-o", input.path,
      "--force")
    #expect(forced.status == 0, "\(forced.errors)")
    #expect(try ReplayTool.run("check", input.path).output.contains("1 error in 3 events"))
  }

  @Test func shrinkNeedsAGoal() throws {
    let none = try ReplayTool.run("shrink", Self.sketch, "-o", "/tmp/never.jsonl")
    #expect(none.status == 2)
    #expect(none.errors.contains("Say what the shrunk trace must keep"))
    let both = try ReplayTool.run(
      "shrink", Self.sketch, "--rule", "lifecycle.order", "--until-state", "app.keyScene=S1",
      "-o", "/tmp/never.jsonl")
    #expect(both.status == 2)
    #expect(both.errors.contains("Give --rule or --until-state, not both."))
  }

  @Test func helpHasAWorkedExample() throws {
    let result = try ReplayTool.run("shrink", "--help")
    #expect(result.status == 0)
    #expect(result.output.contains("replay shrink traces/sketch-restoration-bug.jsonl"))
    #expect(result.output.contains("replay check sketch.jsonl"))
  }
}
