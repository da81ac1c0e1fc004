import Foundation
import SceneTrace
import SceneTraceFile
import Testing

/// One recording of the same steps in a two-window app that breaks several rules: a drop
/// reported as not local, both windows saving restoration state under one key, a closed window's
/// draft deleted before its session is discarded, a scene becoming active straight from the
/// background, and a third session configured and never connected (reported when the trace
/// ends). Each recording names its sessions, launch, drag and request its own way.
private struct Recording {
  var a = "A"
  var b = "B"
  var c = "C"
  var launch = "L1"
  var drag = "d1"
  var request = "r1"
  /// The role of every session.
  var role = "windowApplication"
  /// The transition that breaks `lifecycle.order` after scene A entered the background.
  var slip = "scene.didBecomeActive"
  /// Whether app marks and a geometry change come between the steps, and after the last.
  var unrelatedEvents = false
  /// Milliseconds added to every time.
  var shift = 0

  /// The recording as JSON Lines.
  var text: String {
    var lines: [String] = []
    func add(_ milliseconds: Int, _ type: String, _ fields: String = "") {
      let time = Double(milliseconds + shift) / 1000
      lines.append(#"{"t":\#(time),"type":"\#(type)""# + (fields.isEmpty ? "" : ",") + fields + "}")
    }
    func unrelated(_ milliseconds: Int, _ label: String) {
      if unrelatedEvents { add(milliseconds, "app.mark", #""label":"\#(label)""#) }
    }
    unrelated(0, "recording started")
    add(0, "app.launch", #""launch":"\#(launch)","supportsMultipleScenes":true"#)
    for (session, start) in [(a, 10), (b, 100)] {
      add(start, "session.configure", #""session":"\#(session)","role":"\#(role)""#)
      add(start + 1, "scene.willConnect", #""session":"\#(session)""#)
      add(start + 2, "scene.willEnterForeground", #""session":"\#(session)""#)
      add(start + 3, "scene.didBecomeActive", #""session":"\#(session)""#)
      add(start + 4, "window.becomeKey", #""session":"\#(session)","window":"\#(session).main""#)
      unrelated(start + 5, "window open")
    }
    if unrelatedEvents {
      add(150, "scene.geometry", #""session":"\#(a)","width":507,"height":768"#)
    }
    add(200, "drag.begin", #""drag":"\#(drag)","session":"\#(a)""#)
    add(210, "drop.perform", #""drag":"\#(drag)","session":"\#(b)","local":false"#)
    add(220, "drag.end", #""drag":"\#(drag)","operation":"copy""#)
    add(300, "scene.saveRestoration", #""session":"\#(a)","key":"restoration:sketch.txt""#)
    add(310, "scene.saveRestoration", #""session":"\#(b)","key":"restoration:sketch.txt""#)
    unrelated(320, "saved")
    add(400, "state.write", #""key":"session:\#(b)/draft","value":"Hello","session":"\#(b)""#)
    add(410, "scene.willResignActive", #""session":"\#(b)""#)
    add(420, "scene.didEnterBackground", #""session":"\#(b)""#)
    add(430, "scene.didDisconnect", #""session":"\#(b)""#)
    add(440, "state.delete", #""key":"session:\#(b)/draft","session":"\#(a)""#)
    add(500, "scene.willResignActive", #""session":"\#(a)""#)
    add(510, "scene.didEnterBackground", #""session":"\#(a)""#)
    unrelated(515, "in the background")
    add(520, slip, #""session":"\#(a)""#)
    add(600, "request.activate", #""request":"\#(request)","requester":"\#(a)""#)
    add(610, "session.configure", #""session":"\#(c)","role":"\#(role)""#)
    unrelated(700, "recording stopped")
    return lines.joined(separator: "\n") + "\n"
  }
}

/// The findings of a trace, with what matching them needs.
private struct Checked {
  var events: [Event]
  var replay: Replay

  init(_ text: String) throws {
    events = try decode(text).events
    replay = Replay.run(events)
  }

  var findings: [Finding] { replay.findings }

  var baseline: FindingBaseline {
    FindingBaseline(findings: findings, events: events, state: replay.state)
  }

  func newFindings(against baseline: FindingBaseline) -> [Finding] {
    baseline.newFindings(findings, events: events, state: replay.state)
  }
}

/// A scene that goes from the background straight to active `slips` times.
private func slippingScene(session: String, role: String, slips: Int) -> String {
  var lines = [
    #"{"type":"app.launch","launch":"L1"}"#,
    #"{"type":"session.configure","session":"\#(session)","role":"\#(role)"}"#,
    #"{"type":"scene.willConnect","session":"\#(session)"}"#,
    #"{"type":"scene.willEnterForeground","session":"\#(session)"}"#,
    #"{"type":"scene.didBecomeActive","session":"\#(session)"}"#,
  ]
  for _ in 0..<slips {
    lines += [
      #"{"type":"scene.willResignActive","session":"\#(session)"}"#,
      #"{"type":"scene.didEnterBackground","session":"\#(session)"}"#,
      #"{"type":"scene.didBecomeActive","session":"\#(session)"}"#,
    ]
  }
  return lines.joined(separator: "\n") + "\n"
}

@Suite("Finding baselines")
struct FindingBaselineTests {
  @Test func recordingTheStepsAgainMatchesEveryBaselinedFinding() throws {
    let first = try Checked(Recording().text)
    #expect(
      Set(first.findings.map(\.rule)) == [
        .dragSequence, .restorationSharedStorage, .sessionDataDeletedEarly, .lifecycleOrder,
        .sessionIrregular,
      ])
    let again = Recording(
      a: "6F1D2C1E-8A3B-4C55-9D0E-2B7A41C3E901", b: "0B9E77F2-5D14-4A86-B1C0-9E3F2A6D4C18",
      c: "D4A3B2C1-0F9E-4D8C-A7B6-C5D4E3F2A1B0", launch: "3E0F6A2B-launch", drag: "drag-81",
      request: "activate-2", unrelatedEvents: true, shift: 3_517)
    let second = try Checked(again.text)
    #expect(second.events.count > first.events.count)
    #expect(second.findings.count == first.findings.count)
    #expect(second.findings.map(\.seq) != first.findings.map(\.seq))
    #expect(second.newFindings(against: first.baseline).isEmpty)
    #expect(second.baseline.entries.map(\.fingerprint) == first.baseline.entries.map(\.fingerprint))
  }

  /// Entries made in code are matched by their fingerprint as spelled: sixteen lowercase
  /// digits as the file has them (matched as the number they spell), and any other spelling as
  /// it is, which no finding's fingerprint has.
  @Test func entriesMadeInCodeMatchByTheirFingerprintAsSpelled() throws {
    let checked = try Checked(Recording().text)
    let entries = checked.baseline.entries
    #expect(entries.count > 3)
    let remade = FindingBaseline(
      entries: entries.map {
        FindingBaseline.Entry(
          rule: $0.rule, role: $0.role, fingerprint: $0.fingerprint, message: "")
      })
    #expect(checked.newFindings(against: remade).isEmpty)
    for spell in [
      { (text: String) in text.uppercased() }, { "0x" + $0 }, { String($0.dropFirst()) },
    ] {
      let respelled = FindingBaseline(
        entries: entries.map {
          FindingBaseline.Entry(
            rule: $0.rule, role: $0.role, fingerprint: spell($0.fingerprint), message: $0.message)
        })
      #expect(checked.newFindings(against: respelled) == checked.findings)
      // The entries spelled otherwise are all left, with the one that matches.
      var baseline = FindingBaseline(entries: respelled.entries + [entries[0]])
      let new = baseline.absorb(
        checked.findings, events: checked.events, state: checked.replay.state)
      #expect(new.count == checked.findings.count - 1)
      #expect(baseline.entries == respelled.entries)
    }
  }

  @Test func theSameRuleBrokenByOtherEventsIsNew() throws {
    let baseline = try Checked(Recording().text).baseline
    // A duplicate didEnterBackground breaks lifecycle.order too, at another event.
    let other = try Checked(Recording(slip: "scene.didEnterBackground").text)
    let new = other.newFindings(against: baseline)
    #expect(new.map(\.rule) == [.lifecycleOrder])
    #expect(new.first?.seq == other.events.last { $0.type == .sceneDidEnterBackground }?.seq)
  }

  @Test func theSameFindingInASessionOfAnotherRoleIsNew() throws {
    let window = try Checked(slippingScene(session: "A", role: "windowApplication", slips: 1))
    let sameRole = try Checked(slippingScene(session: "W", role: "windowApplication", slips: 1))
    let car = try Checked(slippingScene(session: "A", role: "carTemplateApplication", slips: 1))
    #expect(window.findings.map(\.rule) == [.lifecycleOrder])
    #expect(sameRole.newFindings(against: window.baseline).isEmpty)
    #expect(car.newFindings(against: window.baseline).map(\.rule) == [.lifecycleOrder])
    #expect(car.baseline.entries.map(\.role) == ["carTemplateApplication"])
  }

  @Test func oneBaselinedFindingAcceptsOnlyOneOfTwoIdenticalFindings() throws {
    let once = try Checked(slippingScene(session: "A", role: "windowApplication", slips: 1))
    let twice = try Checked(slippingScene(session: "A", role: "windowApplication", slips: 2))
    #expect(twice.findings.count == 2)
    #expect(Set(twice.baseline.entries.map(\.fingerprint)).count == 1)
    let new = twice.newFindings(against: once.baseline)
    #expect(new == [twice.findings[1]])
    #expect(twice.newFindings(against: twice.baseline).isEmpty)
  }

  @Test func identifiersAreAliasedOnlyWhereTheyStandOnTheirOwn() throws {
    // Session "App" is also the start of a word in the key; renaming the session renames it
    // where it stands on its own, and leaves the word alone.
    func recording(_ session: String) -> String {
      """
      {"type":"app.launch","launch":"L1"}
      {"type":"session.configure","session":"\(session)","role":"windowApplication"}
      {"type":"state.write","key":"session:\(session)/Apply","value":"x","session":"\(session)"}
      {"type":"scene.willConnect","session":"\(session)"}
      {"type":"scene.willEnterForeground","session":"\(session)"}
      {"type":"scene.didDisconnect","session":"\(session)"}
      {"type":"state.delete","key":"session:\(session)/Apply"}

      """
    }
    let original = try Checked(recording("App"))
    let renamed = try Checked(recording("Ap"))
    #expect(original.findings.map(\.rule) == [.lifecycleIrregular, .sessionDataDeletedEarly])
    #expect(renamed.newFindings(against: original.baseline).isEmpty)
  }

  @Test func sessionListsInAnotherOrderStillMatch() throws {
    // openSessions and app.discardSessions come from sets: their order says nothing.
    func recording(_ sessions: String) -> String {
      """
      {"type":"app.launch","launch":"L2","openSessions":[\(sessions)]}
      {"type":"scene.willConnect","session":"A","role":"windowApplication"}
      {"type":"scene.willConnect","session":"B","role":"windowApplication"}
      {"type":"scene.didDisconnect","session":"A"}
      {"type":"scene.didDisconnect","session":"B"}
      {"type":"app.discardSessions","sessions":[\(sessions)]}
      {"type":"scene.willEnterForeground","session":"B"}

      """
    }
    let listed = try Checked(recording(#""A","B""#))
    let reversed = try Checked(recording(#""B","A""#))
    #expect(listed.findings.map(\.rule).contains(.sessionAfterDiscard))
    #expect(reversed.newFindings(against: listed.baseline).isEmpty)
  }

  @Test func baselineJSONAndFileRoundTripExactly() throws {
    let baseline = try Checked(Recording().text).baseline
    #expect(try FindingBaseline(json: baseline.json, path: "b.json") == baseline)
    let scratch = try ScratchDirectory()
    let path = scratch.file("baseline.json").path
    try baseline.write(to: path)
    let loaded = try FindingBaseline.load(path: path)
    #expect(loaded == baseline)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.prefix(3) == [#"{"#, #"  "sceneTraceBaseline": 1,"#, #"  "findings": ["#])
    #expect(lines.suffix(3) == [#"  ]"#, #"}"#, ""])
    #expect(lines.count == baseline.entries.count + 6)
    #expect(lines[3].hasPrefix(#"    {"rule": "drag.sequence", "role": "windowApplication", "#))
    try loaded.write(to: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
  }

  @Test func entriesAreSortedByRuleThenRoleThenFingerprint() throws {
    let baseline = try Checked(Recording().text).baseline
    let keys = baseline.entries.map { [$0.rule.rawValue, $0.role ?? "", $0.fingerprint] }
    #expect(keys == keys.sorted { $0.lexicographicallyPrecedes($1) })
    #expect(baseline.entries.allSatisfy { $0.fingerprint.count == 16 })
  }

  /// Roles spelled with other scalars are two roles, each in its place: `é` and `e` + U+0301
  /// compared equal as strings, but one after `w` and the other before it, and the order of a
  /// file depended on the order the findings came in.
  @Test func entriesSortTheSameWhateverTheirOrderWithRolesSpelledOtherwise() {
    let entries = ["é", "e\u{301}", "windowApplication", nil, "e\u{301}"].enumerated().map {
      FindingBaseline.Entry(
        rule: "a.b", role: $1, fingerprint: "0123456789abcde\($0)", message: "")
    }
    func permutations(_ items: [FindingBaseline.Entry]) -> [[FindingBaseline.Entry]] {
      guard items.count > 1 else { return [items] }
      return items.indices.flatMap { index in
        var rest = items
        let first = rest.remove(at: index)
        return permutations(rest).map { [first] + $0 }
      }
    }
    let sorted = Set(permutations(entries).map { $0.sorted(by: FindingBaseline.Entry.fileOrder) })
    #expect(sorted.count == 1)
    #expect(sorted.first?.map { $0.role?.unicodeScalars.count } == [nil, 2, 2, 17, 1])
  }

  @Test func emptyBaselineRoundTrips() throws {
    let scratch = try ScratchDirectory()
    let path = scratch.file("empty.json").path
    try FindingBaseline().write(to: path)
    #expect(
      try String(contentsOfFile: path, encoding: .utf8)
        == "{\n  \"sceneTraceBaseline\": 1,\n  \"findings\": []\n}\n")
    #expect(try FindingBaseline.load(path: path) == FindingBaseline())
  }

  @Test func malformedBaselineFileIsInvalidJSONNamingThePathAndLine() throws {
    let error = try loadError(
      "{\n  \"sceneTraceBaseline\": 1,\n  \"findings\": [\n    {\"rule\" }\n")
    #expect(error.code == .invalidJSON)
    #expect(error.line == 4)
    #expect(error.description.hasPrefix(error.path ?? "?"))
    #expect(error.path?.hasSuffix("baseline.json") == true)
  }

  @Test func baselineOfANewerVersionIsRefusedNamingBothVersions() throws {
    let error = try loadError(#"{"sceneTraceBaseline": 2, "findings": []}"#)
    #expect(error.code == .unsupportedVersion)
    #expect(error.message.contains("version 2"))
    #expect(error.message.contains("reads version 1"))
    #expect(error.path?.hasSuffix("baseline.json") == true)
  }

  @Test func jsonThatIsNotABaselineIsAnUnsupportedFormat() throws {
    let trace = try loadError(#"{"type":"app.launch","launch":"L1"}"#)
    #expect(trace.code == .unsupportedFormat)
    #expect(trace.message.contains("not a SceneTrace baseline"))
    let array = try loadError("[]")
    #expect(array.code == .unsupportedFormat)
  }

  @Test func badEntriesNameTheirField() throws {
    let noRule = try loadError(
      #"{"sceneTraceBaseline": 1, "findings": [{"fingerprint": "0123456789abcdef"}]}"#)
    #expect(noRule.code == .missingField)
    #expect(noRule.field == "findings[0].rule")
    let badFingerprint = try loadError(
      #"{"sceneTraceBaseline": 1, "findings": [{"rule": "x.y", "fingerprint": "12"}]}"#)
    #expect(badFingerprint.code == .invalidValue)
    #expect(badFingerprint.field == "findings[0].fingerprint")
    let noFindings = try loadError(#"{"sceneTraceBaseline": 1}"#)
    #expect(noFindings.code == .missingField)
    #expect(noFindings.field == "findings")
    let textVersion = try loadError(#"{"sceneTraceBaseline": "1", "findings": []}"#)
    #expect(textVersion.code == .invalidValue)
    #expect(textVersion.field == "sceneTraceBaseline")
  }

  /// A baseline file read a part at a time gives the entries, or the error, of its text parsed
  /// whole: on texts cut, changed and reordered at random, read a few bytes at a time and more.
  @Test func aBaselineReadAPartAtATimeIsItsTextParsedWhole() throws {
    let baseline = try Checked(Recording().text).baseline
    #expect(baseline.entries.count > 3)
    let scratch = try ScratchDirectory()
    let path = scratch.file("baseline.json").path
    try baseline.write(to: path)
    let written = try String(contentsOfFile: path, encoding: .utf8)
    let texts = [
      written,
      #"{"findings": [{"message": "caf\u00e9 \ud83d\ude00 é", "fingerprint": "0123456789abcdef", "#
        + #""rule": "x.y", "role": null, "more": [1.5e3, {"a": [true, false]}]}], "#
        + #""sceneTraceBaseline": 1.0, "other": {"nested": [[], {}]}}"#,
      #"{"sceneTraceBaseline": 1, "findings": []}"#,
      "  [1, 2]  ", "", "{}", #"{"sceneTraceBaseline": 2, "findings": [{"rule": 3}]}"#,
      #"{"sceneTraceBaseline": 1, "findings": {"rule": "x.y"}}"#,
      #"{"sceneTraceBaseline": 1, "findings": [], "findings": []}"#,
    ]
    func outcome(_ result: Result<[FindingBaseline.Entry], TraceError>) -> String {
      switch result {
      case .success(let entries): "\(entries)"
      case .failure(let error): "\(error.code) \(error) \(error.field ?? "") \(error.line ?? 0)"
      }
    }
    var random = SplitMix64(seed: 14)
    let bytesUsed = Array(#"{}[],:" \ue9ab01-.tn"#.utf8) + [0x0A, 0xC3, 0xA9, 0xF0]
    var (cases, failures) = (0, 0)
    for text in texts {
      var variants = [Array(text.utf8)]
      for _ in 0..<60 {
        var bytes = Array(text.utf8)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &random)))
        case 1 where !bytes.isEmpty:
          bytes[Int.random(in: bytes.indices, using: &random)] = bytesUsed.randomElement(
            using: &random)!
        case 2 where !bytes.isEmpty: bytes.remove(at: Int.random(in: bytes.indices, using: &random))
        default: break
        }
        variants.append(bytes)
      }
      for bytes in variants {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let whole = Result { () throws(TraceError) in
          try FindingBaseline(json: JSONValue(parsing: bytes, path: path), path: path).entries
        }
        for partSize in [1, 5, 61, 1 << 20] {
          let parts = Result { () throws(TraceError) in
            var entries: [FindingBaseline.Entry] = []
            try FindingBaseline.forEachEntry(inFileAt: path, partSize: partSize) {
              entries.append($0)
            }
            return entries
          }
          #expect(outcome(parts) == outcome(whole), "\(String(decoding: bytes, as: UTF8.self))")
          cases += 1
          if case .failure = whole { failures += 1 }
        }
      }
    }
    // Most texts changed are no longer baselines, but not all.
    #expect(failures > cases / 4 && failures < cases)
  }

  @Test func missingBaselineFileIsUnreadable() throws {
    let scratch = try ScratchDirectory()
    let path = scratch.file("none.json").path
    let error = try #require(throws: TraceError.self) { try FindingBaseline.load(path: path) }
    #expect(error.code == .unreadableFile)
    #expect(error.path == path)
  }

  @Test func roleAndMessageMayBeAbsent() throws {
    let text =
      #"{"sceneTraceBaseline": 1, "findings": [{"rule": "x.y", "fingerprint": "#
      + #""0123456789abcdef"}]}"#
    let baseline = try FindingBaseline(json: JSONValue(parsing: Array(text.utf8)), path: "b.json")
    #expect(
      baseline.entries == [
        FindingBaseline.Entry(rule: "x.y", role: nil, fingerprint: "0123456789abcdef", message: "")
      ])
  }
}

/// The error loading a baseline file holding `text` gives.
private func loadError(_ text: String) throws -> TraceError {
  let scratch = try ScratchDirectory()
  let path = scratch.file("baseline.json").path
  try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  return try #require(throws: TraceError.self) { try FindingBaseline.load(path: path) }
}
