import ArgumentParser
import SceneTrace
import SceneTraceFile
import SceneTraceText

// `replay diff A B`: whether two traces behave alike, and where they first do not.

extension DiffCommand {
  /// What a first pass over one side of a comparison found: its identifiers, how many events
  /// it holds and the last seq.
  struct Side {
    var path: String
    var identifiers: TraceIdentifiers
    var count: Int
    var lastSeq: Int
  }

  func compareTraces() throws {
    // The first pass over each trace, side by side: the sessions, launches, drags and requests
    // each names, to match them. Neither trace is held: the second pass reads both again as the
    // comparison reaches their events.
    let options = ReadOptions(lenient: lenient)
    let (pathA, pathB) = (files[0], files[1])
    let otherSide = WorkAhead { () throws(TraceError) in try Self.survey(pathB, options) }
    let surveyed = Result { () throws(TraceError) in try Self.survey(pathA, options) }
    let sides = (try Self.reported(surveyed), try Self.reported(otherSide.outcome()))
    let rosters = (sides.0.identifiers.roster, sides.1.identifiers.roster)
    let fixed = try fixedPairs(rosters)
    let matching = SessionMatching(a: rosters.0, b: rosters.1, fixed: fixed)
    let renaming = IdentifierRenaming(
      matching, a: sides.0.identifiers, b: sides.1.identifiers)
    var comparison = BehaviourComparison(
      a: Self.window(sides.0, options, renaming: nil),
      b: Self.window(sides.1, options, renaming: renaming))
    // The text shows the first few events of a tail; the JSON lists every one, those past
    // the ones held read again as it is written.
    comparison.tailShown = json ? Self.tailHeldForJSON : Self.shownOfStretch
    var progress = ProgressLine(
      label: "comparing", total: sides.0.count + sides.1.count, unit: "events")
    let divergence = try comparison.firstDivergence { progress.update($0) }
    progress.finish()
    guard let divergence else {
      reportSameBehaviour(sides, matching, comparison)
      return
    }
    if json {
      try writeJSONReport(divergence, matching: matching, options: options)
    } else {
      for line in textReport(divergence, sides: sides, matching: matching) {
        Console.output(line)
      }
    }
    throw ExitCode(ExitStatus.found)
  }

  /// Reads the trace at `path` once, for what a comparison needs before it starts.
  private static func survey(_ path: String, _ options: ReadOptions) throws(TraceError)
    -> (Side, StreamedTrace)
  {
    var identifiers = TraceIdentifiers()
    let streamed = try TraceFile.stream(path: path, options: options) { events in
      identifiers.add(events)
      return true
    }
    let side = Side(
      path: path, identifiers: identifiers, count: streamed.tally.count,
      lastSeq: streamed.tally.last?.seq ?? 0)
    return (side, streamed)
  }

  /// The side `surveyed` found, after telling standard error what reading it lost; or what
  /// reading it threw.
  private static func reported(_ surveyed: Result<(Side, StreamedTrace), TraceError>)
    throws(TraceError) -> Side
  {
    let (side, streamed) = try surveyed.get()
    TraceReadingOptions.reportLosses(of: streamed.withoutEvents)
    return side
  }

  /// The events of `side`, read again on a thread of their own as the comparison asks for them,
  /// each renamed by `renaming` there (and kept as recorded too, for the report).
  private static func window(
    _ side: Side, _ options: ReadOptions, renaming: IdentifierRenaming?
  ) -> EventWindow {
    let path = side.path
    let renaming = renaming?.isEmpty == false ? renaming : nil
    let reading = PulledAhead<EventWindow.Batch, StreamedTrace, TraceError> {
      hand throws(TraceError) in
      var renamer = renaming
      return try TraceFile.stream(path: path, options: options) { events in
        guard renamer != nil else { return hand(EventWindow.Batch(events)) }
        let renamed = events.map { renamer?.renamed($0) ?? $0 }
        return hand(EventWindow.Batch(renamed, recorded: events))
      }
    }
    return EventWindow(count: side.count, path: path) {
      () throws(TraceError) -> EventWindow.Batch? in
      if let batch = reading.next() { return batch }
      _ = try reading.result()
      return nil
    }
  }

