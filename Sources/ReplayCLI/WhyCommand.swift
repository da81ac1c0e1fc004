import ArgumentParser
import SceneTrace
import SceneTraceFile
import SceneTraceText

struct WhyCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "why",
    abstract: "Which event last changed a state field, and the events that fed it.",
    discussion: """
      PATH names a field of the state JSON (`replay state --json`): keys joined by dots, keys \
      that hold dots quoted in brackets. Prints the field's value after --at, the event that \
      last changed it, and the earlier changes of the same field back to when it appeared. \
      A negative --at counts from the end (--at -1 is the last event).

        replay why traces/two-windows-clean.jsonl --at 30 app.keyScene
        replay why traces/sketch-restoration-bug.jsonl sessions.S2.scene.content
        replay why app.jsonl 'shared["restoration:sketch.txt"].value'
      """)

  @Argument(help: "The trace: .sctrace, JSON Lines, or zstd-compressed JSON Lines.")
  var file: String

  @Argument(help: "The state field, such as sessions.B.scene.focus.")
  var path: String

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "The state after this event (default: the last; -N: the Nth from the end).",
      valueName: "seq"))
  var at: Int?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Earlier changes to list at most.", valueName: "n"))
  var depth = 10

  @Flag(help: "Print the answer as JSON.")
  var json = false

  @OptionGroup var reading: SingleTraceReadingOptions

  func validate() throws {
    if depth < 0 { throw ValidationError("--depth must be 0 or more.") }
  }

  /// One change of the field: the event and the values around it.
  private struct FieldChange {
    var event: Event
    var before: JSONValue?
    var after: JSONValue?
    var findings: [Finding]
    /// For a whole map (``StateMapJSON``), what the change changed of it: its values are made
    /// once the last change is known, for the changes printed alone (``Changes/settle(_:)``).
    var mapChange: StateMapJSON.Change?
  }

  /// The latest changes of the field, as many as are printed, and how many there were.
  private struct Changes {
    private(set) var latest: [FieldChange] = []
    private(set) var count = 0
    /// How many of the latest are kept.
    let kept: Int

    mutating func append(_ change: FieldChange) {
      latest.append(change)
      count += 1
      // Dropped in runs, so that each change is moved once at most.
      if latest.count - kept >= kept { latest.removeFirst(latest.count - kept) }
    }

    /// The latest `kept`, oldest first.
    var printed: ArraySlice<FieldChange> { latest.suffix(kept) }

    /// Gives the changes of a whole map that are printed their values before and after: each
    /// change's values, from the map at the end, the changes after it undone.
    mutating func settle(_ map: StateMapJSON) {
      var map = map
      for index in latest.indices.suffix(kept).reversed() {
        latest[index].after = map.json
        if let change = latest[index].mapChange { map.undo(change) }
        latest[index].before = map.json
      }
    }
  }

  func run() throws {
    let field = try JSONPath(parsing: path)
    let reading = reading.reading
    // The events are replayed as they are read. A seq counted from the end is found by a first
    // pass; a seq past the end is refused once the last is known.
    let stop = try at.map { at in
      guard at < 0 else { return at }
      let scan = try reading.scan([file])
      return try TraceArguments.seq(at, option: "--at", lastSeq: scan.last, path: scan.path)
    }
    var replay = Replay()
    var value = replay.state.json(at: field)
    var everPresent = value != nil
    let wholeMap = Self.wholeMap(field)
    var map = wholeMap.flatMap { StateMapJSON($0, of: replay.state) }
    let entry = MapEntry(field)
    if let noted = map?.notedMap ?? entry?.map { replay.noteChanges(to: noted) }
    // The last change and `depth` before it (every one, for a depth as large as an Int goes).
    var changes = Changes(kept: depth == .max ? depth : depth + 1)
    let streamed = try reading.streamAhead([file], quiet: true) { events in
      // Each event read where it is stored and copied once, into the reducer; its findings
      // made into an array only for a change.
      for index in events.indices where stop.map({ events[index].seq <= $0 }) ?? true {
        let start = replay.findings.count
        replay.record(events[index])
        if map != nil {
          guard let change = map?.update(after: &replay) else { continue }
          changes.append(
            FieldChange(
              event: events[index], findings: Array(replay.findings[start...]), mapChange: change)
          )
          continue
        }
        // A field of one session, drag or shared value changes only where that entry does.
        if let entry, !entry.changed(in: &replay) { continue }
        let next = Self.value(of: field, in: &replay)
        everPresent = everPresent || next != nil
        if next != value {
          changes.append(
            FieldChange(
              event: events[index], before: value, after: next,
              findings: Array(replay.findings[start...])))
          value = next
        }
      }
      // Only the findings of the changes are kept.
      _ = replay.takeFindings()
    }
    let last = streamed.tally.last?.seq ?? 0
    let end =
      try stop.map { try TraceArguments.seq($0, option: "--at", lastSeq: last, path: file) }
      ?? last
    if let map {
      changes.settle(map)
      value = map.json
      everPresent = true
    }
    guard everPresent else {
      throw UsageError(Self.noSuchField(field, in: replay.state.json, at: end))
    }
    if json {
      printJSON(field: field, value: value, end: end, changes: changes)
    } else {
      printText(field: field, value: value, state: replay.state, changes: changes, lastSeq: last)
    }
  }

  /// The member of the state that `field` names when it is a whole member: `sessions`, `drags`
  /// and `shared` are followed entry by entry (``StateMapJSON``). Nil for any other path, whose
  /// JSON is small or made from the one entry it names.
  private static func wholeMap(_ field: JSONPath) -> String? {
    guard field.components.count == 1, case .key(let member) = field.components[0] else {
      return nil
    }
    return member
  }

  /// The entry of a map that a path into it names (`sessions.B.scene.focus`, `drags.d1`,
  /// `shared["k"].value`): the field can change only at an event that changes that entry, and
  /// its value is made again only after such an event. Made after every event, a session's
  /// JSON was four fifths of following a field of it (2·10^5 mixed events: 10,400
  /// instructions an event).
  private enum MapEntry {
    case session(SessionID)
    case drag(DragID)
    case shared(String)

    /// The entry `field` is in; nil when it is not in one entry of a map.
    init?(_ field: JSONPath) {
      guard field.components.count >= 2, case .key(let member) = field.components[0],
        case .key(let key) = field.components[1]
      else { return nil }
      switch member {
      case "sessions": self = .session(SessionID(key))
      case "drags": self = .drag(DragID(key))
      case "shared": self = .shared(key)
      default: return nil
      }
    }

    /// The map whose changes tell this entry's.
    var map: Replay.NotedMap {
      switch self {
      case .session: .sessions
      case .drag: .drags
      case .shared: .shared
      }
    }

    /// Whether the events `replay` applied since this was last asked changed the entry (or
    /// may have: an entry noted may have been set to what it was). A shared value is looked up
    /// by its key's characters, as the store finds it, so a write in another spelling of them
    /// changes it too.
    func changed(in replay: inout Replay) -> Bool {
      switch self {
      case .session(let id): replay.takeChangedSessions().contains(id)
      case .drag(let id): replay.takeChangedDrags().contains(id)
      case .shared(let key): replay.takeChangedSharedKeys().contains(key)
      }
    }
  }

  /// The field's value in the state of `replay`, read where the state is stored: read from
  /// the replay the closure captures, the state (every session and drag) was copied at every
  /// event, about 600 instructions.
  private static func value(of field: JSONPath, in replay: inout Replay) -> JSONValue? {
    replay.state.json(at: field)
  }

  private func printText(
    field: JSONPath, value: JSONValue?, state: TraceState, changes: Changes, lastSeq: Int
  ) {
    // The latest change and the `depth` before it (`depth + 1` overflows at the largest Int).
    let earlier = changes.printed.dropLast().suffix(depth)
    let shown = earlier + changes.printed.suffix(1)
    let text = EventText(lastSeq: lastSeq).widened(toFit: shown.map(\.event)[...])
    Console.output(
      "\(field) after seq \(state.seq) (t \(state.time)): \(Self.describe(value))")
    guard let latest = changes.printed.last else {
      Console.output("unchanged since the start of the trace")
      return
    }
    Console.output("last changed by")
    for line in Self.lines(for: latest, text: text) { Console.output(line) }
    guard !earlier.isEmpty else { return }
    let hidden = changes.count - 1 - earlier.count
    Console.output(
      "fed by" + (hidden > 0 ? " (the \(earlier.count) latest; \(hidden) earlier)" : ""))
    for change in earlier.reversed() {
      for line in Self.lines(for: change, text: text) { Console.output(line) }
    }
  }

  private static func lines(for change: FieldChange, text: EventText) -> [String] {
    var lines = [text.line(change.event)]
    let pad = String(repeating: " ", count: text.seqWidth + 4)
    lines.append(pad + "\(describe(change.before)) → \(describe(change.after))")
    for finding in change.findings {
      lines.append(pad + "\(finding.severity.rawValue)[\(finding.rule)]: \(finding.message)")
    }
    return lines
  }

  private func printJSON(field: JSONPath, value: JSONValue?, end: Int, changes: Changes) {
    let items: [JSONValue] = changes.printed.reversed().map { change in
      .object([
        "event": change.event.json, "before": change.before ?? .null,
        "after": change.after ?? .null, "findings": .array(change.findings.map(\.json)),
      ])
    }
    let report: JSONValue = .object([
      "path": .string(field.description), "at": JSONValue(end), "value": value ?? .null,
      "present": .bool(value != nil), "changes": .array(items),
    ])
    Console.output(report.serialized())
  }

  private static func describe(_ value: JSONValue?) -> String {
    value.map { $0.serialized() } ?? "absent"
  }

  /// Why `field` names nothing: the deepest part of it that exists, and what that part holds.
  private static func noSuchField(_ field: JSONPath, in state: JSONValue, at seq: Int) -> String {
    var known = JSONPath.root
    for component in field.components {
      let next = known.appending(component)
      guard state[next] != nil else { break }
      known = next
    }
    let place = known.components.isEmpty ? "the state" : known.description
    var message = "\(field) names nothing in the state up to seq \(seq)"
    if case .object(let object)? = state[known] {
      let keys = object.keys.prefix(12).joined(separator: ", ")
      message += "; \(place) holds \(object.isEmpty ? "nothing" : keys)"
    } else {
      message += "; \(place) is not an object"
    }
    return message + " (see `replay state --json`)"
  }
}
