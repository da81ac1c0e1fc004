import Testing

@testable import SceneTrace

/// The shrink's oracle keeps replays of prefixes of the accepted trace to start candidates
/// from: few enough that a long trace, whose state grows with it, does not hold a state for
/// every 64 of its events, and the same verdicts wherever a candidate starts.
@Suite struct ShrinkOracleTests {
  /// A launch, a scene and `count` drags of it, each begun and ended; the last ends twice
  /// (`drag.sequence`).
  static func drags(_ count: Int) -> [Event] {
    var payloads: [Event.Payload] = Script.connecting("A")
    for index in 0..<count {
      payloads += [
        .dragBegin(drag: DragID("d\(index)"), session: "A"),
        .dragEnd(drag: DragID("d\(index)"), operation: .cancel),
      ]
    }
    payloads.append(.dragEnd(drag: DragID("d\(count - 1)"), operation: .cancel))
    return numbered(payloads)
  }

  @Test(arguments: [100, 5_000, 20_000])
  func aLongTraceKeepsAtMost128CheckpointsAndTheSameVerdicts(drags: Int) throws {
    let events = Self.drags(drags)
    let goal = ShrinkGoal.finding(.dragSequence)
    let original = Replay.run(events)
    var oracle = ShrinkOracle(
      events: events, goal: goal, reducer: TraceReducer(),
      known: Set(original.findings.map(ShrinkOracle.FindingKey.init)))
    // Each candidate drops one drag near the end, then near the start: the first is replayed
    // from a late checkpoint, the second from the start.
    let late = events.count - 8
    let droppedLate = oracle.remove([late - 1, late])
    #expect(droppedLate)
    #expect(oracle.checkpointCount <= 129)
    #expect(oracle.checkpointCount >= min(120, events.count / 64 - 1))
    let droppedEarly = oracle.remove([3, 4])
    #expect(droppedEarly)
    // Dropping the drag's second end loses the finding: rejected wherever it starts.
    let droppedSecondEnd = oracle.remove([events.count - 1])
    #expect(!droppedSecondEnd)
    #expect(oracle.kept.count == events.count - 4)
    #expect(oracle.checkpointCount <= 129)
  }
}
