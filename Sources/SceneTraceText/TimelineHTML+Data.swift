import SceneTrace
import SceneTraceFile

/// The JSON document the page draws. Times are whole microseconds since the start of the
/// window drawn; rows are the lanes' indexes (the app's row after them).
///
/// ```
/// { "title", "start" (s), "span" (µs), "seqs": [first, last], "bucket" (µs),
///   "colours": { "states": [...], "severities": {...}, "key" },
///   "lanes": [{ "id", "label", "states": [[from, to, state]], "key": [[from, to, 0]],
///               "windows": [[from, to, name]], "drags": [[from, to, 0]],
///               "bands": [[from, to, view]] }],
///   "marks": [[row, t, kind, count, severity, text, detail]],   kind: k, f, x, m
///   "links": [[kind, fromRow, fromT, toRow, toT, count, text]],  kind: drop, write
///   "launches": [[t, count, text]], "losses": [[from, to, text]], "details": [[line]],
///   "aggregated" }
/// ```
extension TimelineHTML {
  /// The states in the order of their codes in `states`.
  static let states: [SceneActivation?] = [nil] + SceneActivation.allCases

  /// Writes the document to `writer` a member at a time, and each lane and mark as it is made:
  /// made whole first, as a tree, the document of 10^7 mixed events (a page of 188 MB) took
  /// `replay timeline -o OUT.html` to 857 MB, 474 MB now. `"aggregated"` comes last, once
  /// everything that may aggregate is written.
  func writeDocument(
    eventAt: @escaping (Int) -> Event?, stateChanges: [Int: [String]],
    to writer: inout JSONObjectWriter
  ) {
    let clock = Clock(window: window)
    let rows = self.rows
    var aggregated = false
    var severities: [(String, JSONValue)] = []
    for severity in Severity.allCases {
      severities.append((severity.rawValue, .string(TimelineSVG.colour(severity))))
    }
    writer.member("title", .string(title ?? ""))
    writer.member("start", .number(window.times.lowerBound.description))
    writer.member("span", .number(String(clock.span)))
    writer.member("seqs", [JSONValue(window.seqs.lowerBound), JSONValue(window.seqs.upperBound)])
    writer.member("bucket", .number(String(max(1, clock.span / Int64(Self.buckets)))))
    writer.member(
      "colours",
      .object([
        "states": .array(Self.states.map { .string(TimelineSVG.colour($0)) }),
        "severities": .object(JSONObject(severities)),
        "key": .string(TimelineSVG.keyColour), "drag": .string(TimelineSVG.dragColour),
        "band": .string(TimelineSVG.bandColour),
      ]))
    writer.startArray("lanes")
    let periods = Timeline.LanePeriods(timeline)
    for lane in lanes {
      var spans: [(Timeline.Period, JSONValue)] = []
      for scene in lane.scenes {
        for span in scene.spans {
          spans.append((span.period, JSONValue(Self.states.firstIndex(of: span.state) ?? 0)))
        }
      }
      func named(_ periods: [Timeline.NamedPeriod]?) -> [(Timeline.Period, JSONValue)] {
        (periods ?? []).map { ($0.period, JSONValue($0.name)) }
      }
      let key = (periods.keyScenes[lane.session] ?? []).map { ($0, JSONValue(0)) }
      let drags = (periods.pointerDrags[lane.session] ?? []).map { ($0, JSONValue(0)) }
      writer.element(
        .object([
          "id": .string(lane.session.rawValue), "label": .string(lane.label),
          "states": clock.periods(spans, aggregated: &aggregated),
          "key": clock.periods(key, aggregated: &aggregated),
          "windows": clock.periods(
            named(periods.keyWindows[lane.session]), aggregated: &aggregated),
          "drags": clock.periods(drags, aggregated: &aggregated),
          "bands": clock.periods(
            named(periods.bandSelections[lane.session]), aggregated: &aggregated),
        ]))
    }
    if showsAppRow {
      writer.element(
        .object([
          "id": "app", "label": "app", "states": [], "key": [], "windows": [], "drags": [],
          "bands": [],
        ]))
    }
    writer.endArray()
    var details: [JSONValue] = []
    writer.startArray("marks")
    markValues(
      eventAt: eventAt, rows: rows, clock: clock, details: &details,
      stateChanges: stateChanges, aggregated: &aggregated
    ) { writer.element($0) }
    writer.endArray()
    // Each of these is a few thousand values at most (dense ones are counted in buckets).
    writer.member("links", .array(linkValues(rows: rows, clock: clock, aggregated: &aggregated)))
    let launches = clock.points(
      timeline.launches.filter { window.seqs.contains($0.seq) }.map {
        Clock.Point(time: $0.time, seq: $0.seq, text: "launch \($0.name) (seq \($0.seq))")
      }, noun: "launches", aggregated: &aggregated)
    writer.member("launches", .array(launches.map { .array([$0.t, $0.count, $0.text]) }))
    writer.member(
      "losses",
      clock.periods(
        timeline.losses.map { ($0.period, JSONValue($0.summary)) }, aggregated: &aggregated,
        merged: "lost stretches: events lost, not quiet time"))
    writer.member("details", .array(details))
    writer.member("aggregated", .bool(aggregated))
  }

