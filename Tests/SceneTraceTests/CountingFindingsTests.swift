import SceneTrace
import SceneTraceTestSupport
import Testing

/// A reducer that counts findings (`TraceReducer.countingFindings`, what a writer making
/// checkpoints and a seek checking one replay with) reaches the states of one that keeps them
/// whole, and the same findings in number, seq, rule, severity and session: only their
/// messages and related events are left unmade. On seeded traces of every event type, with
/// pointer samples held compact and as events, and with an app's own rules, whose reports merge.
@Suite struct CountingFindingsTests {
  /// Reports every `app.mark` twice, so that the two merge into one finding of the event.
  struct MarksTwice: TraceRule {
    let rule = RuleDescription(
      id: "test.marks-twice", severity: .info, summary: "every mark, twice",
      explanation: "Reports each app.mark twice.")

    func check(_ event: Event, in context: inout RuleContext) {
      guard case .appMark(let label) = event.payload else { return }
      context.report("first for \(label)", session: nil, related: [event.seq - 1])
      context.report("second for \(label)", session: nil, severity: .warning)
    }

    func finish(in context: inout RuleContext) {
      context.report("at the end", session: nil)
    }
  }

  @Test(arguments: [(0x40_C001, false), (0x40_C002, false), (0x40_C003, true)] as [(UInt64, Bool)])
  func countingReachesTheStatesAndFindingsOfKeepingWhole(seed: UInt64, customRules: Bool) {
    var random = SceneTraceTestSupport.RandomEvents(seed: seed)
    let events = random.events(count: 20_000)
    let reducer = TraceReducer(rules: customRules ? [MarksTwice()] : [])
    var whole = Replay(reducer: reducer)
    var counting = Replay(reducer: reducer.countingFindings)
    // Batches of uneven sizes, their pointer samples held compact, as files are read; and
    // every third one applied an event at a time.
    var (start, size, batches) = (0, 1, 0)
    while start < events.count {
      let end = min(events.count, start + size)
      var wholeBatch = EventBatch(events[start..<end])
      whole.apply(moving: &wholeBatch)
      if batches % 3 == 2 {
        for event in events[start..<end] { counting.apply(event) }
      } else {
        var countingBatch = EventBatch(events[start..<end])
        counting.apply(moving: &countingBatch)
      }
      if counting.state != whole.state {
        Issue.record("the states differ after seq \(events[end - 1].seq)")
        return
      }
      (start, size, batches) = (end, size * 5 % 701 + 1, batches + 1)
    }
    whole.finish()
    counting.finish()
    #expect(counting.state == whole.state)
    #expect(counting.findings.map(\.seq) == whole.findings.map(\.seq))
    #expect(counting.findings.map(\.rule) == whole.findings.map(\.rule))
    // Merged as a whole finding is: the higher severity, the session only if both name it.
    #expect(counting.findings.map(\.severity) == whole.findings.map(\.severity))
    #expect(counting.findings.map(\.session) == whole.findings.map(\.session))
    #expect(counting.findings.allSatisfy { $0.message.isEmpty && $0.related.isEmpty })
    // Findings of a rule merged on one event, and findings a rule hides, are among them.
    #expect(whole.findings.contains { $0.message.contains("; ") })
    #expect(whole.findings.count > 500)
    if customRules {
      #expect(
        whole.findings.contains { $0.rule == "test.marks-twice" && $0.seq == events.last?.seq })
      #expect(
        whole.findings.contains {
          $0.rule == "test.marks-twice" && $0.message.hasPrefix("first for ")
            && $0.message.contains("; second for ")
        })
    }
  }

  /// The reducer's own findings and `reduce(into:event:)` count alike too, event by event: a
  /// finding hidden by another of its event (`session.after-discard` hides the rest) is hidden
  /// when counted.
  @Test func eachEventCountsTheFindingsItKeepsWhole() {
    var random = SceneTraceTestSupport.RandomEvents(seed: 0x40_C004)
    let events = random.events(count: 5000)
    let reducer = TraceReducer()
    let counting = reducer.countingFindings
    var wholeState = TraceState()
    var countingState = TraceState()
    var hidden = 0
    for event in events {
      let kept = reducer.reduce(into: &wholeState, event: event)
      let counted = counting.reduce(into: &countingState, event: event)
      #expect(counted.map(\.rule) == kept.map(\.rule), "seq \(event.seq)")
      #expect(counted.map(\.severity) == kept.map(\.severity), "seq \(event.seq)")
      #expect(counted.map(\.session) == kept.map(\.session), "seq \(event.seq)")
      if kept.contains(where: { $0.rule == .sessionAfterDiscard }) { hidden += 1 }
    }
    #expect(countingState == wholeState)
    #expect(hidden > 0)
  }
}
