import Foundation
import SceneTraceTestSupport
import Testing

/// `replay diff A B` compares what two traces do: sessions matched, events aligned by what they
/// say, states compared where they should agree.
@Suite("replay diff of two traces")
struct DiffBehaviourTests {
  private static let fixed = "traces/setting-one-window-fixed.jsonl"
  private static let bug = "traces/setting-one-window-bug.jsonl"
  private static let firstWindow = "6F9A1C52-1B7E-4B1A-9C3D-2E8F7A6B5C41"
  private static let secondWindow = "0B3D5E7F-9A1C-4E2B-8D6F-1A3C5E7B9D20"

  @Test func sameStepsWithRenamedSessionsAndAnExtraHarmlessEventBehaveTheSame() throws {
    var lines = try Self.lines(of: Self.fixed)
    // Another recording: new session and launch identifiers, another time, one more breadcrumb.
    lines = lines.map(Self.renamingWindows).map {
      $0.replacingOccurrences(of: #""launch":"L1""#, with: #""launch":"7C1E""#)
        .replacingOccurrences(of: #""t":10,"#, with: #""t":12.5,"#)
    }
    let command = try #require(lines.firstIndex { $0.contains("key.command") })
    lines.insert(#"{"type":"app.mark","label":"toggled"}"#, at: command + 1)
    let folder = try ReplayTool.temporaryFolder()
    let copy = try Self.write(lines, to: folder, named: "again.jsonl")

    let result = try ReplayTool.run("diff", Self.fixed, copy)
    #expect(result.status == 0)
    #expect(
      result.output
        == "same behaviour: 19 events of \(Self.fixed), 20 events of \(copy), sessions matched "
        + "W1 = \(Self.firstWindow), W2 = \(Self.secondWindow); events that differ and change "
        + "nothing: 0 of a, 1 of b\n")
  }

  @Test func aTraceOfManySessionsNamesTwentyOfThemAndCountsTheRest() throws {
    var lines = [#"{"type":"app.launch","launch":"L1"}"#]
    for index in 1...32 {
      lines.append(
        #"{"type":"scene.willConnect","session":"S\#(index)","role":"windowApplication"}"#)
    }
    let folder = try ReplayTool.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let a = try Self.write(lines, to: folder, named: "a.jsonl")
    let b = try Self.write(lines, to: folder, named: "b.jsonl")

    let result = try ReplayTool.run("diff", a, b)
    #expect(result.status == 0)
    let names = (1...20).map { "S\($0)" }.joined(separator: ", ")
    #expect(
      result.output
        == "same behaviour: 33 events of \(a), 33 events of \(b), sessions matched by name "
        + "(\(names), and 12 more)\n")
    // The JSON lists every one.
    let json = try ReplayTool.run("diff", a, b, "--json")
    #expect(json.output.contains(#""a":"S32""#))
  }

  @Test func aWindowNotRedrawnIsTheFirstDivergenceInBothTraces() throws {
    let folder = try ReplayTool.temporaryFolder()
    let bug = try Self.write(
      try Self.lines(of: Self.bug).map(Self.renamingWindows), to: folder, named: "bug.jsonl")

    let result = try ReplayTool.run("diff", Self.fixed, bug)
    #expect(result.status == 1)
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    #expect(
      lines[0]
        == "\(Self.fixed) and \(bug) behave differently: the states first differ after seq 16 "
        + "of a and seq 15 of b")
    #expect(
      lines[1]
        == "  a: seq 16  state.render session=W2 key=defaults:showWordCount value=true")
    #expect(lines[2] == "  b: nothing in its place (after seq 15)")
    #expect(lines[3].hasPrefix("sessions matched (a = b): W1 = \(Self.firstWindow)"))
    // The events around it in both traces, as `replay events` prints them.
    #expect(lines.contains { $0.hasPrefix("  - 16  6.003") && $0.contains("state.render") })
    #expect(lines.contains { $0.hasPrefix("    15  6.002") && $0.contains("state.render") })
    #expect(lines.contains { $0.hasPrefix("    16  9") && $0.contains("app.keyWindow") })
    #expect(lines.contains("  session W2"))
    #expect(lines.contains { $0.contains("scene.renders") && $0.contains("\"true\"") })
  }

  @Test func aMissingLifecycleEventShowsWhereEachTraceStands() throws {
    // The same app with the hook fixed: the inspector's willEnterForeground is recorded.
    let fixed = try Self.lines(of: "traces/missed-foreground-hook.jsonl").flatMap {
      $0 == #"{"type":"scene.didBecomeActive","session":"inspector"}"#
        ? [#"{"type":"scene.willEnterForeground","session":"inspector"}"#, $0] : [$0]
    }
    let folder = try ReplayTool.temporaryFolder()
    let path = try Self.write(fixed, to: folder, named: "fixed.jsonl")

    let result = try ReplayTool.run("diff", "traces/missed-foreground-hook.jsonl", path)
    #expect(result.status == 1)
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines[1] == "  a: nothing in its place (after seq 15)")
    #expect(lines[2] == "  b: seq 16  scene.willEnterForeground session=inspector")
    #expect(
      lines.contains {
        $0.contains("scene.state") && $0.hasSuffix("\"background\" → \"foregroundInactive\"")
      })
  }

