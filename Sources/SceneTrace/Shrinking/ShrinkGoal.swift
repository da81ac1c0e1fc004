/// What a shrunk trace must still show, judged on its finished replay: a finding of one rule,
/// or any property of the replay an app names.
///
/// ```swift
/// let goal = ShrinkGoal.finding(.lifecycleOrder, session: "B")
/// let focused = ShrinkGoal("B focused on cell-3") {
///   $0.state.sessions["B"]?.scene?.focus == "cell-3"
/// }
/// ```
public struct ShrinkGoal: Sendable {
  /// What the goal asks for, in a few words, as messages name it: `lifecycle.order in session B`.
  public let summary: String
  private let test: @Sendable (Replay) -> Bool
  /// The findings the goal reads, when it reads only some: a shrink lets the others of a long
  /// trace go as it reads past the prefix it starts from (`ShrinkPrefixSearch`). Nil: all.
  package let readsFinding: (@Sendable (Finding) -> Bool)?

  /// Creates a goal that holds when `holds` returns true for a finished replay; `summary` says
  /// what it asks for, in a few words.
  public init(_ summary: String, holds: @escaping @Sendable (Replay) -> Bool) {
    self.init(summary, readingFindings: nil, holds: holds)
  }

  /// A goal that reads, of a replay's findings, only those `readsFinding` is true of (nil:
  /// all).
  package init(
    _ summary: String, readingFindings readsFinding: (@Sendable (Finding) -> Bool)?,
    holds: @escaping @Sendable (Replay) -> Bool
  ) {
    self.summary = summary
    self.test = holds
    self.readsFinding = readsFinding
  }

  /// A goal that holds when the replay has a finding of `rule` (about `session`, when given).
  public static func finding(_ rule: RuleID, session: SessionID? = nil) -> ShrinkGoal {
    let summary = session.map { "\(rule) in session \($0)" } ?? rule.rawValue
    let matches: @Sendable (Finding) -> Bool = { finding in
      finding.rule == rule && (session == nil || finding.session == session)
    }
    return ShrinkGoal(summary, readingFindings: matches) { $0.findings.contains(where: matches) }
  }

  /// Whether the goal holds for `replay`, which should be finished.
  public func holds(in replay: Replay) -> Bool { test(replay) }
}
