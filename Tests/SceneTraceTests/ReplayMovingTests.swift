import SceneTrace
import SceneTraceTestSupport
import Testing

/// `Replay.apply(moving:)`, which `replay check` feeds each batch of events through, moves the
/// events into the reducer instead of lending them: the same states and findings as applying
/// them one by one, and the array left empty; an array that shares its storage is copied, so
/// the other keeps its events.
@Suite struct ReplayMovingTests {
  @Test(arguments: [0x40_0E01, 0x40_0E02, 0x40_0E03] as [UInt64])
  func movingGivesTheStatesAndFindingsOfLending(seed: UInt64) {
    var random = SceneTraceTestSupport.RandomEvents(seed: seed)
    let events = random.events(count: 3000)
    var lent = Replay()
    var moved = Replay()
    // Batches of uneven sizes, as frames and chunks come; states compared after each.
    var start = 0
    var size = 1
    while start < events.count {
      let end = min(events.count, start + size)
      var batch = Array(events[start..<end])
      for event in events[start..<end] { lent.apply(event) }
      moved.apply(moving: &batch)
      #expect(batch.isEmpty)
      #expect(moved.state == lent.state, "after seq \(events[end - 1].seq)")
      (start, size) = (end, size * 3 % 509 + 1)
    }
    #expect(moved.findings == lent.findings)
    #expect(!lent.findings.isEmpty)
  }

  /// The reducer appends an event's findings to the replay's (`reduce(into:event:appendingTo:)`)
  /// rather than returning an array per event: each event's findings are those
  /// `reduce(into:event:)` returns, after the ones before, and `Replay.apply(_:)` returns them.
  @Test func appendedFindingsAreThoseReduceReturns() {
    var random = SceneTraceTestSupport.RandomEvents(seed: 0x40_0E05)
    let events = random.events(count: 3000)
    let reducer = TraceReducer()
    var state = TraceState()
    var returned: [Finding] = []
    var replay = Replay()
    var appended: [Finding] = []
    var appendedState = TraceState()
    for event in events {
      let found = reducer.reduce(into: &state, event: event)
      returned += found
      #expect(replay.apply(event) == found, "seq \(event.seq)")
      reducer.reduce(into: &appendedState, event: event, appendingTo: &appended)
    }
    #expect(appended == returned)
    #expect(replay.findings == returned)
    #expect(appendedState == state)
    #expect(returned.count > 100)
    #expect(returned.contains { finding in returned.filter { $0.seq == finding.seq }.count > 1 })
  }

  @Test func anArrayThatSharesItsStorageKeepsItsEvents() {
    var random = SceneTraceTestSupport.RandomEvents(seed: 0x40_0E04)
    let events = random.events(count: 200)
    var shared = events
    var moved = Replay()
    moved.apply(moving: &shared)
    var lent = Replay()
    lent.apply(events)
    var again = SceneTraceTestSupport.RandomEvents(seed: 0x40_0E04)
    #expect(shared.isEmpty)
    #expect(events == again.events(count: 200))
    #expect(moved.state == lent.state)
  }

  /// `[Event].append(moving:)`, which joins the frames of a trace loaded whole: batches of
  /// uneven sizes appended by moving give what `+=` gives, each batch left empty, and a batch
  /// that shares its storage with another array leaves that array its events; into an array
  /// with no room (which takes the first batch's storage) and one with room for them all
  /// (whose room is kept: it never grows).
  @Test(arguments: [(0x40_0E06, false), (0x40_0E07, false), (0x40_0E08, true)] as [(UInt64, Bool)])
  func appendingByMovingGivesWhatCopyingGives(seed: UInt64, reserving: Bool) {
    var random = SceneTraceTestSupport.RandomEvents(seed: seed)
    let events = random.events(count: 5000)
    var copied: [Event] = []
    var moved: [Event] = []
    if reserving { moved.reserveCapacity(events.count) }
    let room = moved.capacity
    var start = 0
    var size = 1
    while start < events.count {
      let end = min(events.count, start + size)
      var batch = Array(events[start..<end])
      let kept = start.isMultiple(of: 2) ? batch : []
      copied += events[start..<end]
      moved.append(moving: &batch)
      #expect(batch.isEmpty)
      #expect(moved == copied, "after seq \(events[end - 1].seq)")
      if !kept.isEmpty { #expect(kept == Array(events[start..<end])) }
      (start, size) = (end, size * 5 % 1021 + 1)
    }
    #expect(moved == events)
    if reserving { #expect(moved.capacity == room) }
  }
}
