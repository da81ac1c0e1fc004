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
    var connected: OrderedSet<SessionID> = []
    var named: OrderedSet<SessionID> = []
    var details: [SessionID: Entry] = [:]
    // Most events name the session the one before named: skip the set for those.
    var last: SessionID?
    for event in events {
      switch event.payload {
      case .sessionConfigure(let id, let role, let activityType):
        connected.append(id)
        details[id, default: Entry(id: id)].record(role, activityType)
      case .sceneWillConnect(let id, let role, let activityType, _):
        connected.append(id)
        details[id, default: Entry(id: id)].record(role, activityType)
      default:
        if let id = event.payload.scene {
          guard id != last else { continue }
          last = id
          named.append(id)
        } else {
          for id in event.payload.sessions { named.append(id) }
        }
      }
    }
    for id in connected.union(named) {
      entries.append(details[id] ?? Entry(id: id))
    }
  }

  /// Whether the trace names session `id`.
  package func contains(_ id: SessionID) -> Bool {
    entries.contains { $0.id == id }
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
