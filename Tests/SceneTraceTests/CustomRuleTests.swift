import Foundation
import SceneTrace
import SceneTraceTestSupport
import Testing

// The example of SceneTrace.docc/CustomRules.md, verbatim: `docArticleShowsTheRuleTheseTestsRun`
// checks that the article's code block is this code.

/// The notes app saves a window's edits (a `file:` write naming the window's session) a moment
/// after the user stops typing. A window must not leave the screen with edits not yet saved.
struct SavesBeforeBackground: TraceRule {
  let rule = RuleDescription(
    id: "notes.saves-before-background", severity: .warning,
    summary: "a window entered the background with edits it had not saved",
    explanation: """
      A window shows each edit (a state.render of a model: key) and saves it shortly after \
      (a state.write of a file: key). A window that enters the background with an edit not \
      yet saved loses it if the system ends the app there. Save in sceneWillResignActive.
      """)

  func check(_ event: Event, in context: inout RuleContext) {
    switch event.payload {
    case .stateRender(let session, let key, _) where key.hasPrefix("model:"):
      // Remember the window's first unsaved edit.
      if context.notes[session.rawValue] == nil {
        context.notes[session.rawValue] = String(event.seq)
      }
    case .stateWrite(let key, _, let session?) where key.hasPrefix("file:"):
      context.notes[session.rawValue] = nil
    default:
      break
    }
    // Compare the states around the event: which windows just entered the background?
    for id in context.after.sessions.keys.sorted() {
      guard context.after.sessions[id]?.scene?.state == .background,
        context.before.sessions[id]?.scene?.state != .background,
        let edited = context.notes[id.rawValue].flatMap({ Int($0) })
      else { continue }
      let document = context.after.sessions[id]?.scene?.content ?? "its document"
      context.report(
        "window \(id) entered the background with an edit of \(document) not saved",
        session: id, related: [edited])
      context.notes[id.rawValue] = nil  // one slip, one finding
    }
  }

  func finish(in context: inout RuleContext) {
    for (id, edited) in context.notes.sorted(by: { $0.key < $1.key }) {
      context.report(
        "window \(id) still had an edit not saved when the trace ended",
        session: SessionID(id), related: Int(edited).map { [$0] } ?? [])
    }
  }
}

/// Custom rules: the documented example, and how custom findings join the built-in ones.
@Suite struct CustomRuleTests {
  typealias S = Script
  static let ruleID: RuleID = "notes.saves-before-background"
  static let reducer = TraceReducer(rules: [SavesBeforeBackground()])

  static func edit(_ id: SessionID, _ text: String) -> Event.Payload {
    .stateRender(session: id, key: "model:note-1", value: text)
  }

  static func save(_ id: SessionID) -> Event.Payload {
    .stateWrite(key: "file:note-1", value: "saved", session: id)
  }

  static func run(_ payloads: [Event.Payload]) -> Replay {
    Replay.run(numbered(payloads), reducer: reducer)
  }

  @Test func docArticleShowsTheRuleTheseTestsRun() throws {
    let article = try String(
      contentsOf: PackageFolders.file("Sources/SceneTrace/SceneTrace.docc/CustomRules.md"),
      encoding: .utf8)
    let blocks = article.components(separatedBy: "```swift\n").dropFirst()
      .compactMap { $0.components(separatedBy: "```").first }
    let example = try #require(blocks.first { $0.contains("struct SavesBeforeBackground") })
    let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
    #expect(source.contains(example))
  }

