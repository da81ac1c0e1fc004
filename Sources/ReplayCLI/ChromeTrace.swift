import Foundation
import SceneTrace
import SceneTraceText

/// A timeline in the Chrome trace event format (the JSON object form), which chrome://tracing
/// and Perfetto open: a process per launch, a thread per scene session, activation states as
/// complete (`X`) events, key commands, focus changes, app marks and findings as thread-scoped
/// instant (`i`) events with their fields in `args`, drag-and-drop and write→render links as
/// flow events (`s` and `f`, bound to the enclosing slice). Times are in microseconds since
/// the trace started.
///
/// Thread 0 of each process is the app's own track: the key scene, lost stretches, app marks
/// and findings that name no session.
struct ChromeTrace {
  private let timeline: Timeline
  private var events: [[String: Any]] = []
  private var threads: Set<[Int]> = []
  private var nextFlow = 1

  /// The JSON of `timeline`'s Chrome trace, keys sorted, one event a line.
  static func json(_ timeline: Timeline) throws -> Data {
    var trace = ChromeTrace(timeline: timeline)
    trace.build()
    let body = trace.metadata() + trace.events
    var data = Data("{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n".utf8)
    for (index, event) in body.enumerated() {
      data += try JSONSerialization.data(withJSONObject: event, options: [.sortedKeys])
      data += Data((index == body.count - 1 ? "\n" : ",\n").utf8)
    }
    data += Data("]}\n".utf8)
    return data
  }

  private init(timeline: Timeline) { self.timeline = timeline }

  private mutating func build() {
    for (laneIndex, lane) in timeline.lanes.enumerated() {
      for scene in lane.scenes {
        for span in scene.spans {
          complete(
            span.state?.rawValue ?? "unknown", category: "activation", span.period,
            thread: laneIndex + 1,
            args: [
              "session": lane.session.rawValue, "instance": scene.instance,
              "fromSeq": span.period.startSeq, "toSeq": span.period.endSeq,
            ])
        }
      }
    }
    for key in timeline.keyScenes {
      complete(
        "key scene \(key.session.rawValue)", category: "key-scene", key.period, thread: 0,
        args: ["session": key.session.rawValue])
    }
    for loss in timeline.losses {
      complete(
        "events lost", category: "loss", loss.period, thread: 0,
        args: [
          "kind": loss.stretch.kind.rawValue, "seq": loss.stretch.seq,
          "summary": loss.stretch.summary, "message": loss.stretch.message,
        ])
    }
    for mark in timeline.marks { instant(mark) }
    for link in timeline.links { flow(link) }
  }

  /// The process of the launch in effect at `seq`: 1 for the first launch, 0 before any.
  private func process(at seq: Int) -> Int {
    (timeline.launches.lastIndex { $0.seq <= seq } ?? -1) + 1
  }

  private func thread(of session: SessionID?) -> Int {
    guard let session else { return 0 }
    return (timeline.lanes.firstIndex { $0.session == session } ?? -1) + 1
  }

  private static func microseconds(_ time: TraceTime) -> Double {
    Double(time.nanoseconds) / 1_000
  }

  private mutating func append(_ event: [String: Any], process: Int, thread: Int) {
    threads.insert([process, thread])
    var event = event
    event["pid"] = process
    event["tid"] = thread
    events.append(event)
  }

  private mutating func complete(
    _ name: String, category: String, _ period: Timeline.Period, thread: Int,
    args: [String: Any]
  ) {
    append(
      [
        "ph": "X", "name": name, "cat": category, "ts": Self.microseconds(period.start),
        "dur": Double(period.duration) / 1_000, "args": args,
      ], process: process(at: period.startSeq), thread: thread)
  }

  private mutating func instant(_ mark: Timeline.Mark) {
    var args: [String: Any] = ["seq": mark.seq]
    if let session = mark.session { args["session"] = session.rawValue }
    let name: String
    let category: String
    switch mark.kind {
    case .keyCommand(let input, let modifiers, let action, let target):
      name = "key.command \(action)"
      category = "key-command"
      args["input"] = input
      args["modifiers"] = modifiers.members.map(\.rawValue)
      args["action"] = action
      if let target { args["target"] = target }
    case .focusChange(let from, let to):
      name = "focus.update \(to ?? "none")"
      category = "focus"
      if let from { args["from"] = from }
      if let to { args["to"] = to }
    case .appMark(let label):
      name = "app.mark \(label)"
      category = "app-mark"
      args["label"] = label
    case .finding(let finding):
      name = "\(finding.severity.rawValue) \(finding.rule.rawValue)"
      category = "finding"
      args["rule"] = finding.rule.rawValue
      args["severity"] = finding.severity.rawValue
      args["message"] = finding.message
      if !finding.related.isEmpty { args["related"] = finding.related }
    }
    append(
      [
        "ph": "i", "s": "t", "name": name, "cat": category,
        "ts": Self.microseconds(mark.time), "args": args,
      ], process: process(at: mark.seq), thread: thread(of: mark.session))
  }

  private mutating func flow(_ link: Timeline.Link) {
    let name: String
    let category: String
    switch link.kind {
    case .dragAndDrop(let drag):
      name = "drag \(drag.rawValue)"
      category = "drag-and-drop"
    case .writeToRender(let key, _):
      name = key
      category = "write-render"
    }
    let id = nextFlow
    nextFlow += 1
    append(
      [
        "ph": "s", "name": name, "cat": category, "id": id,
        "ts": Self.microseconds(link.fromTime), "args": ["seq": link.fromSeq],
      ], process: process(at: link.fromSeq), thread: thread(of: link.fromSession))
    append(
      [
        "ph": "f", "bp": "e", "name": name, "cat": category, "id": id,
        "ts": Self.microseconds(link.toTime), "args": ["seq": link.toSeq],
      ], process: process(at: link.toSeq), thread: thread(of: link.toSession))
  }

  /// The `M` events naming every process and thread used, and ordering the threads as the
  /// lanes are.
  private func metadata() -> [[String: Any]] {
    var result: [[String: Any]] = []
    for process in Set(threads.map { $0[0] }).sorted() {
      let name =
        process == 0
        ? "before any launch"
        : "launch \(timeline.launches[process - 1].name) (seq \(timeline.launches[process - 1].seq))"
      result.append([
        "ph": "M", "name": "process_name", "pid": process, "tid": 0, "args": ["name": name],
      ])
      result.append([
        "ph": "M", "name": "process_sort_index", "pid": process, "tid": 0,
        "args": ["sort_index": process],
      ])
    }
    for pair in threads.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
      let name = pair[1] == 0 ? "app" : timeline.lanes[pair[1] - 1].label
      result.append([
        "ph": "M", "name": "thread_name", "pid": pair[0], "tid": pair[1], "args": ["name": name],
      ])
      result.append([
        "ph": "M", "name": "thread_sort_index", "pid": pair[0], "tid": pair[1],
        "args": ["sort_index": pair[1]],
      ])
    }
    return result
  }
}
