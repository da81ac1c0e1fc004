import SceneTrace
import SceneTraceFile
import SceneTraceTestSupport
import SceneTraceText
import Testing

/// `replay diff A B` reads both traces as it compares them, a batch at a time, and holds the
/// stretch it compares, not the traces: what it finds does not depend on how the events come,
/// and what it holds does not grow with them.
@Suite("Comparing two traces read as they are compared")
struct StreamedComparisonTests {
  /// What a comparison found, in values that compare.
  struct Found: Equatable {
    var a: Range<Int>
    var b: Range<Int>
    var isHunk: Bool
    var causes: [Int?]
    var states: [JSONValue]
    var changes: [String]
    var around: [[Event]]
    var aroundStarts: [Int]
    var causeEvents: [Event?]

    init(_ divergence: BehaviourComparison.Divergence) {
      a = divergence.a
      b = divergence.b
      isHunk = divergence.isHunk
      causes = [divergence.causeA, divergence.causeB]
      states = [divergence.states.a.json, divergence.states.b.json]
      changes = divergence.changes.map { "\($0.path) \($0.before.map(\.self) ?? .null)" }
      around = [divergence.around.a.events, divergence.around.b.events]
      aroundStarts = [divergence.around.a.start, divergence.around.b.start]
      causeEvents = [
        divergence.causeA.map { divergence.around.a[$0] },
        divergence.causeB.map { divergence.around.b[$0] },
      ]
    }
  }

  /// `events` handed on in batches of 1 to `largest` events, of sizes drawn from `seed`.
  private static func window(_ events: [Event], batches seed: UInt64, largest: Int = 64)
    -> EventWindow
  {
    var generator = SplitMix64(seed: seed)
    var next = 0
    return EventWindow(count: events.count) {
      guard next < events.count else { return nil }
      let end = min(events.count, next + Int.random(in: 1...largest, using: &generator))
      defer { next = end }
      return EventWindow.Batch(Array(events[next..<end]))
    }
  }

  private static func compare(
    _ a: EventWindow, _ b: EventWindow, tailShown: Int = .max, byChanges: Bool = true
  ) throws -> (found: Found?, differing: [Int]) {
    var comparison = BehaviourComparison(a: a, b: b)
    comparison.tailShown = tailShown
    comparison.followsChangedEntries = byChanges
    let divergence = try comparison.firstDivergence()
    let differing = comparison.differingEvents
    return (divergence.map(Found.init), [differing.a, differing.b])
  }

  /// Random traces of three sessions and edits of them: events dropped, marks inserted, two
  /// events swapped, the end cut off or the trace run on.
  private static func pairs(seed: UInt64) -> [(String, [Event], [Event])] {
    var random = RandomEvents(seed: seed, identifiers: ["A", "B", "C"])
    let base = random.events(count: 3000)
    var generator = SplitMix64(seed: seed &+ 100)
    var dropped = base
    for _ in 0..<3 { dropped.remove(at: Int.random(in: 0..<dropped.count, using: &generator)) }
    var marked = base
    let mark = Event(seq: 0, time: TraceTime(nanoseconds: 0), .appMark(label: "here"))
    for _ in 0..<20 {
      let place = Int.random(in: 0...marked.count, using: &generator)
      marked.insert(mark, at: place)
    }
    var swapped = base
    let swap = Int.random(in: 0..<(base.count - 1), using: &generator)
    swapped.swapAt(swap, swap + 1)
    let longer = base + random.events(count: 2000)
    return [
      ("same", base, base), ("dropped", base, dropped), ("marked", base, marked),
      ("swapped", base, swapped), ("cut", base, Array(base.prefix(1200))),
      ("run on", base, longer), ("run on, other side", longer, base),
    ]
  }

