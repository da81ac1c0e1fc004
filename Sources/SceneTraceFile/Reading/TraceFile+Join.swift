import SceneTrace

extension TraceFile {
  /// Several traces of one app, in order, as one trace.
  ///
  /// Seq continues: the events of each trace after the first get the last seq of the traces
  /// before them added to theirs. Time continues: the times of each trace after the first are
  /// shifted by its start time minus the first trace's (from their `.sctrace` headers), when
  /// both are known and that does not make time go backwards; otherwise by the time of the last
  /// event before it. A trace that already continues the ones before it (its first seq follows
  /// their last, its first time is not earlier: a recorder's `.continuing` file) is taken as
  /// is. Damage, truncation, warnings and ``LoadedTrace/loss`` are kept, each naming its file
  /// and numbered as in the joined trace; the header is the first trace's.
  public static func join(_ traces: [LoadedTrace]) throws(TraceError) -> LoadedTrace {
    guard let first = traces.first else {
      throw TraceError(code: .emptyTrace, message: "there are no traces to join")
    }
    guard traces.count > 1 else { return first }
    var join = TraceJoin(paths: traces.map(\.path))
    var events: [Event] = []
    for trace in traces {
      let shift = join.shift(for: trace.path, header: trace.header, first: trace.events.first)
      events += try shift.move(trace.events)
      join.add(trace, shift: shift, last: trace.events.isEmpty ? nil : events.last)
    }
    var joined = join.joined
    joined.events = events
    return joined
  }

  /// Reads the files of `paths` in order as one trace, joined as ``join(_:)`` joins them, a
  /// frame or a chunk at a time as ``stream(path:options:chunkSize:header:_:)`` reads each: the
  /// events, moved, go to `consume` (which returns false to stop), and `header` gets the first
  /// file's header before any event. Gives what loading the files and joining them gives, or
  /// the same error: an error reading any of the files comes before one joining them.
  package static func stream(
    joining paths: [String], options: ReadOptions = ReadOptions(),
    chunkSize: Int = TraceWindow.defaultChunkSize, header: (TraceHeader?) -> Void = { _ in },
    _ consume: (consuming [Event]) -> Bool
  ) throws(TraceError) -> StreamedTrace {
    guard paths.count > 1 else {
      guard let path = paths.first else {
        throw TraceError(code: .emptyTrace, message: "there are no traces to join")
      }
      return try stream(
        path: path, options: options, chunkSize: chunkSize, header: header, consume)
    }
    var join = TraceJoin(paths: paths)
    var tally = EventTally()
    var highWater = 0
    var stoppedEarly = false
    // Joining fails only past what a trace can hold; the files are still read to the end, so
    // that an error in one of them comes first, as it does when they are loaded to be joined.
    var failure: TraceError?
    for (index, path) in paths.enumerated() {
      var fileHeader: TraceHeader?
      var shift: TraceJoin.Shift?
      var last: Event?
      let streamed = try stream(
        path: path, options: options, chunkSize: chunkSize,
        header: { read in
          fileHeader = read
          if index == 0 { header(read) }
        }
      ) { events in
        guard failure == nil, let first = events.first else { return true }
        let fileShift = shift ?? join.shift(for: path, header: fileHeader, first: first)
        shift = fileShift
        let moved: [Event]
        do throws(TraceError) {
          moved = try fileShift.move(events)
        } catch {
          failure = error
          return true
        }
        last = moved.last
        tally.add(moved)
        stoppedEarly = !consume(consume moved)
        return !stoppedEarly
      }
      highWater = max(highWater, streamed.bufferHighWater)
      guard failure == nil else { continue }
      join.add(
        streamed.withoutEvents,
        shift: shift ?? join.shift(for: path, header: fileHeader, first: nil), last: last)
      if stoppedEarly { break }
    }
    if let failure { throw failure }
    let joined = join.joined
    return StreamedTrace(
      path: joined.path, files: paths, format: joined.format, header: joined.header,
      truncation: joined.truncation, warnings: joined.warnings, damage: joined.damage,
      loss: joined.loss, tally: tally, storedIndex: nil, stoppedEarly: stoppedEarly,
      bufferHighWater: highWater)
  }
}
