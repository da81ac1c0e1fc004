import Foundation
import SceneTrace
import SceneTraceFile
import SceneTraceTestSupport
import Testing

/// `replay redact`: what a trace tells about the app's user is replaced, and every finding stays.
@Suite("replay redact")
struct RedactCommandTests {
  /// Every trace shipped with the project, in both forms.
  static let traces: [String] = {
    let folders = ["traces", "traces/captured"]
    return folders.flatMap { folder in
      let names =
        (try? FileManager.default.contentsOfDirectory(
          atPath: PackageFolders.file(folder).path)) ?? []
      return names.filter { $0.hasSuffix(".jsonl") || $0.hasSuffix(".sctrace") }.sorted().map {
        "\(folder)/\($0)"
      }
    }
  }()

  /// What a finding says apart from its message, which quotes the values redaction replaces.
  private struct Judgement: Equatable {
    var rule: RuleID
    var severity: Severity
    var seq: Int
    var session: SessionID?
    var related: [Int]
  }

  private static func judgements(_ path: String) throws -> [Judgement] {
    Replay.run(try TraceFile.load(path: path).events).findings.map {
      Judgement(
        rule: $0.rule, severity: $0.severity, seq: $0.seq, session: $0.session,
        related: $0.related)
    }
  }

  /// The sensitive strings of `event`, with what they hold.
  private static func sensitiveFields(_ payload: Event.Payload) -> [(String, FieldSensitivity)] {
    var fields: [(String, FieldSensitivity)] = []
    _ = payload.redacting { text, sensitivity in
      fields.append((text, sensitivity))
      return text
    }
    return fields
  }

  private static func isDigest(_ text: some StringProtocol) -> Bool {
    text.count == 17 && text.first == "#" && text.dropFirst().allSatisfy(\.isHexDigit)
  }

  @Test(arguments: traces)
  func findingsStayAndNoSensitiveTextRemains(trace: String) throws {
    let output = try ReplayTool.temporaryFolder().appendingPathComponent("out.jsonl").path
    let result = try ReplayTool.run("redact", trace, "-o", output)
    #expect(result.status == 0, "\(result.errors)")
    #expect(try Self.judgements(output) == Self.judgements(PackageFolders.file(trace).path))
    let original = try TraceFile.load(path: PackageFolders.file(trace).path).events
    let redacted = try TraceFile.load(path: output).events
    #expect(redacted.map(\.type) == original.map(\.type))
    #expect(redacted.map(\.time) == original.map(\.time))
    for (before, after) in zip(original, redacted) {
      for ((was, sensitivity), (now, _)) in zip(
        Self.sensitiveFields(before.payload), Self.sensitiveFields(after.payload))
      {
        switch sensitivity {
        case .value, .text:
          #expect(Self.isDigest(now), "seq \(after.seq): \(now)")
        case .key where was.hasPrefix("defaults:"):
          #expect(now == was)
        case .key:
          let digest = now.split(separator: ":", maxSplits: 1).last.map {
            $0.split(separator: "/").last ?? $0
          }
          #expect(digest.map(Self.isDigest) == true, "seq \(after.seq): \(now)")
        }
      }
    }
  }

  @Test func aSaltGivesTheSameDigestsEveryTimeAndNoSaltDoesNot() throws {
    let folder = try ReplayTool.temporaryFolder()
    let trace = "traces/setting-after-background-bug.jsonl"
    var outputs: [String] = []
    for (name, salt) in [("a", ["--salt", "bug-1234"]), ("b", ["--salt", "bug-1234"]), ("c", [])] {
      let output = folder.appendingPathComponent("\(name).jsonl").path
      let result = try ReplayTool.run(["redact", trace, "-o", output] + salt)
      #expect(result.status == 0, "\(result.errors)")
      outputs.append(try String(contentsOfFile: output, encoding: .utf8))
    }
    #expect(outputs[0] == outputs[1])
    #expect(outputs[0] != outputs[2])
    #expect(!outputs[0].contains(#""value":"true""#))
    // The values are replaced; the names the app chose stay.
    #expect(outputs[0].contains(#""key":"defaults:showWordCount""#))
    #expect(outputs[0].contains(#""session":"W2""#))
  }

  @Test func keepKeysKeepsKeysWhole() throws {
    let folder = try ReplayTool.temporaryFolder()
    let output = folder.appendingPathComponent("sketch.jsonl").path
    let trace = "traces/sketch-restoration-bug.jsonl"
    let original = try String(contentsOfFile: PackageFolders.file(trace).path, encoding: .utf8)
    let keys = original.split(separator: "\n").compactMap { line -> String? in
      guard let range = line.range(of: #""key":"[^"]*""#, options: .regularExpression) else {
        return nil
      }
      return String(line[range])
    }
    #expect(!keys.isEmpty)
    let result = try ReplayTool.run("redact", trace, "-o", output, "--keep-keys")
    #expect(result.status == 0, "\(result.errors)")
    let redacted = try String(contentsOfFile: output, encoding: .utf8)
    for key in keys { #expect(redacted.contains(key), "\(key)") }
    #expect(result.output.hasPrefix("redacted "))
    #expect(result.output.hasSuffix("; wrote \(output)\n"))
  }

  @Test func theOutputMayNotBeTheInput() throws {
    let folder = try ReplayTool.temporaryFolder()
    let trace = folder.appendingPathComponent("t.jsonl").path
    try FileManager.default.copyItem(
      atPath: PackageFolders.file("traces/two-windows-clean.jsonl").path, toPath: trace)
    let result = try ReplayTool.run("redact", trace, "-o", trace)
    #expect(result.status == 2)
    #expect(result.errors.contains("--force"))
  }
}
