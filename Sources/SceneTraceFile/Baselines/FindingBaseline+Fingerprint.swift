import SceneTrace

/// The fingerprints of one trace's findings, as ``FindingBaseline/init(findings:events:state:)``
/// defines them: the XXH64 hash of the compact JSON text of `{"rule", "role", "event",
/// "related"}`, the events without seq and time and with their identifiers aliased
/// (``IdentifierAliases``).
package struct FindingFingerprinter {
  private var events: [Event]
  private let state: TraceState
  private let aliases: IdentifierAliases
  /// The rules the finish step reports at the last event of this trace.
  private let finishRules: Set<RuleID>

  /// Prepares the fingerprints of the findings of `events` (in seq order), whose replay ended in
  /// `state`.
  package init(events: [Event], state: TraceState) {
    self.init(
      events: events, aliases: IdentifierAliases(events: events, state: state), state: state)
  }

  /// Prepares the fingerprints of findings of a trace that was streamed rather than held:
  /// `appearances` took every event of the trace, whose replay ended in `state`, and `events`
  /// (in seq order) hold at least the events of the findings and those they relate to.
  package init(events: [Event], appearances: IdentifierAppearances, state: TraceState) {
    self.init(events: events, aliases: IdentifierAliases(appearances, state: state), state: state)
  }

  private init(events: [Event], aliases: IdentifierAliases, state: TraceState) {
    self.events = events
    self.state = state
    self.aliases = aliases
    finishRules = Set(TraceReducer().finish(state).map(\.rule))
  }

  /// This fingerprinter with `events` (in seq order) in place of the events it holds: the same
  /// aliases and roles, for findings of the same trace whose events are read a batch at a time.
  package func holding(_ events: [Event]) -> FindingFingerprinter {
    var fingerprinter = self
    fingerprinter.events = events
    return fingerprinter
  }

  /// The seqs of the events the fingerprints of `findings` are made of: each finding's own and
  /// those it relates to.
  package static func seqs(of findings: some Sequence<Finding>) -> [ClosedRange<Int>] {
    findings.flatMap { [$0.seq...$0.seq] + $0.related.map { $0...$0 } }
  }

  /// The role of the finding's session, when it names one whose role is known.
  package func role(of finding: Finding) -> String? {
    finding.session.flatMap { state.sessions.role(of: $0)?.rawValue }
  }

  /// The baseline entry that stands for `finding`.
  package func entry(for finding: Finding) -> FindingBaseline.Entry {
    FindingBaseline.Entry(
      rule: finding.rule, role: role(of: finding), fingerprint: fingerprint(of: finding),
      message: finding.message)
  }

  /// The finding's fingerprint: 16 hexadecimal digits.
  package func fingerprint(of finding: Finding) -> String {
    let reportedAtEnd = finding.seq == state.seq && finishRules.contains(finding.rule)
    let document: JSONValue = [
      "rule": .string(finding.rule.rawValue),
      "role": JSONValue(role(of: finding)),
      "event": reportedAtEnd ? "end" : normalizedEvent(at: finding.seq),
      "related": .array(finding.related.map(normalizedEvent)),
    ]
    let hash = XXH64.hash(Array(document.serialized().utf8))
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// The event at `seq` without its seq and time, its identifiers aliased; null when the trace
  /// holds no such event.
  private func normalizedEvent(at seq: Int) -> JSONValue {
    guard let event = event(at: seq), case .object(var object) = event.json else { return .null }
    object["seq"] = nil
    object["t"] = nil
    var normalized = JSONObject()
    for (key, value) in object.pairs {
      var value = replacingIdentifiers(in: value)
      if key == "openSessions" || key == "sessions", case .array(let sessions) = value {
        value = .array(sessions.sorted { $0.serialized().precedesInScalarOrder($1.serialized()) })
      }
      normalized[key] = value
    }
    return .object(normalized)
  }

  /// `value` with the identifiers in every string aliased.
  private func replacingIdentifiers(in value: JSONValue) -> JSONValue {
    switch value {
    case .string(let text): .string(aliases.replacingIdentifiers(in: text))
    case .array(let elements): .array(elements.map(replacingIdentifiers))
    case .object(let object):
      .object(JSONObject(object.pairs.map { ($0.key, replacingIdentifiers(in: $0.value)) }))
    case .null, .bool, .number: value
    }
  }

  private func event(at seq: Int) -> Event? { events.event(atSeq: seq) }
}
