/// A rule an app adds to the built-in ones: it sees the state before and after every event and
/// reports findings of its own identifier, which follow the same precedence as the built-in
/// rules' (one finding per rule per event, `session.after-discard` hides them, ordered by seq
/// then rule).
///
/// Run custom rules with the built-in ones through ``TraceReducer/init(rules:)``:
///
/// ```swift
/// var replay = Replay(reducer: TraceReducer(rules: [SavesBeforeBackground()]))
/// replay.apply(events)
/// replay.finish()
/// ```
///
/// A rule must be as pure as the reducer: it reads the event, the two states and its own
/// ``RuleContext/notes``, and nothing else (no clocks, randomness, globals or I/O), so the same
/// events always give the same findings. Its identifier needs a prefix of the app's own, such
/// as `notes.`; it may not be a built-in one.
public protocol TraceRule: Sendable {
  /// What the rule checks: its identifier, the severity of its findings, a one-line summary and
  /// an explanation, as `RuleDescription.builtIn` gives them for the built-in rules.
  var rule: RuleDescription { get }

  /// Checks one event, after the built-in rules applied it: `context.before` is the state
  /// before the event, `context.after` the state after it.
  func check(_ event: Event, in context: inout RuleContext)

  /// Reports what is still unresolved at the end of the trace, at its last event;
  /// `context.before` and `context.after` are both the final state. Does nothing by default.
  func finish(in context: inout RuleContext)
}

extension TraceRule {
  /// Reports nothing at the end of the trace.
  public func finish(in context: inout RuleContext) {}
}

/// What a custom rule sees of one event (or of the end of the trace), and how it reports.
public struct RuleContext {
  /// The state before the event; in the finish step, the final state.
  public let before: TraceState
  /// The state after the event; in the finish step, the final state.
  public let after: TraceState
  /// The rule's own memory between events: kept in the state (``TraceState/notes``), so a
  /// stored state replays on like the original. Changes made in the finish step are dropped.
  public var notes: [String: String]

  /// The findings reported so far.
  var reported: [(severity: Severity, session: SessionID?, message: String, related: [Int])] =
    []
  private let severity: Severity

  init(before: TraceState, after: TraceState, notes: [String: String], severity: Severity) {
    self.before = before
    self.after = after
    self.notes = notes
    self.severity = severity
  }

  /// Reports a finding of the rule at this event (at the last event in the finish step), with
  /// the rule's severity unless `severity` says otherwise. `related` are the seqs of earlier
  /// events that explain it. Several reports at one event merge into one finding, in the order
  /// they were made: report in a stable order (sorted sessions, say), never in a dictionary's.
  public mutating func report(
    _ message: String, session: SessionID?, related: [Int] = [], severity: Severity? = nil
  ) {
    reported.append((severity ?? self.severity, session, message, related))
  }
}

extension TraceReducer {
  /// Runs the custom rules on `event`, given the state before it, and records their notes.
  func runCustomRules(
    on event: Event, before: TraceState, state: inout TraceState, log: inout FindingLog
  ) {
    for custom in rules {
      let description = custom.rule
      var context = RuleContext(
        before: before, after: state, notes: state.notes[description.id] ?? [:],
        severity: description.severity)
      custom.check(event, in: &context)
      state.notes[description.id] = context.notes.isEmpty ? nil : context.notes
      report(context, of: description.id, to: &log)
    }
  }

  /// Runs the custom rules' finish step.
  func finishCustomRules(_ state: TraceState, log: inout FindingLog) {
    for custom in rules {
      let description = custom.rule
      var context = RuleContext(
        before: state, after: state, notes: state.notes[description.id] ?? [:],
        severity: description.severity)
      custom.finish(in: &context)
      report(context, of: description.id, to: &log)
    }
  }

  private func report(_ context: RuleContext, of id: RuleID, to log: inout FindingLog) {
    for finding in context.reported {
      log.report(
        id, finding.severity, session: finding.session, FindingMessage(finding.message),
        related: finding.related)
    }
  }
}
