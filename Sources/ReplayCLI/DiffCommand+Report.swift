import SceneTrace
import SceneTraceFile
import SceneTraceText

// What `replay diff A B` prints where two traces behave differently.

extension DiffCommand {
  /// How many events of the stretch that differs are shown, at most, on each side.
  static let shownOfStretch = 12

  /// The divergence as text: where, the events around it in both traces, what differs.
  func textReport(
    _ divergence: BehaviourComparison.Divergence, sides: (Side, Side),
    matching: SessionMatching
  ) -> [String] {
    let around = divergence.around
    let states = divergence.states
    var lines = [
      "\(files[0]) and \(files[1]) behave differently: the states first differ after seq "
        + "\(states.a.seq) of a and seq \(states.b.seq) of b",
      "  a: " + headline(divergence.a, cause: divergence.causeA, in: around.a),
      "  b: " + headline(divergence.b, cause: divergence.causeB, in: around.b),
    ]
    if !matching.isIdentity {
      lines.append("sessions matched (a = b): \(matching.description)")
    }
    let marks = divergence.isHunk ? ("- ", "+ ") : ("! ", "! ")
    lines.append("")
    lines.append("events around it in a (\(files[0]))")
    lines += shown(divergence.a, in: around.a, lastSeq: sides.0.lastSeq, marker: marks.0)
    lines.append("events around it in b (\(files[1]))")
    lines += shown(divergence.b, in: around.b, lastSeq: sides.1.lastSeq, marker: marks.1)
    lines.append("")
    let naming = matching.isIdentity ? "" : ", sessions named as in a"
    lines.append("what differs after them (a → b\(naming))")
    lines += ChangeText.render(divergence.changes).map { "  " + $0 }
    return lines
  }

  /// `seq 19  state.render session=W2 …`: the event of `range` that made the state differ (or
  /// its first), or what stands in its place when `range` is empty.
  private func headline(
    _ range: Range<Int>, cause: Int?, in events: BehaviourComparison.EventRun
  ) -> String {
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

  /// The events of `range` marked (the first ``shownOfStretch``), with those around it
  /// (`events`: a few before and after), in columns as wide as a trace whose last seq is
  /// `lastSeq` needs and as the lines shown need.
  private func shown(
    _ range: Range<Int>, in events: BehaviourComparison.EventRun, lastSeq: Int, marker: String
  ) -> [String] {
    let before = events.start..<range.lowerBound
    let marked = range.prefix(Self.shownOfStretch)
    // A trace's tail is held only as far as it is shown.
    let after = range.upperBound..<max(range.upperBound, events.indices.upperBound)
    var text = EventText(lastSeq: lastSeq)
    for index in [before, marked, after].joined() {
      text.widen(seq: events[index].seq, time: events[index].time, type: events[index].type)
    }
    var lines = before.map { text.line(events[$0]) }
    if range.isEmpty {
      lines.append("  (nothing here)")
    }
    lines += marked.map { text.line(events[$0], marker: marker) }
    if range.count > Self.shownOfStretch {
      lines.append("  … \(range.count - Self.shownOfStretch) more")
    }
    lines += after.map { text.line(events[$0]) }
    return lines.map { "  " + $0 }
  }

  /// How many events of a trace's tail the comparison holds for `--json`: those of a longer
  /// tail are read again from the trace as the report is written. (Held, 1.8·10^6 events of a
  /// tail took 1.76 GB, and the report made of them as one value as much again.)
  static let tailHeldForJSON = 4096

  /// Writes the divergence as one JSON object, a part at a time; b's state is named as a's.
  /// The events of a stretch the comparison did not hold whole (a long tail) are read again
  /// from their trace.
  func writeJSONReport(
    _ divergence: BehaviourComparison.Divergence, matching: SessionMatching, options: ReadOptions
  ) throws(TraceError) {
    var object = JSONObjectWriter(write: Console.outputPart)
    object.member("identical", .bool(false))
    object.member("sessions", matching.json)
    let around = divergence.around
    let sides = [
      (file: files[0], divergence.a, divergence.causeA, around.a, divergence.states.a),
      (file: files[1], divergence.b, divergence.causeB, around.b, divergence.states.b),
    ]
    for (key, (file, range, cause, events, state)) in zip(["a", "b"], sides) {
      object.startObject(key)
      object.member("file", .string(file))
      object.member("seq", JSONValue(state.seq))
      object.startArray("events")
      if range.clamped(to: events.indices) == range {
        for index in range { object.element(writing: events[index].writeJSONLine) }
      } else {
        try Self.forEachEvent(in: range, of: file, options) { event in
          object.element(writing: event.writeJSONLine)
        }
      }
      object.endArray()
      object.member("cause", cause.map { JSONValue(events[$0].seq) } ?? .null)
      object.member("state", state.json)
      object.endObject()
    }
    object.member("changes", .array(divergence.changes.map(\.json)))
    object.finish(terminator: "\n")
  }
}