  @Test func windowLeavingTheScreenWithAnUnsavedEditIsReported() {
    let result = Self.run(
      S.bothActive + [
        .contentDisplay(session: "A", content: "note-1"), Self.edit("A", "Hello"),
        S.resign("A"), S.background("A"),
      ])
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(Self.ruleID, .warning, seq: 13, "A", related: [11])
      ])
    #expect(
      result.findings.first?.message
        == "window A entered the background with an edit of note-1 not saved")
  }

  @Test func windowThatSavesFirstIsFine() {
    let result = Self.run(
      S.bothActive + [
        Self.edit("A", "Hello"), Self.save("A"), S.resign("A"), Self.edit("B", "Hi"),
        Self.save("B"), S.background("A"),
      ])
    #expect(result.findings.isEmpty)
    #expect(result.state.notes.isEmpty)
  }

  @Test func finishReportsEditsStillUnsavedAtTheEnd() {
    let result = Self.run(S.bothActive + [Self.edit("B", "Hi"), Self.edit("A", "Yo")])
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(Self.ruleID, .warning, seq: 11, nil, related: [10, 11])
      ])
    #expect(
      result.findings.first?.message
        == "window A still had an edit not saved when the trace ended; "
        + "window B still had an edit not saved when the trace ended")
  }

  @Test func withoutTheRuleTheSameTraceHasNoFinding() {
    let payloads = S.bothActive + [Self.edit("A", "Hello"), S.resign("A"), S.background("A")]
    #expect(replay(payloads).findings.isEmpty)
    #expect(Self.run(payloads).findings.map(\.rule) == [Self.ruleID])
  }

  /// Reports every `app.mark` and `state.write`, twice.
  struct ReportsMarksAndWrites: TraceRule {
    let rule = RuleDescription(
      id: "test.marks", severity: .info, summary: "every mark and write",
      explanation: "Reports each app.mark and state.write twice.")

    func check(_ event: Event, in context: inout RuleContext) {
      switch event.payload {
      case .appMark, .stateWrite:
        context.report("first", session: "A", related: [1])
        context.report("second", session: "B", related: [2], severity: .warning)
      default:
        break
      }
    }
  }

  @Test func customFindingsFollowThePrecedenceOfBuiltInOnes() {
    let reducer = TraceReducer(rules: [ReportsMarksAndWrites(), SavesBeforeBackground()])
    let result = Replay.run(
      numbered(
        S.discarded("C") + [
          .stateWrite(key: "file:x", value: "v", session: "C"), .appMark(label: "m"),
          S.configure("A"), S.connect("A"), S.enter("A"), S.activate("A"), Self.edit("A", "x"),
          S.background("A"),
        ]),
      reducer: reducer)
    // The write names discarded C: only session.after-discard is reported there. The two
    // reports of one event merge into one finding, as severe as the worse; a custom finding
    // sorts by rule beside the
    // built-in ones.
    #expect(
      result.findings.summaries == [
        FindingSummary(.sessionAfterDiscard, .error, seq: 10, "C"),
        FindingSummary("test.marks", .warning, seq: 11, nil),
        FindingSummary(.lifecycleOrder, .error, seq: 17, "A"),
        FindingSummary(Self.ruleID, .warning, seq: 17, "A"),
      ])
    #expect(result.findings[1].message == "first; second")
    #expect(result.findings[1].related == [1, 2])
  }

  /// Names as related the seqs around each `app.mark`: none before the trace, the mark itself,
  /// one after it, repeats and earlier events out of order.
  struct RelatesAroundMarks: TraceRule {
    let rule = RuleDescription(
      id: "test.related", severity: .info, summary: "every mark",
      explanation: "Reports each app.mark with the seqs around it as related.")

    func check(_ event: Event, in context: inout RuleContext) {
      guard case .appMark = event.payload else { return }
      let seq = event.seq
      context.report(
        "mark", session: nil, related: [seq - 1, 0, seq, -3, seq + 1, 1, seq - 1, Int.min])
      context.report("again", session: nil, related: [seq - 2])
    }
  }

  /// A finding's related events are earlier events of the trace, each once and in order: those
  /// a rule names at or after the finding's event, or before the first, are left out.
  @Test func relatedEventsAreTheEarlierOnesARuleNames() {
    let result = Replay.run(
      numbered([.appMark(label: "a"), .appMark(label: "b"), .appMark(label: "c")]),
      reducer: TraceReducer(rules: [RelatesAroundMarks()]))
    #expect(result.findings.map(\.seq) == [1, 2, 3])
    #expect(result.findings.map(\.related) == [[], [1], [1, 2]])
    #expect(result.findings.map(\.message) == ["mark; again", "mark; again", "mark; again"])
  }

  @Test func notesAreKeptInTheStateSoAStoredStateReplaysOnAlike() throws {
    let events = numbered(
      S.bothActive + [Self.edit("A", "x"), S.resign("A"), S.background("A")])
    var first = Replay(reducer: Self.reducer)
    first.apply(events.prefix(10))
    #expect(first.state.notes == [Self.ruleID: ["A": "10"]])
    let stored = try JSONEncoder().encode(first.state)
    var resumed = Replay(
      reducer: Self.reducer, from: try JSONDecoder().decode(TraceState.self, from: stored))
    resumed.apply(events.dropFirst(10))
    first.apply(events.dropFirst(10))
    #expect(resumed.state == first.state)
    #expect(resumed.findings == first.findings.filter { $0.seq > 10 })
  }

  @Test func ruleDescriptionsListTheCustomRulesWithTheBuiltInOnes() {
    let ids = Self.reducer.ruleDescriptions.map(\.id)
    #expect(ids.count == RuleDescription.builtIn.count + 1)
    #expect(ids.contains(Self.ruleID))
    #expect(ids == ids.sorted())
    #expect(TraceReducer().rules.isEmpty)
  }
}
