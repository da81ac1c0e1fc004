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
    (lifecycleRules + keyboardRules + interactionRules + sharedStateRules + windowingRules
    + traceRules)
    .sorted { $0.id < $1.id }

  /// The description of a built-in rule.
  public static func builtIn(_ id: RuleID) -> RuleDescription? {
    builtIn.first { $0.id == id }
  }
}

extension RuleDescription {
  /// The rules about the trace itself rather than the app.
  static let traceRules: [RuleDescription] = [
    RuleDescription(
      id: .traceEventsLost, severity: .warning,
      summary: "the trace could not see some events: the recorder dropped them, part of the "
        + "file is damaged or missing, the file was cut, or a lenient read skipped them",
      explanation: """
        Not a bug of the app, but a hole in what the trace shows. Each stretch the trace could \
        not see is reported once, at the event where it is, with how many events were lost when \
        that is known: a trace.gap event (the recorder's buffer was full, or its file could not \
        be written for a while, and it dropped events rather than slow the app), a damaged \
        or unreadable frame of a .sctrace file, a file that ends before the recording did (the \
        app was killed, or the file was copied while it was written), or events of types this version does not know, skipped by --lenient. Any \
        other finding after a lost stretch in the same launch is marked as one the lost events \
        may explain: a transition, a write or a render may be among them. To see everything, \
        give the recorder more room (a larger RecordingOptions.capacity, or fewer pointer \
        samples; waitsWhenFull in simulations and tests that must keep every event); recover a damaged file from its source, or run `replay verify` to see what \
        it still yields; read events of unknown types with a newer SceneTrace.
        """)
  ]
}
