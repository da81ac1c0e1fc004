/// What a rule checks, for `replay rules` and `replay explain`.
public struct RuleDescription: Hashable, Sendable {
  /// The rule's identifier.
  public var id: RuleID
  /// The severity of its findings.
  public var severity: Severity
  /// When the rule breaks, in one line.
  public var summary: String
  /// What the rule means, why it matters, and how such bugs are usually fixed.
  public var explanation: String

  /// Creates a rule description.
  public init(id: RuleID, severity: Severity, summary: String, explanation: String) {
    self.id = id
    self.severity = severity
    self.summary = summary
    self.explanation = explanation
  }
}

extension RuleDescription {
  /// The rules SceneTrace checks, in identifier order (Unicode scalar order).
  public static let builtIn: [RuleDescription] =
    (lifecycleRules + keyboardRules + interactionRules + sharedStateRules).sorted { $0.id < $1.id }

  /// The description of a built-in rule.
  public static func builtIn(_ id: RuleID) -> RuleDescription? {
    builtIn.first { $0.id == id }
  }
}
