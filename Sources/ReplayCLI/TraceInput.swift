import ArgumentParser
import SceneTrace
import SceneTraceFile

/// How the commands that read traces load them.
struct TraceReadingOptions: ParsableArguments {
  @Flag(help: "Skip events of unknown types and JSON lines that cannot be read, with a warning.")
  var lenient = false

  @Flag(
    help: ArgumentHelp(
      "Read several files of one app, in order, as one trace: seq and time continue from "
        + "one file to the next."))
  var join = false

  var readOptions: ReadOptions { ReadOptions(lenient: lenient) }

  /// The options as given on the command line: no `--join`, `--lenient` as given.
  init() {}

  /// The options of a command that reads one file, leniently or not.
  init(lenient: Bool) {
    self.lenient = lenient
  }

  /// ``readOptions`` that tell `progress` how many bytes were read, when it draws.
  func readOptions(reportingTo progress: Progress) -> ReadOptions {
    var options = readOptions
    if progress.isEnabled { options.progress = { done, total in progress.update(done, of: total) } }
    return options
  }

  /// Checks that several files come with `--join`.
  func validate(_ files: [String], command: String) throws {
    if files.isEmpty { throw ValidationError("Give a trace file.") }
    if files.count > 1, !join {
      throw ValidationError(
        "Several files are one trace only with --join: replay \(command) --join "
          + "\(files.joined(separator: " ")).")
    }
  }

  /// Reads `paths` as one trace (the file itself, or the files joined with `--join`), a frame or
  /// a chunk at a time, without holding it: `header` gets the (first) file's header, then
  /// `consume` the events in order, both on this thread, while the next frames are decoded (or
  /// lines parsed) on a second core. Tells standard error what reading lost, once the read is
  /// done.
  ///
  /// `compact`, `redact`, `export` and `import` write what they read: the writer's work (each
  /// event encoded, the state replayed for its checkpoints, frames compressed) here, the
  /// reader's on the other core.
  func stream(
    _ paths: [String], header: (TraceHeader?) -> Void, consume: ([Event]) -> Void
  ) throws(TraceError) -> StreamedTrace {
    let options = readOptions
    let trace = try DecodingAhead.run(
      produce: { (hand: (consuming StreamedPiece) -> Void) throws(TraceError) in
        try TraceFile.stream(joining: paths, options: options, header: { hand(.header($0)) }) {
          events in
          hand(.events(events))
          return true
        }
      },
      consume: { piece in
        switch piece {
        case .header(let read): header(read)
        case .events(let events): consume(events)
        }
      })
    Self.reportLosses(of: trace.withoutEvents)
    return trace
  }

  /// What ``stream(_:header:consume:)`` hands from the reading thread, in the order read.
  private enum StreamedPiece: Sendable {
    /// The (first) file's header; nil for JSON Lines.
    case header(TraceHeader?)
    /// The next events.
    case events([Event])
  }

  /// Reads `paths` as one trace as ``stream(_:header:consume:)`` does, the next frames or lines
  /// decoded on a second core while `consume` takes the events before them, with a progress bar
  /// of the bytes read on standard error unless `quiet`; the read stops after the first batch of
  /// events `goesOn` is false of. Tells standard error what reading lost, once the read is done.
  /// Each batch is moved from the reader to `consume`, which is its only owner: see
  /// `Replay.apply(moving:)`.
  func streamAhead(
    _ paths: [String], quiet: Bool,
    while goesOn: @escaping @Sendable ([Event]) -> Bool = { _ in true },
    consume: (consuming [Event]) -> Void
  ) throws -> StreamedTrace {
    try readAhead(quiet: quiet, consume: consume) { reading, hand throws(TraceError) in
      try TraceFile.stream(joining: paths, options: reading) { events in
        let goes = goesOn(events)
        hand(consume events)
        return goes
      }
    }
  }

  /// ``streamAhead(_:quiet:while:consume:)`` that hands `consume` the events as batches whose
  /// pointer samples are plain values (`TraceFile.streamBatches`): the replay reduces them
  /// without an event made of each, on either thread.
  func streamBatchesAhead(
    _ paths: [String], quiet: Bool,
    while goesOn: @escaping @Sendable (borrowing EventBatch) -> Bool = { _ in true },
    consume: (consuming EventBatch) -> Void
  ) throws -> StreamedTrace {
    try readAhead(quiet: quiet, consume: consume) { reading, hand throws(TraceError) in
      try TraceFile.streamBatches(joining: paths, options: reading) { batch in
        let goes = goesOn(batch)
        hand(consume batch)
        return goes
      }
    }
  }

