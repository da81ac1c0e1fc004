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
    // From --from on, the events are read again where the first pass's index says they are
    // (the frames or lines that hold them), when it can; otherwise from the start.
    let last = end ?? scanned.tally.last?.seq ?? 0
    let pass = { (body: ([Event]) -> Void) throws in
      if let first, scanned.readsByIndex(through: last) {
        try self.read(scanned, from: first, through: last, body)
      } else {
        try self.stream(paths, through: end, body)
      }
    }
    var text = EventText(columnsFor: [])
    if !json {
      try pass { text.widen(toFit: $0.lazy.filter(selection.contains)) }
    }
    var output = ChunkedOutput()
    try pass { events in
      for event in events where selection.contains(event) {
        output.write(json ? event.jsonLine : text.line(event))
      }
    }
    output.flush()
  }

  /// Reads again the events of seqs `first` to `last` of the trace `scanned` read, by its
  /// index, ``piece`` seqs at a time, handing each piece's events to `body`.
  private func read(
    _ scanned: StreamedTrace, from first: Int, through last: Int, _ body: ([Event]) -> Void
  ) throws {
    var low = first
    while low <= last {
      let high = last - low < Self.piece ? last : low + Self.piece - 1
      body(try TraceFile.events(inSeqs: [low...high], of: scanned, options: reading.readOptions))
      guard high < last else { return }
      low = high + 1
    }
  }

  /// How many seqs a piece read by the index spans at most.
  private static let piece = 1 << 14

  /// Streams the files of `paths` again, handing each batch of events to `body`, and stops
  /// after the batch holding seq `end` (when given).
  private func stream(_ paths: [String], through end: Int?, _ body: ([Event]) -> Void) throws {
    _ = try TraceFile.stream(joining: paths, options: reading.readOptions) { events in
      body(events)
      return end.map { (events.last?.seq ?? 0) < $0 } ?? true
    }
  }
}
