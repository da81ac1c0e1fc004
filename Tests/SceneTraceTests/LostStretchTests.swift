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

  @Test func countsAreGroupedByThousands() {
    let cases: [(Int, String)] = [
      (0, "0"), (7, "7"), (999, "999"), (1000, "1,000"), (7237, "7,237"), (-1234, "-1,234"),
      (123_456, "123,456"), (1_234_567, "1,234,567"),
      (Int.min, "-9,223,372,036,854,775,808"), (Int.max, "9,223,372,036,854,775,807"),
    ]
    for (number, text) in cases {
      #expect(LostStretch.grouped(number) == text, "\(number)")
    }
  }

  @Test func theRuleIsBuiltInAndDescribedAsAWarning() {
    #expect(RuleDescription.builtIn(.traceEventsLost)?.severity == .warning)
  }

  /// `LossExplanations` searches stretches in trace order by bisection: for every finding it
  /// gives the stretch that trying every one gives, in trace order and in any other order.
  @Test(arguments: [1, 2, 3] as [UInt64])
  func explanationsAreThoseOfTryingEveryStretch(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let kinds = LostStretch.Kind.allCases
    var loss: [LostStretch] = []
    var afterSeq = 0
    for _ in 0..<300 {
      afterSeq += Int.random(in: 0...3, using: &random)
      let kind = kinds[Int.random(in: 0..<kinds.count, using: &random)]
      let runsToTheEnd = kind == .truncated || Bool.random(using: &random) && kind == .damaged
      loss.append(
        LostStretch(
          kind: kind, afterSeq: afterSeq, beforeSeq: runsToTheEnd ? nil : afterSeq + 2,
          message: "lost"))
    }
    let launchSeqs = (1...afterSeq + 5).filter { _ in Int.random(in: 0..<25, using: &random) == 0 }
    let findings = (1...afterSeq + 5).flatMap { seq in
      [finding(at: seq), finding(at: seq, rule: .traceEventsLost)]
    }
    for order in [loss, loss.shuffled(using: &random)] {
      let explanations = LossExplanations(loss: order, launchSeqs: launchSeqs)
      for finding in findings {
        let expected = order.last { $0.mayExplain(finding, launchSeqs: launchSeqs) }
        #expect(explanations.stretch(explaining: finding) == expected, "\(finding.seq)")
      }
    }
  }
}