  /// The row of each lane's session (nil: the app's row, when drawn).
  private var rows: [SessionID?: Int] {
    var rows: [SessionID?: Int] = [:]
    for (index, lane) in lanes.enumerated() { rows[lane.session] = index }
    if showsAppRow { rows[SessionID?.none] = lanes.count }
    return rows
  }

  /// The seqs of the events whose text the page shows (a key command's, a finding's and those
  /// it names…), or may: the events ``render(events:stateChanges:)`` needs of the trace. Found
  /// by making the page's marks, the one part that shows events, and noting every event they
  /// ask for, each seq a finding's message names among them.
  package var seqsShown: Set<Int> {
    var asked = Set<Int>()
    var (details, aggregated) = ([JSONValue](), false)
    markValues(
      eventAt: { seq in
        asked.insert(seq)
        return nil
      }, rows: rows, clock: Clock(window: window), details: &details, stateChanges: [:],
      aggregated: &aggregated
    ) { _ in }
    return asked
  }

  /// Key commands, focus changes, findings and app marks, row by row and kind by kind, each
  /// handed to `emit` as it is made.
  private func markValues(
    eventAt: @escaping (Int) -> Event?, rows: [SessionID?: Int], clock: Clock,
    details: inout [JSONValue], stateChanges: [Int: [String]], aggregated: inout Bool,
    emit: (JSONValue) -> Void
  ) {
    var groups: [String: (row: Int, kind: String, points: [Clock.Point])] = [:]
    let detailed = detailedSeqs
    let findingText = FindingText(eventAt: eventAt)
    for mark in timeline.marks where window.seqs.contains(mark.seq) {
      guard let row = rows[mark.session] else { continue }
      let kind: String
      var point = Clock.Point(time: mark.time, seq: mark.seq, text: "")
      switch mark.kind {
      case .keyCommand: kind = "k"
      case .focusChange: kind = "f"
      case .appMark: kind = "m"
      case .finding(let finding):
        kind = "x"
        point.finding = finding
      }
      groups["\(row) \(kind)", default: (row, kind, [])].points.append(point)
    }
    // A mark's text is made only for a mark drawn alone, not counted in a bucket: the event it
    // names is then the only one asked for (10^7 events: 646,000 marks, each with its text and
    // a key command's or a focus change's event held, to draw 2,400 buckets a row).
    func text(of point: Clock.Point) -> String {
      let at = "seq \(point.seq) · \(point.time) s · "
      if let finding = point.finding {
        return at + "\(finding.severity.rawValue) \(finding.rule.rawValue): " + finding.message
      }
      return at + (eventAt(point.seq).map(EventText.summary(of:)) ?? "")
    }
    let nouns = ["k": "key commands", "f": "focus changes", "x": "findings", "m": "app marks"]
    for key in groups.keys.sorted() {
      guard let group = groups[key] else { continue }
      let noun = nouns[group.kind] ?? "marks"
      for point in clock.points(group.points, noun: noun, text: text, aggregated: &aggregated) {
        var detail = -1
        // The details of a finding drawn on its own (not counted in a bucket).
        if let (seq, time, finding) = point.finding, detailed.contains(seq),
          details.count < Self.detailedFindings
        {
          var lines = ["seq \(seq) · \(time) s"] + findingText.block(for: finding)
          lines += ["", "the state change this event caused:"]
          let changes = stateChanges[seq] ?? []
          lines += changes.isEmpty ? ["  none"] : changes.map { "  " + $0 }
          detail = details.count
          details.append(.array(lines.map { .string($0) }))
        }
        emit(
          .array([
            JSONValue(group.row), point.t, .string(group.kind), point.count,
            .string(point.severity?.rawValue ?? ""), point.text, JSONValue(detail),
          ]))
      }
    }
  }

