import Foundation
import SceneTrace
import SceneTraceFile
import SceneTraceTestSupport
import SceneTraceTesting
import Testing

@Suite("finding assertions")
struct FindingAssertionTests {
  /// One error: `restoration.shared-storage` at seq 24 in session S2.
  let bug: ReplayedTrace
  let fixed: ReplayedTrace

  init() throws {
    bug = try ReplayedTrace(contentsOf: "../../traces/sketch-restoration-bug.jsonl")
    fixed = try ReplayedTrace(contentsOf: "../../traces/sketch-restoration-fixed.jsonl")
  }

  @Test func noFindingsPassesOnACleanTraceAndListsTheFindingsOfAnother() {
    #expect(IssueLog.collect { fixed.expectNoFindings() }.isEmpty)
    let issues = IssueLog.collect { bug.expectNoFindings(atOrAbove: .error) }
    #expect(
      issues.map(\.message) == [
        """
        ../../traces/sketch-restoration-bug.jsonl has 1 finding at or above error, expected none:
          error[restoration.shared-storage] seq 24 · session S2: \(bug.findings[0].message)
        """
      ])
  }

  @Test func noFindingsAboveASeverityIgnoresLesserOnes() throws {
    let switcher = try ReplayedTrace(contentsOf: "../../traces/switcher-kill.jsonl")
    #expect(switcher.findings.allSatisfy { $0.severity == .warning })
    #expect(IssueLog.collect { switcher.expectNoFindings(atOrAbove: .error) }.isEmpty)
    #expect(IssueLog.collect { switcher.expectNoFindings(atOrAbove: .warning) }.count == 1)
  }

  @Test func exactListPassesWhenEveryFindingMatches() {
    let issues = IssueLog.collect {
      bug.expectFindings([ExpectedFinding("restoration.shared-storage", session: "S2", seq: 24)])
      bug.expectFindings([ExpectedFinding("restoration.shared-storage")])
      fixed.expectFindings([])
    }
    #expect(issues.isEmpty)
  }

  @Test func exactListShowsAMissingFindingAsARemovedLine() {
    let issues = IssueLog.collect {
      bug.expectFindings([
        ExpectedFinding("restoration.shared-storage", session: "S2"),
        ExpectedFinding("shared.stale-render", session: "S1", seq: 30),
      ])
    }
    #expect(
      issues.map(\.message) == [
        [
          "The findings of ../../traces/sketch-restoration-bug.jsonl differ from those "
            + "expected (-expected +actual):",
          "",
          "  \"\"\"",
          "  error restoration.shared-storage session S2 seq 24",
          "- * shared.stale-render session S1 seq 30",
          "  \"\"\"",
        ].joined(separator: "\n")
      ])
  }

  @Test func exactListShowsAnExtraFindingAsAnAddedLine() {
    let issues = IssueLog.collect { bug.expectFindings([]) }
    #expect(
      issues.map(\.message) == [
        """
        The findings of ../../traces/sketch-restoration-bug.jsonl differ from those expected \
        (-expected +actual):

        - "(none)"
        + "error restoration.shared-storage session S2 seq 24"
        """
      ])
  }

  @Test func exactListShowsAWrongSessionAsAChangedLine() {
    let issues = IssueLog.collect {
      bug.expectFindings([ExpectedFinding("restoration.shared-storage", session: "S1")])
    }
    #expect(
      issues.map(\.message) == [
        """
        The findings of ../../traces/sketch-restoration-bug.jsonl differ from those expected \
        (-expected +actual):

        - "* restoration.shared-storage session S1 seq *"
        + "error restoration.shared-storage session S2 seq 24"
        """
      ])
  }

  @Test func oneFindingPassesWhenPresentAndListsTheOthersWhenNot() {
    #expect(
      IssueLog.collect {
        bug.expectFinding("restoration.shared-storage")
        bug.expectFinding("restoration.shared-storage", session: "S2", seq: 24)
      }.isEmpty)
    let wrongSeq = IssueLog.collect {
      bug.expectFinding("restoration.shared-storage", session: "S2", seq: 25)
    }
    #expect(
      wrongSeq.map(\.message) == [
        """
        ../../traces/sketch-restoration-bug.jsonl has no restoration.shared-storage finding in \
        session S2 at seq 25; its findings:
          error[restoration.shared-storage] seq 24 · session S2: \(bug.findings[0].message)
        """
      ])
    let none = IssueLog.collect { fixed.expectFinding("lifecycle.order") }
    #expect(
      none.map(\.message) == [
        "../../traces/sketch-restoration-fixed.jsonl has no lifecycle.order finding; it has none."
      ])
  }

  @Test func failuresAreReportedAtTheCallersLine() {
    let line = UInt(#line + 1)
    let issues = IssueLog.collect { fixed.expectFinding("lifecycle.order") }
    #expect(issues.map(\.line) == [line])
    #expect(issues.map(\.fileID) == ["SceneTraceTestingTests/FindingAssertionTests.swift"])
  }

  @Test func failuresReachSwiftTestingAsIssuesAtTheCallersLine() {
    let line = #line + 2
    withKnownIssue {
      fixed.expectFinding("lifecycle.order")
    } matching: { issue in
      issue.sourceLocation?.line == line
        && issue.comments.contains { $0.rawValue.contains("has no lifecycle.order finding") }
    }
  }

  @Test func customRulesRunBesideTheBuiltInOnes() throws {
    let trace = try ReplayedTrace(
      contentsOf: "../../traces/sketch-restoration-fixed.jsonl", rules: [NoSecondLaunch()])
    let launches = trace.events.filter { $0.type == .appLaunch }.map(\.seq)
    #expect(launches.count == 2)
    let issues = IssueLog.collect {
      trace.expectFindings([
        ExpectedFinding("example.no-second-launch", session: nil, seq: launches.last)
      ])
    }
    #expect(issues.isEmpty)
  }
}

