import SceneTrace

/// A ``Timeline`` drawn as text for a terminal: a row per scene session, time in columns, each
/// scene's activation state as characters, the key scene on a row of its own (when there is
/// one), findings marked
/// on their scene's row and listed under the chart, launches as `|`, lost stretches as `×`.
package struct TimelineText {
  /// The part of the timeline to draw.
  package struct Window: Sendable {
    /// The events to draw, by seq: findings and marks outside are left out.
    package var seqs: ClosedRange<Int>
    /// The time the chart spans, from its first column to its last.
    package var times: ClosedRange<TraceTime>

    /// The part from `seqs.lowerBound`'s event to `seqs.upperBound`'s, at `times`.
    package init(seqs: ClosedRange<Int>, times: ClosedRange<TraceTime>) {
      self.seqs = seqs
      self.times = times
    }
  }

  /// The characters of the activation states, and of a state not known yet.
  package static func character(_ state: SceneActivation?) -> Character {
    switch state {
    case .unattached?: "·"
    case .background?: "░"
    case .foregroundInactive?: "▒"
    case .foregroundActive?: "█"
    case nil: "-"
    }
  }

  private let timeline: Timeline
  private let window: Window
  private let chartWidth: Int
  private let laneNumbers: [SessionID: Character]
  private let lanes: [Timeline.Lane]

  /// Prepares the drawing of `window` of `timeline`, `width` columns wide in all, showing the
  /// lanes of `sessions` (all when nil).
  package init(_ timeline: Timeline, window: Window, width: Int, sessions: [SessionID]? = nil) {
    self.timeline = timeline
    self.window = window
    let numbers = Array("123456789abcdefghijklmnopqrstuvwxyz")
    var laneNumbers: [SessionID: Character] = [:]
    for (index, lane) in timeline.lanes.enumerated() {
      laneNumbers[lane.session] = index < numbers.count ? numbers[index] : "+"
    }
    self.laneNumbers = laneNumbers
    lanes = timeline.lanes(drawnIn: window, sessions: sessions)
    let labelWidth = Self.labelWidth(lanes)
    chartWidth = max(10, width - labelWidth - 3)
  }

  private static func labelWidth(_ lanes: [Timeline.Lane]) -> Int {
    max(lanes.map { $0.label.count + 2 }.max() ?? 0, "key scene".count, "app".count)
  }

  /// The chart, its time axis, the legend and the list of findings, each line ending in a
  /// newline; `highlight` styles a finding's mark (for colour on a terminal).
  package func render(highlight: (String, Severity) -> String = { text, _ in text }) -> String {
    var text = ""
    render(highlight: highlight) { text += $0 }
    return text
  }

  /// ``render(highlight:)`` handed to `write` a part at a time, of about 64 KiB: a long trace's
  /// list of findings is tens of megabytes (10^7 mixed events: 32 MB).
  package func render(
    highlight: (String, Severity) -> String = { text, _ in text },
    write: @escaping (String) -> Void
  ) {
    var text = TextParts(write: write)
    let labelWidth = Self.labelWidth(lanes)
    func pad(_ text: String) -> String {
      text + String(repeating: " ", count: max(0, labelWidth - text.count))
    }
    let marks = timeline.marks
    // Where the findings drawn are among the marks: a long trace has hundreds of thousands,
    // each mark a hundred bytes.
    let findings = marks.indices.filter { index in
      guard case .finding(let finding) = marks[index].kind, window.seqs.contains(marks[index].seq)
      else { return false }
      return finding.severity >= .warning
    }
    text += "seq \(window.seqs.lowerBound)–\(window.seqs.upperBound), "
    text += "\(window.times.lowerBound) s to \(window.times.upperBound) s\n"
    // Grouped once: a long trace has thousands of lanes and of findings.
    let findingsBySession = Dictionary(grouping: findings) { marks[$0].session }
    let overlaid = overlay()
    for lane in lanes {
      var row = stateRow(lane)
      overlay(&row, overlaid)
      text += pad("\(laneNumbers[lane.session] ?? "+") \(lane.label)") + " │"
      text += styled(row, marks: findingsBySession[lane.session] ?? [], highlight: highlight)
      text += "│\n"
      text.endPiece()
    }
    var key = Array(repeating: Character(" "), count: chartWidth)
    for period in timeline.keyScenes {
      paint(&key, period.period, laneNumbers[period.session] ?? "+")
    }
    if key.contains(where: { $0 != " " }) {
      overlay(&key, overlaid)
      text += pad("key scene") + " │" + String(key) + "│\n"
    }
    let appMarks = marks.filter { mark in
      guard window.seqs.contains(mark.seq), mark.session == nil else { return false }
      switch mark.kind {
      case .appMark: return true
      case .finding(let finding): return finding.severity >= .warning
      default: return false
      }
    }
    if !appMarks.isEmpty {
      var app = Array(repeating: Character(" "), count: chartWidth)
      overlay(&app, overlaid)
      for mark in appMarks { app[column(mark.time)] = "*" }
      text += pad("app") + " │"
      text += styled(app, marks: findingsBySession[nil] ?? [], highlight: highlight)
      text += "│\n"
    }
    text += axis(labelWidth: labelWidth)
    text += "\n" + legend()
    guard !findings.isEmpty else {
      text += "\nno errors or warnings\n"
      return text.finish()
    }
    text += "\n"
    for index in findings {
      guard case .finding(let finding) = marks[index].kind else { continue }
      let seq = "seq \(marks[index].seq)"
      text += seq + String(repeating: " ", count: max(1, 10 - seq.count))
      text += finding.severity.rawValue
      text += String(repeating: " ", count: max(1, 9 - finding.severity.rawValue.count))
      text += finding.rule.rawValue
      if let session = finding.session { text += "  \(session.rawValue)" }
      text += "  t \(marks[index].time) s\n"
      text.endPiece()
    }
    text.finish()
  }

  /// A lane's states, a character a column.
  private func stateRow(_ lane: Timeline.Lane) -> [Character] {
    var row = Array(repeating: Character(" "), count: chartWidth)
    for scene in lane.scenes {
      for span in scene.spans {
        paint(&row, span.period, Self.character(span.state))
      }
    }
    return row
  }

  /// Paints `character` over the columns `period` covers, at least one when it is in the window.
  private func paint<Cell>(_ row: inout [Cell], _ period: Timeline.Period, _ character: Cell) {
    guard period.end >= window.times.lowerBound, period.start <= window.times.upperBound else {
      return
    }
    let first = column(period.start)
    let end = period.end >= window.times.upperBound ? chartWidth : column(period.end)
    for index in first..<max(first + 1, end) { row[index] = character }
  }

  /// Launches and lost stretches, the characters drawn over every row: worked out once, not for
  /// each row (a long trace has thousands of rows and of lost stretches).
  private func overlay() -> [Character?] {
    var row = [Character?](repeating: nil, count: chartWidth)
    for loss in timeline.losses {
      paint(&row, loss.period, "×")
    }
    for launch in timeline.launches
    where launch.seq > window.seqs.lowerBound && window.seqs.contains(launch.seq) {
      row[column(launch.time)] = "|"
    }
    return row
  }

  /// `row` with `overlaid`, launches and lost stretches, drawn over it.
  private func overlay(_ row: inout [Character], _ overlaid: [Character?]) {
    for (index, character) in overlaid.enumerated() {
      if let character { row[index] = character }
    }
  }

  /// The column of `time`, clamped to the chart.
  private func column(_ time: TraceTime) -> Int {
    let (start, end) = (window.times.lowerBound.nanoseconds, window.times.upperBound.nanoseconds)
    guard time.nanoseconds > start else { return 0 }
    guard time.nanoseconds < end else { return chartWidth - 1 }
    // Unsigned and in full width, exact whatever the times: a trace whose times span centuries
    // (a wall clock that jumped) overflowed the product, and the chart trapped.
    let span = UInt64(bitPattern: end &- start)
    let offset = UInt64(bitPattern: time.nanoseconds &- start)
    let column = span.dividingFullWidth(offset.multipliedFullWidth(by: UInt64(chartWidth)))
    return min(chartWidth - 1, Int(column.quotient))
  }

  /// `row` with the marks of the findings `findings` points to on it (errors over warnings),
  /// styled.
  private func styled(
    _ row: [Character], marks findings: [Int], highlight: (String, Severity) -> String
  ) -> String {
    var severities: [Int: Severity] = [:]
    for place in findings {
      let mark = timeline.marks[place]
      guard case .finding(let finding) = mark.kind else { continue }
      let index = column(mark.time)
      severities[index] = max(severities[index] ?? finding.severity, finding.severity)
    }
    var text = ""
    for (index, character) in row.enumerated() {
      guard let severity = severities[index] else {
        text.append(character)
        continue
      }
      text += highlight(severity == .error ? "!" : "?", severity)
    }
    return text
  }

  /// The start and end times under the chart.
  private func axis(labelWidth: Int) -> String {
    let start = "\(window.times.lowerBound) s"
    let end = "\(window.times.upperBound) s"
    let gap = max(1, chartWidth - start.count - end.count)
    return String(repeating: " ", count: labelWidth + 2) + start
      + String(repeating: " ", count: gap) + end + "\n"
  }

  private func legend() -> String {
    "· unattached  ░ background  ▒ foreground inactive  █ foreground active\n"
      + "- unknown  1 2 … the key scene's row number  ! error  ? warning  * app mark\n"
      + "| launch  × events lost (not quiet time)\n"
  }
}
