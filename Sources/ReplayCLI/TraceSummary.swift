import Foundation
import SceneTrace
import SceneTraceFile
import SceneTraceText

/// What `replay info` says about one trace file.
///
/// The figures come either from every event, worked out once when the summary is made (the
/// text and the JSON use several of them more than once), or, for a closed `.sctrace` file of
/// format 1.1 or later, from its header and its index without decoding every frame
/// (`TraceSummary+Index.swift`).
struct TraceSummary {
  /// Where the figures come from.
  enum Source {
    /// Every event was read; for a `.sctrace` file, why its index could not answer, if it was
    /// asked.
    case events(whyNotTheIndex: String?)
    /// The header, the index and `sampled` of the `frames` event frames.
    case index(sampled: Int, frames: Int)
  }

  var path: String
  var format: TraceFileFormat
  var header: TraceHeader?
  var eventCount: Int
  var firstSeq: Int?
  var lastSeq: Int?
  /// From the first event to the last.
  var duration: TraceTime
  /// How many events of each type, in the order of the event table.
  var eventsPerType: [(EventType, Int)]
  var sessionCount: Int
  /// The first sessions in natural order (S1, S2, S10): every one, or at least the first six.
  var firstSessions: [SessionID]
  var frameCount: Int?
  var checkpointCount: Int?
  var fileByteCount: Int
  var contentByteCount: Int?
  var jsonLinesByteCount: Int
  /// Whether ``jsonLinesByteCount`` was estimated from some of the events, not counted.
  var jsonLinesByteCountIsEstimate = false
  /// `intact`, `truncated` or `damaged`.
  var integrity: String
  /// The problems found, one sentence each.
  var problems: [String]
  var loss: Loss
  var source: Source

  /// What the events say of themselves beyond what the reader's ``EventTally`` counts (how
  /// many, the first and the last), counted as they are read: ``TraceSummary`` holds these
  /// figures, not the events.
  struct EventCounts {
    private var counts: [EventType: Int] = [:]
    private(set) var sessions = Set<SessionID>()
    private(set) var jsonLinesByteCount = 0

    /// Counts `events`, which follow those counted before.
    mutating func add(_ events: [Event]) {
      for event in events {
        counts[event.type, default: 0] += 1
        sessions.formUnion(event.payload.sessions)
      }
      jsonLinesByteCount += TraceOutput.jsonLinesSize(of: events)
    }

    /// How many events of each type, in the order of the event table.
    var eventsPerType: [(EventType, Int)] {
      EventType.allCases.compactMap { type in counts[type].map { (type, $0) } }
    }
  }

  /// The summary of `trace`, read without its events, which `tally` and `counts` counted.
  init(
    path: String, trace: LoadedTrace, tally: EventTally, counts: EventCounts,
    inspection: TraceInspection?, fileByteCount: Int, whyNotTheIndex: String? = nil
  ) {
    self.path = path
    format = trace.format
    header = trace.header
    eventCount = tally.count
    firstSeq = tally.first?.seq
    lastSeq = tally.last?.seq
    duration = TraceTime(
      nanoseconds: (tally.last?.time.nanoseconds ?? 0) - (tally.first?.time.nanoseconds ?? 0))
    eventsPerType = counts.eventsPerType
    sessionCount = counts.sessions.count
    firstSessions = counts.sessions.naturallySorted()
    frameCount = inspection?.frames.count
    checkpointCount = inspection?.checkpoints.count
    self.fileByteCount = fileByteCount
    contentByteCount = inspection?.contentByteCount
    jsonLinesByteCount = counts.jsonLinesByteCount
    if !trace.damage.isEmpty || !(inspection?.problems.isEmpty ?? true) {
      integrity = "damaged"
    } else {
      integrity = trace.truncation == nil ? "intact" : "truncated"
    }
    problems =
      trace.damage.map(\.description) + (trace.truncation.map { [$0] } ?? [])
      + (inspection?.problems ?? [])
    loss = .stretches(trace.loss)
    source = .events(whyNotTheIndex: whyNotTheIndex)
  }

