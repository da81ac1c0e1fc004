import ArgumentParser
import SceneTrace
import SceneTraceFile
import SceneTraceText

struct StateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "state",
    abstract: "Print every scene's state after an event.",
    discussion: """
      Replays the trace up to the event and prints the app, every session and its scene \
      (activation state, key window, first responder, focus, geometry, content, selections, \
      renders), the drags in flight and the shared store. --at 0 prints the state before the \
      first event, and a negative --at counts from the end (--at -1 is the last event, --at -2 \
      the one before). Sessions are listed in natural order (S1, S2, S10); the JSON keeps \
      the documented scalar order. In a .sctrace file the replay starts from the nearest checkpoint at or \
      before the event, so the state deep into a long trace comes quickly.

        replay state traces/two-windows-clean.jsonl --at 8
        replay state traces/two-windows-clean.sctrace --at-time 2.5 --json
      """)

  @Argument(help: "The trace: .sctrace, JSON Lines or .jsonl.zst (several with --join).")
  var files: [String]

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "The state after this event (default: the last; -N: the Nth from the end).",
      valueName: "seq"))
  var at: Int?

  @Option(
    name: .customLong("at-time"), parsing: .unconditional,
    help: ArgumentHelp(
      "The state after the last event at or before this time, in seconds.",
      valueName: "seconds"))
  var atTime: String?

  @Flag(help: "Print the state as JSON (the documented contract) instead of a tree.")
  var json = false

  @OptionGroup var reading: TraceReadingOptions

  @OptionGroup var progress: ProgressOptions

  func validate() throws {
    try reading.validate(files, command: "state")
    if at != nil, atTime != nil {
      throw ValidationError("--at and --at-time choose the same thing; give one of them.")
    }
    if let atTime {
      do {
        _ = try TraceTime(secondsText: atTime)
      } catch {
        throw ValidationError("--at-time: \(error.message).")
      }
    }
  }

  func run() throws {
    let (state, findingCount) = try replay()
    if json {
      state.writeJSON(pretty: true) { Console.outputPart($0) }
      Console.outputPart("\n")
      return
    }
    var text = JSONText(reservingCapacity: 1 << 16)
    StateText.append(state, to: &text)
    Console.outputPart(text)
    if findingCount > 0 {
      let file = files.joined(separator: " ")
      Console.output(
        "\n\(findingCount) finding\(findingCount == 1 ? "" : "s") up to here; "
          + "`replay check \(reading.join ? "--join " : "")\(file)` lists them")
    }
  }

  /// The state after the chosen event, and how many findings a replay reports up to it.
  private func replay() throws -> (TraceState, Int) {
    if let path = files.first, files.count == 1, TraceInputFormat.of(path) == .sctrace,
      let resumed = try replayFromCheckpoint(path)
    {
      return resumed
    }
    // The replay goes as far as the chosen event as the trace is read. A seq counted from the
    // end, or a time, is found by a first pass.
    let end: Int?
    if let at, at >= 0 {
      end = at
    } else if at != nil || atTime != nil {
      end = try seqFromTheEndOrTime()
    } else {
      end = nil
    }
    var replay = Replay()
    // Only the findings' count is kept: a long trace has hundreds of thousands. Those at the
    // last event stay in the replay, for the finish step to merge with.
    var takenFindings = 0
    // Pointer samples come as plain values, decoded and replayed without an event made of each.
    let streamed = try reading.streamBatchesAhead(
      files, quiet: progress.quiet,
      while: { batch in end.map { (batch.lastSeq ?? 0) <= $0 } ?? true }
    ) { (events: consuming EventBatch) in
      let last = events.lastSeq
      if let end, let last, last > end { events.removeEvents(after: end) }
      replay.apply(moving: &events)
      if let last { takenFindings += replay.takeFindings(before: last).count }
    }
    let last = streamed.tally.last?.seq ?? 0
    if let end, !streamed.stoppedEarly {
      _ = try TraceArguments.seq(end, option: "--at", lastSeq: last, path: streamed.path)
    }
    // Past the last event, the replay ends as the trace does.
    if !streamed.stoppedEarly, end.map({ $0 >= last }) ?? true { replay.finish() }
    return (replay.state, takenFindings + replay.findings.count)
  }

  /// The seq to stop after, from `--at` counted from the end or `--at-time`: a first pass
  /// finds it.
  private func seqFromTheEndOrTime() throws -> Int {
    let scan = try reading.scan(files, atOrBefore: try atTime.map(time))
    if let at {
      return try TraceArguments.seq(at, option: "--at", lastSeq: scan.last, path: scan.path)
    }
    return scan.lastInTime
  }

  /// The replay of a `.sctrace` file from its nearest checkpoint; nil when the file holds no
  /// event, so that loading it says why.
  private func replayFromCheckpoint(_ path: String) throws -> (TraceState, Int)? {
    let reader = try TraceReader(path: path, options: reading.readOptions)
    let last = reader.lastSeq
    guard last > 0 else { return nil }
    let end: Int
    if let at {
      end = try TraceArguments.seq(at, option: "--at", lastSeq: last, path: path)
    } else if let atTime {
      end = try lastSeq(in: reader, atOrBefore: try time(atTime))
    } else {
      end = last
    }
    // Only the state and the count of findings are shown: the findings are counted.
    let resumed = try reader.replay(
      through: end, finish: end == last, reducer: TraceReducer().countingFindings)
    TraceReadingOptions.reportLosses(of: resumed.read)
    for seq in resumed.distrustedCheckpoints {
      Console.report(
        warning:
          "\(path): the checkpoint after seq \(seq) does not agree with a replay (the file is "
          + "damaged); it was not used, and `replay verify` checks every checkpoint")
    }
    return (resumed.replay.state, resumed.findingCount)
  }

  /// The last seq at or before `limit` in a `.sctrace` file: the index says which frame holds
  /// it, and only that frame is decoded.
  private func lastSeq(in reader: TraceReader, atOrBefore limit: TraceTime) throws -> Int {
    guard let frame = reader.index.frames.last(where: { $0.firstTime <= limit }) else { return 0 }
    let events = try reader.events(from: frame.firstSeq, through: frame.lastSeq).events
    return events.last { $0.time <= limit }?.seq ?? frame.firstSeq - 1
  }

  /// The time `--at-time` names, checked by `validate()`.
  private func time(_ seconds: String) throws -> TraceTime {
    try TraceTime(secondsText: seconds)
  }
}
