import SceneTrace
import SceneTraceFile
import SceneTraceText

extension EventsCommand {
  /// Lists the events of the trace of `paths` (several joined) without holding them: a first
  /// pass finds the last seq (and the sessions and types, for `--session` and `--type`), a
  /// second the columns' widths, a third prints; each stops after `--to` when it can.
  func listStreaming(_ paths: [String]) throws {
    let progress = Progress("reading", total: 1, unit: "bytes", quiet: self.progress.quiet)
    let options = reading.readOptions(reportingTo: progress)
    defer { progress.finish() }
    // The first pass must see the whole trace when seqs count from its end or names are checked.
    let needsAll = session != nil || type != nil || to == nil || (to ?? 0) < 0 || (from ?? 0) < 0
    let reach = max(from ?? 0, to ?? 0)
    var sessions = Set<SessionID>()
    var types = Set<EventType>()
    let scanned = try TraceFile.stream(joining: paths, options: options) { events in
      for event in events {
        if session != nil { sessions.formUnion(event.payload.sessions) }
        if type != nil { types.insert(event.type) }
      }
      return needsAll || (events.last?.seq ?? 0) < reach
    }
    progress.finish()
    TraceReadingOptions.reportLosses(of: scanned.withoutEvents)
    let path = scanned.path
    let (first, end) = try bounds(lastSeq: scanned.tally.last?.seq ?? 0, path: path)
    if let session {
      try TraceArguments.checkSession(session, among: sessions, path: path)
    }
    if let type { try TraceArguments.checkTypePrefix(type, among: types, path: path) }
    let selection = Selection(first: first, end: end, session: session, type: type)
    var text = EventText(columnsFor: [])
    if !json {
      try stream(paths, through: end) { text.widen(toFit: $0.lazy.filter(selection.contains)) }
    }
    var output = ChunkedOutput()
    try stream(paths, through: end) { events in
      for event in events where selection.contains(event) {
        output.write(json ? event.jsonLine : text.line(event))
      }
    }
    output.flush()
  }

  /// Streams the files of `paths` again, handing each batch of events to `body`, and stops
  /// after the batch holding seq `end` (when given).
  private func stream(_ paths: [String], through end: Int?, _ body: ([Event]) -> Void) throws {
    _ = try TraceFile.stream(joining: paths, options: reading.readOptions) { events in
      body(events)
      return end.map { (events.last?.seq ?? 0) < $0 } ?? true
    }
  }
}
