import CustomDump
import IssueReporting
import SceneTrace
import SceneTraceFile

/// A finding a test expects: its rule, and, when given, its session, seq and severity.
public struct ExpectedFinding: Hashable, Sendable, CustomStringConvertible {
  /// The rule broken.
  public var rule: RuleID
  /// The session the finding is about; nil matches any.
  public var session: SessionID?
  /// The event where the rule broke; nil matches any.
  public var seq: Int?
  /// How much it matters; nil matches any.
  public var severity: Severity?

  /// A finding of `rule`, in `session` and at `seq` when they are given.
  public init(
    _ rule: RuleID, session: SessionID? = nil, seq: Int? = nil, severity: Severity? = nil
  ) {
    self.rule = rule
    self.session = session
    self.seq = seq
    self.severity = severity
  }

  /// Whether `finding` is one this describes.
  public func matches(_ finding: Finding) -> Bool {
    finding.rule == rule && (session == nil || finding.session == session)
      && (seq == nil || finding.seq == seq) && (severity == nil || finding.severity == severity)
  }

  /// `error lifecycle.order session B seq 12`, with `*` for what matches anything.
  public var description: String {
    Self.line(
      severity: severity?.rawValue ?? "*", rule: rule, session: session.map { "\($0)" } ?? "*",
      seq: seq.map { "\($0)" } ?? "*")
  }

  /// A finding as a line of the lists that failure messages compare.
  static func line(of finding: Finding) -> String {
    line(
      severity: finding.severity.rawValue, rule: finding.rule,
      session: finding.session.map { "\($0)" } ?? "none", seq: "\(finding.seq)")
  }

  private static func line(severity: String, rule: RuleID, session: String, seq: String) -> String {
    "\(severity) \(rule) session \(session) seq \(seq)"
  }
}

extension ReplayedTrace {
  /// Fails unless the trace has no finding at or above `severity` (any finding at all by
  /// default), listing those it has.
  public func expectNoFindings(
    atOrAbove severity: Severity = .info,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let found = findings.filter { $0.severity >= severity }
    guard !found.isEmpty else { return }
    let level = severity == .info ? "" : " at or above \(severity.rawValue)"
    reportIssue(
      "\(name) has \(found.count) finding\(found.count == 1 ? "" : "s")\(level), expected none:\n"
        + found.map(Self.summary).joined(separator: "\n"),
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Fails unless the trace's findings are exactly `expected`, one for one in report order (seq,
  /// then rule), with a `-expected / +actual` diff of the two lists.
  public func expectFindings(
    _ expected: [ExpectedFinding],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let matches =
      expected.count == findings.count && zip(expected, findings).allSatisfy { $0.matches($1) }
    guard !matches else { return }
    // An expected finding that matches its counterpart reads as that finding, so that the diff
    // shows only the ones that differ.
    let expectedLines = expected.enumerated().map { index, wanted in
      index < findings.count && wanted.matches(findings[index])
        ? ExpectedFinding.line(of: findings[index]) : wanted.description
    }
    let actualLines = findings.map(ExpectedFinding.line(of:))
    let text = { (lines: [String]) in lines.isEmpty ? "(none)" : lines.joined(separator: "\n") }
    let difference = diff(text(expectedLines), text(actualLines)) ?? ""
    reportIssue(
      "The findings of \(name) differ from those expected (-expected +actual):\n\n\(difference)",
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Fails unless the trace has a finding of `rule`, in `session` and at `seq` when they are
  /// given, listing the findings it has instead.
  public func expectFinding(
    _ rule: RuleID, session: SessionID? = nil, seq: Int? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let wanted = ExpectedFinding(rule, session: session, seq: seq)
    guard !findings.contains(where: wanted.matches) else { return }
    let where_ = (session.map { " in session \($0)" } ?? "") + (seq.map { " at seq \($0)" } ?? "")
    let list =
      findings.isEmpty
      ? "it has none." : "its findings:\n" + findings.map(Self.summary).joined(separator: "\n")
    reportIssue(
      "\(name) has no \(rule) finding\(where_); \(list)",
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// `  error[lifecycle.order] seq 12 · session B: message`.
  static func summary(_ finding: Finding) -> String {
    let session = finding.session.map { " · session \($0)" } ?? ""
    return "  \(finding.severity.rawValue)[\(finding.rule)] seq \(finding.seq)\(session): "
      + finding.message
  }
}

extension ReplayedTrace {
  /// Fails when the trace has a finding that the baseline file at `path` does not accept, or
  /// when the baseline cannot be read; lists the new findings. A relative path is found from
  /// the folder of the calling test file. `replay check --write-baseline` writes such a file;
  /// ``SceneTraceFile/FindingBaseline`` says how findings are matched (by rule, role and the
  /// events that explain them, never by seq).
  public func expectNoNewFindings(
    baseline path: String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let baseline: FindingBaseline
    do {
      baseline = try FindingBaseline.load(path: Self.resolve(path, from: filePath))
    } catch {
      reportIssue(
        "The baseline \(path) could not be read: \(error)",
        fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    let new = baseline.newFindings(findings, events: events, state: finalState)
    guard !new.isEmpty else { return }
    reportIssue(
      "\(name) has \(new.count) finding\(new.count == 1 ? "" : "s") that the baseline \(path) "
        + "does not hold:\n" + new.map(Self.summary).joined(separator: "\n"),
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
