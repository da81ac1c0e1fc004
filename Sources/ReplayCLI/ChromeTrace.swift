import SceneTrace
import SceneTraceFile
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
///
/// Each event is a `JSONValue` written by the project's own JSON writer, its keys sorted as it
/// is made: through `JSONSerialization` with sorted keys (values boxed as `Any`, keys compared
/// by `NSString` with a locale) 2·10^5 mixed events took 32 G instructions, 27 G of them there.
///
/// The trace is written as its events are made, a part at a time (``write(_:to:)``): held whole,
/// its events took 350 MB of `export`'s 513 MB for 2·10^6 mixed events. The metadata that name
/// the processes and threads come first and name every one used, which a first pass over the
/// timeline finds without making an event.
struct ChromeTrace {
  /// An event or its `args`, made from members in any order.
  private typealias Members = [(String, JSONValue)]

  private let timeline: Timeline
  /// Whether this pass only finds the threads used, writing nothing.
  private let isPlacing: Bool
  /// The text of the events written since the last part was handed on.
  private var text: JSONText
  /// Whether an event was written: the next one comes after a comma.
  private var wroteEvent = false
  /// Takes each part of the text.
  private let emit: (borrowing JSONText) -> Void
  private var threads: Set<[Int]> = []
  private var nextFlow = 1
  /// The thread of each session: its lane's place, from 1.
  private let threadOfSession: [SessionID: Int]

  /// How many bytes are handed on at a time, about.
  private static let partSize = 1 << 16

  /// Writes the JSON of `timeline`'s Chrome trace to `emit`, a part at a time: keys sorted, one
  /// event a line, the metadata first.
  static func write(_ timeline: Timeline, to emit: (borrowing JSONText) -> Void) {
    withoutActuallyEscaping(emit) { emit in
      var placing = ChromeTrace(timeline: timeline, isPlacing: true, emit: emit)
      placing.build()
      var trace = ChromeTrace(timeline: timeline, isPlacing: false, emit: emit)
      trace.text.append("{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n")
      for event in placing.metadata() { trace.write(event) }
      trace.build()
      trace.text.append(trace.wroteEvent ? "\n]}\n" : "]}\n")
      emit(trace.text)
    }
  }

  private init(
    timeline: Timeline, isPlacing: Bool, emit: @escaping (borrowing JSONText) -> Void
  ) {
    self.timeline = timeline
    self.isPlacing = isPlacing
    text = JSONText(reservingCapacity: isPlacing ? 0 : Self.partSize + (1 << 12))
    self.emit = emit
    // Looked up for every mark: a search of the lanes was as long as the trace has sessions.
    threadOfSession = Dictionary(
      timeline.lanes.enumerated().map { ($1.session, $0 + 1) },
      uniquingKeysWith: { first, _ in first })
  }

  /// Writes `event` after those before it, handing the text on once it holds a part.
  private mutating func write(_ event: JSONValue) {
    if wroteEvent { text.append(",\n") }
    wroteEvent = true
    event.write(to: &text, indent: nil)
    if text.byteCount >= Self.partSize {
      emit(text)
      text.removeAll()
    }
  }

