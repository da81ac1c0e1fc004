import Foundation
import Testing

/// `import`, `export`, `info`, `verify`, `compact`, `--join` and `state --at` on `.sctrace`
/// files, through the built `replay`.
@Suite("replay import, export, info, verify, compact, --join")
struct TraceFileCommandTests {
  private func importTrace(_ source: String, extra: [String] = []) throws -> String {
    let output = try ReplayTool.temporaryFolder().appendingPathComponent("trace.sctrace").path
    let result = try ReplayTool.run(["import", source, "-o", output] + extra)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.hasPrefix("\(output): "))
    return output
  }

  @Test func importThenExportGivesTheSameJSONLines() throws {
    let path = try importTrace("traces/two-windows-clean.jsonl")
    let exported = try ReplayTool.run("export", path)
    let original = try ReplayTool.run("events", "traces/two-windows-clean.jsonl", "--json")
    #expect(exported.status == 0)
    #expect(exported.output == original.output)
    #expect(!exported.output.isEmpty)
    let out = try ReplayTool.temporaryFolder().appendingPathComponent("back.jsonl").path
    #expect(try ReplayTool.run("export", path, "-o", out, "--format", "jsonl").status == 0)
    #expect(try String(contentsOfFile: out, encoding: .utf8) == original.output)
  }

  @Test func everyReadingCommandTakesSctraceLikeJSONLines() throws {
    let path = try importTrace("traces/sketch-restoration-bug.jsonl")
    for arguments in [["check"], ["state", "--json"], ["state", "--at", "12"], ["events"]] {
      let fromJSON = try ReplayTool.run(
        [arguments[0], "traces/sketch-restoration-bug.jsonl"] + arguments.dropFirst())
      let fromBinary = try ReplayTool.run([arguments[0], path] + arguments.dropFirst())
      #expect(fromBinary.status == fromJSON.status, "\(arguments)")
      #expect(
        fromBinary.output.replacingOccurrences(of: path, with: "FILE")
          == fromJSON.output.replacingOccurrences(
            of: "traces/sketch-restoration-bug.jsonl", with: "FILE"), "\(arguments)")
    }
  }

  @Test func infoDescribesTheFile() throws {
    let path = try importTrace("traces/two-windows-clean.jsonl", extra: ["--app", "com.example"])
    let text = try ReplayTool.run("info", path)
    #expect(text.status == 0)
    for line in [
      "format         .sctrace 1.2", "app            com.example", "events         36 (seq 1–36)",
      "sessions       2 (A, B)", "launches       1", "frames         1 event frame, 0 checkpoints",
      "integrity      intact", "scene.didBecomeActive      2",
    ] {
      #expect(text.output.contains(line), "\(line)\n\(text.output)")
    }
    let json = try ReplayTool.run("info", path, "--json")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    #expect(object["format"] as? String == "sctrace")
    #expect(object["events"] as? Int == 36)
    #expect(object["integrity"] as? String == "intact")
    #expect((object["compressionRatio"] as? Double ?? 0) > 2)
    #expect((object["eventsPerType"] as? [String: Int])?["app.launch"] == 1)
    let plain = try ReplayTool.run("info", "traces/two-windows-clean.jsonl", "--json")
    #expect(plain.output.contains(#""format":"jsonLines""#))
  }

  /// `info` works out its counts once from the events: on every shipped trace they agree with
  /// the events `replay events --json` prints, line for line and byte for byte.
  @Test func infoCountsAgreeWithTheEventsOfEveryShippedTrace() throws {
    let traces = try FileManager.default.contentsOfDirectory(atPath: "traces")
      .filter { $0.hasSuffix(".jsonl") }.sorted()
    #expect(traces.count > 5)
    for name in traces {
      let path = "traces/" + name
      let info = try ReplayTool.run("info", path, "--json")
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(info.output.utf8)) as? [String: Any],
        "\(name)")
      let lines = try ReplayTool.run("events", path, "--json").output
        .split(separator: "\n", omittingEmptySubsequences: true)
      let perType = try #require(object["eventsPerType"] as? [String: Int], "\(name)")
      #expect(object["events"] as? Int == lines.count, "\(name)")
      #expect(perType.values.reduce(0, +) == lines.count, "\(name)")
      #expect(object["launches"] as? Int == perType["app.launch"] ?? 0, "\(name)")
      let bytes = lines.reduce(0) { $0 + $1.utf8.count + 1 }
      #expect(object["jsonLinesBytes"] as? Int == bytes, "\(name)")
    }
  }

  @Test func verifyPassesAnIntactFileAndFailsACutOne() throws {
    let directory = try ReplayTool.temporaryFolder()
    let source = directory.appendingPathComponent("long.jsonl")
    try LongTrace.text(events: 10_000).write(to: source, atomically: true, encoding: .utf8)
    let path = directory.appendingPathComponent("long.sctrace").path
    let imported = try ReplayTool.run("import", source.path, "-o", path, "--uncompressed")
    #expect(imported.status == 0)
    // A conversion ends its blocks with its frames, never on a clock: the same bytes every time,
    // so the cut below always falls in the same place.
    let again = directory.appendingPathComponent("again.sctrace").path
    #expect(try ReplayTool.run("import", source.path, "-o", again, "--uncompressed").status == 0)
    #expect(
      FileManager.default.contents(atPath: again) == FileManager.default.contents(atPath: path))
    let intact = try ReplayTool.run("verify", path)
    #expect(intact.status == 0, "\(intact.output)")
    #expect(intact.output.contains("intact: every check passed"))
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    let cut = directory.appendingPathComponent("cut.sctrace")
    try bytes.prefix(bytes.count * 2 / 3).write(to: cut)
    let result = try ReplayTool.run("verify", cut.path)
    #expect(result.status == 1)
    #expect(result.output.contains("index        missing"))
    #expect(result.output.contains("damaged: the file still yields 4096 events: seq 1–4096"))
    // The other commands read it up to the cut, say so on standard error, and succeed.
    let state = try ReplayTool.run("state", cut.path)
    #expect(state.status == 0)
    #expect(state.errors.contains("is truncated: the file ends inside the frame at byte"))
    let info = try ReplayTool.run("info", cut.path)
    #expect(info.status == 0)
    #expect(info.output.contains("integrity      truncated"))
  }

  @Test func verifyNamesTheDamagedFrameAndWhatIsLeft() throws {
    let path = try importTrace("traces/two-windows-clean.jsonl", extra: ["--level", "3"])
    var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    let header = 8 + Int(bytes[4])
    bytes[header + 40] ^= 0x10
    try bytes.write(to: URL(fileURLWithPath: path))
    let result = try ReplayTool.run("verify", path)
    #expect(result.status == 1)
    #expect(result.output.contains("damaged      byte \(header): the frame"))
    #expect(result.output.contains("events seq 1–36 lost"))
    let check = try ReplayTool.run("check", path)
    #expect(check.status == 2)
    #expect(check.errors.contains("holds no events that could be read"))
  }

  @Test func compactShrinksARawBlockFileAndKeepsItsEvents() throws {
    let raw = try importTrace("traces/setting-one-window-bug.jsonl", extra: ["--uncompressed"])
    let small = try ReplayTool.temporaryFolder().appendingPathComponent("small.sctrace").path
    let result = try ReplayTool.run("compact", raw, "-o", small)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains("smaller than"))
    let rawSize = try FileManager.default.attributesOfItem(atPath: raw)[.size] as? Int ?? 0
    let smallSize = try FileManager.default.attributesOfItem(atPath: small)[.size] as? Int ?? 0
    #expect(smallSize < rawSize)
    #expect(
      try ReplayTool.run("export", small).output == ReplayTool.run("export", raw).output)
    #expect(try ReplayTool.run("info", small).output.contains("recorder       replay import"))
  }

  @Test func joinContinuesSeqAndTimeAcrossFiles() throws {
    let first = try ReplayTool.run(
      "events", "--join", "traces/two-windows-clean.jsonl",
      "traces/switcher-kill.jsonl", "--json")
    #expect(first.status == 0, "\(first.errors)")
    let lines = first.output.split(separator: "\n")
    let single = try ReplayTool.run("events", "traces/two-windows-clean.jsonl", "--json")
    let firstCount = single.output.split(separator: "\n").count
    #expect(lines.count > firstCount)
    #expect(lines[firstCount].hasPrefix("{\"seq\":\(firstCount + 1),\"t\":9.3"))
    let check = try ReplayTool.run(
      "check", "--join", "traces/two-windows-clean.jsonl",
      "traces/switcher-kill.jsonl")
    #expect(
      check.output.hasPrefix(
        "traces/two-windows-clean.jsonl + traces/switcher-kill.jsonl: "))
    let without = try ReplayTool.run(
      "events", "traces/two-windows-clean.jsonl",
      "traces/switcher-kill.jsonl")
    #expect(without.status == 2)
    #expect(without.errors.contains("--join"))
  }

  @Test func stateAtThroughCheckpointsMatchesTheJSONLinesReplay() throws {
    let directory = try ReplayTool.temporaryFolder()
    let source = directory.appendingPathComponent("long.jsonl")
    try LongTrace.text(events: 20_000).write(to: source, atomically: true, encoding: .utf8)
    let binary = directory.appendingPathComponent("long.sctrace").path
    #expect(try ReplayTool.run("import", source.path, "-o", binary, "--level", "1").status == 0)
    let info = try ReplayTool.run("info", binary, "--json")
    // A checkpoint after each frame of 4096 events but the last.
    #expect(info.output.contains(#""checkpoints":4"#))
    for at in ["0", "1", "4096", "4097", "16384", "16385", "19999", "20000", "-1", "-3000"] {
      let expected = try ReplayTool.run("state", source.path, "--at", at, "--json")
      let actual = try ReplayTool.run("state", binary, "--at", at, "--json")
      #expect(actual.status == 0)
      #expect(actual.output == expected.output, "--at \(at)")
    }
    // The tree ends with a pointer to `replay check FILE`, which names each file.
    let text = try ReplayTool.run("state", binary).output
      .replacingOccurrences(of: binary, with: "TRACE")
    let textFromJSONLines = try ReplayTool.run("state", source.path).output
      .replacingOccurrences(of: source.path, with: "TRACE")
    #expect(text == textFromJSONLines)
    let atTime = try ReplayTool.run("state", binary, "--at-time", "100.5", "--json")
    let expected = try ReplayTool.run("state", source.path, "--at-time", "100.5", "--json")
    #expect(atTime.output == expected.output)
    for file in [binary, source.path] {
      let past = try ReplayTool.run("state", file, "--at", "20001")
      #expect(past.status == 2)
      #expect(past.output.isEmpty)
      #expect(past.errors.contains("whose last event is seq 20000"), "\(file)")
    }
  }

  @Test func stateOfJoinedFilesIsTheStateOfTheirJoinedExport() throws {
    let directory = try ReplayTool.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let first = "traces/two-windows-clean.jsonl"
    let second = "traces/switcher-kill.jsonl"
    let joined = directory.appendingPathComponent("joined.jsonl").path
    #expect(try ReplayTool.run("export", "--join", first, second, "-o", joined).status == 0)
    let last = try #require(
      try ReplayTool.run("events", joined, "--from", "-1").output.split(separator: " ").first
        .flatMap { Int($0) })
    for at in ["0", "1", "20", "\(last - 3)", "\(last)", "-1", "-5"] {
      let expected = try ReplayTool.run("state", joined, "--at", at, "--json")
      let actual = try ReplayTool.run("state", "--join", first, second, "--at", at, "--json")
      #expect(expected.status == 0)
      #expect(actual.status == 0)
      #expect(actual.output == expected.output, "--at \(at)")
    }
    let byTime = try ReplayTool.run("state", "--join", first, second, "--at-time", "3", "--json")
    #expect(
      byTime.output == (try ReplayTool.run("state", joined, "--at-time", "3", "--json")).output)
  }

  @Test(arguments: ["import", "export", "info", "verify", "compact"])
  func helpHasAWorkedExample(command: String) throws {
    let result = try ReplayTool.run(command, "--help")
    #expect(result.status == 0)
    #expect(result.output.contains("replay \(command) "))
  }
}

