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

  /// Creates a goal that holds when `holds` returns true for a finished replay; `summary` says
  /// what it asks for, in a few words.
  public init(_ summary: String, holds: @escaping @Sendable (Replay) -> Bool) {
    self.summary = summary
    self.test = holds
  }

  /// A goal that holds when the replay has a finding of `rule` (about `session`, when given).
  public static func finding(_ rule: RuleID, session: SessionID? = nil) -> ShrinkGoal {
    let summary = session.map { "\(rule) in session \($0)" } ?? rule.rawValue
    return ShrinkGoal(summary) { replay in
      replay.findings.contains { finding in
        finding.rule == rule && (session == nil || finding.session == session)
      }
    }
  }

  /// Whether the goal holds for `replay`, which should be finished.
  public func holds(in replay: Replay) -> Bool { test(replay) }
}
