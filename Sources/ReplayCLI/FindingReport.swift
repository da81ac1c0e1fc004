import SceneTrace
import SceneTraceFile
import SceneTraceText

/// The text report of `replay check` for one trace.
struct FindingReport {
  /// The trace: its events need only be those the report shows.
  let trace: LoadedTrace
  /// How many events the trace holds.
  let eventCount: Int
  /// The seq of its last event.
  let lastSeq: Int
  /// Events shown before and after each finding's event.
  let context: Int

  /// The report's first line, for the findings `tally` counts (all those shown); `baselined`
  /// findings were left out because a baseline holds them.
  func headline(_ tally: FindingTally, baselined: Int) -> String {
    var headline = headline(tally)
    if baselined > 0 {
      headline += " (\(baselined) finding\(baselined == 1 ? "" : "s") in the baseline not shown)"
    }
    return headline
  }

  /// Appends to `output` the blocks of `findings`, each after an empty line and ending in a
  /// newline, with the lost stretch that may explain it (`explanations`, one per finding): the
  /// report after its headline, or a part of it. The trace's events must hold those the blocks
  /// show.
  ///
  /// Written as UTF-8 bytes, and output as they are: a batch's report is thousands of lines,
  /// which a string would check and copy again. A caller that writes batch after batch passes
  /// the same text, emptied, so that its room is grown once rather than for every batch.
  func appendBlocks(
    _ findings: some Collection<Finding>, explanations: some Collection<LostStretch?>,
    to output: inout JSONText
  ) {
    var parts = EventLineParts()
    appendBlocks(findings, explanations: explanations, to: &output, parts: &parts)
  }

  /// ``appendBlocks(_:explanations:to:)`` with the lines' parts written into `parts`, emptied
  /// first: a caller that writes batch after batch passes the same, whose room is grown once.
  func appendBlocks(
    _ findings: some Collection<Finding>, explanations: some Collection<LostStretch?>,
    to output: inout JSONText, parts: inout EventLineParts
  ) {
    let text = EventText(lastSeq: lastSeq)
    parts.reset(trace.events)
    // A stretch explains the findings after it in its launch, often thousands: its summary is
    // made once for the findings in a row it explains, not once a finding.
    var last: (stretch: LostStretch, summary: String)?
    func explanation(_ stretch: LostStretch) -> (seq: Int, summary: String) {
      if let last, last.stretch == stretch { return (stretch.seq, last.summary) }
      let summary = stretch.summary
      last = (stretch, summary)
      return (stretch.seq, summary)
    }
    for (finding, stretch) in zip(findings, explanations) {
      output.append("\n")
      appendBlock(
        for: finding, explainedBy: stretch.map(explanation), text: text, parts: &parts,
        to: &output)
    }
  }

  /// The seqs of the events shown around `finding`: `context` either side of its own, as far
  /// as a seq goes (a `--context` of billions beside a seq of billions overflowed).
  static func seqs(around finding: Finding, context: Int) -> ClosedRange<Int> {
    let (low, lowOverflow) = finding.seq.subtractingReportingOverflow(context)
    let (high, highOverflow) = finding.seq.addingReportingOverflow(context)
    return (lowOverflow ? Int.min : low)...(highOverflow ? Int.max : high)
  }

  /// `app.jsonl: 1 error, 1 warning in 37 events`; never "no findings" when events were lost.
  private func headline(_ tally: FindingTally) -> String {
    let total = eventCount
    let events = "\(total) event\(total == 1 ? "" : "s")"
    let stretches = trace.loss.count == 1 ? "1 stretch" : "\(trace.loss.count) stretches"
    let lossHidden = !trace.loss.isEmpty && !tally.holdsLoss
    guard tally.total == 0 else {
      let counts = "\(trace.path): \(FindingText.counts(tally.counts)) in \(events)"
      guard lossHidden else { return counts }
      return counts + ", and events were lost in \(stretches) (trace.events-lost not shown)"
    }
    guard !trace.loss.isEmpty else { return "\(trace.path): no findings in \(events)" }
    return
      "\(trace.path): nothing shown in \(events), but events were lost in \(stretches) "
      + "(trace.events-lost not shown)"
  }

  /// Appends the block of `finding`, each line ending in a newline; its events' lines are made
  /// from `parts`, the same trace's.
  private func appendBlock(
    for finding: Finding, explainedBy stretch: (seq: Int, summary: String)?, text: EventText,
    parts: inout EventLineParts, to output: inout JSONText
  ) {
    // `error[rule] seq 12 · session A · t 3.25`, then the message: written piece by piece, not
    // interpolated into strings first (a report of many findings spent a fifth of `check` so).
    output.appendRaw(Console.styled(finding.severity))
    output.append("[")
    output.appendRaw(finding.rule.rawValue)
    output.append("] seq ")
    output.appendInteger(finding.seq)
    if let session = finding.session {
      output.append(" · session ")
      output.appendRaw(session.rawValue)
    }
    let events = trace.events
    if let index = events.index(ofSeq: finding.seq) {
      output.append(" · t ")
      output.appendSeconds(events[index].time)
    }
    output.append("\n  ")
    output.appendRaw(finding.message)
    output.append("\n")
    if let stretch {
      output.append("  may be explained by events lost at seq ")
      output.appendInteger(stretch.seq)
      output.append(" (")
      output.appendRaw(stretch.summary)
      output.append(")\n")
    }
    // A binary search, not a filter: a trace with many findings would be quadratic.
    let seqs = Self.seqs(around: finding, context: context)
    let first = events.partitioningIndex { $0.seq >= seqs.lowerBound }
    let around =
      first..<(events[first...].firstIndex { $0.seq > seqs.upperBound } ?? events.endIndex)
    let related = finding.related.compactMap(events.index(ofSeq:))
    var columns = text.widened(toFit: around, in: &parts)
    for index in related { columns = columns.widened(toFit: index..<index + 1, in: &parts) }
    if !around.isEmpty { output.append("  events around it:\n") }
    for index in around {
      let lead: StaticString = events[index].seq == finding.seq ? "  > " : "    "
      columns.appendLine(index, in: &parts, lead: lead, to: &output)
    }
    if !related.isEmpty { output.append("  related:\n") }
    for index in related { columns.appendLine(index, in: &parts, lead: "    ", to: &output) }
  }
}