/// A long, plausible trace: two windows, pointer drags, key commands and shared state.
enum LongTrace {
  static func text(events count: Int) -> String {
    var lines = [
      #"{"t":0,"type":"app.launch","launch":"L1"}"#,
      #"{"t":0.001,"type":"session.configure","session":"A","role":"windowApplication"}"#,
      #"{"t":0.002,"type":"scene.willConnect","session":"A"}"#,
      #"{"t":0.003,"type":"scene.willEnterForeground","session":"A"}"#,
      #"{"t":0.004,"type":"scene.didBecomeActive","session":"A"}"#,
    ]
    var x = 100.0
    var nanoseconds: Int64 = 5_000_000
    while lines.count < count {
      nanoseconds += 8_333_333
      let t = Double(nanoseconds) / 1e9
      switch lines.count % 50 {
      case 0:
        lines.append(
          #"{"t":\#(t),"type":"state.write","key":"defaults:n","value":"\#(lines.count)","session":"A"}"#
        )
      case 1:
        lines.append(
          #"{"t":\#(t),"type":"state.render","session":"A","key":"defaults:n","value":"\#(lines.count - 1)"}"#
        )
      case 2:
        lines.append(
          #"{"t":\#(t),"type":"key.command","session":"A","input":"s","modifiers":["command"],"action":"save:"}"#
        )
      default:
        x += 0.5
        let phase = lines.count % 50 == 3 ? "began" : "changed"
        lines.append(
          #"{"t":\#(t),"type":"pointer.drag","session":"A","phase":"\#(phase)","x":\#(x),"y":\#(x / 2)}"#
        )
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
