import DequeModule
import OrderedCollections
import SceneTrace

/// The sessions of a trace in the order they connected, with the role and activity type they
/// connected with: what lets two recordings of the same steps be matched session by session.
package struct SessionRoster: Sendable {
  /// One session of the trace.
  package struct Entry: Hashable, Sendable {
    /// The session's identifier.
    package var id: SessionID
    /// Its role, from its `session.configure` or `scene.willConnect`, when recorded.
    package var role: SceneRole?
    /// Its activity type, from the same events, when recorded.
    package var activityType: String?
  }

  /// Every session the trace names: those that connect (or are configured) in the order they
  /// first do, then those only named otherwise, in the order they are first named.
  package private(set) var entries: [Entry] = []

  /// The roster of the trace made of `events`.
  package init(events: [Event]) {
    var identifiers = TraceIdentifiers()
    identifiers.add(events)
    self = identifiers.roster
  }

  /// The roster of sessions connected (or configured) in the order of `connected`, then those
  /// of `named`, with the roles and activity types of `details`.
  fileprivate init(
    connected: OrderedSet<SessionID>, named: OrderedSet<SessionID>, details: [SessionID: Entry]
  ) {
    entries = connected.union(named).map { details[$0] ?? Entry(id: $0) }
  }

  /// Whether the trace names session `id`.
  package func contains(_ id: SessionID) -> Bool {
    entries.contains { $0.id == id }
  }
}

/// The identifiers a trace names, gathered as its events are read, batch after batch: its
/// sessions (``roster``), and its launches, drags and requests, each in the order first named.
/// What a comparison of two traces needs from a first pass over each before it renames one's
/// identifiers as the other's (`IdentifierRenaming`); it holds no event.
package struct TraceIdentifiers: Sendable {
  private var connected: OrderedSet<SessionID> = []
  private var named: OrderedSet<SessionID> = []
  private var details: [SessionID: SessionRoster.Entry] = [:]
  /// The session the last event named: most events name the one before's.
  private var last: SessionID?
  /// The launches, in the order first named.
  package private(set) var launches = OrderedSet<String>()
  /// The drags, as launches.
  package private(set) var drags = OrderedSet<String>()
  /// The requests, as launches.
  package private(set) var requests = OrderedSet<String>()

  /// None yet.
  package init() {}

  /// Gathers the identifiers `events` name, which follow those gathered before.
  package mutating func add(_ events: [Event]) {
    for index in events.indices { add(events[index].payload) }
  }

  private mutating func add(_ payload: Event.Payload) {
    switch payload {
    case .sessionConfigure(let id, let role, let activityType):
      connected.append(id)
      details[id, default: SessionRoster.Entry(id: id)].record(role, activityType)
    case .sceneWillConnect(let id, let role, let activityType, _):
      connected.append(id)
      details[id, default: SessionRoster.Entry(id: id)].record(role, activityType)
    default:
      if let id = payload.scene {
        guard id != last else { break }
        last = id
        named.append(id)
      } else {
        for id in payload.sessions { named.append(id) }
      }
    }
    switch payload {
    case .appLaunch(let launch, _, _, _, _, _): launches.append(launch)
    case .dragBegin(let drag, _, _), .dragEnd(let drag, _), .dropPerform(let drag, _, _):
      drags.append(drag.rawValue)
    case .requestActivate(let request, _, _, _, _), .requestFailed(let request, _),
      .requestDestroy(let request, _, _):
      requests.append(request)
    default: break
    }
  }

  /// The sessions gathered, as a roster.
  package var roster: SessionRoster {
    SessionRoster(connected: connected, named: named, details: details)
  }
}

extension SessionRoster.Entry {
  fileprivate init(id: SessionID) {
    self.init(id: id, role: nil, activityType: nil)
  }

  /// Keeps the first role and activity type recorded.
  fileprivate mutating func record(_ role: SceneRole?, _ activityType: String?) {
    if self.role == nil { self.role = role }
    if self.activityType == nil { self.activityType = activityType }
  }
}

/// Which session of one trace is which session of another: the Nth session of a role and
/// activity type to connect in the first trace is the Nth of the same role and activity type in
/// the second; sessions left over are then matched by role alone, in order; pairs given
/// explicitly come first.
package struct SessionMatching: Sendable {
  /// The matched sessions, in the first trace's order.
  package private(set) var pairs: [(a: SessionID, b: SessionID)] = []
  /// The sessions of the first trace that have no match in the second.
  package private(set) var onlyInA: [SessionID] = []
  /// The sessions of the second trace that have no match in the first.
  package private(set) var onlyInB: [SessionID] = []

  /// Matches the sessions of `a` with those of `b`, starting from the `fixed` pairs (whose
  /// sessions the caller has checked the traces hold, each once).
  package init(a: SessionRoster, b: SessionRoster, fixed: [(a: SessionID, b: SessionID)] = []) {
    var partner: [SessionID: SessionID] = [:]
    var taken: Set<SessionID> = []
    for pair in fixed {
      partner[pair.a] = pair.b
      taken.insert(pair.b)
    }
    let keys: [(SessionRoster.Entry) -> String] = [
      { "\($0.role?.rawValue ?? "")\u{0}\($0.activityType ?? "")" },
      { $0.role?.rawValue ?? "" },
    ]
    for key in keys {
      var waiting: [String: Deque<SessionID>] = [:]
      for entry in b.entries where !taken.contains(entry.id) {
        waiting[key(entry), default: []].append(entry.id)
      }
      for entry in a.entries where partner[entry.id] == nil {
        guard let match = waiting[key(entry)]?.popFirst() else { continue }
        partner[entry.id] = match
        taken.insert(match)
      }
    }
    for entry in a.entries {
      if let match = partner[entry.id] {
        pairs.append((entry.id, match))
      } else {
        onlyInA.append(entry.id)
      }
    }
    onlyInB = b.entries.map(\.id).filter { !taken.contains($0) }
  }

  /// Whether every session is matched with a session of the same name.
  package var isIdentity: Bool {
    onlyInA.isEmpty && onlyInB.isEmpty && pairs.allSatisfy { $0.a == $0.b }
  }

  /// `A = 3F2A…, B = 9C1D…; only in b: C`: the pairs and what is left over.
  package var description: String {
    var parts = [pairs.map { "\($0.a) = \($0.b)" }.listed()]
    if !onlyInA.isEmpty {
      parts.append("only in a: " + onlyInA.map(\.rawValue).listed())
    }
    if !onlyInB.isEmpty {
      parts.append("only in b: " + onlyInB.map(\.rawValue).listed())
    }
    return parts.filter { !$0.isEmpty }.joined(separator: "; ")
  }
}

extension [String] {
  /// The first `limit` joined by commas, then how many more: a trace of thousands of sessions
  /// is not listed on one line.
  package func listed(limit: Int = 20) -> String {
    let shown = prefix(limit).joined(separator: ", ")
    return count > limit ? shown + ", and \(count - limit) more" : shown
  }
}
