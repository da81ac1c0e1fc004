import ArgumentParser
import SceneTrace
import SceneTraceFile
import SceneTraceText

// `replay diff A B`: whether two traces behave alike, and where they first do not.

extension DiffCommand {
  func compareTraces() throws {
    let traces = (try load(files[0]), try load(files[1]))
    let rosters = (
      SessionRoster(events: traces.0.events), SessionRoster(events: traces.1.events)
    )
    let fixed = try fixedPairs(rosters)
    let matching = SessionMatching(a: rosters.0, b: rosters.1, fixed: fixed)
    var renaming = IdentifierRenaming(matching, a: traces.0.events, b: traces.1.events)
    let renamed = traces.1.events.map { renaming.renamed($0) }
    let comparison = BehaviourComparison(a: traces.0.events, b: renamed)
    var progress = ProgressLine(
      label: "comparing", total: traces.0.events.count + traces.1.events.count, unit: "events")
    let divergence = comparison.firstDivergence { progress.update($0) }
    progress.finish()
    guard let divergence else {
      reportSameBehaviour(traces, matching, comparison)
      return
    }
    if json {
      Console.output(
        jsonReport(divergence, traces: traces, matching: matching).serialized())
    } else {
      for line in textReport(divergence, traces: traces, matching: matching) {
        Console.output(line)
      }
    }
    throw ExitCode(ExitStatus.found)
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
    _ traces: (LoadedTrace, LoadedTrace), _ matching: SessionMatching,
    _ comparison: BehaviourComparison
  ) {
    let counts = (traces.0.events.count, traces.1.events.count)
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
    if differing.0 + differing.1 > 0 {
      line += "; events that differ and change nothing: \(differing.0) of a, \(differing.1) of b"
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
