import Foundation
import Testing

/// Bad input never crashes `replay`: a clear error with where and why, and exit status 2.
@Suite("replay on bad input")
struct BadInputTests {
  /// Writes `text` to a fresh temporary file and returns its path.
  private func file(_ text: String, name: String = "trace.jsonl") throws -> String {
    let url = try ReplayTool.temporaryFolder().appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }

  @Test func unknownEventTypeNamesTheLine() throws {
    let path = try file(
      """
      {"type":"app.launch","launch":"L1"}
      // a comment does not count
      {"t":1,"type":"scene.willConect","session":"A"}

      """)
    let result = try ReplayTool.run("check", path)
    #expect(result.status == 2)
    #expect(result.output.isEmpty)
    #expect(result.errors.contains("\(path):3"))
    #expect(result.errors.contains("scene.willConect"))
    #expect(!result.errors.contains("Fatal error"))
  }

  @Test func lenientSkipsUnknownTypesWithAWarning() throws {
    let path = try file(
      """
      {"type":"app.launch","launch":"L1"}
      {"t":1,"type":"scene.futureThing","session":"A"}
      {"t":2,"type":"scene.willConnect","session":"A"}

      """)
    let result = try ReplayTool.run("events", path, "--lenient")
    #expect(result.status == 0)
    #expect(result.errors.contains("warning"))
    // The skipped line keeps its seq: the connect is still event 3.
    #expect(result.output.split(separator: "\n").last?.hasPrefix("  3  2 ") == true)
  }

  @Test func missingFieldNamesTheFieldAndLine() throws {
    let path = try file("{\"type\":\"scene.willEnterForeground\"}\n")
    let result = try ReplayTool.run("state", path)
    #expect(result.status == 2)
    #expect(result.errors.contains(":1"))
    #expect(result.errors.contains("session"))
  }

  /// Seqs and times at the far end of what they hold, and arguments as large: each command
  /// answers, and ends. A `--context` of `Int.max` beside a seq in the billions overflowed in
  /// the report; `events --from 1` read the gap before such seqs a piece of nothing at a time,
  /// for ever; a trace spanning centuries trapped the timeline.
  @Test func seqsTimesAndArgumentsAtTheirLimitsAreAnswered() throws {
    let path = try file(
      """
      {"seq":9223372036854775804,"t":0,"type":"app.launch","launch":"L"}
      {"seq":9223372036854775805,"t":1,"type":"scene.didEnterBackground","session":"A"}
      {"seq":9223372036854775806,"t":9223372036.854775807,"type":"app.mark","label":"late"}

      """)
    let output = try ReplayTool.temporaryFolder().path
    for arguments in [
      ["check", "--context", "\(Int.max)"], ["check", "--context", "\(Int.max)", "--json"],
      ["events", "--from", "1", "--to", "-1"], ["events", "--from", "1", "--json"],
      ["timeline"], ["timeline", "-o", output + "/t.svg"], ["timeline", "-o", output + "/t.html"],
      ["export", "--format", "chrome-trace", "-o", output + "/t.json"], ["state", "--at", "1"],
      ["why", "app.keyScene", "--depth", "\(Int.max)"], ["diff", "--from", "1", "--to", "-1"],
    ] {
      let result = try ReplayTool.run(
        [arguments[0], path] + arguments.dropFirst(), timeLimit: 60)
      #expect(result.status <= 1, "\(arguments): \(result.errors)")
      #expect(!result.errors.contains("crashed"), "\(arguments)")
    }
    let check = try ReplayTool.run(["check", path, "--context", "\(Int.max)"], timeLimit: 60)
    #expect(check.output.contains("lifecycle.unknown-scene"))
    #expect(check.output.contains("    9223372036854775806  9223372036.854775807  app.mark"))
    let events = try ReplayTool.run(["events", path, "--from", "1", "--to", "-1"], timeLimit: 60)
    #expect(events.output.split(separator: "\n").count == 3)
  }

  @Test func timeGoingBackwardsNamesTheLine() throws {
    let path = try file(
      """
      {"t":5,"type":"app.launch","launch":"L1"}
      {"t":4.5,"type":"app.mark","label":"late"}

      """)
    let result = try ReplayTool.run("events", path)
    #expect(result.status == 2)
    #expect(result.output.isEmpty)
    #expect(result.errors.contains(":2"))
  }

  @Test func emptyAndMissingFilesAreErrors() throws {
    let empty = try file("// only a comment\n\n")
    let emptyResult = try ReplayTool.run("check", empty)
    #expect(emptyResult.status == 2)
    #expect(!emptyResult.errors.isEmpty)
    let missing = try ReplayTool.run("state", "/no/such/trace.jsonl")
    #expect(missing.status == 2)
    #expect(missing.errors.contains("/no/such/trace.jsonl"))
  }

  @Test func garbageBytesAreAnErrorNotACrash() throws {
    let path = try file("\u{1}\u{2}PK\u{3}\u{4} not json at all {{{\n")
    let result = try ReplayTool.run("check", path)
    #expect(result.status == 2)
    #expect(result.errors.contains("the file is text with no JSON object on any line"))
    let halfJSON = try ReplayTool.run("check", try file("\u{1}\u{2}PK\n{\"type\"\n"))
    #expect(halfJSON.status == 2)
    #expect(halfJSON.errors.contains(":1"))
  }

  @Test func truncatedLastLineIsReportedAndTheRestIsChecked() throws {
    let path = try file(
      """
      {"type":"app.launch","launch":"L1"}
      {"t":1,"type":"scene.willConnect","session":"A"}
      {"t":2,"type":"scene.willEnterFore
      """)
    let result = try ReplayTool.run("check", path)
    // The cut end is a loss: a warning, so the check passes, but never "no findings".
    #expect(result.status == 0)
    #expect(result.output.contains("1 warning in 2 events"))
    #expect(result.output.contains("warning[trace.events-lost] seq 2"))
    #expect(!result.output.contains("no findings"))
    #expect(result.errors.contains("truncated"))
    let json = try ReplayTool.run("check", path, "--json")
    #expect(json.output.contains("\"loss\":[{\"kind\":\"truncated\",\"seq\":2,\"afterSeq\":2"))
  }

  @Test func badOptionsExitWithTwoNotArgumentParsersDefault() throws {
    #expect(try ReplayTool.run("state").status == 2)
    #expect(try ReplayTool.run("frobnicate").status == 2)
    #expect(try ReplayTool.run("state", "traces/switcher-kill.jsonl", "--at", "x").status == 2)
    #expect(
      try ReplayTool.run("check", "traces/switcher-kill.jsonl", "--fail-on", "info").status == 2)
    #expect(try ReplayTool.run("explain", "no.such-rule").status == 2)
    // Times are read as exactly as JSON Lines reads them: no overflow, no crash.
    for time in ["1e30", "abc", "--at-time=-1"] {
      let arguments =
        time.hasPrefix("--") ? [time] : ["--at-time", time]
      let result = try ReplayTool.run(["state", "traces/switcher-kill.jsonl"] + arguments)
      #expect(result.status == 2, "\(time)")
      #expect(result.errors.contains("--at-time"), "\(time)")
      #expect(!result.errors.contains("Fatal error"), "\(time)")
    }
  }
}
