import SceneTrace
import SceneTraceFile
import SceneTraceText

// What `replay diff A B` prints where two traces behave differently.

extension DiffCommand {
  /// How many events are shown before and after the stretch that differs.
  private static let context = 3
  /// How many events of that stretch are shown, at most, on each side.
  private static let shownOfStretch = 12

  /// The divergence as text: where, the events around it in both traces, what differs.
  func textReport(
    _ divergence: BehaviourComparison.Divergence, traces: (LoadedTrace, LoadedTrace),
    matching: SessionMatching
  ) -> [String] {
    let events = (traces.0.events, traces.1.events)
    let states = divergence.states
    var lines = [
      "\(files[0]) and \(files[1]) behave differently: the states first differ after seq "
        + "\(states.a.seq) of a and seq \(states.b.seq) of b",
      "  a: " + headline(divergence.a, cause: divergence.causeA, in: events.0),
      "  b: " + headline(divergence.b, cause: divergence.causeB, in: events.1),
    ]
    if !matching.isIdentity {
      lines.append("sessions matched (a = b): \(matching.description)")
    }
    let marks = divergence.isHunk ? ("- ", "+ ") : ("! ", "! ")
    lines.append("")
    lines.append("events around it in a (\(files[0]))")
    lines += around(divergence.a, in: events.0, marker: marks.0)
    lines.append("events around it in b (\(files[1]))")
    lines += around(divergence.b, in: events.1, marker: marks.1)
    lines.append("")
    let naming = matching.isIdentity ? "" : ", sessions named as in a"
    lines.append("what differs after them (a → b\(naming))")
    lines += ChangeText.render(divergence.changes).map { "  " + $0 }
    return lines
  }

  /// `seq 19  state.render session=W2 …`: the event of `range` that made the state differ (or
  /// its first), or what stands in its place when `range` is empty.
  private func headline(_ range: Range<Int>, cause: Int?, in events: [Event]) -> String {
    guard let index = cause ?? (range.isEmpty ? nil : range.lowerBound) else {
      let before = range.lowerBound > 0 ? "after seq \(events[range.lowerBound - 1].seq)" : ""
      let place = before.isEmpty ? "at its start" : before
      return "nothing in its place (\(place))"
    }
    let event = events[index]
    var text = "seq \(event.seq)  \(EventText.summary(of: event))"
    if cause == nil { text += "  (changes nothing by itself)" }
    let others = range.count - 1
    if others > 0 { text += "  (and \(others) more event\(others == 1 ? "" : "s") that differ)" }
    return text
  }

  /// The events of `range` marked, with a few before and after.
  private func around(_ range: Range<Int>, in events: [Event], marker: String) -> [String] {
    let start = max(range.lowerBound - Self.context, 0)
    let end = min(range.upperBound + Self.context, events.count)
    let text = EventText(lastSeq: events.last?.seq ?? 0).widened(toFit: events[start..<end])
    var lines: [String] = []
    for index in start..<range.lowerBound { lines.append(text.line(events[index])) }
    if range.isEmpty {
      lines.append("  (nothing here)")
    }
    for index in range.prefix(Self.shownOfStretch) {
      lines.append(text.line(events[index], marker: marker))
    }
    if range.count > Self.shownOfStretch {
      lines.append("  … \(range.count - Self.shownOfStretch) more")
    }
    for index in range.upperBound..<end { lines.append(text.line(events[index])) }
    return lines.map { "  " + $0 }
  }

  /// The divergence as one JSON object; b's state is named as a's.
  func jsonReport(
    _ divergence: BehaviourComparison.Divergence, traces: (LoadedTrace, LoadedTrace),
    matching: SessionMatching
  ) -> JSONValue {
    func side(
      _ file: String, _ range: Range<Int>, _ cause: Int?, _ events: [Event], _ state: TraceState
    ) -> JSONValue {
      .object([
        "file": .string(file),
        "seq": JSONValue(state.seq),
        "events": .array(range.map { events[$0].json }),
        "cause": cause.map { JSONValue(events[$0].seq) } ?? .null,
        "state": state.json,
      ])
    }
    return .object([
      "identical": .bool(false),
      "sessions": matching.json,
      "a": side(
        files[0], divergence.a, divergence.causeA, traces.0.events, divergence.states.a),
      "b": side(
        files[1], divergence.b, divergence.causeB, traces.1.events, divergence.states.b),
      "changes": .array(divergence.changes.map(\.json)),
    ])
  }
}
