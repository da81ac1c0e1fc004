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
  /// The alias of each identifier, by its spelling's scalars (identifiers compare exactly).
  private var aliases: [[Unicode.Scalar]: String] = [:]
  /// The identifiers by their first scalar, longest first, for finding them inside strings.
  private var candidates: [Unicode.Scalar: [[Unicode.Scalar]]] = [:]

  /// The aliases of every identifier `events` name, with the roles of `state`, the state after
  /// the last of them.
  init(events: [Event], state: TraceState) {
    var sessions = FirstAppearances()
    var listedSessions = FirstAppearances()
    var launches = FirstAppearances()
    var drags = FirstAppearances()
    var requests = FirstAppearances()
    for event in events {
      switch event.payload {
      case .appLaunch(let launch, _, _, _, _, let open):
        launches.add(launch)
        for session in open ?? [] { listedSessions.add(session.rawValue) }
        continue
      case .appDiscardSessions(let discarded):
        for session in discarded { listedSessions.add(session.rawValue) }
        continue
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
    var ranks: [String: Int] = [:]
    for session in sessions.identifiers + listedSessions.identifiers {
      let role = state.sessions[SessionID(session)]?.role?.rawValue ?? "session"
      ranks[role, default: 0] += 1
      assign(session, alias: "\(role)#\(ranks[role, default: 0])")
    }
    for (kind, identifiers) in [
      ("launch", launches), ("drag", drags), ("request", requests),
    ] {
      for (index, identifier) in identifiers.identifiers.enumerated() {
        assign(identifier, alias: "\(kind)#\(index + 1)")
      }
    }
    for key in candidates.keys { candidates[key]?.sort { $0.count > $1.count } }
  }

  /// Gives `identifier` its alias, unless an earlier kind already named that spelling.
  private mutating func assign(_ identifier: String, alias: String) {
    let scalars = Array(identifier.unicodeScalars)
    guard let first = scalars.first, aliases[scalars] == nil else { return }
    aliases[scalars] = alias
    candidates[first, default: []].append(scalars)
  }

  /// `text` with every identifier in it replaced by its alias.
  ///
  /// An identifier counts where it stands on its own: it fills `text`, or what is on either
  /// side of it is not a letter, digit, `-` or `_` (so `A` is found in `session:A/draft` and
  /// `A.main`, and not in `Apply`). Where several identifiers start at the same place, the
  /// longest wins.
  func replacingIdentifiers(in text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    var result = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      let atBoundary = index == 0 || !Self.continuesIdentifier(scalars[index - 1])
      if atBoundary, let (identifier, alias) = identifier(in: scalars, at: index) {
        result.append(contentsOf: alias.unicodeScalars)
        index += identifier.count
      } else {
        result.append(scalars[index])
        index += 1
      }
    }
    return String(result)
  }

  /// The longest identifier that starts at `index` and ends at a boundary, with its alias.
  private func identifier(
    in scalars: [Unicode.Scalar], at index: Int
  ) -> ([Unicode.Scalar], String)? {
    for candidate in candidates[scalars[index]] ?? [] {
      let end = index + candidate.count
      guard end <= scalars.count, scalars[index..<end].elementsEqual(candidate) else { continue }
      guard end == scalars.count || !Self.continuesIdentifier(scalars[end]) else { continue }
      if let alias = aliases[candidate] { return (candidate, alias) }
    }
    return nil
  }

  /// Whether `scalar` can be part of a word that an identifier is only a piece of.
  private static func continuesIdentifier(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "-" || scalar == "_" || scalar.properties.isAlphabetic
      || scalar.properties.numericType != nil
  }
}

/// Spellings in the order they first appear, each once.
private struct FirstAppearances {
  private(set) var identifiers: [String] = []
  private var seen: Set<[Unicode.Scalar]> = []

  mutating func add(_ identifier: String) {
    if seen.insert(Array(identifier.unicodeScalars)).inserted { identifiers.append(identifier) }
  }
}
