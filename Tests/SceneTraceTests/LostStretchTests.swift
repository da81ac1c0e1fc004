import SceneTrace
import Testing

/// Which findings a lost stretch may explain: those after it (or at it) in the same launch.
@Suite struct LostStretchTests {
  private let drop = LostStretch(
    kind: .dropped, afterSeq: 9, beforeSeq: 11, eventCount: 7237, message: "dropped")

  private func finding(at seq: Int, rule: RuleID = .lifecycleOrder) -> Finding {
    Finding(rule: rule, severity: .error, seq: seq, session: "A", message: "m")
  }

  @Test func aFindingAfterTheStretchInItsLaunchMayBeExplained() {
    #expect(drop.mayExplain(finding(at: 11), launchSeqs: [1]))
    #expect(drop.mayExplain(finding(at: 500), launchSeqs: [1]))
  }

  @Test func aFindingBeforeTheStretchOrInALaterLaunchIsNot() {
    #expect(!drop.mayExplain(finding(at: 9), launchSeqs: [1]))
    #expect(!drop.mayExplain(finding(at: 30), launchSeqs: [1, 20]))
    #expect(!drop.mayExplain(finding(at: 12, rule: .traceEventsLost), launchSeqs: [1]))
  }

  @Test func aCutEndMayExplainTheFindingsOfTheLastEvent() {
    let cut = LostStretch(kind: .truncated, afterSeq: 40, beforeSeq: nil, message: "cut")
    #expect(cut.seq == 40)
    #expect(cut.mayExplain(finding(at: 40), launchSeqs: [1]))
    #expect(!cut.mayExplain(finding(at: 39), launchSeqs: [1]))
  }

  @Test func dropsComeFromGapEventsThatLostSomething() {
    let events = [
      Event(seq: 1, time: .zero, .appLaunch(launch: "L1")),
      Event(seq: 2, time: .zero, .traceGap(dropped: 0)),
      Event(seq: 3, time: .zero, .traceGap(dropped: 1_234_567)),
    ]
    let drops = LostStretch.drops(in: events)
    #expect(drops.map(\.seq) == [3])
    #expect(drops.first?.summary == "1,234,567 dropped by the recorder")
    #expect(drops.first?.finding.rule == .traceEventsLost)
    #expect(drops.first?.finding.related == [])
    #expect(LostStretch.launchSeqs(in: events) == [1])
  }

  @Test func theRuleIsBuiltInAndDescribedAsAWarning() {
    #expect(RuleDescription.builtIn(.traceEventsLost)?.severity == .warning)
  }
}
