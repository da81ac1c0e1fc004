import SceneTrace

extension TraceWriter {
  /// A writer that continues the trace in the `.sctrace` file at `path`, such as a new launch of
  /// the app that recorded it. The next event's seq must follow ``lastSeq``.
  ///
  /// A file that was closed cleanly loses only its index, which the new close writes again for
  /// the whole file, with a summary of every event in it. A file cut while it was written (the app was killed) is rewritten first,
  /// with every event it still yields, so that nothing recorded before is lost; the damage
  /// found is in `repaired`. A file that is not a `.sctrace` is refused.
  public static func appending(
    to path: String, options: Options = Options()
  ) throws(TraceError) -> (writer: TraceWriter, repaired: LoadedTrace?) {
    let bytes = try FileBytes.contents(ofFile: path)
    let reader = try TraceReader(bytes: bytes, path: path, options: ReadOptions(lenient: true))
    guard let header = reader.header else {
      throw TraceError(
        code: .unsupportedFormat,
        message: "only a .sctrace file can be appended to; this one has no .sctrace header",
        path: path)
    }
    // One pass gives the events and the bytes of content of their frames, for the summary.
    let inspection = reader.indexWasRebuilt ? nil : try reader.inspect()
    let trace: LoadedTrace
    if let inspection { trace = inspection.trace } else { trace = try reader.loadAll() }
    guard let inspection, trace.isIntact, let end = storedIndexStart(in: bytes) else {
      return (try rewriting(trace, header: header, path: path, options: options), trace)
    }
    let sink = try FileByteSink(appendingTo: path, truncatingAt: end)
    var resumed = reader.index
    resumed.checkpoints = resumed.checkpoints.filter { $0.offset < end }
    let writer = try TraceWriter(
      resuming: sink, at: end, index: resumed, after: trace.events.last, options: options)
    writer.resumeSummary(events: trace.events, contentByteCount: inspection.contentByteCount)
    if options.checkpointInterval != nil, let last = trace.events.last {
      let replay = try reader.replay(
        through: last.seq, finish: false, reducer: TraceReducer().countingFindings)
      writer.resumeReducer(
        state: replay.replay.state, findingCount: replay.findingCount,
        eventsSinceCheckpoint: last.seq - (resumed.checkpoints.last?.seq ?? 0))
    }
    return (writer, nil)
  }

  /// The offset where the file's closing index frame starts: its last eight bytes are the
  /// frame's size (`u32`, little-endian) and `SCTI`.
  private static func storedIndexStart(in bytes: [UInt8]) -> Int? {
    guard bytes.count >= 8, Array(bytes.suffix(4)) == TraceIndex.magic else { return nil }
    let size = bytes[(bytes.count - 8)..<(bytes.count - 4)].reversed()
      .reduce(0) { $0 << 8 | Int($1) }
    return size <= bytes.count ? bytes.count - size : nil
  }

  /// Writes `trace`'s events into a fresh file that then replaces the one at `path`, and returns
  /// the writer, open after them. The old file stays whole until the new one is complete.
  private static func rewriting(
    _ trace: LoadedTrace, header: TraceHeader, path: String, options: Options
  ) throws(TraceError) -> TraceWriter {
    let temporary = path + ".rewriting"
    let sink = try FileByteSink(path: temporary)
    let writer = try TraceWriter(header: header, sink: sink, options: options)
    for event in trace.events { try writer.append(event) }
    try writer.flush()
    try sink.replace(path)
    return writer
  }
}
