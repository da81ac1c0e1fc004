import Foundation
import SceneTrace
import SceneTraceTesting
import Testing

/// `ReplayedTrace` gives a test the same loss findings `replay check` reports.
@Suite("lost events in a replayed trace")
struct LossFindingTests {
  static let text = """
    {"type":"app.launch","launch":"L1"}
    {"type":"scene.willConnect","session":"A"}
    {"type":"trace.gap","dropped":7237}
    {"type":"scene.didBecomeActive","session":"A"}

    """

  @Test func recorderDropsAreFindingsAndStructuredLoss() throws {
    let trace = try ReplayedTrace(data: Data(Self.text.utf8), name: "dropped.jsonl")
    #expect(trace.loss.map(\.kind) == [.dropped])
    #expect(trace.loss.first?.eventCount == 7237)
    #expect(trace.findings.map(\.rule) == [.traceEventsLost, .lifecycleOrder])
    let order = try #require(trace.findings.last)
    #expect(trace.lostStretch(explaining: order)?.seq == 3)
    #expect(IssueLog.collect { trace.expectNoFindings(atOrAbove: .warning) }.count == 1)
  }

  @Test func findingsGoldenNamesTheLossThatMayExplainAFinding() throws {
    let trace = try ReplayedTrace(data: Data(Self.text.utf8), name: "dropped.jsonl")
    var golden = ""
    Snapshotting<ReplayedTrace, String>.findings.snapshot(trace).run { golden = $0 }
    #expect(
      golden.contains(
        "error lifecycle.order · session A\n  "
          + "scene.didBecomeActive in unattached (row I4) is a transition UIKit never makes")
        || golden.contains("error lifecycle.order · session A\n"))
    #expect(golden.contains("\n  may be explained by events lost before it: 7,237 dropped"))
    #expect(!golden.contains("seq 3"))
  }

  @Test func eventsFromMemoryCountTheirDropsToo() {
    let events = [
      Event(seq: 1, time: .zero, .appLaunch(launch: "L1")),
      Event(seq: 2, time: .zero, .traceGap(dropped: 3)),
    ]
    let trace = ReplayedTrace(events: events)
    #expect(trace.findings.map(\.rule) == [.traceEventsLost])
    #expect(trace.loss.map(\.kind) == [.dropped])
  }

  @Test func cutEndIsALossFindingAndALoss() throws {
    let cut = String(Self.text.dropLast(20))
    let trace = try ReplayedTrace(data: Data(cut.utf8), name: "cut.jsonl")
    #expect(trace.loss.map(\.kind) == [.dropped, .truncated])
    #expect(trace.findings.filter { $0.rule == .traceEventsLost }.count == 2)
  }
}
