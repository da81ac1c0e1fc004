import SceneTrace
import SceneTraceFile
import SceneTraceText

/// The text report of `replay check` for one trace.
struct FindingReport {
  let trace: LoadedTrace
  /// Events shown before and after each finding's event.
  let context: Int

  /// The report of `findings`; `baselined` findings were left out because a baseline holds
  /// them.
  func render(_ findings: [Finding], totalEvents: Int, baselined: Int) -> String {
    let text = EventText(lastSeq: trace.events.last?.seq ?? 0)
    var headline = headline(findings, totalEvents: totalEvents)
    if baselined > 0 {
      headline += " (\(baselined) finding\(baselined == 1 ? "" : "s") in the baseline not shown)"
    }
    var lines = [headline]
    for finding in findings {
      lines.append("")
      lines += block(for: finding, text: text)
    }
    return lines.joined(separator: "\n")
  }

  private func headline(_ findings: [Finding], totalEvents: Int) -> String {
    let events = "\(totalEvents) event\(totalEvents == 1 ? "" : "s")"
    guard !findings.isEmpty else { return "\(trace.path): no findings in \(events)" }
    return "\(trace.path): \(FindingText.counts(findings)) in \(events)"
  }

  private func block(for finding: Finding, text: EventText) -> [String] {
    let session = finding.session.map { " · session \($0)" } ?? ""
    let time = event(finding.seq).map { " · t \($0.time)" } ?? ""
    var lines = [
      "\(Console.styled(finding.severity))[\(finding.rule)] seq \(finding.seq)\(session)\(time)",
      "  \(finding.message)",
    ]
    let around = trace.events.filter { abs($0.seq - finding.seq) <= context }
    if !around.isEmpty {
      lines.append("  events around it:")
      lines += around.map { "  " + text.line($0, marker: $0.seq == finding.seq ? "> " : "  ") }
    }
    let related = finding.related.compactMap(event)
    if !related.isEmpty {
      lines.append("  related:")
      lines += related.map { "  " + text.line($0) }
    }
    return lines
  }

  private func event(_ seq: Int) -> Event? { trace.events.event(atSeq: seq) }
}
