import Foundation
import SceneTrace
import SceneTraceFile
import SceneTraceTestSupport
import Testing

@testable import ReplayCLI

@Suite("replay diff and replay why")
struct DiffAndWhyTests {
  @Test func diffBetweenTwoPointsListsChangesSceneBySceneAndExitsZero() throws {
    let result = try ReplayTool.run(
      "diff", "traces/two-windows-clean.jsonl", "--from", "8", "--to", "21")
    #expect(result.status == 0)
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(
      lines.first == "traces/two-windows-clean.jsonl: seq 8 (t 0.032) → seq 21 (t 2.11): 7 changes")
    #expect(lines.contains("app"))
    #expect(lines.contains { $0.hasSuffix("keyScene  \"A\" → \"B\"") })
    #expect(lines.contains("session B  (new)"))
    #expect(
      lines.contains { $0.hasPrefix("  + scene.state") && $0.hasSuffix("\"foregroundActive\"") })
    #expect(lines.contains { $0.contains("scene.geometry.width") && $0.hasSuffix("1180 → 590") })
  }

  @Test func diffOfAPointWithItselfHasNoChange() throws {
    let result = try ReplayTool.run(
      "diff", "traces/switcher-kill.jsonl", "--from", "4", "--to", "4")
    #expect(
      result.output == "traces/switcher-kill.jsonl: seq 4 (t 0.03) → seq 4 (t 0.03): no change\n")
  }

  @Test func diffUsageErrorsExitTwo() throws {
    #expect(
      try ReplayTool.run("diff", "traces/switcher-kill.jsonl", "--from", "5", "--to", "3").status
        == 2)
    #expect(try ReplayTool.run("diff", "traces/switcher-kill.jsonl", "--to", "99").status == 2)
    #expect(
      try ReplayTool.run(
        "diff", "traces/switcher-kill.jsonl", "traces/switcher-kill.jsonl", "--from", "1"
      ).status == 2)
  }

  @Test func whyNamesTheLastChangeAndTheChangesThatFedIt() throws {
    let result = try ReplayTool.run(
      "why", "traces/two-windows-clean.jsonl", "--at", "30", "app.keyScene")
    #expect(result.status == 0)
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines[0] == "app.keyScene after seq 30 (t 9): \"A\"")
    #expect(lines[1] == "last changed by")
    #expect(lines[2].hasPrefix("  27  5 ") && lines[2].contains("app.keyWindow"))
    #expect(lines[3].hasSuffix("\"B\" → \"A\""))
    #expect(lines[4] == "fed by")
    #expect(lines[5].hasPrefix("  21  2.11"))
    #expect(lines[7].hasPrefix("   8  0.032"))
    #expect(lines[8].hasSuffix("null → \"A\""))
  }

  /// `diff --from --to` replays a long trace as it reads it, as far as `--to` (a point counted
  /// from the end found by a first pass): the changes are those between the states a replay of
  /// the loaded trace has there.
  @Test func diffOfTwoPointsOfALongTraceIsTheDiffOfItsReplayedStates() throws {
    let folder = try ReplayTool.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("long.jsonl").path
    try LongTrace.text(events: 30_000).write(toFile: path, atomically: true, encoding: .utf8)
    let events = try TraceFile.load(path: path).events
    for (from, to, start, end) in [
      ("12345", "-100", 12_345, 29_901), ("20000", "20050", 20_000, 20_050),
      ("-10", "-1", 29_991, 30_000), ("0", "3", 0, 3),
    ] {
      var replay = Replay()
      replay.apply(events.prefix { $0.seq <= start })
      let before = replay.state.comparableJSON
      replay.apply(events.drop { $0.seq <= start }.prefix { $0.seq <= end })
      let expected = before.changes(to: replay.state.comparableJSON)
      let result = try ReplayTool.run("diff", path, "--from", from, "--to", to, "--json")
      #expect(result.status == 0, "\(result.errors)")
      guard case .object(let report) = try JSONValue(parsing: Array(result.output.utf8)) else {
        Issue.record("not an object: \(result.output)")
        continue
      }
      #expect(report["from"] == JSONValue(start) && report["to"] == JSONValue(end))
      #expect(report["changes"] == .array(expected.map(\.json)), "--from \(from) --to \(to)")
      #expect(!expected.isEmpty || start == end)
    }
  }

  /// The change one event made, told from the entries the replay noted it changing
  /// (`Replay.applyTellingChanges`, what the timeline page details a finding with), is the
  /// change between the whole states before and after it, event by event: on seeded traces of
  /// every event type, whose sessions and shared keys include names in two spellings of the
  /// same characters (two sessions, one shared value), with noting left on across events not
  /// told.
  @Test(arguments: [0xD1FF_0001, 0xD1FF_0002] as [UInt64])
  func theChangeOfAnEventFromItsNotedEntriesIsTheChangeOfTheWholeState(seed: UInt64) {
    var random = RandomEvents(seed: seed)
    let events = random.events(count: 3_000)
    var (whole, noting) = (Replay(), Replay())
    noting.noteEveryChange()
    var (told, changed, maps) = (0, 0, Set<String>())
    for (index, event) in events.enumerated() {
      // Every third event applied without a change told, as the page applies those it does not
      // detail.
      guard index % 3 != 1 else {
        whole.apply(event)
        noting.apply(event)
        continue
      }
      let before = whole.state.comparableJSON
      whole.apply(event)
      let expected = before.changes(to: whole.state.comparableJSON)
      let changes = noting.applyTellingChanges(event)
      #expect(changes == expected, "seed \(seed), seq \(event.seq)")
      told += 1
      if !expected.isEmpty { changed += 1 }
      for change in expected {
        if case .key(let map)? = change.path.components.first { maps.insert(map) }
      }
    }
    #expect(noting.state == whole.state)
    #expect(told > 1_500 && changed > 800)
    #expect(maps.isSuperset(of: ["app", "sessions", "drags", "shared"]), "\(maps)")
  }

  /// On a long trace `why` keeps only the changes it prints as it replays: the latest, and how
  /// many there were before them, as a replay of the loaded trace finds them.
  @Test func whyOfAFieldThatChangedManyTimesListsTheLatestAndCountsTheRest() throws {
    let folder = try ReplayTool.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("long.jsonl").path
    try LongTrace.text(events: 30_000).write(toFile: path, atomically: true, encoding: .utf8)
    let field = #"shared["defaults:n"].value"#
    var replay = Replay()
    var value: String?
    var changes: [Int] = []
    for event in try TraceFile.load(path: path).events where event.seq <= 29_000 {
      replay.apply(event)
      let next = replay.state.shared["defaults:n"]?.value
      if next != value { changes.append(event.seq) }
      value = next
    }
    #expect(changes.count > 500)
    let result = try ReplayTool.run("why", path, "--at", "29000", "--depth", "4", field)
    #expect(result.status == 0, "\(result.errors)")
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines[0].hasPrefix("shared.defaults:n.value after seq 29000 "))
    #expect(lines[4] == "fed by (the 4 latest; \(changes.count - 5) earlier)")
    let json = try ReplayTool.run("why", path, "--at", "29000", "--depth", "4", field, "--json")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    let listed = try #require(object["changes"] as? [[String: Any]])
    #expect(
      listed.compactMap { ($0["event"] as? [String: Any])?["seq"] as? Int }
        == changes.suffix(5).reversed())
    // A depth as large as an Int goes lists every change.
    let deepest = String(Int.max)
    let every = try ReplayTool.run("why", path, "--at", "29000", "--depth", deepest, field)
    #expect(every.status == 0, "\(every.errors)")
    #expect(every.output.contains("fed by\n"))
    #expect(every.output.split(separator: "\n").count > 2 * changes.count)
    let everyJSON = try ReplayTool.run(
      "why", path, "--at", "29000", "--depth", deepest, field, "--json")
    #expect(everyJSON.status == 0, "\(everyJSON.errors)")
    let all = try #require(
      try JSONSerialization.jsonObject(with: Data(everyJSON.output.utf8)) as? [String: Any])
    #expect((all["changes"] as? [Any])?.count == changes.count)
  }

  /// `why` of a whole map (`drags`, `shared`, `sessions`) lists every event that changed it,
  /// with the map before and after, as a replay that makes the map's JSON after every event
  /// finds them (`why` makes anew only the JSON of the entries an event changed).
  /// `diff A B --json` lists every event of a tail longer than the comparison holds for it
  /// (those past the held ones read again from the trace as the report is written), as the
  /// trace holds them, on whichever side the tail is.
  @Test func diffJSONListsEveryEventOfATailLongerThanItHolds() throws {
    var random = RandomEvents(seed: 12, identifiers: ["A", "B", "C"])
    let events = random.events(count: 2 * DiffCommand.tailHeldForJSON + 1_000)
    let folder = try ReplayTool.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let write = { (events: ArraySlice<Event>, name: String) throws -> String in
      let url = folder.appendingPathComponent(name)
      try Data(TraceOutput.jsonLines(Array(events))).write(to: url)
      return url.path
    }
    let (whole, start) = (
      try write(events[...], "whole.jsonl"), try write(events[..<1_000], "start.jsonl")
    )
    for (a, b, long) in [(whole, start, "a"), (start, whole, "b")] {
      let result = try ReplayTool.run("diff", "--json", a, b)
      #expect(result.status == 1, "\(result.errors)")
      let report = try JSONValue(parsing: Array(result.output.utf8))
      guard case .array(let listed)? = report[try JSONPath(parsing: "\(long).events")] else {
        Issue.record("no events of \(long) in \(result.output.prefix(200))")
        continue
      }
      // Compared as a whole once the counts agree: a mismatch printed whole is thousands of
      // events.
      #expect(listed.count == events.count - 1_000, "the tail of \(long)")
      let listsTheTail = listed == events[1_000...].map(\.json)
      #expect(listsTheTail, "the tail of \(long)")
      #expect(report[try JSONPath(parsing: "\(long == "a" ? "b" : "a").events")] == .array([]))
    }
  }

  /// The events of a stretch read again from a trace that changed since the first pass, and now
  /// ends before the stretch does, are an error that says so.
  @Test func eventsReadAgainFromATraceThatEndsBeforeThemAreAnError() throws {
    let path = PackageFolders.root.appendingPathComponent("traces/setting-one-window-fixed.jsonl")
      .path
    var read: [Int] = []
    try DiffCommand.forEachEvent(in: 3..<7, of: path, ReadOptions()) { read.append($0.seq) }
    #expect(read == [4, 5, 6, 7])
    let error = try #require(throws: TraceError.self) {
      try DiffCommand.forEachEvent(in: 10..<40, of: path, ReadOptions()) { _ in }
    }
    #expect(error.message.hasPrefix("the trace ended after 19 events, before the 40"))
    #expect(error.path == path)
  }

  @Test(arguments: ["drags", "shared", "sessions"])
  func whyOfAWholeMapListsEveryEventThatChangedIt(member: String) throws {
    let folder = try ReplayTool.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (path, events) = try Self.randomTrace(seed: 0x3A77_0001, in: folder)
    let (changes, value) = Self.changes(of: try JSONPath(parsing: member), over: events)
    #expect(changes.count > 20)
    let report = try Self.expectWhy(of: member, in: path, toList: changes)
    #expect(report?[try JSONPath(parsing: "value")] == value)
  }

  /// `why` of a field of one session, drag or shared value lists every event that changed it,
  /// as a replay that makes the field's value after every event finds them (`why` makes it
  /// anew only after an event that changed that session, drag or key: a launch changes every
  /// scene without naming one).
  @Test(arguments: [
    "sessions.A", "sessions.B.scene", "sessions.C.scene.state", "sessions.A.status", "drags.B",
    "drags.C.phase", "shared",
  ])
  func whyOfAFieldOfOneEntryListsEveryEventThatChangedIt(field member: String) throws {
    let folder = try ReplayTool.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (path, events) = try Self.randomTrace(seed: 0x3A77_0002, in: folder)
    // For the store, the value of the key written most often.
    var writes: [String: Int] = [:]
    for event in events {
      if case .stateWrite(let key, _, _) = event.payload { writes[key, default: 0] += 1 }
    }
    let busiest = try #require(writes.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key)
    let text =
      member == "shared"
      ? "shared[\(String(reflecting: busiest))].value" : member
    let changes = Self.changes(of: try JSONPath(parsing: text), over: events).changes
    #expect(changes.count > 5, "\(text)")
    try Self.expectWhy(of: text, in: path, toList: changes)
  }

  /// 3000 seeded random events of sessions A, B and C, written as JSON Lines in `folder`.
  private static func randomTrace(
    seed: UInt64, in folder: URL
  ) throws -> (path: String, events: [Event]) {
    let path = folder.appendingPathComponent("random.jsonl").path
    var random = RandomEvents(seed: seed, identifiers: ["A", "B", "C"])
    let events = random.events(count: 3000)
    try events.map(\.jsonLine).joined(separator: "\n")
      .write(toFile: path, atomically: true, encoding: .utf8)
    return (path, events)
  }

  /// The events after which `field` differs from its value before them, as a replay that makes
  /// it after every event finds them, with the values before and after (null when absent), and
  /// its value at the end.
  private static func changes(
    of field: JSONPath, over events: [Event]
  ) -> (changes: [(seq: Int, before: JSONValue, after: JSONValue)], value: JSONValue?) {
    var replay = Replay()
    var value = replay.state.json(at: field)
    var changes: [(seq: Int, before: JSONValue, after: JSONValue)] = []
    for event in events {
      replay.apply(event)
      let next = replay.state.json(at: field)
      if next != value { changes.append((event.seq, value ?? .null, next ?? .null)) }
      value = next
    }
    return (changes, value)
  }

  /// Runs `why` of `field` in the trace at `path` with every change listed, expects it to list
  /// `changes` (oldest first) with their values before and after, and returns its report.
  @discardableResult
  private static func expectWhy(
    of field: String, in path: String,
    toList changes: [(seq: Int, before: JSONValue, after: JSONValue)]
  ) throws -> JSONValue? {
    let result = try ReplayTool.run("why", path, "--depth", String(Int.max), field, "--json")
    #expect(result.status == 0, "\(result.errors)")
    let report = try JSONValue(parsing: Array(result.output.utf8))
    guard case .array(let listed)? = report[try JSONPath(parsing: "changes")] else {
      Issue.record("no changes in \(result.output.prefix(200))")
      return nil
    }
    let (seq, before, after) = (
      try JSONPath(parsing: "event.seq"), try JSONPath(parsing: "before"),
      try JSONPath(parsing: "after")
    )
    #expect(listed.compactMap { $0[seq] } == changes.reversed().map { JSONValue($0.seq) })
    #expect(listed.compactMap { $0[before] } == changes.reversed().map(\.before))
    #expect(listed.compactMap { $0[after] } == changes.reversed().map(\.after))
    return report
  }

  /// The shared store keeps a key in the spelling it was first written in until it is deleted
  /// (`"cafe\u{301}"` written again as `"café"` stays `"cafe\u{301}"`); `why shared` follows
  /// its entries one by one and writes each under the spelling the store holds, as the state
  /// JSON does.
  @Test func whyOfTheSharedStoreWritesEachKeyAsTheStoreSpellsIt() throws {
    let folder = try ReplayTool.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("spellings.jsonl").path
    let (decomposed, precomposed) = ("defaults:cafe\u{301}", "defaults:caf\u{E9}")
    let steps: [(key: String, value: String?)] = [
      (decomposed, "1"), (precomposed, "2"), ("defaults:other", "3"), (precomposed, nil),
      (precomposed, "4"), (decomposed, "5"),
    ]
    var replay = Replay()
    var events: [Event] = []
    // The state JSON of the store after each step, as text: the spelling is in its bytes.
    var expected: [String] = []
    for (index, step) in steps.enumerated() {
      let payload: Event.Payload =
        step.value.map { .stateWrite(key: step.key, value: $0, session: nil) }
        ?? .stateDelete(key: step.key, session: nil)
      let event = Event(seq: index + 1, time: TraceTime(seconds: Int64(index + 1)), payload)
      events.append(event)
      replay.apply(event)
      expected.append(
        try #require(replay.state.json(at: JSONPath(parsing: "shared"))).serialized())
    }
    // Written in one spelling and held in the other, after the second step and the last.
    #expect(expected[1].utf8.contains(0xCC) && !expected[5].utf8.contains(0xCC))
    try events.map(\.jsonLine).joined(separator: "\n")
      .write(toFile: path, atomically: true, encoding: .utf8)
    let result = try ReplayTool.run("why", path, "--depth", "10", "shared", "--json")
    #expect(result.status == 0, "\(result.errors)")
    let report = try JSONValue(parsing: Array(result.output.utf8))
    guard case .array(let listed)? = report[try JSONPath(parsing: "changes")] else {
      Issue.record("no changes in \(result.output.prefix(200))")
      return
    }
    let after = try JSONPath(parsing: "after")
    // Compared byte by byte: strings compare equal in either spelling.
    #expect(
      listed.compactMap { $0[after].map { Array($0.serialized().utf8) } }
        == expected.reversed().map { Array($0.utf8) })
  }

  @Test func whyFollowsQuotedKeysAndShowsFindingsOnTheChangingEvent() throws {
    let shared = try ReplayTool.run(
      "why", "traces/sketch-restoration-bug.jsonl", #"shared["restoration:sketch.txt"].writer"#)
    #expect(shared.output.hasPrefix(#"shared["restoration:sketch.txt"].writer after seq 37"#))
    #expect(shared.output.contains("\"S1\" → \"S2\""))
    let state = try ReplayTool.run(
      "why", "traces/missed-foreground-hook.jsonl", "sessions.inspector.scene.state")
    #expect(state.output.contains("error[lifecycle.order]"))
  }

  @Test func whyOfAFieldThatNeverExistedSaysWhatIsThere() throws {
    let result = try ReplayTool.run("why", "traces/switcher-kill.jsonl", "sessions.B.scene.focuss")
    #expect(result.status == 2)
    #expect(result.errors.contains("sessions.B.scene holds instance, state"))
    let badPath = try ReplayTool.run("why", "traces/switcher-kill.jsonl", "sessions..B")
    #expect(badPath.status == 2)
  }
}

extension TraceState {
  /// The whole state JSON without `seq` and `t`: what a diff of two states told from the
  /// entries changed between them must agree with.
  fileprivate var comparableJSON: JSONValue {
    guard case .object(var object) = json else { return json }
    object["seq"] = nil
    object["t"] = nil
    return .object(object)
  }
}
