import OrderedCollections
import SceneTrace

/// Findings as text that holds what they mean and not where they stand: each finding names its
/// events by what they say, and the seqs in its message become references to those events, so
/// that the text reads the same when unrelated events are added to the trace.
///
/// ```
/// error restoration.shared-storage · session S2
///   session S2 stores its restoration state under restoration:sketch.txt, where session S1
///   stored its own at [1]; after a relaunch both windows restore whichever was saved last
///   at   state.write key=restoration:sketch.txt value=sketch:tree session=S2
///   [1]  scene.saveRestoration session=S1 key=restoration:sketch.txt (related)
/// ```
package struct FindingText {
  /// The event at a seq, nil when the trace has none there.
  private let eventAt: (Int) -> Event?
  private let lossExplaining: (Finding) -> LostStretch?

  /// Findings of the trace made of `events`, in seq order; `lossExplaining` gives the lost
  /// stretch that may explain a finding, which the finding's block then names. `events` need
  /// hold only the events the blocks show (a finding's own, those it relates to, and those its
  /// message names), in seq order.
  package init(events: [Event], lossExplaining: @escaping (Finding) -> LostStretch? = { _ in nil })
  {
    self.init(eventAt: { events.event(atSeq: $0) }, lossExplaining: lossExplaining)
  }

  /// Findings of a trace whose event at a seq `eventAt` gives, as ``init(events:lossExplaining:)``.
  package init(
    eventAt: @escaping (Int) -> Event?,
    lossExplaining: @escaping (Finding) -> LostStretch? = { _ in nil }
  ) {
    self.eventAt = eventAt
    self.lossExplaining = lossExplaining
  }

  /// Every finding, one block each, after a line that counts them by severity.
  package func render(_ findings: [Finding]) -> String {
    var lines = [Self.headline(findings)]
    for finding in findings {
      lines.append("")
      lines += block(for: finding)
    }
    return lines.joined(separator: "\n")
  }

  /// `no findings`, or `3 findings: 1 error, 2 warnings`.
  package static func headline(_ findings: [Finding]) -> String {
    guard !findings.isEmpty else { return "no findings" }
    return "\(findings.count) finding\(findings.count == 1 ? "" : "s"): \(counts(findings))"
  }

  /// `1 error, 2 warnings, 1 info`: how many findings of each severity, the gravest first.
  package static func counts(_ findings: [Finding]) -> String {
    counts(Dictionary(grouping: findings, by: \.severity).mapValues(\.count))
  }

  /// `1 error, 2 warnings, 1 info`, from how many findings there are of each severity.
  package static func counts(_ counts: [Severity: Int]) -> String {
    Severity.allCases.reversed().compactMap { severity -> String? in
      let count = counts[severity] ?? 0
      guard count > 0 else { return nil }
      let noun = severity == .info ? "info" : "\(severity.rawValue)\(count == 1 ? "" : "s")"
      return "\(count) \(noun)"
    }.joined(separator: ", ")
  }

  /// One finding: its rule and session, its message with references, its event and the events
  /// it refers to.
  package func block(for finding: Finding) -> [String] {
    let session = finding.session.map { " · session \($0)" } ?? ""
    // References in the order the message names them, then the other related events.
    var references = OrderedSet<Int>()
    let message = referencing(finding.message, at: finding.seq, references: &references)
    for seq in finding.related where seq != finding.seq {
      references.append(seq)
    }
    var lines = ["\(finding.severity.rawValue) \(finding.rule)\(session)", "  \(message)"]
    if let stretch = lossExplaining(finding), stretch.finding != finding {
      lines.append("  may be explained by events lost before it: \(stretch.summary)")
    }
    if let event = event(finding.seq) {
      lines.append("  at   \(EventText.summary(of: event))")
    }
    for (index, seq) in references.enumerated() {
      guard let event = event(seq) else { continue }
      let label = "[\(index + 1)]".rightPadded(to: 4)
      let note = finding.related.contains(seq) ? " (related)" : ""
      lines.append("  \(label) \(EventText.summary(of: event))\(note)")
    }
    return lines
  }

  /// `message` with each `seq N` of an event of the trace replaced by `[k]`, its place in
  /// `references` (appended to when new), or by `this event` for the finding's own event.
  private func referencing(_ message: String, at own: Int, references: inout OrderedSet<Int>)
    -> String
  {
    var result = ""
    var rest = Substring(message)
    while let start = rest.firstRange(of: "seq ") {
      let digits = rest[start.upperBound...].prefix { $0.isASCII && $0.isNumber }
      result += rest[..<start.lowerBound]
      guard let seq = Int(digits), event(seq) != nil else {
        result += rest[start]
        rest = rest[start.upperBound...]
        continue
      }
      if seq == own {
        result += "this event"
      } else {
        result += "[\(references.append(seq).index + 1)]"
      }
      rest = rest[digits.endIndex...]
    }
    return result + rest
  }

  private func event(_ seq: Int) -> Event? { eventAt(seq) }
}
