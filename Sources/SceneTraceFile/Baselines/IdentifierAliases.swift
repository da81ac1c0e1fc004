import SceneTrace

/// Names for a trace's identifiers that survive recording the same steps again: each session
/// becomes its role and its rank among the sessions of that role (`windowApplication#2`), each
/// launch, drag and request its rank among its kind (`launch#1`, `drag#3`, `request#1`).
///
/// Ranks follow the order in which the trace first names each identifier. A session's rank is
/// taken from the events that name sessions one at a time; the arrays of `app.launch`
/// (`openSessions`) and `app.discardSessions` (`sessions`) come from sets whose order the system
/// does not promise, so a session named only there ranks after every other session of its role.
/// A session without a known role is a `session`. When one spelling names identifiers of two
/// kinds, sessions win, then launches, drags and requests.
struct IdentifierAliases {
  /// The alias of each identifier, found inside strings.
  private var spellings = IdentifierSpellings()

  /// The aliases of every identifier `events` name, with the roles of `state`, the state after
  /// the last of them.
  init(events: [Event], state: TraceState) {
    var appearances = IdentifierAppearances()
    for event in events { appearances.add(event) }
    self.init(appearances, state: state)
  }

  /// The aliases of the identifiers in `appearances`, with the roles of `state`, the state after
  /// the last event it took.
  init(_ appearances: IdentifierAppearances, state: TraceState) {
    var ranks: [String: Int] = [:]
    for session in appearances.sessions.identifiers + appearances.listedSessions.identifiers {
      let role = state.sessions.role(of: SessionID(session))?.rawValue ?? "session"
      ranks[role, default: 0] += 1
      assign(session, alias: "\(role)#\(ranks[role, default: 0])")
    }
    for (kind, identifiers) in [
      ("launch", appearances.launches), ("drag", appearances.drags),
      ("request", appearances.requests),
    ] {
      for (index, identifier) in identifiers.identifiers.enumerated() {
        assign(identifier, alias: "\(kind)#\(index + 1)")
      }
    }
  }

  /// Gives `identifier` its alias, unless an earlier kind already named that spelling.
  private mutating func assign(_ identifier: String, alias: String) {
    spellings.add(identifier, replacement: alias)
  }

  /// `text` with every identifier in it replaced by its alias, where it stands on its own (see
  /// `IdentifierSpellings`): `A` is found in `session:A/draft` and `A.main`, not in `Apply`.
  func replacingIdentifiers(in text: String) -> String {
    spellings.replacingIdentifiers(in: text)
  }
}

/// The identifiers a trace names, by kind, in the order it first names them: what the aliases
/// are made of, collected an event at a time as a trace streams by.
package struct IdentifierAppearances {
  private(set) var sessions = FirstAppearances()
  private(set) var listedSessions = FirstAppearances()
  private(set) var launches = FirstAppearances()
  private(set) var drags = FirstAppearances()
  private(set) var requests = FirstAppearances()

  /// None yet.
  package init() {}

  /// Notes the identifiers `event` names; it follows those noted before.
  package mutating func add(_ event: Event) {
    switch event.payload {
    case .appLaunch(let launch, _, _, _, _, let open):
      launches.add(launch)
      for session in open ?? [] { listedSessions.add(session.rawValue) }
      return
    case .appDiscardSessions(let discarded):
      for session in discarded { listedSessions.add(session.rawValue) }
      return
    case .dragBegin(let drag, _, _), .dragEnd(let drag, _), .dropPerform(let drag, _, _):
      drags.add(drag.rawValue)
    case .requestActivate(let request, _, _, _, _), .requestFailed(let request, _),
      .requestDestroy(let request, _, _):
      requests.add(request)
    default:
      break
    }
    for session in event.payload.sessions { sessions.add(session.rawValue) }
  }
}

/// Spellings in the order they first appear, each once.
struct FirstAppearances {
  private(set) var identifiers: [String] = []
  private var seen: Set<[Unicode.Scalar]> = []

  mutating func add(_ identifier: String) {
    if seen.insert(Array(identifier.unicodeScalars)).inserted { identifiers.append(identifier) }
  }
}