  /// Random traces whose states agree across many stretches (marks that differ on each side)
  /// and part late, on one side alone, or in a tail that then changes nothing.
  private static func latePairs(seed: UInt64) -> [(String, [Event], [Event])] {
    var random = RandomEvents(seed: seed, identifiers: ["A", "B", "C"])
    var base = random.events(count: 3000)
    var generator = SplitMix64(seed: seed &+ 200)
    let zero = TraceTime(nanoseconds: 0)
    let mark = { (label: String) in Event(seq: 0, time: zero, .appMark(label: label)) }
    let write = { (value: String) in
      Event(seq: 0, time: zero, .stateWrite(key: "k", value: value, session: "A"))
    }
    // Both write the key early, so that a later write changes a value both hold.
    base.insert(write("early"), at: 10)
    var (a, b) = (base, base)
    // From the end, so that each place is still the base's.
    for place in stride(from: 2900, through: 100, by: -100) {
      a.insert(mark("a\(place)"), at: place)
      b.insert(mark("b\(place)"), at: place)
    }
    // A write one side alone holds, late: the other's events there change nothing.
    var changed = b
    changed.insert(write("late"), at: Int.random(in: 2000..<changed.count, using: &generator))
    let quiet = Array(repeating: mark("quiet"), count: 30)
    return [
      ("marks", a, b), ("a late change in b", a, changed), ("a late change in a", changed, b),
      ("a tail that changes, then nothing", a + [write("tail")] + quiet, b),
      ("the same on the other side", b, a + quiet + [write("tail")] + quiet),
    ]
  }

  /// Comparing the entries changed since the states last agreed, and keeping a copy to look
  /// back from every so many events, finds what comparing the whole states at every stretch
  /// and copying them wherever they agree finds.
  @Test(arguments: 1...6 as ClosedRange<UInt64>)
  func comparingTheChangedEntriesFindsWhatComparingWholeStatesFinds(seed: UInt64) throws {
    for (name, a, b) in Self.pairs(seed: seed) + Self.latePairs(seed: seed) {
      let whole = try Self.compare(EventWindow(a), EventWindow(b), byChanges: false)
      for (interval, batches) in [(4096, seed), (64, seed + 20)] {
        var comparison = BehaviourComparison(
          a: Self.window(a, batches: batches), b: Self.window(b, batches: batches + 1))
        comparison.comparisonInterval = interval
        let found = try comparison.firstDivergence().map(Found.init)
        #expect(found == whole.found, "seed \(seed), \(name), every \(interval)")
        let differing = comparison.differingEvents
        #expect([differing.a, differing.b] == whole.differing, "seed \(seed), \(name)")
      }
    }
  }

  @Test(arguments: 1...6 as ClosedRange<UInt64>)
  func batchesOfAnySizeFindWhatTheWholeTracesFind(seed: UInt64) throws {
    for (name, a, b) in Self.pairs(seed: seed) {
      let whole = try Self.compare(EventWindow(a), EventWindow(b))
      for batches in [seed, seed + 10] {
        let read = try Self.compare(
          Self.window(a, batches: batches), Self.window(b, batches: batches + 1))
        #expect(read.found == whole.found, "seed \(seed), \(name)")
        #expect(read.differing == whole.differing, "seed \(seed), \(name)")
      }
    }
  }

