import SceneTrace
import SceneTraceFile

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
    let counts = Severity.allCases.reversed().compactMap { severity -> String? in
      let count = findings.filter { $0.severity == severity }.count
      guard count > 0 else { return nil }
      let noun = severity == .info ? "info" : "\(severity.rawValue)\(count == 1 ? "" : "s")"
      return "\(count) \(noun)"
    }
    return "\(trace.path): \(counts.joined(separator: ", ")) in \(events)"
  }

  private func block(for finding: Finding, text: EventText) -> [String] {
    let session = finding.session.map { " · session \($0)" } ?? ""
    let time = event(finding.seq).map { " · t \($0.time)" } ?? ""
    var lines = [
      "\(finding.severity.rawValue)[\(finding.rule)] seq \(finding.seq)\(session)\(time)",
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

  /// The event at `seq`; events are sorted by seq, which may skip numbers.
  private func event(_ seq: Int) -> Event? {
    var low = 0
    var high = trace.events.count
    while low < high {
      let middle = (low + high) / 2
      if trace.events[middle].seq < seq { low = middle + 1 } else { high = middle }
    }
    return low < trace.events.count && trace.events[low].seq == seq ? trace.events[low] : nil
  }
}
