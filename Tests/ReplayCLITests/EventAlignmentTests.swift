import SceneTrace
import SceneTraceFile
import SceneTraceTestSupport
import SceneTraceText
import Testing

/// The pieces of `replay diff A B` on small hand-built event lists: alignment, session matching,
/// renaming and the comparison of states.
@Suite("Aligning and comparing two traces")
struct EventAlignmentTests {
  /// Where the states of `a` and `b` first differ.
  private func firstDivergence(_ a: [Event], _ b: [Event]) throws -> BehaviourComparison.Divergence?
  {
    var comparison = BehaviourComparison(a: a, b: b)
    return try comparison.firstDivergence()
  }

  private func hunks(_ a: [String], _ b: [String], anchor: Int = 2) -> [EventAlignment.Hunk] {
    EventAlignment.hunks(a.count, b.count, anchor: anchor) { a[$0] == b[$1] }
  }

  @Test func identicalSequencesHaveNoHunk() {
    #expect(hunks(["a", "b", "c"], ["a", "b", "c"]).isEmpty)
    #expect(hunks([], []).isEmpty)
  }

  @Test func anExtraElementIsAHunkOfItsOwnWhereverItStands() {
    let base = ["launch", "connect", "enter", "active", "render", "write"]
    #expect(
      hunks(["launch", "mark"] + base.dropFirst(), base)
        == [EventAlignment.Hunk(a: 1..<2, b: 1..<1)])
    #expect(hunks(base, base + ["mark"]) == [EventAlignment.Hunk(a: 6..<6, b: 6..<7)])
    #expect(hunks(["mark"] + base, base) == [EventAlignment.Hunk(a: 0..<1, b: 0..<0)])
  }

  @Test func aReplacedElementIsOneElementOnEachSide() {
    #expect(
      hunks(["a", "b", "x", "c", "d"], ["a", "b", "y", "c", "d"])
        == [EventAlignment.Hunk(a: 2..<3, b: 2..<3)])
  }

  @Test func hunksApartByLessThanTheAnchorAreOneStretch() {
    // "c" agrees once between two changes, not for two elements in a row.
    let a = ["a", "x", "c", "y", "d", "e"]
    let b = ["a", "c", "z", "d", "e"]
    let stretches = EventAlignment.stretches(a.count, b.count, anchor: 2) { a[$0] == b[$1] }
    #expect(
      stretches == [
        [EventAlignment.Hunk(a: 1..<2, b: 1..<1), EventAlignment.Hunk(a: 3..<4, b: 2..<3)]
      ])
  }

  /// `TraceState.behaves(as:)` compares the values the behaviour JSON is made of before the JSON:
  /// it must answer as the JSON does, whichever way. States of one trace and of the same trace
  /// with its shared values written at other seqs (each pair agrees), of neighbouring events (most
  /// differ), and of two traces that differ here and there (in a session, a drag, a value).
  @Test(arguments: [0xBE4A_0001, 0xBE4A_0002, 0xBE4A_0003, 0xBE4A_0004] as [UInt64])
  func statesBehaveAlikeExactlyWhenTheirBehaviourJSONIsTheSame(seed: UInt64) {
    var random = SceneTraceTestSupport.RandomEvents(seed: seed, identifiers: ["A", "B", "C"])
    let events = random.events(count: 1200)
    var other = SplitMix64(seed: seed)
    // The same events at later seqs (a shared value's seq is left out of the JSON), and now and
    // then one dropped.
    let later = events.enumerated().compactMap { index, event -> Event? in
      if index > 0, other.next() % 400 == 0 { return nil }
      return Event(seq: event.seq + 1000, time: event.time, event.payload)
    }
    let reducer = TraceReducer()
    var (a, b, previous) = (TraceState(), TraceState(), TraceState())
    var (agreeing, differing) = (0, 0)
    for index in 0..<Swift.min(events.count, later.count) {
      previous = a
      reducer.reduce(into: &a, event: events[index])
      reducer.reduce(into: &b, event: later[index])
      for (first, second) in [(a, b), (b, a), (a, previous)] {
        let byJSON = first.behaviourJSON == second.behaviourJSON
        #expect(first.behaves(as: second) == byJSON, "seed \(seed), event \(index)")
        if byJSON { agreeing += 1 } else { differing += 1 }
      }
    }
    #expect(agreeing > 100 && differing > 100, "seed \(seed): \(agreeing) / \(differing)")
  }

  @Test func twoEventsInTheOtherOrderAreNoDivergence() throws {
    let a = twoWindows()
    var b = a
    b.swapAt(4, 5)  // B configured before A became active
    #expect(try firstDivergence(a, b) == nil)
  }

  @Test func theRestOfTheLongerSequenceIsTheLastHunk() {
    #expect(hunks(["a", "b"], ["a", "b", "c", "d"]) == [EventAlignment.Hunk(a: 2..<2, b: 2..<4)])
    #expect(hunks(["a"], []) == [EventAlignment.Hunk(a: 0..<1, b: 0..<0)])
  }

  /// Two sequences that agree nowhere for a long stretch are cut into hunks of `maxEdits / 2`
  /// elements on each side, each found with at most `maxEdits`^2 comparisons, and align again
  /// where they agree again: the comparisons grow with the length, `maxEdits` for each element.
  @Test func sequencesThatAgreeNowhereAreCutIntoSquaresAndAlignAgainAfter() {
    let unrelated = 20_000
    let a = Array(0..<unrelated) + Array(1_000_000..<1_000_050)
    let b = Array(-unrelated..<0) + [-1_000_001] + Array(1_000_000..<1_000_050)
    var comparisons = 0
    let found = EventAlignment.hunks(a.count, b.count) { (i: Int, j: Int) -> Bool in
      comparisons += 1
      return a[i] == b[j]
    }
    #expect(found.count == unrelated / 200 + 1)
    #expect(found.dropLast().allSatisfy { $0.a.count == 200 && $0.b.count == 200 })
    #expect(
      found.last == EventAlignment.Hunk(a: unrelated..<unrelated, b: unrelated..<(unrelated + 1)))
    // About 400^2 / 2 comparisons for each square of 200: 4·10^3 an element, where one element
    // against one searched again from the next was 8·10^4.
    #expect(comparisons < 100 * 400 * 400)
  }

  @Test func sparseInsertionsInALongSequenceAreFoundEachAtItsPlace() {
    var generator = SplitMix64(seed: 11)
    let a = (0..<50_000).map { _ in Int.random(in: 0..<1_000, using: &generator) }
    var b = a
    // Inserted from the end, so that each place is an index of `a`.
    let places = [40_000, 25_000, 3_001, 7]
    for place in places { b.insert(-1, at: place) }
    let found = EventAlignment.hunks(a.count, b.count) { a[$0] == b[$1] }
    #expect(found.map(\.b.count) == [1, 1, 1, 1])
    #expect(found.allSatisfy { $0.a.isEmpty })
    #expect(found.map(\.b.lowerBound) == places.sorted().enumerated().map { $1 + $0 })
  }

  /// An alignment found a few agreeing pairs at a time, as a comparison reading two traces
  /// finds it, is the alignment found at once.
  @Test(arguments: 1...5 as ClosedRange<UInt64>)
  func anAlignmentFoundPieceByPieceIsTheAlignmentFoundAtOnce(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    let a = (0..<3_000).map { _ in Int.random(in: 0..<6, using: &generator) }
    var b = a
    for _ in 0..<40 {
      let place = Int.random(in: 0..<b.count, using: &generator)
      if Bool.random(using: &generator) { b.remove(at: place) } else { b.insert(9, at: place) }
    }
    b += (0..<Int.random(in: 0..<50, using: &generator)).map { _ in 7 }
    let atOnce = EventAlignment.stretches(a.count, b.count) { a[$0] == b[$1] }
    for limit in [1, 3, 50] {
      var aligner = EventAlignment.Aligner(a.count, b.count)
      var stretches: [[EventAlignment.Hunk]] = []
      while !aligner.isFinished {
        if let found = aligner.advance(upTo: limit, same: { a[$0] == b[$1] }) {
          stretches.append(found)
        }
      }
      #expect(stretches == atOnce, "seed \(seed), \(limit) at a time")
    }
    #expect(atOnce.count > 5)
  }

  @Test func sessionsAreMatchedByRoleActivityTypeAndOrderOfConnection() {
    let a = SessionRoster(events: [
      event(.sessionConfigure(session: "A", role: .windowApplication)),
      event(.sessionConfigure(session: "X", role: .windowExternalDisplayNonInteractive)),
      event(.sessionConfigure(session: "B", role: .windowApplication, activityType: "doc")),
      event(.sessionConfigure(session: "C", role: .windowApplication)),
    ])
    let b = SessionRoster(events: [
      event(.sessionConfigure(session: "b3", role: .windowApplication, activityType: "doc")),
      event(.sessionConfigure(session: "b1", role: .windowApplication)),
      event(.sessionConfigure(session: "b2", role: .windowApplication)),
      event(.sessionConfigure(session: "x1", role: .windowExternalDisplayNonInteractive)),
      event(.sessionConfigure(session: "x2", role: .windowExternalDisplayNonInteractive)),
    ])
    let matching = SessionMatching(a: a, b: b)
    #expect(matching.pairs.map { "\($0.a)=\($0.b)" } == ["A=b1", "X=x1", "B=b3", "C=b2"])
    #expect(matching.onlyInB == ["x2"])
    #expect(matching.onlyInA.isEmpty)

    let fixed = SessionMatching(a: a, b: b, fixed: [(a: "C", b: "b1")])
    #expect(fixed.pairs.map { "\($0.a)=\($0.b)" } == ["A=b2", "X=x1", "B=b3", "C=b1"])
  }

  @Test func renamingReachesKeysWindowsDragsAndLaunchesButNotWordsThatContainAnId() {
    let a = [
      event(.appLaunch(launch: "L1")), event(.sceneWillConnect(session: "A")),
      event(.dragBegin(drag: "d1", session: "A")),
    ]
    let b = [
      event(.appLaunch(launch: "9F")), event(.sceneWillConnect(session: "S7")),
      event(.dragBegin(drag: "drag-42", session: "S7")),
    ]
    let matching = SessionMatching(a: SessionRoster(events: a), b: SessionRoster(events: b))
    var renaming = IdentifierRenaming(matching, a: a, b: b)
    #expect(b.map { renaming.renamed($0).payload } == a.map(\.payload))
    let write = event(.stateWrite(key: "session:S7/draft", value: "S7", session: "S7"))
    #expect(
      renaming.renamed(write).payload
        == .stateWrite(key: "session:A/draft", value: "S7", session: "A"))
    let window = event(.windowBecomeKey(session: "S7", window: "S7.main"))
    #expect(renaming.renamed(window).payload == .windowBecomeKey(session: "A", window: "A.main"))
    let word = event(.windowBecomeKey(session: "S7", window: "S77"))
    #expect(renaming.renamed(word).payload == .windowBecomeKey(session: "A", window: "S77"))
  }

  @Test func anExtraEventThatChangesNothingIsNoDivergence() throws {
    let a = twoWindows()
    var b = a
    b.insert(event(.appMark(label: "here")), at: 3)
    #expect(try firstDivergence(a, b) == nil)
  }

  @Test func aMissingRenderIsTheDivergenceAndItsCause() throws {
    let a = twoWindows()
    let render = try #require(
      a.lastIndex { if case .stateRender = $0.payload { true } else { false } })
    var b = a
    b.remove(at: render)
    let divergence = try #require(try firstDivergence(a, b))
    #expect(divergence.a == render..<(render + 1))
    #expect(divergence.b.isEmpty)
    #expect(divergence.causeA == render)
    #expect(divergence.causeB == nil)
    #expect(divergence.changes.map(\.path.description) == ["sessions.B.scene.renders.k"])
  }

  /// Two windows, then a write that both render.
  private func twoWindows() -> [Event] {
    var events: [Event.Payload] = [.appLaunch(launch: "L1")]
    for session: SessionID in ["A", "B"] {
      events += [
        .sessionConfigure(session: session, role: .windowApplication),
        .sceneWillConnect(session: session), .sceneWillEnterForeground(session: session),
        .sceneDidBecomeActive(session: session),
      ]
    }
    events += [
      .stateWrite(key: "k", value: "1", session: "A"),
      .stateRender(session: "A", key: "k", value: "1"),
      .stateRender(session: "B", key: "k", value: "1"),
    ]
    return events.enumerated().map { Event(seq: $0 + 1, time: .zero, $1) }
  }

  private func event(_ payload: Event.Payload) -> Event {
    Event(seq: 1, time: .zero, payload)
  }
}
