// The groups of events a shrink tries to remove at once, because their events often cannot go
// one by one: removing one lifecycle callback of a scene, or one drop of a drag, breaks the
// trace, while removing the whole scene or the whole drag does not.

extension TraceShrinker {
  /// Groups of events (indices into `events`, ascending) that go together, coarse first:
  /// whole launches; everything about one session (the events that name it, the drags it
  /// began, its `session:<id>/` keys); one drag; one state key; one value of a state key (its
  /// writes and renders); one scene request; one session's events of one type; every event of
  /// one type. Within each kind, groups are in the order of their first event.
  static func groups(in events: ArraySlice<Event>) -> [[Int]] {
    var launches = EventGroups<Int>()
    var sessions = EventGroups<SessionID>()
    var drags = EventGroups<DragID>()
    var keys = EventGroups<String>()
    var values = EventGroups<KeyValue>()
    var requests = EventGroups<String>()
    var sessionTypes = EventGroups<SessionEventType>()
    var types = EventGroups<EventType>()
    var launch = 0
    var dragSources: [DragID: SessionID] = [:]
    for (index, event) in zip(events.indices, events) {
      let payload = event.payload
      if payload.type == .appLaunch { launch += 1 }
      launches.add(index, to: launch)
      types.add(index, to: payload.type)
      for id in payload.sessions {
        sessions.add(index, to: id)
        sessionTypes.add(index, to: SessionEventType(session: id, type: payload.type))
      }
      if case .dragBegin(let drag, let source, _) = payload, dragSources[drag] == nil {
        dragSources[drag] = source
      }
      if let drag = payload.drag {
        drags.add(index, to: drag)
        if let source = dragSources[drag] { sessions.add(index, to: source) }
      }
      if let key = payload.stateKey {
        keys.add(index, to: key)
        if let owner = key.owningSession { sessions.add(index, to: owner) }
      }
      if let value = payload.keyValue { values.add(index, to: value) }
      if let request = payload.request { requests.add(index, to: request) }
    }
    return launches.members + sessions.members + drags.members + keys.members + values.members
      + requests.members + sessionTypes.members + types.members
  }
}

/// A value of a shared-state key.
private struct KeyValue: Hashable {
  var key: String
  var value: String
}

/// One session's events of one type.
private struct SessionEventType: Hashable {
  var session: SessionID
  var type: EventType
}

/// Events grouped by a key, the groups in the order of their first event.
private struct EventGroups<Key: Hashable> {
  private var slots: [Key: Int] = [:]
  /// The groups: indices of events, ascending.
  private(set) var members: [[Int]] = []

  mutating func add(_ index: Int, to key: Key) {
    guard let slot = slots[key] else {
      slots[key] = members.count
      members.append([index])
      return
    }
    if members[slot].last != index { members[slot].append(index) }
  }
}

extension Event.Payload {
  /// The drag the event is about.
  fileprivate var drag: DragID? {
    switch self {
    case .dragBegin(let drag, _, _), .dragEnd(let drag, _), .dropPerform(let drag, _, _): drag
    default: nil
    }
  }

  /// The shared-state key the event writes, deletes, renders or stores restoration state
  /// under.
  fileprivate var stateKey: String? {
    switch self {
    case .stateWrite(let key, _, _), .stateDelete(let key, _), .stateRender(_, let key, _): key
    case .sceneSaveRestoration(_, _, let key): key
    default: nil
    }
  }

  /// The key and value the event writes or renders.
  fileprivate var keyValue: KeyValue? {
    switch self {
    case .stateWrite(let key, let value, _), .stateRender(_, let key, let value):
      KeyValue(key: key, value: value)
    default: nil
    }
  }

  /// The scene request the event is about.
  fileprivate var request: String? {
    switch self {
    case .requestActivate(let request, _, _, _, _), .requestFailed(let request, _),
      .requestDestroy(let request, _, _):
      request
    default: nil
    }
  }
}