  @Test func mapPairsSessionsThatConnectInAnotherOrder() throws {
    // Both windows connect in the other order: by order of connection W1 would be matched
    // with the window that is W2.
    var lines = try Self.lines(of: Self.fixed).map(Self.renamingWindows)
    let connects = lines.indices.filter { lines[$0].contains("scene.willConnect") }
    let (first, second) = (lines[connects[0]], lines[connects[1]])
    lines[connects[0]] = second.replacingOccurrences(of: #""t":0.011,"#, with: #""t":0.01,"#)
    lines[connects[1]] = first.replacingOccurrences(of: #""t":0.01,"#, with: #""t":0.011,"#)
    let folder = try ReplayTool.temporaryFolder()
    let swapped = try Self.write(lines, to: folder, named: "swapped.jsonl")

    let guessed = try ReplayTool.run("diff", Self.fixed, swapped)
    #expect(guessed.status == 1)
    #expect(guessed.output.contains("W1 = \(Self.secondWindow), W2 = \(Self.firstWindow)"))

    let mapped = try ReplayTool.run(
      "diff", Self.fixed, swapped, "--map", "W1=\(Self.firstWindow)", "--map",
      "W2=\(Self.secondWindow)")
    #expect(mapped.status == 0)
    #expect(mapped.output.hasPrefix("same behaviour: 19 events of \(Self.fixed)"))
    #expect(mapped.output.contains("W1 = \(Self.firstWindow), W2 = \(Self.secondWindow)"))
  }

  @Test func aBadMapIsAUsageErrorThatSaysWhatToGive() throws {
    let malformed = try ReplayTool.run("diff", Self.fixed, Self.bug, "--map", "W1")
    #expect(malformed.status == 2)
    #expect(malformed.errors.contains("--map W1: give a session of a and the session of b"))
    #expect(malformed.errors.contains("A_ID=B_ID"))

    let unknown = try ReplayTool.run("diff", Self.fixed, Self.bug, "--map", "W1=W9")
    #expect(unknown.status == 2)
    #expect(unknown.errors.contains("\(Self.bug) has no session W9; its sessions: W1, W2"))

    let twice = try ReplayTool.run(
      "diff", Self.fixed, Self.bug, "--map", "W1=W1", "--map", "W1=W2")
    #expect(twice.status == 2)
    #expect(twice.errors.contains("names session W1 of \(Self.fixed) twice"))

    let oneTrace = try ReplayTool.run("diff", Self.fixed, "--map", "W1=W1")
    #expect(oneTrace.status == 2)
  }

  @Test func aSessionOnlyOneTraceHasIsReportedAsTheDivergence() throws {
    var lines = try Self.lines(of: Self.fixed)
    let mark = try #require(lines.lastIndex { $0.contains("app.mark") })
    lines.insert(
      contentsOf: [
        #"{"t":11,"type":"session.configure","session":"W3","role":"windowApplication"}"#,
        #"{"type":"scene.willConnect","session":"W3","role":"windowApplication"}"#,
      ], at: mark + 1)
    let folder = try ReplayTool.temporaryFolder()
    let more = try Self.write(lines, to: folder, named: "three-windows.jsonl")

    let result = try ReplayTool.run("diff", Self.fixed, more)
    #expect(result.status == 1)
    let output = result.output.split(separator: "\n").map(String.init)
    #expect(output[1] == "  a: nothing in its place (after seq 19)")
    #expect(output[2].hasPrefix("  b: seq 20  session.configure session=W3"))
    #expect(output[3] == "sessions matched (a = b): W1 = W1, W2 = W2; only in b: W3")
    #expect(output.contains("  session W3  (new)"))
  }

  @Test func diffJSONOfTwoTracesHoldsTheEventsAndStatesOfBoth() throws {
    let result = try ReplayTool.run("diff", "--json", Self.fixed, Self.bug)
    #expect(result.status == 1)
    let report = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
    #expect(report?["identical"] as? Bool == false)
    let a = report?["a"] as? [String: Any]
    #expect(a?["cause"] as? Int == 16)
    #expect((a?["events"] as? [Any])?.count == 1)
    #expect((a?["state"] as? [String: Any])?["sessions"] != nil)
    let b = report?["b"] as? [String: Any]
    #expect((b?["events"] as? [Any])?.isEmpty == true)
    #expect(((report?["changes"] as? [Any])?.count ?? 0) > 0)

    let same = try ReplayTool.run("diff", "--json", Self.fixed, Self.fixed)
    #expect(same.status == 0)
    let sameReport = try JSONSerialization.jsonObject(with: Data(same.output.utf8))
    #expect((sameReport as? [String: Any])?["identical"] as? Bool == true)
  }

  @Test func diffOffersNoJoinAndSaysHowToCompareSeveralFiles() throws {
    let help = try ReplayTool.run("diff", "--help")
    #expect(!help.output.contains("  --join"))
    #expect(help.output.contains("replay export --join"))
    let joined = try ReplayTool.run("diff", "--join", Self.fixed, Self.bug)
    #expect(joined.status == 2)
  }

  /// The event lines of a trace, without comments.
  private static func lines(of path: String) throws -> [String] {
    try String(
      contentsOf: PackageFolders.root.appendingPathComponent(path), encoding: .utf8
    )
    .split(separator: "\n").map(String.init).filter { !$0.hasPrefix("//") }
  }

  /// `line` with the windows' sessions named by UUIDs, as on a device.
  private static func renamingWindows(_ line: String) -> String {
    line.replacingOccurrences(of: "W1", with: firstWindow)
      .replacingOccurrences(of: "W2", with: secondWindow)
  }

  private static func write(_ lines: [String], to folder: URL, named name: String) throws
    -> String
  {
    let url = folder.appendingPathComponent(name)
    try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }
}
