import Foundation
import Testing

/// Each scenario through the built `replay check --json`: the bug forms break their rules at the
/// exact event and session, with the events that explain them; the fixed forms break none.
@Suite("replay check on the scenarios")
struct ScenarioCheckTests {
  struct Expected: Sendable, CustomTestStringConvertible {
    var trace: String
    /// rule, seq, session, related
    var findings: [(String, Int, String?, [Int])]
    var testDescription: String { trace }
  }

  static let bugs: [Expected] = [
    Expected(
      trace: "sketch-restoration-bug",
      findings: [("restoration.shared-storage", 24, "S2", [23])]),
    Expected(
      trace: "setting-one-window-bug", findings: [("shared.stale-render", 16, "W2", [12, 14])]),
    Expected(
      trace: "setting-after-background-bug",
      findings: [("shared.stale-render", 23, "W2", [12, 16])]),
    Expected(
      trace: "session-data-cleanup-bug",
      findings: [
        ("session.data-deleted-early", 16, "B", [15]), ("session.data-leaked", 21, "A", [12, 20]),
      ]),
    Expected(
      trace: "chat-sent-message-bug",
      findings: [
        ("shared.render-before-write", 25, "A", [17, 18]),
        ("shared.stale-render", 27, "B", [19, 26]), ("shared.stale-render", 28, "C", [20, 26]),
      ]),
    Expected(
      trace: "shortcut-in-every-window-bug",
      findings: [("key.inactive-scene", 15, "B", [10]), ("key.target-chain", 15, "B", [])]),
    Expected(
      trace: "stuck-key-after-alert-bug",
      findings: [("key.inactive-scene", 10, "A", [9]), ("key.press-balance", 10, "A", [7, 9])]),
    Expected(
      trace: "sidebar-focus-bug",
      findings: [
        ("focus.continuity", 14, "A", [13]), ("key.reserved-input", 15, "A", [14]),
        ("key.chain-start", 16, "A", [14]), ("focus.inactive-scene", 19, "B", [18]),
      ]),
    Expected(
      trace: "band-selection-shift-bug",
      findings: [
        ("band.modifiers", 11, "A", [8, 10]), ("pointer.latching", 14, "A", [12]),
        ("pointer.sequence", 16, "A", []), ("band.sequence", 18, "A", [17]),
      ]),
    Expected(
      trace: "drag-to-other-window-bug",
      findings: [
        ("activity.undeclared", 11, "A", [1]), ("drag.sequence", 12, "B", [11]),
        ("drag.sequence", 14, "A", [11, 13]),
      ]),
    Expected(trace: "exclusive-page-bug", findings: [("content.exclusive", 14, "B", [11])]),
    Expected(
      trace: "mirrored-navigation-bug", findings: [("navigation.shared-state", 14, "B", [12])]),
    Expected(
      trace: "external-display-bug",
      findings: [
        ("key.noninteractive-scene", 12, "X", [8]), ("key.noninteractive-scene", 13, "X", [8]),
        ("key.noninteractive-scene", 14, "X", [8]),
      ]),
    Expected(
      trace: "menu-command-broadcast-bug",
      findings: [
        ("command.not-frontmost", 41, "S1", [39]), ("command.not-frontmost", 42, "S2", [39]),
        ("command.not-frontmost", 48, "S2", [45]), ("command.not-frontmost", 49, "S3", [45]),
      ]),
    Expected(
      trace: "setting-after-click-bug", findings: [("shared.stale-render", 35, "S2", [26, 33])]),
    Expected(
      trace: "close-frontmost-window-bug", findings: [("close.wrong-scene", 40, "S2", [39])]),
  ]

  @Test(arguments: bugs)
  func bugFormBreaksItsRulesAtTheExactEvents(_ expected: Expected) throws {
    let result = try ReplayTool.run("check", "--json", "traces/\(expected.trace).jsonl")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let findings = try #require(report["findings"] as? [[String: Any]])
    let found = findings.map { finding in
      "\(finding["rule"] as? String ?? "?")@\(finding["seq"] as? Int ?? 0) "
        + "\(finding["session"] as? String ?? "-") \(finding["related"] as? [Int] ?? [])"
    }
    let wanted = expected.findings.map { "\($0.0)@\($0.1) \($0.2 ?? "-") \($0.3)" }
    #expect(found == wanted)
    let errors = expected.findings.contains { !$0.0.hasPrefix("session.data") }
    #expect(result.status == (errors ? 1 : 0))
  }

  @Test(
    arguments: Scenarios.all.filter { $0.hasSuffix("-fixed") } + [
      "two-windows-clean", "windowed-apps-clean",
    ])
  func fixedFormBreaksNoRule(_ trace: String) throws {
    let result = try ReplayTool.run("check", "traces/\(trace).jsonl")
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("traces/\(trace).jsonl: no findings in "))
  }

  @Test func everyBugFormHasAFixedForm() {
    for bug in Scenarios.all where bug.hasSuffix("-bug") {
      #expect(Scenarios.all.contains(String(bug.dropLast(4)) + "-fixed"), "\(bug)")
    }
  }

  @Test func dragThatOpensAWindowIsLinkedToItInTheState() throws {
    let result = try ReplayTool.run(
      "state", "traces/drag-to-other-window-fixed.jsonl", "--json")
    let state = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let drags = try #require(state["drags"] as? [String: [String: Any]])
    #expect(drags["d1"]?["target"] as? String == "B")
    #expect(drags["d2"]?["newSession"] as? String == "C")
    #expect(drags["d2"]?["activityType"] as? String == "com.example.notes.note")
  }
}
