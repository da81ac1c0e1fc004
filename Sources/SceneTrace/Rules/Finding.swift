/// How much a finding matters.
public enum Severity: String, Hashable, Sendable, Comparable, CaseIterable, Codable {
  /// Worth knowing; not a bug by itself.
  case info
  /// Off the documented path but seen in the wild, or likely a bug.
  case warning
  /// A transition UIKit never makes, or a broken invariant.
  case error

  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.rank < rhs.rank
  }

  private var rank: Int {
    switch self {
    case .info: 0
    case .warning: 1
    case .error: 2
    }
  }
}

/// A rule's identifier, such as `lifecycle.order`. The built-in identifiers are a public
/// contract; apps name their own rules with their own prefix.
public struct RuleID: TraceIdentifier {
  /// The identifier, such as `lifecycle.order`.
  public var rawValue: String

  /// Creates a rule identifier.
  public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// A broken rule: which one, at which event, in which scene, and the events that explain it.
public struct Finding: Hashable, Sendable, Codable {
  /// The rule broken.
  public var rule: RuleID
  /// How much it matters.
  public var severity: Severity
  /// The event where the rule broke.
  public var seq: Int
  /// The session the finding is about, if it is about one.
  public var session: SessionID?
  /// What happened and what would have been legal, in a sentence or two.
  public var message: String
  /// The seqs of earlier events that explain the finding, ascending.
  public var related: [Int]

  /// Creates a finding.
  public init(
    rule: RuleID, severity: Severity, seq: Int, session: SessionID?, message: String,
    related: [Int] = []
  ) {
    self.rule = rule
    self.severity = severity
    self.seq = seq
    self.session = session
    self.message = message
    self.related = related
  }

  /// Folds another finding of the same rule on the same event into this one: the messages are
  /// joined, the related events united, the session kept only if both name the same one, and
  /// the severity is the higher of the two.
  package mutating func merge(_ other: Finding) {
    mergeAllButRelated(other)
    related = Set(related + other.related).sorted()
  }

  /// ``merge(_:)`` of two findings whose related events are each in order without repeats, as
  /// ``FindingLog`` makes them: each of the other's is put in its place. (One event can fold
  /// hundreds of findings of a rule about pairs into one: sorting all of them again at each
  /// made such an event cubic.)
  mutating func mergeInOrder(_ other: Finding) {
    mergeAllButRelated(other)
    for seq in other.related {
      let index = related.partitioningIndex { $0 >= seq }
      if index == related.count || related[index] != seq { related.insert(seq, at: index) }
    }
  }

  private mutating func mergeAllButRelated(_ other: Finding) {
    mergeSeverityAndSession(other)
    message += "; " + other.message
  }

  /// The severity and session of ``merge(_:)``: the higher severity, and the session only if
  /// both name the same one.
  mutating func mergeSeverityAndSession(_ other: Finding) {
    if session != other.session { session = nil }
    severity = max(severity, other.severity)
  }

  /// Orders findings by seq, then rule, then session: the order every report uses.
  public static func reportOrder(_ lhs: Finding, _ rhs: Finding) -> Bool {
    if lhs.seq != rhs.seq { return lhs.seq < rhs.seq }
    if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
    return (lhs.session?.rawValue ?? "").precedesInScalarOrder(rhs.session?.rawValue ?? "")
  }
}