  /// Runs `read` on a second core with this input's read options and a progress bar of the
  /// bytes read (unless `quiet`), handing what it hands to `consume` here; tells standard error
  /// what reading lost once the read is done.
  private func readAhead<Value: Sendable>(
    quiet: Bool, consume: (consuming Value) -> Void,
    _ read:
      @escaping @Sendable (ReadOptions, (consuming Value) -> Void) throws(TraceError) ->
      StreamedTrace
  ) throws -> StreamedTrace {
    let progress = Progress("reading", total: 1, unit: "bytes", quiet: quiet)
    let reading = readOptions(reportingTo: progress)
    let streamed: StreamedTrace
    do {
      streamed = try DecodingAhead.run(
        produce: { (hand) throws(TraceError) in try read(reading, hand) }, consume: consume)
    } catch {
      progress.finish()
      throw error
    }
    // The bar is cleared before the warnings, so that they start on a clean line.
    progress.finish()
    Self.reportLosses(of: streamed.withoutEvents)
    return streamed
  }

  /// What a pass over the trace at `paths` that keeps no event finds: the trace's name (the
  /// files joined), its last seq, and the last seq at or before `time` when one is given (0
  /// when no event is that early). What reading lost is not told: the pass that follows tells
  /// it.
  func scan(_ paths: [String], atOrBefore time: TraceTime? = nil) throws(TraceError) -> (
    path: String, last: Int, lastInTime: Int
  ) {
    var lastInTime = 0
    let streamed = try TraceFile.stream(joining: paths, options: readOptions) { events in
      if let time { lastInTime = events.last { $0.time <= time }?.seq ?? lastInTime }
      return true
    }
    return (streamed.path, streamed.tally.last?.seq ?? 0, lastInTime)
  }

  /// Tells standard error what reading `trace` skipped, cut off or found damaged, and where
  /// the recorder dropped events.
  static func reportLosses(of trace: LoadedTrace, listingDrops: Bool = true) {
    if listingDrops {
      reportDrops(
        in: trace.path,
        trace.loss.lazy.filter { $0.kind == .dropped }.map { ($0.seq, $0.summary) })
    }
    for warning in trace.warnings { Console.report(warning: "\(trace.path): \(warning)") }
    for damage in trace.damage {
      Console.report(warning: "\(trace.path) is damaged at \(damage)")
    }
    if let truncation = trace.truncation {
      Console.report(warning: "\(trace.path) is truncated: \(truncation)")
    }
  }

  /// Tells standard error where the recorder dropped events in the trace at `path`: the first
  /// ``listedDropLimit`` drops' seqs and ``LostStretch/summary``, then how many more there are
  /// (a recorder overwhelmed for minutes drops at thousands of places; each is still a
  /// `trace.events-lost` finding of `check`, and `replay info` lists them all).
  static func reportDrops(in path: String, _ drops: some Sequence<(seq: Int, summary: String)>) {
    var lines: [String] = []
    var unlisted = 0
    for (seq, summary) in drops {
      guard lines.count < listedDropLimit else {
        unlisted += 1
        continue
      }
      lines.append("\(path): events lost at seq \(seq) (\(summary))")
    }
    if unlisted > 0 {
      lines.append(
        "\(path): events lost at \(unlisted) more place\(unlisted == 1 ? "" : "s"); "
          + "`replay info \(path)` lists every one")
    }
    Console.report(warnings: lines)
  }

  /// How many drops ``reportDrops(in:_:)`` lists one by one.
  static let listedDropLimit = 10
}

/// How the commands that read exactly one trace file load it: `--lenient`, and no `--join`.
struct SingleTraceReadingOptions: ParsableArguments {
  @Flag(help: "Skip events of unknown types and JSON lines that cannot be read, with a warning.")
  var lenient = false

  /// The same options as those of the commands that may join files: what reads the file.
  var reading: TraceReadingOptions { TraceReadingOptions(lenient: lenient) }
}
