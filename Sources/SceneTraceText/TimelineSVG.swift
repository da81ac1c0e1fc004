import SceneTrace

/// A ``Timeline`` drawn as one self-contained static SVG: a lane per scene session, its
/// activation states as coloured spans, the key scene as a bar under its lane, launches as
/// separators, lost stretches as hatched bands, findings as markers whose `<title>` a browser
/// shows on hover, and drag-and-drop and write→render links between lanes.
///
/// Whatever the length of the trace, the picture holds at most a few elements per pixel
/// column: states are drawn a pixel column at a time and merged into runs, and marks that fall
/// in the same pixel are drawn as one, with their count in its title.
package struct TimelineSVG {
  private let timeline: Timeline
  private let window: TimelineText.Window
  private let lanes: [Timeline.Lane]
  private let showsAppRow: Bool
  private let title: String?
  private let periods: Timeline.LanePeriods
  /// The places among the timeline's marks of the findings in the window, by row: the session
  /// they are about, nil for the app's.
  private let findingsByRow: [SessionID?: [Int]]

  private let width = 1200
  /// The room for the lane labels left of the chart: as wide as the longest, within bounds.
  private let labelWidth: Int
  /// The most characters of a lane label drawn; a longer one ends in "…" (its lane's title
  /// holds it whole).
  private static let labelLength = 44
  private let top = 74
  private let laneHeight = 40
  private let spanHeight = 20
  private let listedFindings = 8
  /// How many pixel columns a finding marker or a link stands for at most.
  private let markSpacing = 6
  private var chartWidth: Int { width - labelWidth - 30 }

  /// Prepares the drawing of `window` of `timeline`, showing the lanes of `sessions` (all the
  /// lanes with a scene in the window when nil), headed by `title` (such as the trace's path).
  package init(
    _ timeline: Timeline, window: TimelineText.Window, sessions: [SessionID]? = nil,
    title: String? = nil
  ) {
    self.timeline = timeline
    self.title = title
    self.window = window
    lanes = timeline.lanes(drawnIn: window, sessions: sessions)
    periods = Timeline.LanePeriods(timeline)
    // By their places among the marks: a long trace has hundreds of thousands of findings,
    // each mark a hundred bytes.
    var findingsByRow: [SessionID?: [Int]] = [:]
    for (index, mark) in timeline.marks.enumerated() where window.seqs.contains(mark.seq) {
      guard case .finding = mark.kind else { continue }
      findingsByRow[mark.session, default: []].append(index)
    }
    self.findingsByRow = findingsByRow
    let longest = lanes.map { min($0.label.count, Self.labelLength) }.max() ?? 0
    labelWidth = max(150, Self.textWidth(String(repeating: "m", count: longest)) + 30)
    showsAppRow = sessions == nil && findingsByRow[nil] != nil
  }

  /// The SVG document.
  package func render() -> String {
    var svg = ""
    render { svg += $0 }
    return svg
  }

  /// ``render()`` handed to `write` a part at a time, each of 64 KiB or more (a lane's group,
  /// a row's findings or a link is not cut): the picture of 10^7 events was 45 MB, made as one
  /// string and copied to be written.
  package func render(write: @escaping (String) -> Void) {
    var svg = TextParts(write: write)
    let rows = lanes.count + (showsAppRow ? 1 : 0)
    let chartBottom = top + rows * laneHeight
    let findings = drawnFindings
    let listed = min(findings.count, listedFindings)
    let listTop = chartBottom + 56
    let height =
      listTop + (findings.isEmpty ? 0 : 18 * (listed + 1 + (listed < findings.count ? 1 : 0)))
    svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\""
    svg += " viewBox=\"0 0 \(width) \(height)\" font-family=\"sans-serif\" font-size=\"12\">\n"
    svg += definitions()
    svg += "<rect width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>\n"
    var heading = title.map { $0 + ": " } ?? ""
    heading += "seq \(window.seqs.lowerBound)–\(window.seqs.upperBound), "
    heading += "\(window.times.lowerBound) s to \(window.times.upperBound) s"
    svg += text(10, 18, heading, weight: "bold")
    svg += legend()
    for (index, lane) in lanes.enumerated() {
      svg += laneGroup(lane, y: top + index * laneHeight)
      svg.endPiece()
    }
    if showsAppRow {
      let y = top + lanes.count * laneHeight
      svg += "<g class=\"lane\" data-session=\"app\">\n"
      svg += text(10, y + 15, "app")
      svg += "</g>\n"
    }
    svg += losses(chartBottom: chartBottom)
    svg.endPiece()
    svg += launches(chartBottom: chartBottom)
    svg.endPiece()
    links { link in
      svg += link
      svg.endPiece()
    }
    // Findings last, over the lost bands and the links, so none is hidden.
    for (index, lane) in lanes.enumerated() {
      svg += findingMarks(session: lane.session, y: top + index * laneHeight)
      svg.endPiece()
    }
    if showsAppRow { svg += findingMarks(session: nil, y: top + lanes.count * laneHeight) }
    svg += axis(y: chartBottom)
    svg += findingList(findings, y: listTop)
    svg += "</svg>\n"
    svg.finish()
  }

  // MARK: - Parts

  private func definitions() -> String {
    """
    <defs>
    <pattern id="lost" width="8" height="8" patternUnits="userSpaceOnUse" \
    patternTransform="rotate(45)">
    <rect width="8" height="8" fill="#f6c9c9" fill-opacity="0.6"/>
    <line x1="0" y1="0" x2="0" y2="8" stroke="#c62828" stroke-width="2" stroke-opacity="0.5"/>
    </pattern>
    <marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" \
    orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#6a1b9a"/></marker>
    </defs>

    """
  }

  private func legend() -> String {
    var svg = "<g class=\"legend\">\n"
    var x = 10
    let states: [(SceneActivation?, String)] = [
      (.unattached, "unattached"), (.background, "background"),
      (.foregroundInactive, "foreground inactive"), (.foregroundActive, "foreground active"),
    ]
    for (state, name) in states {
      svg += rect(x, 30, 12, 12, fill: Self.colour(state), stroke: "#9e9e9e")
      svg += text(x + 16, 40, name)
      x += 32 + Self.textWidth(name)
    }
    svg += rect(x, 35, 16, 3, fill: Self.keyColour)
    svg += text(x + 20, 40, "key scene")
    x += 32 + Self.textWidth("key scene")
    svg += rect(x, 30, 12, 12, fill: "url(#lost)", stroke: "#c62828")
    svg += text(x + 16, 40, "events lost")
    x += 32 + Self.textWidth("events lost")
    for severity in [Severity.error, .warning, .info] {
      svg += diamond(x + 6, 36, size: 6, fill: Self.colour(severity))
      svg += text(x + 16, 40, severity.rawValue)
      x += 32 + Self.textWidth(severity.rawValue)
    }
    svg += "<line x1=\"\(x)\" y1=\"36\" x2=\"\(x + 22)\" y2=\"36\" stroke=\"#6a1b9a\""
    svg += " stroke-width=\"1.5\" marker-end=\"url(#arrow)\"/>\n"
    svg += text(x + 28, 40, "drag and drop")
    x += 40 + Self.textWidth("drag and drop")
    svg += "<line x1=\"\(x)\" y1=\"36\" x2=\"\(x + 22)\" y2=\"36\" stroke=\"#37474f\""
    svg += " stroke-dasharray=\"3 3\"/>\n" + ring(x, 36) + ring(x + 22, 36)
    svg += text(x + 30, 40, "shared write → render")
    // Only when the trace has them, on a line of their own, so other pictures stay as they were.
    let activities = [
      (!timeline.pointerDrags.isEmpty, Self.dragColour, "pointer drag"),
      (!timeline.bandSelections.isEmpty, Self.bandColour, "band selection"),
    ].filter(\.0)
    x = 10
    for (_, colour, name) in activities {
      svg += rect(x, 53, 16, 3, fill: colour)
      svg += text(x + 20, 58, name)
      x += 32 + Self.textWidth(name)
    }
    svg += "</g>\n"
    return svg
  }

  /// A lane: its label, its states merged into runs a pixel column at a time, and its key
  /// scene bar.
  private func laneGroup(_ lane: Timeline.Lane, y: Int) -> String {
    var svg = "<g class=\"lane\" data-session=\"\(Self.escaped(lane.session.rawValue))\">\n"
    svg += "<title>\(Self.escaped(lane.label))</title>\n"
    let label =
      lane.label.count > Self.labelLength
      ? String(lane.label.prefix(Self.labelLength - 1)) + "…" : lane.label
    svg += text(10, y + 15, label)
    var columns = [SceneActivation??](repeating: nil, count: chartWidth)
    for scene in lane.scenes {
      for span in scene.spans {
        paint(&columns, span.period, value: .some(span.state))
      }
    }
    // One path per state, a rectangle per run, so thousands of short spans stay small.
    var outlines: [SceneActivation?: String] = [:]
    for run in runs(columns) {
      guard let state = run.value else { continue }
      outlines[state, default: ""] +=
        "M\(labelWidth + run.start),\(y)h\(run.count)v\(spanHeight)h-\(run.count)z"
    }
    for state in [nil] + SceneActivation.allCases {
      guard let outline = outlines[state] else { continue }
      svg += "<path d=\"\(outline)\" fill=\"\(Self.colour(state))\"/>\n"
    }
    var key = [Bool?](repeating: nil, count: chartWidth)
    for period in periods.keyScenes[lane.session] ?? [] {
      paint(&key, period, value: true)
    }
    for run in runs(key) where run.value == true {
      svg += rect(labelWidth + run.start, y + spanHeight + 2, run.count, 4, fill: Self.keyColour)
    }
    // Pointer drags and band selections as thin bars under the key scene's.
    let activities: [([Timeline.Period], String, Int)] = [
      (periods.pointerDrags[lane.session] ?? [], Self.dragColour, 8),
      ((periods.bandSelections[lane.session] ?? []).map(\.period), Self.bandColour, 12),
    ]
    for (periods, colour, offset) in activities {
      var columns = [Bool?](repeating: nil, count: chartWidth)
      for period in periods { paint(&columns, period, value: true) }
      for run in runs(columns) where run.value == true {
        svg += rect(labelWidth + run.start, y + spanHeight + offset, run.count, 3, fill: colour)
      }
    }
    svg += "</g>\n"
    return svg
  }

  /// The findings on a row, one marker per few pixel columns (a marker is wider than a
  /// pixel), coloured by the worst severity among them, the count of each rule in its title.
  private func findingMarks(session: SessionID?, y: Int) -> String {
    var buckets: [Int: [(seq: Int, column: Int, finding: Finding)]] = [:]
    for index in findingsByRow[session] ?? [] {
      let mark = timeline.marks[index]
      guard case .finding(let finding) = mark.kind else { continue }
      let column = column(mark.time)
      buckets[column / markSpacing, default: []].append((mark.seq, column, finding))
    }
    var svg = ""
    for bucket in buckets.keys.sorted() {
      guard let findings = buckets[bucket], let first = findings.first else { continue }
      let worst = findings.map(\.finding.severity).max() ?? first.finding.severity
      var title = "seq \(first.seq) \(first.finding.rule.rawValue): \(first.finding.message)\n"
      if findings.count > 1 {
        let last = findings[findings.count - 1]
        title = "\(findings.count) findings, seq \(first.seq)–\(last.seq):\n"
        var rules: [String: Int] = [:]
        for item in findings { rules[item.finding.rule.rawValue, default: 0] += 1 }
        for rule in rules.keys.sorted() { title += "\(rule) ×\(rules[rule] ?? 0)\n" }
        if findings.count <= 3 {
          title = ""
          for item in findings {
            title += "seq \(item.seq) \(item.finding.rule.rawValue): \(item.finding.message)\n"
          }
        }
      }
      let x = labelWidth + first.column
      let cy = y + spanHeight / 2
      svg += "<g class=\"finding\" data-count=\"\(findings.count)\">"
      svg += "<title>\(Self.escaped(String(title.dropLast())))</title>"
      svg += diamond(x, cy, size: 8, fill: Self.colour(worst)) + "</g>\n"
    }
    return svg
  }

  /// The places among the timeline's marks of the findings in the window on the rows drawn, in
  /// seq order: those of ``findingsByRow`` of the lanes drawn and the app's row, when drawn.
  private var drawnFindings: [Int] {
    var places = lanes.flatMap { findingsByRow[$0.session] ?? [] }
    if showsAppRow { places += findingsByRow[nil] ?? [] }
    return places.sorted()
  }

  /// The first findings, worst first, listed under the chart so a picture read without
  /// hovering (in a bug report, a README) still says which scene broke which rule, and when.
  private func findingList(_ findings: [Int], y: Int) -> String {
    guard !findings.isEmpty else { return "" }
    // The first few, the worst first and each severity's in seq order: looked for severity by
    // severity, not sorted whole (hundreds of thousands, to list eight).
    var listed: [(mark: Timeline.Mark, finding: Finding)] = []
    for severity in Severity.allCases.sorted(by: >) where listed.count < listedFindings {
      for index in findings {
        guard listed.count < listedFindings else { break }
        let mark = timeline.marks[index]
        guard case .finding(let finding) = mark.kind, finding.severity == severity else {
          continue
        }
        listed.append((mark, finding))
      }
    }
    var svg = "<g class=\"findings\">\n"
    svg += text(10, y, "findings", weight: "bold")
    for (index, item) in listed.enumerated() {
      let line = y + 18 * (index + 1)
      var description = "seq \(item.mark.seq) · \(item.mark.time) s · "
      description += item.finding.session.map { "\($0.rawValue) · " } ?? "app · "
      description += "\(item.finding.severity.rawValue) \(item.finding.rule.rawValue): "
      description += item.finding.message
      if description.count > 160 { description = String(description.prefix(159)) + "…" }
      svg += diamond(16, line - 4, size: 6, fill: Self.colour(item.finding.severity))
      svg += text(28, line, description)
    }
    if findings.count > listedFindings {
      let line = y + 18 * (listedFindings + 1)
      svg += text(28, line, "and \(findings.count - listedFindings) more (hover the markers)")
    }
    svg += "</g>\n"
    return svg
  }

  /// Lost stretches: hatched bands across every lane, at least 4 pixels wide.
  private func losses(chartBottom: Int) -> String {
    var svg = ""
    var lastLabelEnd = Int.min
    for loss in timeline.losses where overlaps(loss.period) {
      let start = column(loss.period.start)
      let end = max(start + 4, column(loss.period.end))
      let x = labelWidth + start
      svg += "<g class=\"lost\"><title>\(Self.escaped(loss.summary))</title>"
      svg += rect(x - 2, top - 6, end - start, chartBottom - top + 6, fill: "url(#lost)")
      svg += "</g>\n"
      if x > lastLabelEnd {
        svg += text(x, chartBottom + 14, "events lost", fill: "#c62828")
        lastLabelEnd = x + 80
      }
    }
    return svg
  }

  /// Launches drawn: a vertical separator labelled with the launch.
  private func launches(chartBottom: Int) -> String {
    var svg = ""
    var lastLabelEnd = Int.min
    for launch in timeline.launches where window.seqs.contains(launch.seq) {
      let x = labelWidth + column(launch.time)
      svg += "<g class=\"launch\"><title>\(Self.escaped("launch \(launch.name)"))</title>"
      svg += "<line x1=\"\(x)\" y1=\"\(top - 10)\" x2=\"\(x)\" y2=\"\(chartBottom)\""
      svg += " stroke=\"#212121\" stroke-width=\"2\"/></g>\n"
      if x > lastLabelEnd {
        svg += text(x + 3, top - 2, launch.name, weight: "bold")
        lastLabelEnd = x + 10 + launch.name.count * 7
      }
    }
    return svg
  }

  /// Links between lanes drawn, one per pair of pixel positions, each handed to `write`.
  private func links(_ write: (String) -> Void) {
    var rowOf: [SessionID: Int] = [:]
    for (index, lane) in lanes.enumerated() { rowOf[lane.session] = index }
    var seen: [String: Int] = [:]
    var order: [(key: String, link: Timeline.Link)] = []
    for link in timeline.links
    where window.seqs.contains(link.fromSeq) || window.seqs.contains(link.toSeq) {
      guard let fromRow = rowOf[link.fromSession], let toRow = rowOf[link.toSession] else {
        continue
      }
      let dashed: Bool
      if case .writeToRender = link.kind { dashed = true } else { dashed = false }
      let key =
        "\(dashed) \(column(link.fromTime) / markSpacing) \(fromRow) "
        + "\(column(link.toTime) / markSpacing) \(toRow)"
      if seen[key] == nil { order.append((key, link)) }
      seen[key, default: 0] += 1
    }
    for (key, link) in order {
      var svg = ""
      guard let fromRow = rowOf[link.fromSession], let toRow = rowOf[link.toSession] else {
        continue
      }
      let count = seen[key] ?? 1
      let x1 = labelWidth + column(link.fromTime)
      let x2 = labelWidth + column(link.toTime)
      let middle = spanHeight / 2
      let y1 = top + fromRow * laneHeight + middle
      var y2 = top + toRow * laneHeight + middle
      if y2 != y1 { y2 += y2 > y1 ? -middle + 2 : middle - 2 }
      var title = link.summary
      switch link.kind {
      case .dragAndDrop:
        if count > 1 { title = "\(count) drags, the first: " + title }
        svg += "<g class=\"drag\"><title>\(Self.escaped(title))</title>"
        svg += "<line x1=\"\(x1)\" y1=\"\(y1)\" x2=\"\(x2)\" y2=\"\(y2)\" stroke=\"#6a1b9a\""
        svg += " stroke-width=\"2\" marker-end=\"url(#arrow)\"/></g>\n"
      case .writeToRender:
        if count > 1 { title = "\(count) links, the first: " + title }
        // A ring at each end, so a write rendered in its own lane at once still shows.
        svg += "<g class=\"write\"><title>\(Self.escaped(title))</title>"
        svg += "<line x1=\"\(x1)\" y1=\"\(y1)\" x2=\"\(x2)\" y2=\"\(y2)\" stroke=\"#37474f\""
        svg += " stroke-width=\"1\" stroke-dasharray=\"3 3\"/>"
        svg += ring(x1, y1) + ring(x2, y2) + "</g>\n"
      }
      write(svg)
    }
  }

  /// The time axis: a line and about six ticks at round numbers of seconds.
  private func axis(y: Int) -> String {
    var svg = "<g class=\"axis\">\n"
    svg += "<line x1=\"\(labelWidth)\" y1=\"\(y + 2)\" x2=\"\(labelWidth + chartWidth)\""
    svg += " y2=\"\(y + 2)\" stroke=\"#616161\"/>\n"
    let start = window.times.lowerBound.nanoseconds
    let span = max(1, window.times.upperBound.nanoseconds - start)
    // Steps and ticks are kept to what an Int64 holds: a trace whose times span centuries (a
    // wall clock that jumped) overflowed them, and the picture trapped.
    var step: Int64 = 1_000
    while span / step > 6 {
      let next = [2, 5, 10].compactMap { factor in
        let (product, overflow) = step.multipliedReportingOverflow(by: Int64(factor))
        return overflow ? nil : product
      }
      guard let largest = next.last else { break }
      step = next.first { span / $0 <= 6 } ?? largest
    }
    let (first, overflow) = start.addingReportingOverflow(
      start % step == 0 ? 0 : step - start % step)
    var tick = overflow ? nil : first
    while let time = tick, time - start <= span {
      let x = labelWidth + column(TraceTime(nanoseconds: time))
      svg += "<line x1=\"\(x)\" y1=\"\(y + 2)\" x2=\"\(x)\" y2=\"\(y + 7)\" stroke=\"#616161\"/>\n"
      svg += text(x, y + 30, "\(TraceTime(nanoseconds: time)) s", anchor: "middle")
      let (next, overflow) = time.addingReportingOverflow(step)
      tick = overflow ? nil : next
    }
    svg += "</g>\n"
    return svg
  }

  // MARK: - Geometry

  private struct Run<Value: Equatable> {
    var start: Int
    var count: Int
    var value: Value
  }

  /// `columns` as runs of equal values, left to right.
  private func runs<Value: Equatable>(_ columns: [Value]) -> [Run<Value>] {
    var runs: [Run<Value>] = []
    for (index, value) in columns.enumerated() {
      if let last = runs.last, last.value == value, last.start + last.count == index {
        runs[runs.count - 1].count += 1
      } else {
        runs.append(Run(start: index, count: 1, value: value))
      }
    }
    return runs
  }

  /// Sets the columns `period` covers to `value`, at least one when it is in the window.
  private func paint<Value>(_ columns: inout [Value], _ period: Timeline.Period, value: Value) {
    guard overlaps(period) else { return }
    let first = column(period.start)
    let end = period.end >= window.times.upperBound ? chartWidth : column(period.end)
    for index in first..<max(first + 1, end) { columns[index] = value }
  }

  private func overlaps(_ period: Timeline.Period) -> Bool {
    period.end >= window.times.lowerBound && period.start <= window.times.upperBound
  }

  /// The pixel column of `time` in the chart, clamped to it.
  private func column(_ time: TraceTime) -> Int {
    let start = window.times.lowerBound.nanoseconds
    let span = max(1, window.times.upperBound.nanoseconds - start)
    let offset = min(max(0, time.nanoseconds - start), span)
    return min(chartWidth - 1, Int(Double(offset) / Double(span) * Double(chartWidth)))
  }

  // MARK: - Elements

  private func rect(
    _ x: Int, _ y: Int, _ width: Int, _ height: Int, fill: String, stroke: String? = nil
  ) -> String {
    var svg = "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(width)\" height=\"\(height)\""
    svg += " fill=\"\(fill)\""
    if let stroke { svg += " stroke=\"\(stroke)\"" }
    return svg + "/>\n"
  }

  private func ring(_ x: Int, _ y: Int) -> String {
    "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"3\" fill=\"#ffffff\" stroke=\"#37474f\"/>"
  }

  private func diamond(_ x: Int, _ y: Int, size: Int, fill: String) -> String {
    "<path d=\"M\(x),\(y - size) L\(x + size),\(y) L\(x),\(y + size) L\(x - size),\(y) z\""
      + " fill=\"\(fill)\" stroke=\"#ffffff\" stroke-width=\"1\"/>\n"
  }

  private func text(
    _ x: Int, _ y: Int, _ content: String, weight: String? = nil, fill: String = "#212121",
    anchor: String? = nil
  ) -> String {
    var svg = "<text x=\"\(x)\" y=\"\(y)\" fill=\"\(fill)\""
    if let weight { svg += " font-weight=\"\(weight)\"" }
    if let anchor { svg += " text-anchor=\"\(anchor)\"" }
    return svg + ">\(Self.escaped(content))</text>\n"
  }

  // MARK: - Colours and text

  package static let keyColour = "#1a237e"
  package static let dragColour = "#00897b"
  package static let bandColour = "#ad1457"

  /// About how wide `text` is at 12 pixels in a sans-serif font.
  static func textWidth(_ text: String) -> Int { text.count * 6 }

  static func colour(_ state: SceneActivation?) -> String {
    switch state {
    case .unattached?: "#e0e0e0"
    case .background?: "#90a4c0"
    case .foregroundInactive?: "#ffd98a"
    case .foregroundActive?: "#5cb85c"
    case nil: "#f5f5f5"
    }
  }

  static func colour(_ severity: Severity) -> String {
    switch severity {
    case .error: "#d32f2f"
    case .warning: "#ef6c00"
    case .info: "#1976d2"
    }
  }

  /// `text` with XML's special characters escaped, and control characters other than tab and
  /// newline dropped (XML cannot hold them).
  package static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\t", "\n": result.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): break
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
