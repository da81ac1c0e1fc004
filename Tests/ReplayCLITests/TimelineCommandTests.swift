import Foundation
import Testing

/// `replay timeline`: the scenes over time on a terminal.
@Suite("timeline command")
struct TimelineCommandTests {
  @Test(arguments: ["setting-after-background-bug", "session-data-cleanup-bug"])
  func renderingOfATraceAtWidth80MatchesItsGoldenFile(name: String) throws {
    let result = try ReplayTool.run("timeline", "traces/\(name).jsonl", "--width", "80")
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.split(separator: "\n").allSatisfy { $0.count <= 80 })
    Golden.expect(result.output, matches: "traces/\(name).timeline.txt")
  }

  @Test func throughAPipeItIsPlainTextAHundredColumnsWide() throws {
    let result = try ReplayTool.run("timeline", "traces/setting-after-background-bug.jsonl")
    #expect(result.status == 0)
    #expect(!result.output.contains("\u{1B}["))
    let rows = result.output.split(separator: "\n").filter { $0.hasSuffix("│") }
    #expect(!rows.isEmpty)
    for row in rows { #expect(row.count == 100) }
  }

  @Test func aFindingIsMarkedOnItsScenesRowAndListedUnderTheChart() throws {
    let result = try ReplayTool.run(
      "timeline", "traces/setting-after-background-bug.jsonl", "--width", "80")
    let rows = result.output.split(separator: "\n")
    let w2 = try #require(rows.first { $0.hasPrefix("2 W2 windowApplication") })
    #expect(w2.contains("!"))
    let w1 = try #require(rows.first { $0.hasPrefix("1 W1 windowApplication") })
    #expect(!w1.contains("!"))
    #expect(rows.contains { $0.hasPrefix("seq 23") && $0.contains("shared.stale-render  W2") })
  }

  @Test func sessionAndSeqsDrawAPart() throws {
    let result = try ReplayTool.run(
      "timeline", "traces/setting-after-background-bug.jsonl", "--session", "W2", "--from", "13",
      "--to", "21", "--width", "60")
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.hasPrefix("seq 13–21, 3 s to 30.01 s\n"))
    #expect(!result.output.contains("W1 windowApplication"))
    #expect(result.output.contains("2 W2 windowApplication"))
    // The finding at seq 23 is outside the part drawn.
    #expect(result.output.contains("no errors or warnings"))
  }

  @Test func launchesAndLostStretchesAreDrawn() throws {
    let trace = try ReplayTool.twoLaunchesWithADrop()
    let result = try ReplayTool.run("timeline", trace.path, "--width", "60")
    #expect(result.status == 0, "\(result.errors)")
    let row = try #require(result.output.split(separator: "\n").first { $0.hasPrefix("1 A") })
    #expect(row.contains("|"))
    #expect(row.contains("×"))
    #expect(row.contains("▒"))
    #expect(row.contains("·"))
    #expect(result.output.contains("trace.events-lost"))
  }

  @Test func aNarrowWidthIsAUsageError() throws {
    let result = try ReplayTool.run(
      "timeline", "traces/setting-after-background-bug.jsonl", "--width", "20")
    #expect(result.status == 2)
    #expect(result.errors.contains("--width 20"))
  }

  /// A width past what a chart is drawn at is a usage error, and a COLUMNS as wide is taken as
  /// the widest: a row as wide as an `Int`'s range could not be allocated, and trapped.
  @Test func aWidthPastTheWidestIsAUsageErrorAndColumnsAreClamped() throws {
    let trace = "traces/setting-after-background-bug.jsonl"
    let result = try ReplayTool.run("timeline", trace, "--width", "\(Int.max)")
    #expect(result.status == 2)
    #expect(result.errors.contains("--width \(Int.max) is too wide"), "\(result.errors)")
    let widest = try ReplayTool.run("timeline", trace, "--width", "10000")
    #expect(widest.status == 0)
    let clamped = try ReplayTool.run(
      ["timeline", trace], environment: ["COLUMNS": "\(Int.max)"], timeLimit: 60)
    #expect(clamped.status == 0, "\(clamped.errors)")
    #expect(clamped.output == widest.output)
  }
}