  /// A divergence in the tail of the longer trace keeps the first events of the tail a report
  /// shows, and the event that made the states differ however deep in it; the rest is not held.
  @Test func aLongTailIsReadOnceAndHeldOnlyAsFarAsItIsShown() throws {
    var random = RandomEvents(seed: 7, identifiers: ["A", "B", "C"])
    let start = random.events(count: 500)
    // Marks change nothing: the state leaves the shorter trace's only at the event after them.
    let zero = TraceTime(nanoseconds: 0)
    let marks = Array(repeating: Event(seq: 0, time: zero, .appMark(label: "m")), count: 30_000)
    let change = Event(seq: 0, time: zero, .stateWrite(key: "k", value: "1", session: "A"))
    let long = start + marks + [change] + random.events(count: 2000)
    let whole = try #require(
      try Self.compare(EventWindow(long), EventWindow(start)).found)
    let a = Self.window(long, batches: 1, largest: 512)
    let shown = try #require(
      try Self.compare(a, Self.window(start, batches: 2), tailShown: 12).found)
    #expect(whole.a == 500..<long.count && whole.b == 500..<500 && whole.isHunk)
    #expect(whole.causes == [30_500, nil])
    #expect(shown.causes == whole.causes && shown.causeEvents == whole.causeEvents)
    #expect(shown.causeEvents.first == change)
    #expect(shown.states == whole.states && shown.changes == whole.changes)
    #expect(shown.around[0] == Array(whole.around[0].prefix(3 + 12)))
    #expect(shown.around[1] == whole.around[1])
    #expect(a.highWater < 2_000, "\(a.highWater) events held")
  }

  /// A tail that changes a shared value both traces last wrote before the states last agreed,
  /// and then changes nothing, is a divergence: following the tail compares the entries it
  /// changes as it goes, and the comparison after it reads the whole states, not only the
  /// entries changed since they agreed.
  @Test func aTailThatChangesAnEntryNotChangedSinceTheStatesAgreedIsADivergence() throws {
    let zero = TraceTime(nanoseconds: 0)
    let event = { (payload: Event.Payload) in Event(seq: 0, time: zero, payload) }
    let write = { (value: String) in event(.stateWrite(key: "k", value: value, session: "A")) }
    // The marks that differ are a stretch, closed by those that agree; the states agree after
    // it, and the last write of `k` on either side came before.
    let same = Array(repeating: event(.appMark(label: "same")), count: 12)
    let b = [write("1"), event(.appMark(label: "y"))] + same
    let a = [write("1"), event(.appMark(label: "x"))] + same + [write("2")]
    for extra in [[], [event(.appMark(label: "z"))]] {
      let found = try #require(
        try Self.compare(EventWindow(a + extra), EventWindow(b)).found, "\(extra.count)")
      #expect(found.a == 14..<(15 + extra.count) && found.b == 14..<14 && found.isHunk)
      #expect(found.causes == [14, nil])
    }
  }

  /// Two long traces that agree event for event are compared holding a few thousand events of
  /// each, however long they are; one that stops short the same.
  @Test(arguments: [20_000, 80_000])
  func whatIsHeldDoesNotGrowWithTheTraces(count: Int) throws {
    var random = RandomEvents(seed: 8, identifiers: ["A", "B", "C"])
    let events = random.events(count: count)
    let (a, b) = (Self.window(events, batches: 3), Self.window(events, batches: 4))
    #expect(try Self.compare(a, b).found == nil)
    #expect(a.highWater < 12_000 && b.highWater < 12_000, "\(a.highWater), \(b.highWater)")
    let short = Self.window(Array(events.prefix(5_000)), batches: 5)
    let long = Self.window(events, batches: 6)
    #expect(try Self.compare(long, short, tailShown: 12).found != nil)
    #expect(long.highWater < 12_000, "\(long.highWater)")
  }

  /// A trace that ends before the events a first pass counted (it changed between the passes)
  /// makes the comparison an error that says so, wherever it ends: in the stretch compared, or
  /// in the tail read straight through after the other trace has ended.
  @Test(arguments: [100, 2_500])
  func aTraceThatEndsBeforeItsCountIsAnError(end: Int) throws {
    var random = RandomEvents(seed: 10, identifiers: ["A", "B", "C"])
    let events = random.events(count: 3_000)
    for other in [events, Array(events.prefix(10))] {
      var comparison = BehaviourComparison(
        a: EventWindow(other), b: Self.cut(events, after: end, path: "cut.jsonl"))
      let error = try #require(throws: TraceError.self) { try comparison.firstDivergence() }
      #expect(error.path == "cut.jsonl", "\(other.count) events against \(end)")
      #expect(error.message.contains("ended after \(end) events, before the 3000"))
    }
  }

  /// The window of `events` whose source ends after the first `end`, handed on in small
  /// batches: a trace cut between two passes.
  private static func cut(_ events: [Event], after end: Int, path: String) -> EventWindow {
    var next = 0
    return EventWindow(count: events.count, path: path) {
      guard next < end else { return nil }
      let stop = min(end, next + 32)
      defer { next = stop }
      return EventWindow.Batch(Array(events[next..<stop]))
    }
  }

  /// A report shows the second trace's events as recorded, where the comparison reads them
  /// renamed.
  @Test func aReportShowsTheEventsAsRecorded() throws {
    var random = RandomEvents(seed: 9, identifiers: ["A", "B", "C"])
    let events = random.events(count: 400)
    var other = events
    other.remove(at: 200)
    let recorded = other.map { Event(seq: $0.seq + 1_000, time: $0.time, $0.payload) }
    var handed = false
    let b = EventWindow(count: other.count) {
      defer { handed = true }
      return handed ? nil : EventWindow.Batch(other, recorded: recorded)
    }
    let found = try #require(try Self.compare(EventWindow(events), b).found)
    #expect(found.around[1].allSatisfy { $0.seq > 1_000 })
    let shown = other[found.aroundStarts[1]...].prefix(found.around[1].count)
    #expect(found.around[1].map(\.payload) == shown.map(\.payload))
  }
}
