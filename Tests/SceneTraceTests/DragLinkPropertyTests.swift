import Foundation
import SceneTrace
import Testing

/// A new session carrying an activity type is linked to the latest drag that could have opened
/// it. The replay finds that drag through the places its drag table keeps; these tests hold it
/// to the rule read off every drag of the launch, on seeded random drags and new sessions, with
/// states stored and read back, drags changed by hand, and time that goes back.
@Suite struct DragLinkPropertyTests {
  static let seeds = Seeds.range(0xD4A6_1000, count: 24)
  static let activityTypes: [String?] = [nil, "com.example.doc", "com.example.note"]

  /// The drag a new session `id` carrying `activityType` at `now` is linked to, read off every
  /// drag: the rule as the reference states it. `ends` holds the time each drag ended, by the
  /// seq of its `drag.begin` (the state does not show it).
  static func expectedLink(
    _ id: SessionID, _ activityType: String, at now: TraceTime, in drags: [DragID: DragState],
    ends: [Int: TraceTime]
  ) -> DragID? {
    guard !drags.values.contains(where: { $0.newSession == id }) else { return nil }
    let grace: Int64 = 1_000_000_000
    let candidates = drags.filter { _, drag in
      guard drag.activityType == activityType, drag.newSession == nil, drag.target == nil
      else { return false }
      guard let endedAt = ends[drag.began] else { return drag.phase == .active }
      return now.nanoseconds - endedAt.nanoseconds <= grace
    }
    return candidates.max { $0.value.began < $1.value.began }?.key
  }

  @Test(arguments: seeds)
  func newSessionsLinkTheDragTheRuleNames(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    var ends: [Int: TraceTime] = [:]
    var replay = Replay()
    var seq = 0
    var time: Int64 = 0
    var links = 0
    func apply(_ payload: Event.Payload) -> Event {
      seq += 1
      let event = Event(seq: seq, time: TraceTime(nanoseconds: time), payload)
      replay.apply(event)
      return event
    }
    for payload in Script.bothActive { _ = apply(payload) }
    let drags: [DragID] = (0..<10).map { DragID("d\($0)") }
    let sessions: [SessionID] = (0..<60).map { SessionID("S\($0)") }
    for step in 0..<600 {
      // Mostly forward by up to 1.5 s, so that ended drags leave the grace period; now and
      // then back (the library replays whatever it is given).
      let move = Int64(random.next() % 1_500_000_000)
      time += random.next() % 12 == 0 ? -move / 2 : move / 3
      let drag = drags[Int(random.next() % UInt64(drags.count))]
      let activityType = Self.activityTypes[Int(random.next() % 3)]
      let source: SessionID = random.next() % 2 == 0 ? "A" : "B"
      switch random.next() % 6 {
      case 0 where step % 150 == 149:
        // A new launch forgets the drags of the last.
        _ = apply(.appLaunch(launch: "L\(step)"))
      case 0:
        _ = apply(.dragBegin(drag: drag, session: source, activityType: activityType))
      case 1:
        let before = replay.state.drags[drag]
        let event = apply(.dragEnd(drag: drag, operation: .cancel))
        if let before, before.phase == .active { ends[before.began] = event.time }
      case 2:
        _ = apply(.dropPerform(drag: drag, session: source, local: true))
      default:
        let id = sessions[Int(random.next() % UInt64(sessions.count))]
        let before = replay.state
        let configures = random.next() % 2 == 0
        let isNew =
          configures
          ? before.sessions[id] == nil
          : before.sessions[id].map { $0.status == .configuring } ?? true
        let expected =
          isNew
          ? activityType.flatMap {
            Self.expectedLink(
              id, $0, at: TraceTime(nanoseconds: time), in: before.drags, ends: ends)
          } : nil
        _ = apply(
          configures
            ? .sessionConfigure(session: id, role: .windowApplication, activityType: activityType)
            : .sceneWillConnect(session: id, activityType: activityType))
        var drags = before.drags
        if let expected { drags[expected]?.newSession = id }
        #expect(replay.state.drags == drags, "seed \(seed), seq \(seq)")
        if expected != nil { links += 1 }
      }
      // Now and then the state is stored and read back, or its drags changed by hand: the
      // table then finds its places again.
      if step % 97 == 96 {
        let stored = try JSONEncoder().encode(replay.state)
        replay = Replay(from: try JSONDecoder().decode(TraceState.self, from: stored))
      } else if step % 89 == 88 {
        var state = replay.state
        for id in state.drags.keys where state.drags[id]?.target != nil {
          state.drags[id]?.target = nil
        }
        replay = Replay(from: state)
      }
    }
    #expect(links > 10, "seed \(seed): too few links to test the rule")
  }
}
