import SceneTrace
import SceneTraceFile
import SceneTraceText

extension EventsCommand {
  /// Lists the events of the trace of `paths` (several joined) without holding them: a first
  /// pass finds the last seq (and the sessions and types, for `--session` and `--type`) and,
  /// when no seq counts from the end, selects the events and the columns' widths, keeping a
  /// few events to print from memory; otherwise a second pass finds the widths; a last prints
  /// what was not kept. Each stops after `--to` when it can.
  func listStreaming(_ paths: [String]) throws {
    let progress = Progress("reading", total: 1, unit: "bytes", quiet: self.progress.quiet)
    let options = reading.readOptions(reportingTo: progress)
    defer { progress.finish() }
    // The first pass must see the whole trace when seqs count from its end or names are checked.
    let needsAll = session != nil || type != nil || to == nil || (to ?? 0) < 0 || (from ?? 0) < 0
    let reach = max(from ?? 0, to ?? 0)
    // Seqs that do not count from the end select the same events whatever the trace holds, so
    // the first pass already widens the columns to the events listed, and keeps them while they
    // are few: listed from memory, they are not read again (a list of a type's events in a long
    // trace took three passes over it). The checks of the seqs and names come after the pass,
    // as before: nothing is printed before them.
    let early =
      (from ?? 0) >= 0 && (to ?? 0) >= 0
      ? Selection(first: from, end: to, session: session, type: type) : nil
    var kept: [Event]? = early == nil ? nil : []
    var text = EventText(columnsFor: [])
    let (namesSessions, namesTypes, json) = (session != nil, type != nil, json)
    var sessions = Set<SessionID>()
    var types = Set<EventType>()
    var lastType: EventType?
    let scanned = try TraceFile.stream(joining: paths, options: options) { events in
      // Read where they are stored: a `for` loop, the batch's own subscript, or an event handed
      // on from a buffer's, made a copy of each event.
      events.withUnsafeBufferPointer { events in
        guard let start = events.baseAddress else { return }
        for event in start..<start + events.count {
          if namesSessions { sessions.formUnion(event.pointee.payload.sessions) }
          // Events come in runs of a type: a set is asked only when the type changes.
          if namesTypes, event.pointee.type != lastType {
            lastType = event.pointee.type
            types.insert(event.pointee.type)
          }
          guard let early, early.contains(event) else { continue }
          if !json { text.widen(event.pointee) }
          kept?.append(event.pointee)
          if (kept?.count ?? 0) > Self.keptLimit { kept = nil }
        }
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
    var output = ChunkedOutput()
    if let kept {
      output.write(kept, selecting: nil, columns: json ? nil : text)
      return output.flush()
    }
    // Seqs of 0 or more are the bounds as given: the first pass's selection is this one.
    let selection = early ?? Selection(first: first, end: end, session: session, type: type)
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
    if !json, early == nil {
      try pass { events in
        events.withUnsafeBufferPointer { events in
          guard let start = events.baseAddress else { return }
          for event in start..<start + events.count where selection.contains(event) {
            text.widen(event.pointee)
          }
        }
      }
    }
    let columns = json ? nil : text
    try pass { events in
      output.write(events, selecting: selection, columns: columns)
    }
    output.flush()
  }

  /// How many events the first pass keeps to list without reading them again (about 1 MB);
  /// more are read again, the columns already as wide as they need.
  private static let keptLimit = 1 << 13

  /// Reads again the events of seqs `first` to `last` of the trace `scanned` read, by its
  /// index, about ``piece`` events at a time, handing each piece's events to `body`.
  ///
  /// A piece is made of the runs of seqs the trace holds, not of every seq between: pieces of
  /// seqs read the gaps too, and a trace whose seqs start in the billions (`--from 1`) was read
  /// again a piece of nothing at a time, for ever.
  private func read(
    _ scanned: StreamedTrace, from first: Int, through last: Int, _ body: ([Event]) -> Void
  ) throws {
    var (ranges, count) = ([ClosedRange<Int>](), 0)
    func readPiece() throws {
      body(try TraceFile.events(inSeqs: ranges, of: scanned, options: reading.readOptions))
      (ranges, count) = ([], 0)
    }
    for run in scanned.tally.seqRuns where run.upperBound >= first && run.lowerBound <= last {
      let top = min(last, run.upperBound)
      var low = max(first, run.lowerBound)
      while true {
        let room = Self.piece - count
        let high = top - low < room ? top : low + room - 1
        ranges.append(low...high)
        count += high - low + 1
        if count == Self.piece { try readPiece() }
        guard high < top else { break }
        low = high + 1
      }
    }
    if !ranges.isEmpty { try readPiece() }
  }

  /// How many events a piece read by the index holds at most.
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

extension EventText {
  /// Widens the columns to fit `event` too, from its fields: an event handed to a function is
  /// copied.
  @inline(__always)
  fileprivate mutating func widen(_ event: borrowing Event) {
    widen(seq: event.seq, time: event.time, type: event.type)
  }
}
