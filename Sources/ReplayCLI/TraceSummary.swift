import Foundation
import SceneTrace
import SceneTraceFile
import SceneTraceText

/// What `replay info` says about one trace file.
///
/// The facts that need every event (the counts per type, the sessions, the launches and the
/// size as JSON Lines) are worked out once, when the summary is made: the text and the JSON
/// use several of them more than once.
struct TraceSummary {
  let path: String
  let trace: LoadedTrace
  let inspection: TraceInspection?
  let fileByteCount: Int
  /// How many events of each type, in the order of the event table.
  let eventsPerType: [(EventType, Int)]
  /// Every session the events name, in natural order (S1, S2, S10).
  let sessions: [SessionID]
  let launches: Int
  let jsonLinesByteCount: Int

  init(path: String, trace: LoadedTrace, inspection: TraceInspection?, fileByteCount: Int) {
    self.path = path
    self.trace = trace
    self.inspection = inspection
    self.fileByteCount = fileByteCount
    var counts: [EventType: Int] = [:]
    var sessions = Set<SessionID>()
    for event in trace.events {
      counts[event.type, default: 0] += 1
      sessions.formUnion(event.payload.sessions)
    }
    eventsPerType = EventType.allCases.compactMap { type in counts[type].map { (type, $0) } }
    self.sessions = sessions.naturallySorted()
    launches = counts[.appLaunch] ?? 0
    jsonLinesByteCount = TraceOutput.jsonLinesSize(of: trace.events)
  }

  /// Reads the file at `path` for its summary; losses go to standard error.
  static func read(_ path: String, options: ReadOptions) throws -> TraceSummary {
    let size = try TraceReader.fileSize(of: path)
    if TraceInputFormat.of(path) == .sctrace {
      let inspection = try TraceReader(path: path, options: options).inspect()
      // A file without a readable event is an error, as for every command that reads traces:
      // loading it says why.
      if inspection.trace.events.isEmpty { _ = try TraceFile.load(path: path, options: options) }
      TraceReadingOptions.reportLosses(of: inspection.trace)
      return TraceSummary(
        path: path, trace: inspection.trace, inspection: inspection, fileByteCount: size)
    }
    let trace = try TraceFile.load(path: path, options: options)
    TraceReadingOptions.reportLosses(of: trace)
    return TraceSummary(path: path, trace: trace, inspection: nil, fileByteCount: size)
  }

  var events: [Event] { trace.events }
  var firstSeq: Int? { events.first?.seq }
  var lastSeq: Int? { events.last?.seq }

  /// Seconds from the first event to the last.
  var duration: TraceTime {
    TraceTime(
      nanoseconds: (events.last?.time.nanoseconds ?? 0) - (events.first?.time.nanoseconds ?? 0))
  }

  /// `intact`, `truncated` or `damaged`.
  var integrity: String {
    if !trace.damage.isEmpty || !(inspection?.problems.isEmpty ?? true) { return "damaged" }
    if trace.truncation != nil { return "truncated" }
    return "intact"
  }

  /// The problems found, one sentence each.
  var problems: [String] {
    trace.damage.map(\.description) + (trace.truncation.map { [$0] } ?? [])
      + (inspection?.problems ?? [])
  }

  /// The header's start time in ISO 8601, if known.
  var startTime: String? {
    guard let nanoseconds = trace.header?.startWallClockNanoseconds else { return nil }
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.string(from: Date(timeIntervalSince1970: Double(nanoseconds) / 1e9))
  }

  var compressionRatio: Double {
    Double(jsonLinesByteCount) / Double(max(fileByteCount, 1))
  }

  // MARK: Text

