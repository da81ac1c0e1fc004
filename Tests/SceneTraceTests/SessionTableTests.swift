import SceneTrace
import SceneTraceTestSupport
import Testing

/// `SessionTable` keeps the sessions in slots and remembers the current event's session, but
/// must answer every question exactly as a dictionary of the same sessions would.
@Suite struct SessionTableTests {
  static let seeds = Seeds.range(0x5E55_1000, count: 16)

  /// Random inserts, replacements, removals, changes in place and remembered sessions, checked
  /// against a dictionary after every step.
  @Test(arguments: seeds)
  func answersAsADictionaryDoes(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let ids: [SessionID] =
      (0..<12).map { SessionID("S\($0)") } + [
        "", "é", "e\u{301}", "6F9619FF-8B86-D011-B42D-00C04FC964FF",
      ]
    let statuses: [SessionStatus] = [.configuring, .connected, .archived, .discarded]
    var table = SessionTable()
    table.noteChangedSessions()
    var dictionary: [SessionID: SessionState] = [:]
    for step in 0..<400 {
      let before = dictionary
      let id = ids.randomElement(using: &random)!
      let status = statuses.randomElement(using: &random)!
      let scene =
        Bool.random(using: &random)
        ? SceneState(
          instance: step,
          state: [nil, .background, .foregroundActive].randomElement(using: &random)!,
          connectedAt: step) : nil
      switch Int.random(in: 0..<11, using: &random) {
      case 0, 1:
        var session = SessionState(status: status)
        session.scene = step % 3 == 0 ? scene : nil
        table[id] = session
        dictionary[id] = session
      case 2:
        table[id] = nil
        dictionary[id] = nil
      case 3:
        table[id]?.status = status
        dictionary[id]?.status = status
      case 4:
        table.update(id) { $0.role = .windowApplication }
        dictionary[id]?.role = .windowApplication
      case 5:
        table[id]?.scene = scene
        dictionary[id]?.scene = scene
      case 6:
        table.setScene(scene, of: id)
        dictionary[id]?.scene = scene
      case 7:
        table.updateEachScene { $0.content = "doc-\(step)" }
        for id in dictionary.keys { dictionary[id]?.scene?.content = "doc-\(step)" }
      case 8:
        let changed = table.updateScene(id) { scene -> Int in
          scene.focus = "item-\(step)"
          return scene.instance
        }
        #expect(changed == dictionary[id]?.scene?.instance, "seed \(seed), step \(step)")
        dictionary[id]?.scene?.focus = "item-\(step)"
      case 9:
        let restoration = Restoration(activityType: "doc", key: "k\(step)")
        table.update(id) { $0.restoration = restoration }
        dictionary[id]?.restoration = restoration
      default:
        table.remember(Bool.random(using: &random) ? id : nil)
      }
      #expect(table.count == dictionary.count, "seed \(seed), step \(step)")
      #expect(Set(table.keys) == Set(dictionary.keys), "seed \(seed), step \(step)")
      let noted = table.takeChangedSessions()
      #expect(noted.count == Set(noted).count, "seed \(seed), step \(step): each once")
      for id in ids where before[id] != dictionary[id] {
        #expect(noted.contains(id), "seed \(seed), step \(step): \(id) changed, not noted")
      }
      for id in ids {
        #expect(table[id] == dictionary[id], "seed \(seed), step \(step), \(id)")
        #expect(table.status(of: id) == dictionary[id]?.status, "seed \(seed), step \(step)")
        #expect(table.role(of: id) == dictionary[id]?.role, "seed \(seed), step \(step)")
        #expect(
          table.readScene(id) { $0.focus } == dictionary[id]?.scene.map(\.focus),
          "seed \(seed), step \(step)")
      }
      for (id, session) in table { #expect(dictionary[id] == session) }
      let withScene = dictionary.filter { $0.value.scene != nil }.keys
      #expect(Set(table.keysWithScene()) == Set(withScene), "seed \(seed), step \(step)")
      #expect(
        table.keysWithScene() == table.keys.filter { table[$0]?.scene != nil },
        "seed \(seed), step \(step): slot order")
      #expect(
        table.sceneActivations.count == dictionary.values.count { $0.scene?.state != nil },
        "seed \(seed), step \(step)")
      #expect(table.values == table.keys.map { dictionary[$0]! }, "seed \(seed), step \(step)")
      #expect(
        table.keys(where: { $0.status == status })
          == table.keys.filter { dictionary[$0]?.status == status },
        "seed \(seed), step \(step): slot order")
    }
  }

  /// A replay that notes changes names every session, drag and key of the shared store an
  /// event changed, whichever rule changed it and however (a pointer sample changes its scene
  /// without noting it; a new launch drops every drag): what `replay why` of a whole map makes
  /// the JSON of after each event.
  @Test(arguments: Seeds.range(0x5E55_2000, count: 8))
  func aReplayNotesEverySessionDragAndSharedKeyAnEventChanges(seed: UInt64) {
    var random = SceneTraceTestSupport.RandomEvents(seed: seed, identifiers: ["A", "B", "C", "D"])
    var replay = Replay()
    for map in [.sessions, .drags, .shared] as [Replay.NotedMap] { replay.noteChanges(to: map) }
    var changes = (sessions: 0, drags: 0, shared: 0)
    for event in random.events(count: 1500) {
      let before = replay.state
      replay.apply(event)
      let after = replay.state
      let sessions = Set(replay.takeChangedSessions())
      for id in Set(before.sessions.keys).union(after.sessions.keys)
      where before.sessions[id] != after.sessions[id] {
        changes.sessions += 1
        #expect(sessions.contains(id), "seed \(seed), seq \(event.seq): session \(id) not noted")
      }
      let drags = Set(replay.takeChangedDrags())
      for id in Set(before.drags.keys).union(after.drags.keys)
      where before.drags[id] != after.drags[id] {
        changes.drags += 1
        #expect(drags.contains(id), "seed \(seed), seq \(event.seq): drag \(id) not noted")
      }
      let keys = Set(replay.takeChangedSharedKeys())
      for key in Set(before.shared.keys).union(after.shared.keys)
      where before.shared[key] != after.shared[key] {
        changes.shared += 1
        #expect(keys.contains(key), "seed \(seed), seq \(event.seq): key \(key) not noted")
      }
    }
    #expect(
      changes.sessions > 300 && changes.drags > 20 && changes.shared > 20, "seed \(seed)")
  }

  /// Changes taken after runs of any length name every session, drag and key of the shared
  /// store the run changed: a session whose scene a pointer sample changed where it is stored,
  /// unnoted, is noted when a later event names another (what `replay diff A B` compares the
  /// states by, every stretch or so many events).
  @Test(arguments: Seeds.range(0x5E55_2300, count: 8))
  func changesTakenAfterRunsOfEventsNameEveryEntryTheRunChanged(seed: UInt64) {
    var random = SceneTraceTestSupport.RandomEvents(seed: seed, identifiers: ["A", "B", "C", "D"])
    var runs = SplitMix64(seed: seed)
    let events = random.events(count: 3000)
    let reducer = TraceReducer()
    var state = TraceState()
    state.noteChangedEntries()
    var changes = (sessions: 0, drags: 0, shared: 0)
    var start = 0
    while start < events.count {
      let end = min(events.count, start + Int.random(in: 1...40, using: &runs))
      let before = state
      for event in events[start..<end] { _ = reducer.reduce(into: &state, event: event) }
      let taken = state.takeChangedEntries()
      let place = "seed \(seed), seqs \(events[start].seq)...\(events[end - 1].seq)"
      for id in Set(before.sessions.keys).union(state.sessions.keys)
      where before.sessions[id] != state.sessions[id] {
        changes.sessions += 1
        #expect(taken.sessions.contains(id), "\(place): session \(id) not noted")
      }
      for id in Set(before.drags.keys).union(state.drags.keys)
      where before.drags[id] != state.drags[id] {
        changes.drags += 1
        #expect(taken.drags.contains(id), "\(place): drag \(id) not noted")
      }
      for key in Set(before.shared.keys).union(state.shared.keys)
      where before.shared[key] != state.shared[key] {
        changes.shared += 1
        #expect(taken.sharedKeys.contains(key), "\(place): key \(key) not noted")
      }
      start = end
    }
    #expect(changes.sessions > 50 && changes.drags > 5 && changes.shared > 5, "seed \(seed)")
  }

  /// Changes taken seldom, after many changes of a few sessions each, name every session
  /// changed once, however many times it changed: the notes drop their repeats as they grow.
  @Test func changesTakenSeldomNameEachSessionChangedOnce() {
    var table = SessionTable()
    table.noteChangedSessions()
    let ids = (0..<300).map { SessionID("S\($0)") }
    for step in 0..<20_000 {
      let id = ids[step * 7 % (step < 10_000 ? 300 : 120)]
      table[id] = SessionState(status: step.isMultiple(of: 2) ? .connected : .archived)
    }
    let noted = table.takeChangedSessions()
    #expect(noted.count == 300 && Set(noted) == Set(ids))
    // Taken, they are gone: what is taken next is what changed since (with the session the
    // table remembers, here the one changed).
    table.remember(ids[5])
    _ = table.takeChangedSessions()
    table[ids[5]] = SessionState(status: .connected)
    #expect(table.takeChangedSessions() == [ids[5]])
  }

  /// A replay notes the changes of the map it is asked to note and of no other, whose notes,
  /// never taken, would grow with the trace.
  @Test(arguments: [.sessions, .drags, .shared] as [Replay.NotedMap])
  func aReplayNotesOnlyTheMapAskedFor(map: Replay.NotedMap) {
    var random = SceneTraceTestSupport.RandomEvents(seed: 0x5E55_2200, identifiers: ["A", "B"])
    var replay = Replay()
    replay.noteChanges(to: map)
    replay.apply(random.events(count: 1500))
    let noted = (
      sessions: replay.takeChangedSessions().count, drags: replay.takeChangedDrags().count,
      shared: replay.takeChangedSharedKeys().count
    )
    #expect((noted.sessions > 0) == (map == .sessions), "\(noted)")
    #expect((noted.drags > 0) == (map == .drags), "\(noted)")
    #expect((noted.shared > 0) == (map == .shared), "\(noted)")
  }

  /// What a state notes is no part of its value: two states equal but for it are equal, hash
  /// alike and code alike.
  @Test func aStateThatNotesChangesEqualsOneThatDoesNot() {
    var random = SceneTraceTestSupport.RandomEvents(seed: 0x5E55_2100, identifiers: ["A", "B"])
    let events = random.events(count: 400)
    var (noting, plain) = (Replay(), Replay())
    for map in [.sessions, .drags, .shared] as [Replay.NotedMap] { noting.noteChanges(to: map) }
    noting.apply(events)
    plain.apply(events)
    #expect(noting.state == plain.state)
    #expect(noting.state.hashValue == plain.state.hashValue)
  }

  /// The table stores a session's scene apart from the rest of it, field by field: a field added
  /// to a session and not to what the table stores would be lost.
  @Test func whatTheTableStoresOfASessionIsEveryFieldButItsScene() {
    let session = Mirror(reflecting: SessionState(status: .configuring)).children
    let record = Mirror(reflecting: SessionTable.Record.placeholder).children
    #expect(record.map(\.label) == session.map(\.label).filter { $0 != "scene" })
  }

  /// Two tables of the same sessions given in other orders are equal and hash alike; one
  /// different session makes them differ.
  @Test func equalityIgnoresSlots() {
    let a = SessionState(status: .connected, role: .windowApplication)
    let b = SessionState(status: .archived)
    let forward: SessionTable = ["A": a, "B": b]
    var backward: SessionTable = ["B": b]
    backward["A"] = a
    backward.remember("A")
    #expect(forward == backward)
    #expect(forward.hashValue == backward.hashValue)
    #expect(forward.keys == ["A", "B"])
    #expect(backward.keys == ["B", "A"])
    backward["B"]?.status = .discarded
    #expect(forward != backward)
  }

  /// The reducer checks only the scene of an event that has one for `session.after-discard`:
  /// that holds only while such an event names no other session.
  @Test func anEventInASceneNamesThatSessionAlone() {
    var random = SceneTraceTestSupport.RandomEvents(seed: 0x5E55_1100)
    for event in random.events(count: EventType.allCases.count * 20) {
      guard let scene = event.payload.scene else { continue }
      #expect(event.payload.sessions == [scene], "\(event.type)")
    }
  }
}
