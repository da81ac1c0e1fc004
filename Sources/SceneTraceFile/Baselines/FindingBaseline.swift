import SceneTrace

/// The findings a project has accepted for now, so that only new ones are reported: how the
/// rules are adopted on an app that already breaks some of them.
///
/// A baseline holds one entry per accepted finding: its rule, the role of its session and a
/// fingerprint of the events that explain it (see ``init(findings:events:state:)``), never its
/// seq. Recording the same steps again (new session identifiers, new launches, other seqs and
/// times, a few more unrelated events) gives findings that the same entries match.
///
/// ```swift
/// let replay = Replay.run(trace.events)
/// try FindingBaseline(findings: replay.findings, events: trace.events, state: replay.state)
///   .write(to: "baseline.json")
/// // Later, on a new recording:
/// let baseline = try FindingBaseline.load(path: "baseline.json")
/// let new = baseline.newFindings(later.findings, events: laterTrace.events, state: later.state)
/// ```
public struct FindingBaseline: Hashable, Sendable {
  /// One accepted finding.
  public struct Entry: Hashable, Sendable {
    /// The rule broken.
    public var rule: RuleID
    /// The role of the finding's session (`windowApplication`), nil when the finding names no
    /// session or its role is unknown.
    public var role: String?
    /// The fingerprint of the events that explain the finding: 16 hexadecimal digits.
    public var fingerprint: String
    /// The finding's message, for people reading the file; matching ignores it.
    public var message: String

    /// Creates an entry.
    public init(rule: RuleID, role: String?, fingerprint: String, message: String) {
      self.rule = rule
      self.role = role
      self.fingerprint = fingerprint
      self.message = message
    }
  }

  /// The accepted findings.
  public var entries: [Entry]

  /// Creates a baseline of `entries`, in that order.
  public init(entries: [Entry] = []) {
    self.entries = entries
  }

  /// A baseline that accepts every one of `findings`, the findings of `events` (in seq order)
  /// whose replay ended in `state`; `state` gives each session's role.
  ///
  /// Entries are sorted by rule, role, fingerprint and message, so that a baseline written again
  /// changes only where the findings changed.
  ///
  /// An entry's fingerprint is the XXH64 hash (seed 0), as 16 lowercase hexadecimal digits, of
  /// the compact JSON text of `{"rule", "role", "event", "related"}`:
  ///
  /// - `rule`: the finding's rule.
  /// - `role`: the role of the finding's session in `state`, or `null` when the finding names no
  ///   session or its role is unknown.
  /// - `event`: the finding's own event in its export form (``SceneTrace/Event/json``) without
  ///   `"seq"` and `"t"`, its identifiers replaced by aliases (below). A finding that the
  ///   built-in rules' finish step reported at the last event (something never completed) has
  ///   the string `"end"` here instead: whichever event happens to be last does not explain it.
  /// - `related`: each of the finding's `related` events, in order, in the same form; `null` for
  ///   a seq that `events` do not hold.
  ///
  /// Left out is what changes when the same steps are recorded again: seqs and times (other
  /// events come and go), and the spellings of identifiers (`UISceneSession` identifiers are new
  /// UUIDs on every install, launches and drags new identifiers on every run). Each session
  /// becomes its role and its rank among the sessions of that role in order of first appearance
  /// (`windowApplication#2`; `session#1` when its role is unknown), each launch, drag and request
  /// its rank among its kind (`launch#1`, `drag#1`, `request#1`). A session named only in the
  /// arrays of `app.launch` or `app.discardSessions`, which come from sets in no promised order,
  /// ranks after the others of its role, and those arrays are sorted after aliasing. Aliases
  /// replace identifiers wherever they stand on their own in a string (what is on either side is
  /// not a letter, digit, `-` or `_`), not only in the fields that name them: in
  /// `session:<id>/draft` keys, in window names such as `<id>.main`. Everything else counts: the
  /// same rule broken by other events, or in a scene of another role, is another finding. The
  /// message is left out too: it names identifiers and seqs, and its wording may improve.
  public init(findings: [Finding], events: [Event], state: TraceState) {
    let fingerprinter = FindingFingerprinter(events: events, state: state)
    entries = findings.map(fingerprinter.entry).sorted(by: Entry.fileOrder)
  }

  /// The findings among `findings` (of `events`, whose replay ended in `state`) that the
  /// baseline does not accept, in their order.
  ///
  /// An entry accepts one finding of the same rule, role and fingerprint: a trace with two such
  /// findings against a baseline with one has one new finding, the later one.
  public func newFindings(_ findings: [Finding], events: [Event], state: TraceState) -> [Finding] {
    var remaining = self
    return remaining.absorb(findings, events: events, state: state)
  }

  /// Removes one matching entry for each of `findings` that has one, and returns the findings
  /// that had none: checking several traces against one baseline uses each entry once.
  package mutating func absorb(
    _ findings: [Finding], events: [Event], state: TraceState
  ) -> [Finding] {
    guard !findings.isEmpty else { return [] }
    return absorb(findings, fingerprinter: FindingFingerprinter(events: events, state: state))
  }

  /// ``absorb(_:events:state:)`` with the fingerprints of `fingerprinter`.
  package mutating func absorb(_ findings: [Finding], fingerprinter: FindingFingerprinter)
    -> [Finding]
  {
    var matcher = Matcher(self)
    let new = matcher.newFindings(findings, fingerprinter: fingerprinter)
    self = matcher.remaining(of: self)
    return new
  }