/// A custom rule: the app must not launch twice in one trace.
struct NoSecondLaunch: TraceRule {
  var rule: RuleDescription {
    RuleDescription(
      id: "example.no-second-launch", severity: .warning,
      summary: "the app launched a second time", explanation: "A test rule.")
  }

  func check(_ event: Event, in context: inout RuleContext) {
    guard case .appLaunch = event.payload, context.before.app.launch != nil else { return }
    context.report("launched again after \(context.before.app.launch ?? "")", session: nil)
  }
}

@Suite("baseline assertions")
struct BaselineAssertionTests {
  @Test func aBaselineOfTheSameTraceAcceptsEveryFindingAndAnOtherTracesDoesNot() throws {
    let bug = try ReplayedTrace(contentsOf: "../../traces/sketch-restoration-bug.jsonl")
    let other = try ReplayedTrace(contentsOf: "../../traces/setting-one-window-bug.jsonl")
    let path = TemporaryFile.url("baseline", "json").path
    try FindingBaseline(findings: bug.findings, events: bug.events, state: bug.finalState)
      .write(to: path)

    #expect(IssueLog.collect { bug.expectNoNewFindings(baseline: path) }.isEmpty)
    let issues = IssueLog.collect { other.expectNoNewFindings(baseline: path) }
    #expect(
      issues.map(\.message) == [
        "../../traces/setting-one-window-bug.jsonl has 1 finding that the baseline \(path) does "
          + "not hold:\n  error[shared.stale-render] seq 16 · session W2: "
          + other.findings[0].message
      ])
  }

  @Test func anUnreadableBaselineIsAFailure() throws {
    let bug = try ReplayedTrace(contentsOf: "../../traces/sketch-restoration-bug.jsonl")
    let issues = IssueLog.collect { bug.expectNoNewFindings(baseline: "no-such-baseline.json") }
    #expect(issues.count == 1)
    #expect(
      issues.first?.message.hasPrefix("The baseline no-such-baseline.json could not be read: ")
        == true)
  }
}