  /// Reads the file at `path` for its summary; damage and warnings go to standard error, but
  /// not the recorder's drops, which the summary lists every one of (standard error listed ten
  /// and pointed to `replay info` for the rest). A closed `.sctrace` file answers from its index
  /// unless `full`, decoding at most `sampledFrames` frames.
  static func read(_ path: String, options: ReadOptions, full: Bool, sampledFrames: Int) throws
    -> TraceSummary
  {
    let size = try TraceReader.fileSize(of: path)
    if TraceInputFormat.of(path) == .sctrace {
      var whyNotTheIndex: String?
      if !full {
        switch try IndexedTrace.open(path: path, sampling: sampledFrames) {
        case .indexed(let indexed):
          return TraceSummary(indexed)
        case .needsFullRead(let reason): whyNotTheIndex = reason
        }
      }
      var counts = EventCounts()
      let (inspection, tally) = try TraceReader(path: path, options: options).inspect(
        checkingCheckpoints: false
      ) { counts.add($0) }
      // A file without a readable event is an error, as for every command that reads traces:
      // loading it says why.
      if tally.count == 0 { _ = try TraceFile.load(path: path, options: options) }
      TraceReadingOptions.reportLosses(of: inspection.trace, listingDrops: false)
      return TraceSummary(
        path: path, trace: inspection.trace, tally: tally, counts: counts,
        inspection: inspection, fileByteCount: size, whyNotTheIndex: whyNotTheIndex)
    }
    var counts = EventCounts()
    let streamed = try TraceFile.stream(path: path, options: options) { events in
      counts.add(events)
      return true
    }
    TraceReadingOptions.reportLosses(of: streamed.withoutEvents, listingDrops: false)
    return TraceSummary(
      path: path, trace: streamed.withoutEvents, tally: streamed.tally, counts: counts,
      inspection: nil, fileByteCount: size)
  }

  /// The header's start time in ISO 8601, if known.
  var startTime: String? {
    guard let nanoseconds = header?.startWallClockNanoseconds else { return nil }
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.string(from: Date(timeIntervalSince1970: Double(nanoseconds) / 1e9))
  }

  var launches: Int { eventsPerType.first { $0.0 == .appLaunch }?.1 ?? 0 }

  var compressionRatio: Double {
    Double(jsonLinesByteCount) / Double(max(fileByteCount, 1))
  }

  // MARK: Text

  var text: String {
    var rows: [(String, String)] = []
    rows.append(("format", header.map { "\(format) \($0.formatVersion)" } ?? format.description))
    if let header {
      rows.append(("recorder", header.recorderVersion.isEmpty ? "unknown" : header.recorderVersion))
      rows.append(("app", header.appName.isEmpty ? "unknown" : header.appName))
      rows.append(("started", startTime ?? "unknown"))
    }
    if let first = firstSeq, let last = lastSeq {
      rows.append(("events", "\(eventCount) (seq \(first)–\(last)) over \(duration) s"))
    }
    let names = firstSessions.prefix(6).map(\.rawValue).joined(separator: ", ")
    let more = sessionCount > 6 ? ", …" : ""
    rows.append(("sessions", "\(sessionCount)\(sessionCount == 0 ? "" : " (\(names)\(more))")"))
    rows.append(("launches", "\(launches)"))
    if let frameCount, let checkpointCount, let contentByteCount {
      rows.append(
        (
          "frames",
          "\(plural(frameCount, "event frame")), \(plural(checkpointCount, "checkpoint"))"
        ))
      let content = Double(contentByteCount) / Double(max(fileByteCount, 1))
      rows.append(
        (
          "size",
          "\(TraceOutput.size(fileByteCount)), \(perEvent(fileByteCount)) bytes an event; "
            + "\(TraceOutput.size(contentByteCount)) of encoded events "
            + "(zstd ratio \(TraceOutput.decimal(content, digits: 1)))"
        ))
    } else {
      rows.append(
        ("size", "\(TraceOutput.size(fileByteCount)), \(perEvent(fileByteCount)) bytes an event"))
    }
    rows.append(("as JSON Lines", jsonLinesText))
    if format == .sctrace { rows.append(("read", sourceText)) }
    rows.append(("integrity", integrityText))
    rows.append(("loss", lossSummary))
    let width = rows.map(\.0.count).max() ?? 0
    var lines = [path] + rows.map { "  \($0.0.rightPadded(to: width))  \($0.1)" }
    lines += problems.map { "    \($0)" }
    lines += loss.lines.map { "    at seq \($0.seq): \($0.summary)" }
    lines.append("  events per type")
    let typeWidth = eventsPerType.map(\.0.rawValue.count).max() ?? 0
    lines += eventsPerType.map { "    \($0.0.rawValue.rightPadded(to: typeWidth))  \($0.1)" }
    return lines.joined(separator: "\n")
  }