  /// Hands `body` the events at the places of `range` in the trace at `path` (counted as the
  /// comparison counts them: the events that reading it with `options` gives, from 0), read
  /// again from the file.
  static func forEachEvent(
    in range: Range<Int>, of path: String, _ options: ReadOptions, _ body: (Event) -> Void
  ) throws(TraceError) {
    var next = 0
    _ = try TraceFile.stream(path: path, options: options) { events in
      let start = next
      next += events.count
      let wanted = range.clamped(to: start..<next)
      for index in wanted { body(events[index - start]) }
      return next < range.upperBound
    }
    guard next >= range.upperBound else {
      throw .endedBeforeEarlierPass(after: next, expected: range.upperBound, path: path)
    }
  }

  /// The `--map` pairs, checked against the sessions each trace holds.
  private func fixedPairs(
    _ rosters: (SessionRoster, SessionRoster)
  ) throws -> [(a: SessionID, b: SessionID)] {
    var pairs: [(a: SessionID, b: SessionID)] = []
    for argument in sessionPairs {
      guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex,
        argument.index(after: equals) != argument.endIndex
      else {
        throw UsageError(
          "--map \(argument): give a session of a and the session of b it is, as A_ID=B_ID "
            + "(--map \(example(rosters))).")
      }
      let pair = (
        a: SessionID(String(argument[..<equals])),
        b: SessionID(String(argument[argument.index(after: equals)...]))
      )
      for (id, roster, file) in [(pair.a, rosters.0, files[0]), (pair.b, rosters.1, files[1])]
      where !roster.contains(id) {
        throw UsageError(
          "--map \(argument): \(file) has no session \(id); its sessions: "
            + "\(Self.names(roster)).")
      }
      if pairs.contains(where: { $0.a == pair.a }) {
        throw UsageError("--map names session \(pair.a) of \(files[0]) twice.")
      }
      if pairs.contains(where: { $0.b == pair.b }) {
        throw UsageError("--map names session \(pair.b) of \(files[1]) twice.")
      }
      pairs.append(pair)
    }
    return pairs
  }

  private func example(_ rosters: (SessionRoster, SessionRoster)) -> String {
    let a = rosters.0.entries.first?.id.rawValue ?? "A"
    let b = rosters.1.entries.first?.id.rawValue ?? "B"
    return "\(a)=\(b)"
  }

  private static func names(_ roster: SessionRoster) -> String {
    roster.entries.isEmpty ? "none" : roster.entries.map(\.id.rawValue).listed()
  }

  private func reportSameBehaviour(
    _ sides: (Side, Side), _ matching: SessionMatching, _ comparison: BehaviourComparison
  ) {
    let counts = (sides.0.count, sides.1.count)
    if json {
      let report: JSONValue = .object([
        "identical": .bool(true),
        "events": .object(["a": JSONValue(counts.0), "b": JSONValue(counts.1)]),
        "sessions": matching.json,
      ])
      Console.output(report.serialized())
      return
    }
    var line =
      "same behaviour: \(Self.count(counts.0)) of \(files[0]), \(Self.count(counts.1)) of "
      + "\(files[1]), sessions matched "
    line += matching.isIdentity ? "by name (\(Self.names(matching)))" : matching.description
    let differing = comparison.differingEvents
    if differing.a + differing.b > 0 {
      line += "; events that differ and change nothing: \(differing.a) of a, \(differing.b) of b"
    }
    Console.output(line)
  }

  private static func count(_ events: Int) -> String {
    "\(events) event\(events == 1 ? "" : "s")"
  }

  private static func names(_ matching: SessionMatching) -> String {
    matching.pairs.isEmpty ? "none" : matching.pairs.map(\.a.rawValue).listed()
  }
}

extension SessionMatching {
  /// `{"pairs": [{"a", "b"}], "onlyInA": [...], "onlyInB": [...]}`.
  var json: JSONValue {
    .object([
      "pairs": .array(
        pairs.map { .object(["a": .string($0.a.rawValue), "b": .string($0.b.rawValue)]) }),
      "onlyInA": .array(onlyInA.map { .string($0.rawValue) }),
      "onlyInB": .array(onlyInB.map { .string($0.rawValue) }),
    ])
  }
}
