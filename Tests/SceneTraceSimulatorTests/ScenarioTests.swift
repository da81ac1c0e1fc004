import Foundation
import SceneTrace
import SceneTraceRecording
import SceneTraceSimulator
import Testing

/// Keeps a scenario's events.
final class CollectingSink: TraceSink, @unchecked Sendable {
  private(set) var events: [Event] = []
  func open() throws -> TracePosition { .start }
  func write(_ events: [Event]) throws { self.events += events }
  func flush() throws {}
  func close() throws {}
}

func events(of scenario: Scenario) throws -> [Event] {
  let sink = CollectingSink()
  try scenario.run(into: sink)
  return sink.events
}

@Suite struct ScenarioTests {
  static let cleanRuns = Scenario.all.filter(\.expectedRules.isEmpty).map(\.name)
  /// The runs of an app with a bug, and the fixed runs in which the system breaks a rule.
  static let buggyRuns = Scenario.all.filter { !$0.expectedRules.isEmpty }.map(\.name)

  @Test(arguments: cleanRuns)
  func carefulAppGivesNoFindings(name: String) throws {
    let scenario = try #require(Scenario.named(name))
    let replay = Replay.run(try events(of: scenario))
    #expect(replay.findings.map { "\($0.rule)@\($0.seq): \($0.message)" } == [])
  }

  @Test(arguments: buggyRuns)
  func buggyAppBreaksExactlyItsRules(name: String) throws {
    let scenario = try #require(Scenario.named(name))
    let replay = Replay.run(try events(of: scenario))
    #expect(Set(replay.findings.map(\.rule)) == scenario.expectedRules, "\(replay.findings)")
  }

  @Test func everyBugHasAFixedTwinOnTheSameScript() {
    for name in Self.buggyRuns where name.hasSuffix("-bug") {
      let base = String(name.dropLast("-bug".count))
      #expect(Scenario.named(base + "-fixed") != nil, "\(name) has no fixed form")
    }
  }

  @Test func aFixedTwinBreaksOnlyRulesTheSystemBreaksInTheBuggyRunToo() throws {
    let fixed = Scenario.all.filter { $0.name.hasSuffix("-fixed") && !$0.expectedRules.isEmpty }
    #expect(fixed.map(\.name) == ["discard-at-launch-fixed"])
    for twin in fixed {
      let bug = try #require(Scenario.named(String(twin.name.dropLast("-fixed".count)) + "-bug"))
      #expect(twin.expectedRules.isStrictSubset(of: bug.expectedRules), "\(twin.name)")
    }
  }

  @Test func scenariosRepeatExactly() throws {
    for name in ["two-windows", "setting-split-view-bug", "window-switching"] {
      let scenario = try #require(Scenario.named(name))
      #expect(try events(of: scenario) == (try events(of: scenario)))
    }
  }

  @Test func timesFollowTheScriptsVirtualClock() throws {
    let scenario = try #require(Scenario.named("sketch-restoration-fixed"))
    let trace = try events(of: scenario)
    // Ten minutes pass between the kill and the relaunch.
    let relaunch = try #require(trace.last { $0.type == .appLaunch })
    #expect(relaunch.time > TraceTime(seconds: 660))
    #expect(zip(trace, trace.dropFirst()).allSatisfy { $0.time <= $1.time })
  }

  @Test func longSessionsAreLong() throws {
    let drag = try events(of: try #require(Scenario.named("long-pointer-drag")))
    #expect(drag.count > 70_000)
    #expect(try #require(drag.last).time > TraceTime(seconds: 600))
    #expect(Replay.run(drag).findings.isEmpty)
  }
}