  /// `1.2 MB (ratio 15.3)`, or, estimated, `about 1.2 GB (ratio about 15.3), estimated …`.
  private var jsonLinesText: String {
    let ratio = TraceOutput.decimal(compressionRatio, digits: 1)
    guard jsonLinesByteCountIsEstimate, case .index(let sampled, let frames) = source else {
      return "\(TraceOutput.size(jsonLinesByteCount)) (ratio \(ratio))"
    }
    return "about \(TraceOutput.size(jsonLinesByteCount)) (ratio about \(ratio)), estimated by "
      + "type from events of \(sampled) of \(LostStretch.grouped(frames)) frames; `--full` "
      + "counts it exactly"
  }

  /// What was read to answer.
  private var sourceText: String {
    switch source {
    case .index(let sampled, let frames) where sampled == frames:
      "the header, the index and every event frame"
    case .index(let sampled, let frames):
      "the header, the index and \(sampled) of \(LostStretch.grouped(frames)) event frames "
        + "(`--full` reads every frame)"
    case .events(let why?): "every frame: \(why)"
    case .events(nil): "every frame"
    }
  }

  /// The integrity, and how far it was checked when not every frame was decoded.
  private var integrityText: String {
    guard case .index(let sampled, let frames) = source, sampled < frames else { return integrity }
    return "\(integrity) as far as the header, the index and the frames read show "
      + "(`replay verify` checks every frame)"
  }

  /// `none`, or how many stretches were lost and how many events they held, when known.
  private var lossSummary: String {
    guard loss.count > 0 else { return "none: every recorded event is in the trace" }
    let counted = loss.eventTotal
    let unknown = loss.hasUncountedStretch
    let events =
      "\(LostStretch.grouped(counted))\(unknown ? " or more" : "") event"
      + (counted == 1 && !unknown ? "" : "s")
    return "\(events) lost in \(plural(loss.count, "stretch", plural: "stretches")) "
      + "(`replay check` reports them as trace.events-lost)"
  }

  private func plural(_ count: Int, _ noun: String, plural: String) -> String {
    "\(count) \(count == 1 ? noun : plural)"
  }

  private func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }

  private func perEvent(_ bytes: Int) -> String {
    TraceOutput.bytesPerEvent(bytes, eventCount)
  }

  // MARK: JSON

  var json: JSONValue {
    var pairs: [(String, JSONValue)] = []
    pairs.append(("file", .string(path)))
    pairs.append(("format", .string(format.rawValue)))
    pairs.append(("formatVersion", JSONValue(header?.formatVersion.description)))
    pairs.append(("recorder", JSONValue(header?.recorderVersion)))
    pairs.append(("app", JSONValue(header?.appName)))
    pairs.append(("start", JSONValue(startTime)))
    pairs.append(("events", JSONValue(eventCount)))
    pairs.append(("firstSeq", Self.number(firstSeq)))
    pairs.append(("lastSeq", Self.number(lastSeq)))
    pairs.append(("duration", JSONValue(duration)))
    let perType = eventsPerType.map { ($0.0.rawValue, JSONValue($0.1)) }
    pairs.append(("eventsPerType", .object(JSONObject(perType))))
    pairs.append(("sessions", JSONValue(sessionCount)))
    pairs.append(("launches", JSONValue(launches)))
    pairs.append(("frames", Self.number(frameCount)))
    pairs.append(("checkpoints", Self.number(checkpointCount)))
    pairs.append(("bytes", JSONValue(fileByteCount)))
    pairs.append(("contentBytes", Self.number(contentByteCount)))
    pairs.append(("jsonLinesBytes", JSONValue(jsonLinesByteCount)))
    pairs.append(("jsonLinesBytesEstimated", .bool(jsonLinesByteCountIsEstimate)))
    pairs.append(("compressionRatio", .number(TraceOutput.decimal(compressionRatio, digits: 2))))
    pairs.append(("integrity", .string(integrity)))
    pairs.append(("problems", .array(problems.map { JSONValue.string($0) })))
    pairs.append(("loss", .array(loss.stretches.map(\.json))))
    pairs.append(contentsOf: sourceJSON)
    return .object(JSONObject(pairs))
  }

  /// `"source"`: `"index"` or `"events"`; how many frames were decoded, and why a `.sctrace`
  /// file was read whole.
  private var sourceJSON: [(String, JSONValue)] {
    switch source {
    case .index(let sampled, _):
      [("source", "index"), ("framesDecoded", JSONValue(sampled)), ("fullReadReason", .null)]
    case .events(let why):
      [
        ("source", "events"), ("framesDecoded", Self.number(frameCount)),
        ("fullReadReason", JSONValue(why)),
      ]
    }
  }

  private static func number(_ value: Int?) -> JSONValue {
    value.map { JSONValue($0) } ?? .null
  }
}