  /// An object of `members`, its keys in ascending order.
  private static func object(_ members: Members) -> JSONValue {
    .object(JSONObject(members.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }))
  }

  private mutating func build() {
    for (laneIndex, lane) in timeline.lanes.enumerated() {
      for scene in lane.scenes {
        for span in scene.spans {
          complete(
            span.state?.rawValue ?? "unknown", category: "activation", span.period,
            thread: laneIndex + 1,
            args: [
              ("session", .string(lane.session.rawValue)), ("instance", JSONValue(scene.instance)),
              ("fromSeq", JSONValue(span.period.startSeq)),
              ("toSeq", JSONValue(span.period.endSeq)),
            ])
        }
      }
    }
    for key in timeline.keyScenes {
      complete(
        "key scene \(key.session.rawValue)", category: "key-scene", key.period, thread: 0,
        args: [("session", .string(key.session.rawValue))])
    }
    for loss in timeline.losses {
      complete(
        "events lost", category: "loss", loss.period, thread: 0,
        args: [
          ("kind", .string(loss.stretch.kind.rawValue)), ("seq", JSONValue(loss.stretch.seq)),
          ("summary", .string(loss.stretch.summary)), ("message", .string(loss.stretch.message)),
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
    return threadOfSession[session] ?? 0
  }

  private static func microseconds(_ time: TraceTime) -> Double {
    Double(time.nanoseconds) / 1_000
  }

  /// Notes the thread of an event and, unless this pass only finds the threads, writes the
  /// event that `members` makes, with them.
  private mutating func append(process: Int, thread: Int, _ members: () -> Members) {
    threads.insert([process, thread])
    guard !isPlacing else { return }
    write(
      Self.object(members() + [("pid", JSONValue(process)), ("tid", JSONValue(thread))]))
  }

  private mutating func complete(
    _ name: @autoclosure () -> String, category: String, _ period: Timeline.Period, thread: Int,
    args: @autoclosure () -> Members
  ) {
    append(process: process(at: period.startSeq), thread: thread) {
      [
        ("ph", "X"), ("name", .string(name())), ("cat", .string(category)),
        ("ts", JSONValue(Self.microseconds(period.start))),
        ("dur", JSONValue(Double(period.duration) / 1_000)), ("args", Self.object(args())),
      ]
    }
  }

  private mutating func instant(_ mark: Timeline.Mark) {
    append(process: process(at: mark.seq), thread: thread(of: mark.session)) {
      Self.instantMembers(mark)
    }
  }

  /// The members of the instant event of `mark`, but its process and thread.
  private static func instantMembers(_ mark: Timeline.Mark) -> Members {
    var args: Members = [("seq", JSONValue(mark.seq))]
    if let session = mark.session { args.append(("session", .string(session.rawValue))) }
    let name: String
    let category: String
    switch mark.kind {
    case .keyCommand(let input, let modifiers, let action, let target):
      name = "key.command \(action)"
      category = "key-command"
      args.append(("input", .string(input)))
      args.append(("modifiers", JSONValue(modifiers.members.map(\.rawValue))))
      args.append(("action", .string(action)))
      if let target { args.append(("target", .string(target))) }
    case .focusChange(let from, let to):
      name = "focus.update \(to ?? "none")"
      category = "focus"
      if let from { args.append(("from", .string(from))) }
      if let to { args.append(("to", .string(to))) }
    case .appMark(let label):
      name = "app.mark \(label)"
      category = "app-mark"
      args.append(("label", .string(label)))
    case .finding(let finding):
      name = "\(finding.severity.rawValue) \(finding.rule.rawValue)"
      category = "finding"
      args.append(("rule", .string(finding.rule.rawValue)))
      args.append(("severity", .string(finding.severity.rawValue)))
      args.append(("message", .string(finding.message)))
      if !finding.related.isEmpty {
        args.append(("related", .array(finding.related.map { JSONValue($0) })))
      }
    }
    return [
      ("ph", "i"), ("s", "t"), ("name", .string(name)), ("cat", .string(category)),
      ("ts", JSONValue(microseconds(mark.time))), ("args", object(args)),
    ]
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
    append(process: process(at: link.fromSeq), thread: thread(of: link.fromSession)) {
      [
        ("ph", "s"), ("name", .string(name)), ("cat", .string(category)), ("id", JSONValue(id)),
        ("ts", JSONValue(Self.microseconds(link.fromTime))),
        ("args", Self.object([("seq", JSONValue(link.fromSeq))])),
      ]
    }
    append(process: process(at: link.toSeq), thread: thread(of: link.toSession)) {
      [
        ("ph", "f"), ("bp", "e"), ("name", .string(name)), ("cat", .string(category)),
        ("id", JSONValue(id)), ("ts", JSONValue(Self.microseconds(link.toTime))),
        ("args", Self.object([("seq", JSONValue(link.toSeq))])),
      ]
    }
  }

  /// The `M` events naming every process and thread used, and ordering the threads as the
  /// lanes are.
  private func metadata() -> [JSONValue] {
    var result: [JSONValue] = []
    for process in Set(threads.map { $0[0] }).sorted() {
      let name =
        process == 0
        ? "before any launch"
        : "launch \(timeline.launches[process - 1].name) (seq \(timeline.launches[process - 1].seq))"
      result.append(
        Self.metadataEvent("process_name", process: process, thread: 0, ("name", .string(name))))
      result.append(
        Self.metadataEvent(
          "process_sort_index", process: process, thread: 0, ("sort_index", JSONValue(process))))
    }
    for pair in threads.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
      let name = pair[1] == 0 ? "app" : timeline.lanes[pair[1] - 1].label
      result.append(
        Self.metadataEvent(
          "thread_name", process: pair[0], thread: pair[1], ("name", .string(name))))
      result.append(
        Self.metadataEvent(
          "thread_sort_index", process: pair[0], thread: pair[1],
          ("sort_index", JSONValue(pair[1]))))
    }
    return result
  }

  /// An `M` event `name` of thread `thread` of process `process`, with its one argument.
  private static func metadataEvent(
    _ name: String, process: Int, thread: Int, _ argument: (String, JSONValue)
  ) -> JSONValue {
    object([
      ("ph", "M"), ("name", .string(name)), ("pid", JSONValue(process)),
      ("tid", JSONValue(thread)), ("args", object([argument])),
    ])
  }
}