  var text: String {
    var rows: [(String, String)] = []
    let format =
      trace.header.map { "\(trace.format) \($0.formatVersion)" } ?? trace.format.description
    rows.append(("format", format))
    if let header = trace.header {
      rows.append(("recorder", header.recorderVersion.isEmpty ? "unknown" : header.recorderVersion))
      rows.append(("app", header.appName.isEmpty ? "unknown" : header.appName))
      rows.append(("started", startTime ?? "unknown"))
    }
    if let first = firstSeq, let last = lastSeq {
      rows.append(("events", "\(events.count) (seq \(first)–\(last)) over \(duration) s"))
    }
    let names = sessions.prefix(6).map(\.rawValue).joined(separator: ", ")
    rows.append(
      (
        "sessions",
        "\(sessions.count)\(sessions.isEmpty ? "" : " (\(names)\(sessions.count > 6 ? ", …" : ""))")"
      ))
    rows.append(("launches", "\(launches)"))
    if let inspection {
      rows.append(
        (
          "frames",
          "\(plural(inspection.frames.count, "event frame")), "
            + "\(plural(inspection.checkpoints.count, "checkpoint"))"
        ))
      let content = Double(inspection.contentByteCount) / Double(max(fileByteCount, 1))
      rows.append(
        (
          "size",
          "\(TraceOutput.size(fileByteCount)), \(perEvent(fileByteCount)) bytes an event; "
            + "\(TraceOutput.size(inspection.contentByteCount)) of encoded events "
            + "(zstd ratio \(TraceOutput.decimal(content, digits: 1)))"
        ))
    } else {
      rows.append(
        ("size", "\(TraceOutput.size(fileByteCount)), \(perEvent(fileByteCount)) bytes an event"))
    }
    rows.append(
      (
        "as JSON Lines",
        "\(TraceOutput.size(jsonLinesByteCount)) (ratio "
          + "\(TraceOutput.decimal(compressionRatio, digits: 1)))"
      ))
    rows.append(("integrity", integrity))
    rows.append(("loss", lossSummary))
    let width = rows.map(\.0.count).max() ?? 0
    var lines = [path] + rows.map { "  \($0.0.rightPadded(to: width))  \($0.1)" }
    lines += problems.map { "    \($0)" }
    lines += trace.loss.map { "    at seq \($0.seq): \($0.summary)" }
    lines.append("  events per type")
    let typeWidth = eventsPerType.map(\.0.rawValue.count).max() ?? 0
    lines += eventsPerType.map { "    \($0.0.rawValue.rightPadded(to: typeWidth))  \($0.1)" }
    return lines.joined(separator: "\n")
  }

  /// `none`, or how many stretches were lost and how many events they held, when known.
  private var lossSummary: String {
    guard !trace.loss.isEmpty else { return "none: every recorded event is in the trace" }
    let counted = trace.loss.compactMap(\.eventCount).reduce(0, +)
    let unknown = trace.loss.contains { $0.eventCount == nil }
    let events =
      "\(LostStretch.grouped(counted))\(unknown ? " or more" : "") event"
      + (counted == 1 && !unknown ? "" : "s")
    return "\(events) lost in \(plural(trace.loss.count, "stretch", plural: "stretches")) "
      + "(`replay check` reports them as trace.events-lost)"
  }

  private func plural(_ count: Int, _ noun: String, plural: String) -> String {
    "\(count) \(count == 1 ? noun : plural)"
  }

  private func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }

  private func perEvent(_ bytes: Int) -> String {
    TraceOutput.bytesPerEvent(bytes, events.count)
  }

  // MARK: JSON

  var json: JSONValue {
    let header = trace.header
    let version: String? = header?.formatVersion.description
    var pairs: [(String, JSONValue)] = []
    pairs.append(("file", .string(path)))
    pairs.append(("format", .string(trace.format.rawValue)))
    pairs.append(("formatVersion", JSONValue(version)))
    pairs.append(("recorder", JSONValue(header?.recorderVersion)))
    pairs.append(("app", JSONValue(header?.appName)))
    pairs.append(("start", JSONValue(startTime)))
    pairs.append(("events", JSONValue(events.count)))
    pairs.append(("firstSeq", Self.number(firstSeq)))
    pairs.append(("lastSeq", Self.number(lastSeq)))
    pairs.append(("duration", JSONValue(duration)))
    let perType = eventsPerType.map { ($0.0.rawValue, JSONValue($0.1)) }
    pairs.append(("eventsPerType", .object(JSONObject(perType))))
    pairs.append(("sessions", JSONValue(sessions.count)))
    pairs.append(("launches", JSONValue(launches)))
    pairs.append(("frames", Self.number(inspection?.frames.count)))
    pairs.append(("checkpoints", Self.number(inspection?.checkpoints.count)))
    pairs.append(("bytes", JSONValue(fileByteCount)))
    pairs.append(("contentBytes", Self.number(inspection?.contentByteCount)))
    pairs.append(("jsonLinesBytes", JSONValue(jsonLinesByteCount)))
    pairs.append(("compressionRatio", .number(TraceOutput.decimal(compressionRatio, digits: 2))))
    pairs.append(("integrity", .string(integrity)))
    pairs.append(("problems", .array(problems.map { JSONValue.string($0) })))
    pairs.append(("loss", .array(trace.loss.map(\.json))))
    return .object(JSONObject(pairs))
  }

  private static func number(_ value: Int?) -> JSONValue {
    value.map { JSONValue($0) } ?? .null
  }
}