  /// Drag-and-drop and write→render links between rows drawn, one by one or, beyond the
  /// limit, one per pair of buckets with its count.
  private func linkValues(
    rows: [SessionID?: Int], clock: Clock, aggregated: inout Bool
  ) -> [JSONValue] {
    var links: [(kind: String, from: Int, to: Int, link: Timeline.Link)] = []
    for link in timeline.links
    where window.seqs.contains(link.fromSeq) || window.seqs.contains(link.toSeq) {
      guard let from = rows[link.fromSession], let to = rows[link.toSession] else { continue }
      let kind: String
      if case .dragAndDrop = link.kind { kind = "drop" } else { kind = "write" }
      links.append((kind, from, to, link))
    }
    let dense = links.count > Self.itemLimit
    if dense { aggregated = true }
    var order: [String] = []
    var merged: [String: (first: Timeline.Link, kind: String, from: Int, to: Int, count: Int)] =
      [:]
    for item in links {
      let key =
        dense
        ? "\(item.kind) \(item.from) \(item.to) \(clock.bucket(item.link.fromTime)) "
          + "\(clock.bucket(item.link.toTime))"
        : String(order.count)
      if merged[key] == nil {
        order.append(key)
        merged[key] = (item.link, item.kind, item.from, item.to, 0)
      }
      merged[key]?.count += 1
    }
    return order.compactMap { key in
      guard let item = merged[key] else { return nil }
      let text =
        item.count > 1
        ? "\(item.count) links, the first: \(item.first.summary)" : item.first.summary
      return .array([
        .string(item.kind), JSONValue(item.from), clock.offset(item.first.fromTime),
        JSONValue(item.to), clock.offset(item.first.toTime), JSONValue(item.count),
        .string(text),
      ])
    }
  }
}

/// Places times in the window drawn, and counts dense items per bucket.
private struct Clock {
  /// An item at one event.
  struct Point {
    var time: TraceTime
    var seq: Int
    var text: String
    var finding: Finding?
    var severity: Severity? { finding?.severity }
    var rule: String? { finding?.rule.rawValue }
  }

  /// A point as the page receives it: one item, or the items of one bucket.
  struct Placed {
    var t: JSONValue
    var count: JSONValue
    var text: JSONValue
    var severity: Severity?
    /// The finding and its seq, when it stands for one finding alone.
    var finding: (seq: Int, time: TraceTime, finding: Finding)?
  }

  let start: Int64
  /// The window's length in microseconds, at least 1.
  let span: Int64
  let window: TimelineText.Window

  init(window: TimelineText.Window) {
    self.window = window
    start = window.times.lowerBound.nanoseconds
    span = max(1, (window.times.upperBound.nanoseconds - start) / 1_000)
  }

  /// Microseconds since the window's start, clamped to it.
  func micro(_ time: TraceTime) -> Int64 {
    min(max(0, (time.nanoseconds - start) / 1_000), span)
  }