  /// Findings matched against a baseline a batch after another, as ``absorb(_:fingerprinter:)``
  /// matches them all at once: each entry accepts one finding over all the batches (and over
  /// every trace the matcher is given).
  ///
  /// It keeps what entries are matched by, not the entries: how many are left of each rule,
  /// role and fingerprint, the rule and role numbered and the fingerprint as the number its
  /// digits spell, 16 bytes a key (a baseline of 434,000 entries in about 20 MB).
  package struct Matcher {
    /// The rules and roles of the entries, numbered (with a fingerprint that is not sixteen
    /// hexadecimal digits, which only an entry made in code has).
    private var kinds: [Kind: UInt32] = [:]
    /// How many entries of each key are left to accept a finding.
    private var available: [MatchKey: Int32] = [:]

    /// A matcher with no entry.
    package init() {}

    /// A matcher of the entries of `baseline`.
    package init(_ baseline: FindingBaseline) {
      for entry in baseline.entries { add(entry) }
    }

    /// A matcher of the entries of the baseline file at `path`, read a part at a time, with the
    /// errors of ``FindingBaseline/load(path:)``.
    package static func load(path: String) throws(TraceError) -> Matcher {
      var matcher = Matcher()
      try FindingBaseline.forEachEntry(inFileAt: path) { matcher.add($0) }
      return matcher
    }

    /// Adds `entry` to those that accept a finding.
    package mutating func add(_ entry: Entry) {
      let (kind, digits) = Kind.of(entry)
      let number = kinds[kind] ?? UInt32(truncatingIfNeeded: kinds.count)
      if number == kinds.count { kinds[kind] = number }
      available[MatchKey(kind: number, digits: digits), default: 0] += 1
    }

    /// The key of `entry`, nil when no entry has its rule and role.
    private func key(of entry: Entry) -> MatchKey? {
      let (kind, digits) = Kind.of(entry)
      return kinds[kind].map { MatchKey(kind: $0, digits: digits) }
    }

    /// The findings among `findings` (fingerprinted by `fingerprinter`) that no entry left
    /// accepts, in their order; each of the others uses up an entry.
    package mutating func newFindings(
      _ findings: [Finding], fingerprinter: FindingFingerprinter
    ) -> [Finding] {
      var new: [Finding] = []
      for finding in findings {
        guard let key = key(of: fingerprinter.entry(for: finding)),
          let left = available[key], left > 0
        else {
          new.append(finding)
          continue
        }
        available[key] = left - 1
      }
      return new
    }

    /// `baseline`, the one the matcher was made of, without the entries that accepted a
    /// finding: of each key, the first ones.
    package func remaining(of baseline: FindingBaseline) -> FindingBaseline {
      var used: [MatchKey: Int32] = [:]
      for entry in baseline.entries {
        guard let key = key(of: entry) else { continue }
        used[key, default: 0] += 1
      }
      for (key, left) in available { used[key, default: 0] -= left }
      var remaining = baseline
      remaining.entries.removeAll { entry in
        guard let key = key(of: entry), let count = used[key], count > 0 else { return false }
        used[key] = count - 1
        return true
      }
      return remaining
    }
  }
}

extension FindingBaseline.Entry {
  /// The number the fingerprint's sixteen lowercase hexadecimal digits spell, as a file's
  /// fingerprints are written; nil for any other spelling (an entry made in code).
  package var fingerprintDigits: UInt64? {
    guard fingerprint.utf8.count == 16, fingerprint.utf8.allSatisfy(\.isLowercaseHexDigit) else {
      return nil
    }
    return UInt64(fingerprint, radix: 16)
  }

  /// The fingerprint that `digits` spell: sixteen lowercase hexadecimal digits.
  package static func fingerprint(digits: UInt64) -> String {
    let text = String(digits, radix: 16)
    return String(repeating: "0", count: 16 - text.count) + text
  }

  /// Orders entries as a baseline file lists them: by rule, role (none first), fingerprint,
  /// then message, each by Unicode scalar values. (Two roles or fingerprints spelled with other
  /// scalars are two, even where `String` finds them equal: `é` and `e` + U+0301 compared equal
  /// but each in its own place against a third, which left no order to sort by.)
  package static func fileOrder(_ lhs: Self, _ rhs: Self) -> Bool {
    if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
    switch (lhs.role, rhs.role) {
    case (nil, nil): break
    case (nil, _?): return true
    case (_?, nil): return false
    case (let left?, let right?):
      if !left.isScalarForScalarEqual(to: right) { return left.precedesInScalarOrder(right) }
    }
    if !lhs.fingerprint.isScalarForScalarEqual(to: rhs.fingerprint) {
      return lhs.fingerprint.precedesInScalarOrder(rhs.fingerprint)
    }
    return lhs.message.precedesInScalarOrder(rhs.message)
  }
}

/// The rule and role of an entry or a finding, and its fingerprint when that is not sixteen
/// lowercase hexadecimal digits.
private struct Kind: Hashable {
  var rule: RuleID
  var role: String?
  var spelledFingerprint: String?

  /// The kind of `entry`, and its fingerprint's digits as a number (0 when spelled).
  static func of(_ entry: FindingBaseline.Entry) -> (Kind, UInt64) {
    guard let digits = entry.fingerprintDigits else {
      return (Kind(rule: entry.rule, role: entry.role, spelledFingerprint: entry.fingerprint), 0)
    }
    return (Kind(rule: entry.rule, role: entry.role), digits)
  }
}

/// What an entry and a finding are matched by: everything but the message, the kind as the
/// matcher numbers it.
private struct MatchKey: Hashable {
  var kind: UInt32
  var digits: UInt64
}
