import Foundation
import SceneTraceTestSupport
import Testing

@Suite("replay simulate")
struct SimulateCommandTests {
  @Test func listNamesEveryScenarioWithWhatItShows() throws {
    let result = try ReplayTool.run("simulate", "--list")
    #expect(result.status == 0)
    let names = result.output.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
    #expect(names.contains("two-windows"))
    #expect(names.contains("setting-split-view-bug"))
    #expect(names.contains("setting-split-view-fixed"))
    #expect(names.contains("long-pointer-drag"))
  }

  @Test func aSimulatedTraceIsReadByEveryCommand() throws {
    let path = TemporaryFile.url("simulated", "jsonl").path
    let result = try ReplayTool.run("simulate", "two-windows", "-o", path)
    #expect(result.status == 0)
    #expect(result.errors.contains("wrote"))
    let check = try ReplayTool.run("check", path)
    #expect(check.status == 0)
    #expect(check.output.contains("no findings"))
    let state = try ReplayTool.run("state", path, "--json")
    #expect(state.status == 0)
    // The same scenario gives the same bytes every time.
    let again = path + ".again.jsonl"
    _ = try ReplayTool.run("simulate", "two-windows", "-o", again)
    #expect(
      FileManager.default.contents(atPath: path) == FileManager.default.contents(atPath: again))
  }

  @Test func unknownScenarioOrMissingOutputIsAUsageError() throws {
    let unknown = try ReplayTool.run("simulate", "no-such-scenario", "-o", "/tmp/x.jsonl")
    #expect(unknown.status == 2)
    #expect(unknown.errors.contains("--list"))
    #expect(try ReplayTool.run("simulate", "two-windows").status == 2)
    #expect(try ReplayTool.run("simulate").status == 2)
    let unwritable = try ReplayTool.run("simulate", "two-windows", "-o", "/no/such/folder/x.jsonl")
    #expect(unwritable.status == 2)
  }
}