  func offset(_ time: TraceTime) -> JSONValue { .number(String(micro(time))) }

  // Products in full width: a window of centuries (a wall clock that jumped) overflowed them.

  func bucket(_ time: TraceTime) -> Int {
    let bucket = span.dividingFullWidth(
      micro(time).multipliedFullWidth(by: Int64(TimelineHTML.buckets)))
    return min(TimelineHTML.buckets - 1, Int(bucket.quotient))
  }

  /// Where `bucket` starts, in microseconds.
  func bucketStart(_ bucket: Int) -> Int64 {
    Int64(TimelineHTML.buckets).dividingFullWidth(Int64(bucket).multipliedFullWidth(by: span))
      .quotient
  }

  func overlaps(_ period: Timeline.Period) -> Bool {
    period.end >= window.times.lowerBound && period.start <= window.times.upperBound
  }

  /// `[[from, to, value]]` for the periods in the window: one by one up to the limit, else
  /// runs of buckets holding the value the last period in each reached (or `merged`, for
  /// values that are names, when given).
  func periods(
    _ items: [(Timeline.Period, JSONValue)], aggregated: inout Bool, merged: String? = nil
  ) -> JSONValue {
    let shown = items.filter { overlaps($0.0) }
    guard shown.count > TimelineHTML.itemLimit else {
      return .array(
        shown.map { .array([offset($0.0.start), offset($0.0.end), $0.1]) })
    }
    aggregated = true
    var columns = [JSONValue?](repeating: nil, count: TimelineHTML.buckets)
    for (period, value) in shown {
      let first = bucket(period.start)
      let end = period.end >= window.times.upperBound ? columns.count : bucket(period.end)
      let painted: JSONValue = merged.map { .string($0) } ?? (isName(value) ? .null : value)
      for index in first..<max(first + 1, end) { columns[index] = painted }
    }
    var runs: [JSONValue] = []
    var index = 0
    while index < columns.count {
      guard let value = columns[index] else {
        index += 1
        continue
      }
      var end = index + 1
      while end < columns.count, columns[end] == value { end += 1 }
      let to = end == columns.count ? span : bucketStart(end)
      runs.append(.array([.number(String(bucketStart(index))), .number(String(to)), value]))
      index = end
    }
    return .array(runs)
  }

  private func isName(_ value: JSONValue) -> Bool {
    if case .string = value { return true }
    return false
  }

  /// `points` one by one up to the limit, else one per bucket with its count, its worst
  /// severity and a text that says what it holds. A point drawn alone says `text` of itself
  /// (by default, its own).
  func points(
    _ points: [Point], noun: String, text: (Point) -> String = \.text, aggregated: inout Bool
  ) -> [Placed] {
    guard points.count > TimelineHTML.itemLimit else {
      return points.map {
        Placed(
          t: offset($0.time), count: 1, text: .string(text($0)), severity: $0.severity,
          finding: $0.finding.map { [seq = $0.seq, time = $0.time] in (seq, time, $0) })
      }
    }
    aggregated = true
    var buckets: [Int: [Point]] = [:]
    for point in points { buckets[bucket(point.time), default: []].append(point) }
    return buckets.keys.sorted().compactMap { index in
      guard let items = buckets[index], let first = items.first, let last = items.last else {
        return nil
      }
      guard items.count > 1 else {
        return Placed(
          t: offset(first.time), count: 1, text: .string(text(first)),
          severity: first.severity, finding: first.finding.map { (first.seq, first.time, $0) })
      }
      var text = "\(items.count) \(noun), seq \(first.seq)–\(last.seq)"
      var rules: [String: Int] = [:]
      for item in items { if let rule = item.rule { rules[rule, default: 0] += 1 } }
      for rule in rules.keys.sorted() { text += "\n\(rule) ×\(rules[rule] ?? 0)" }
      return Placed(
        t: offset(first.time), count: JSONValue(items.count), text: .string(text),
        severity: items.compactMap(\.severity).max(), finding: nil)
    }
  }
}
