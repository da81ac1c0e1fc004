import OrderedCollections
import SceneTrace
import SceneTraceFile

/// New names for the identifiers of one trace (sessions, launches, drags, requests), so that its
/// events say what another trace's events say when they mean the same: the second trace of a
/// comparison, named as the first.
///
/// Sessions follow a `SessionMatching`; launches, drags and requests are matched by the order in
/// which each trace first names them (the Nth drag of one is the Nth drag of the other). An
/// identifier left over keeps its name, or gets `~b` after it when the first trace uses that name
/// for something else. Identifiers inside keys, window names and content (`session:A/draft`,
/// `A.main`) are renamed too, where they stand on their own: `A` in `session:A/draft` and
/// `A.main`, not in `Apply`.
package struct IdentifierRenaming {
  /// The new name of each session that changes name.
  package private(set) var sessions: [SessionID: SessionID] = [:]
  /// The new name of each drag that changes name.
  package private(set) var drags: [DragID: DragID] = [:]
  /// The new name of each launch that changes name.
  package private(set) var launches: [String: String] = [:]
  /// The new name of each request that changes name.
  package private(set) var requests: [String: String] = [:]

  /// Every renamed identifier, for renaming inside strings.
  private var spellings = IdentifierSpellings()
  /// Strings already renamed: a trace repeats its keys and windows many times.
  private var renamedText: [String: String] = [:]

  /// The renaming of `b`'s identifiers into `a`'s, with sessions matched by `matching`.
  package init(_ matching: SessionMatching, a: [Event], b: [Event]) {
    var identifiers = (TraceIdentifiers(), TraceIdentifiers())
    identifiers.0.add(a)
    identifiers.1.add(b)
    self.init(matching, a: identifiers.0, b: identifiers.1)
  }

  /// The renaming of the identifiers of trace b (`namesB`) into those of trace a (`namesA`),
  /// with sessions matched by `matching`.
  package init(_ matching: SessionMatching, a namesA: TraceIdentifiers, b namesB: TraceIdentifiers)
  {
    sessions = Self.correspond(
      pairs: matching.pairs.map { ($0.b.rawValue, $0.a.rawValue) },
      leftover: matching.onlyInB.map(\.rawValue),
      taken: Set(matching.pairs.map(\.a.rawValue) + matching.onlyInA.map(\.rawValue))
    ).reduce(into: [:]) { $0[SessionID($1.key)] = SessionID($1.value) }
    drags = Self.correspond(namesA.drags.elements, namesB.drags.elements)
      .reduce(into: [:]) { $0[DragID($1.key)] = DragID($1.value) }
    launches = Self.correspond(namesA.launches.elements, namesB.launches.elements)
    requests = Self.correspond(namesA.requests.elements, namesB.requests.elements)
    // Sessions win over the other kinds when one spelling names two.
    for table in [
      sessions.map { ($0.key.rawValue, $0.value.rawValue) }, launches.map { ($0.key, $0.value) },
      drags.map { ($0.key.rawValue, $0.value.rawValue) }, requests.map { ($0.key, $0.value) },
    ] {
      for (old, new) in table { spellings.add(old, replacement: new) }
    }
  }

  /// Whether no identifier changes name.
  package var isEmpty: Bool {
    sessions.isEmpty && drags.isEmpty && launches.isEmpty && requests.isEmpty
  }

  /// `event` with its identifiers renamed.
  package mutating func renamed(_ event: Event) -> Event {
    guard !isEmpty else { return event }
    return Event(seq: event.seq, time: event.time, renamed(event.payload))
  }

  /// `session` renamed.
  package func renamed(_ session: SessionID) -> SessionID {
    sessions[session] ?? session
  }

  func renamed(_ drag: DragID) -> DragID {
    drags[drag] ?? drag
  }

  /// `text` with every identifier standing on its own in it renamed.
  mutating func renamedText(_ text: String) -> String {
    if let known = renamedText[text] { return known }
    let renamed = spellings.replacingIdentifiers(in: text)
    renamedText[text] = renamed
    return renamed
  }

  /// The Nth of `b` named as the Nth of `a`; those of `b` past the end of `a` keep their names.
  private static func correspond(_ a: [String], _ b: [String]) -> [String: String] {
    correspond(
      pairs: Array(zip(b, a)), leftover: Array(b.dropFirst(a.count)), taken: Set(a))
  }

  /// The new name of each identifier that changes name: `pairs` as given, `leftover` kept
  /// unless `taken` (or an earlier new name) holds it, then with `~b` after it.
  private static func correspond(
    pairs: [(String, String)], leftover: [String], taken: Set<String>
  ) -> [String: String] {
    var names: [String: String] = [:]
    var used = taken
    for (old, new) in pairs where old != new { names[old] = new }
    for (_, new) in pairs { used.insert(new) }
    for old in leftover {
      var new = old
      var attempt = 1
      while used.contains(new) {
        new = old + "~b" + (attempt == 1 ? "" : String(attempt))
        attempt += 1
      }
      used.insert(new)
      if new != old { names[old] = new }
    }
    return names
  }
}
