import Foundation
import Testing

@Suite("replay events, rules, explain, --version")
struct InspectionCommandTests {
  @Test func eventsFiltersBySessionTypeAndRange() throws {
    let result = try ReplayTool.run(
      "events", "traces/two-windows-clean.jsonl", "--session", "B", "--type", "scene.will",
      "--from", "15", "--to", "31")
    #expect(result.status == 0)
    #expect(
      result.output == """
          15  2.06  scene.willConnect          session=B role=windowApplication \
        activityType=com.example.notes.open
          19  2.09  scene.willEnterForeground  session=B
          31  9     scene.willResignActive     session=B

        """)
  }

  @Test func eventsJSONIsTheExportFormWithSeqAndTimeFirst() throws {
    let result = try ReplayTool.run(
      "events", "traces/two-windows-clean.jsonl", "--from", "12", "--to", "12", "--json")
    #expect(
      result.output == """
        {"seq":12,"t":2,"type":"key.command","session":"A","input":"n",\
        "modifiers":["option","command"],"action":"newWindow:","title":"New Window",\
        "target":"AppDelegate","chain":["editor","NoteViewController","A.main","UIApplication",\
        "AppDelegate"]}

        """)
  }

  @Test func eventsOnSessionNameIncludesEventsThatNameItAnywhere() throws {
    // The launch lists both sessions as open; the discard names A.
    let result = try ReplayTool.run("events", "traces/switcher-kill.jsonl", "--session", "A")
    let seqs = result.output.split(separator: "\n").compactMap {
      Int($0.trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
    }
    #expect(seqs == [1, 2, 3, 4, 5, 6, 7])
  }

  @Test func rulesListsEveryLifecycleAndSessionRule() throws {
    let result = try ReplayTool.run("rules")
    #expect(result.status == 0)
    let ids = result.output.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
    for id in [
      "lifecycle.order", "lifecycle.irregular", "lifecycle.info", "lifecycle.unknown-scene",
      "session.one-scene", "session.order", "session.irregular", "session.after-discard",
    ] {
      #expect(ids.contains(id))
    }
  }

  @Test(arguments: [
    "key.inactive-scene", "key.press-balance", "key.target-chain", "key.chain-start",
    "key.reserved-input", "key.noninteractive-scene", "focus.continuity", "focus.inactive-scene",
    "pointer.sequence", "pointer.latching", "band.sequence", "band.modifiers", "drag.sequence",
    "activity.undeclared", "restoration.shared-storage", "shared.stale-render",
    "shared.render-before-write",
    "content.exclusive", "session.data-deleted-early",
    "session.data-leaked", "navigation.shared-state",
  ])
  func everyInteractionAndSharedStateRuleIsListedAndExplained(_ rule: String) throws {
    let rules = try ReplayTool.run("rules")
    let line = rules.output.split(separator: "\n").first { $0.hasPrefix(rule + " ") }
    #expect(line != nil)
    let explain = try ReplayTool.run("explain", rule)
    #expect(explain.status == 0)
    #expect(explain.output.hasPrefix("\(rule) ("))
    #expect(explain.output.contains("broken when "))
  }

  @Test func explainPrintsTheRulesMeaning() throws {
    let result = try ReplayTool.run("explain", "session.after-discard")
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("session.after-discard (error)\n"))
    #expect(result.output.contains("didDiscardSceneSessions"))
  }

  @Test func explainingALifecycleRulePrintsTheWholeTable() throws {
    let result = try ReplayTool.run("explain", "lifecycle.irregular")
    let rows = result.output.split(separator: "\n").filter { $0.hasPrefix("  ") }
    // 4 states × 5 callbacks, with foregroundInactive + didEnterBackground split into L6 and L11.
    #expect(rows.count == 21)
    #expect(rows.contains { $0.hasPrefix("  I1   background + scene.didBecomeActive ") })
    #expect(rows.contains { $0.hasPrefix("  L9   foregroundInactive + scene.didDisconnect ") })
  }

  @Test func versionAndHelpExitZero() throws {
    let version = try ReplayTool.run("--version")
    #expect(version.status == 0)
    #expect(
      version.output.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count
        == 3)
    for command in ["check", "state", "events", "rules", "explain"] {
      let help = try ReplayTool.run(command, "--help")
      #expect(help.status == 0)
      #expect(help.output.contains("replay \(command)"))
    }
  }
}
