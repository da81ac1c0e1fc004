import SceneTrace
import Testing

/// One row of the scene-instance (L, I) or session (S, J) state-machine table: events that reach the
/// row's "From" state, the row's event, and what the reducer must say and do on it.
struct TransitionRow: Sendable, CustomTestStringConvertible {
  /// The expected state of the row's session after its event.
  enum Outcome: Sendable, Equatable {
    /// The session does not exist.
    case noSession
    /// The session has this status and no scene.
    case noScene(SessionStatus)
    /// The session is connected; its scene is in `state` and is the `instance`th connection.
    case scene(SceneActivation?, instance: Int)
  }

  var row: String
  var setup: [Event.Payload]
  var event: Event.Payload
  var session: SessionID = "A"
  /// The findings of the row's event, as (rule, severity); all about `session` unless noted.
  var findings: [(RuleID, Severity)]
  var outcome: Outcome

  var testDescription: String { row }

  /// What the row's event must report: each finding at the event's seq, about the session.
  var expectedFindings: [FindingSummary] {
    findings.map { FindingSummary($0.0, $0.1, seq: setup.count + 1, session) }
  }
}

extension TransitionRow {
  static let order: [(RuleID, Severity)] = [(.lifecycleOrder, .error)]
  static let unknown: [(RuleID, Severity)] = [(.lifecycleUnknownScene, .error)]
  static let afterDiscard: [(RuleID, Severity)] = [(.sessionAfterDiscard, .error)]
  static let sessionIrregular: [(RuleID, Severity)] = [(.sessionIrregular, .warning)]
}

// §2.7.1, the scene-instance machine: L1–L12 and I1–I8, plus the pairs the table leaves out.
let sceneRows: [TransitionRow] = {
  typealias S = Script
  return [
    TransitionRow(
      row: "L1 (none) + willConnect -> CONNECTING", setup: [S.launch1, S.configure("A")],
      event: S.connect("A"), findings: [], outcome: .scene(.unattached, instance: 1)),
    TransitionRow(
      row: "L2 CONNECTING + willEnterForeground -> FI", setup: S.connecting("A"),
      event: S.enter("A"), findings: [], outcome: .scene(.foregroundInactive, instance: 1)),
    TransitionRow(
      row: "L3 CONNECTING + didEnterBackground -> BG", setup: S.connecting("A"),
      event: S.background("A"), findings: [], outcome: .scene(.background, instance: 1)),
    TransitionRow(
      row: "L4 FI + didBecomeActive -> FA", setup: S.entered("A"),
      event: S.activate("A"), findings: [], outcome: .scene(.foregroundActive, instance: 1)),
    TransitionRow(
      row: "L4 FI (after resigning) + didBecomeActive -> FA", setup: S.resigned("A"),
      event: S.activate("A"), findings: [], outcome: .scene(.foregroundActive, instance: 1)),
    TransitionRow(
      row: "L5 FA + willResignActive -> FI", setup: S.active("A"),
      event: S.resign("A"), findings: [], outcome: .scene(.foregroundInactive, instance: 1)),
    TransitionRow(
      row: "L6 FI (was active) + didEnterBackground -> BG", setup: S.resigned("A"),
      event: S.background("A"), findings: [], outcome: .scene(.background, instance: 1)),
    TransitionRow(
      row: "L7 BG + willEnterForeground -> FI", setup: S.backgrounded("A"),
      event: S.enter("A"), findings: [], outcome: .scene(.foregroundInactive, instance: 1)),
    TransitionRow(
      row: "L8 BG + didDisconnect -> GONE", setup: S.backgrounded("A"),
      event: S.disconnect("A"), findings: [], outcome: .noScene(.archived)),
    TransitionRow(
      row: "L9 FI + didDisconnect -> GONE, warning", setup: S.resigned("A"),
      event: S.disconnect("A"), findings: [(.lifecycleIrregular, .warning)],
      outcome: .noScene(.archived)),
    TransitionRow(
      row: "L9 FI (never active) + didDisconnect -> GONE, warning", setup: S.entered("A"),
      event: S.disconnect("A"), findings: [(.lifecycleIrregular, .warning)],
      outcome: .noScene(.archived)),
    TransitionRow(
      row: "L10 CONNECTING + didDisconnect -> GONE, info", setup: S.connecting("A"),
      event: S.disconnect("A"), findings: [(.lifecycleInfo, .info)],
      outcome: .noScene(.archived)),
    TransitionRow(
      row: "L11 FI (from BG) + didEnterBackground -> BG, warning",
      setup: S.backgrounded("A") + [S.enter("A")], event: S.background("A"),
      findings: [(.lifecycleIrregular, .warning)], outcome: .scene(.background, instance: 1)),
    TransitionRow(
      row: "L11 FI (from CONNECTING) + didEnterBackground -> BG, warning",
      setup: S.entered("A"), event: S.background("A"),
      findings: [(.lifecycleIrregular, .warning)], outcome: .scene(.background, instance: 1)),
    TransitionRow(
      row: "L12 FA + app.launch -> GONE", setup: S.active("A"), event: S.launch2,
      findings: [], outcome: .noScene(.archived)),
    TransitionRow(
      row: "L12 CONNECTING + app.launch -> GONE", setup: S.connecting("A"), event: S.launch2,
      findings: [], outcome: .noScene(.archived)),
    TransitionRow(
      row: "L12 FI + app.launch -> GONE", setup: S.entered("A"), event: S.launch2,
      findings: [], outcome: .noScene(.archived)),
    TransitionRow(
      row: "L12 BG + app.launch -> GONE", setup: S.backgrounded("A"), event: S.launch2,
      findings: [], outcome: .noScene(.archived)),
    TransitionRow(
      row: "L12 FA + app.terminate -> GONE", setup: S.active("A"), event: .appTerminate,
      findings: [], outcome: .noScene(.archived)),
    TransitionRow(
      row: "I1 BG + didBecomeActive -> error, FA", setup: S.backgrounded("A"),
      event: S.activate("A"), findings: TransitionRow.order,
      outcome: .scene(.foregroundActive, instance: 1)),
    TransitionRow(
      row: "I2 FA + didEnterBackground -> error, BG", setup: S.active("A"),
      event: S.background("A"), findings: TransitionRow.order,
      outcome: .scene(.background, instance: 1)),
    TransitionRow(
      row: "I3 FA + didDisconnect -> error, GONE", setup: S.active("A"),
      event: S.disconnect("A"), findings: TransitionRow.order, outcome: .noScene(.archived)),
    TransitionRow(
      row: "I4 CONNECTING + didBecomeActive -> error, FA", setup: S.connecting("A"),
      event: S.activate("A"), findings: TransitionRow.order,
      outcome: .scene(.foregroundActive, instance: 1)),
    TransitionRow(
      row: "I5 GONE + willEnterForeground -> unknown scene, new instance in FI",
      setup: S.archived("A"), event: S.enter("A"), findings: TransitionRow.unknown,
      outcome: .scene(.foregroundInactive, instance: 2)),
    TransitionRow(
      row: "I5 GONE + didDisconnect -> unknown scene, still archived", setup: S.archived("A"),
      event: S.disconnect("A"), findings: TransitionRow.unknown, outcome: .noScene(.archived)),
    TransitionRow(
      row: "I5 GONE + scene.geometry -> unknown scene, state unknown", setup: S.archived("A"),
      event: .sceneGeometry(session: "A", width: 10, height: 20),
      findings: TransitionRow.unknown, outcome: .scene(nil, instance: 2)),
    TransitionRow(
      row: "I6 FI + willEnterForeground (duplicate) -> error, FI", setup: S.entered("A"),
      event: S.enter("A"), findings: TransitionRow.order,
      outcome: .scene(.foregroundInactive, instance: 1)),
    TransitionRow(
      row: "I6 FA + didBecomeActive (duplicate) -> error, FA", setup: S.active("A"),
      event: S.activate("A"), findings: TransitionRow.order,
      outcome: .scene(.foregroundActive, instance: 1)),
    TransitionRow(
      row: "I6 BG + didEnterBackground (duplicate) -> error, BG", setup: S.backgrounded("A"),
      event: S.background("A"), findings: TransitionRow.order,
      outcome: .scene(.background, instance: 1)),
    TransitionRow(
      row: "I7 FI + willResignActive -> error, FI", setup: S.resigned("A"),
      event: S.resign("A"), findings: TransitionRow.order,
      outcome: .scene(.foregroundInactive, instance: 1)),
    TransitionRow(
      row: "I8 (never connected) + didBecomeActive -> unknown scene, FA", setup: [S.launch1],
      event: S.activate("Z"), session: "Z", findings: TransitionRow.unknown,
      outcome: .scene(.foregroundActive, instance: 1)),
    TransitionRow(
      row: "I8 (never connected) + didDisconnect -> unknown scene", setup: [S.launch1],
      event: S.disconnect("Z"), session: "Z", findings: TransitionRow.unknown,
      outcome: .noScene(.archived)),
    TransitionRow(
      row: "I8 (configuring, not connected) + willEnterForeground -> unknown scene, FI",
      setup: [S.launch1, S.configure("A")], event: S.enter("A"),
      findings: TransitionRow.unknown, outcome: .scene(.foregroundInactive, instance: 1)),
    TransitionRow(
      row: "unlisted FA + willEnterForeground -> error, FI", setup: S.active("A"),
      event: S.enter("A"), findings: TransitionRow.order,
      outcome: .scene(.foregroundInactive, instance: 1)),
    TransitionRow(
      row: "unlisted BG + willResignActive -> error, FI", setup: S.backgrounded("A"),
      event: S.resign("A"), findings: TransitionRow.order,
      outcome: .scene(.foregroundInactive, instance: 1)),
    TransitionRow(
      row: "unlisted CONNECTING + willResignActive -> error, FI", setup: S.connecting("A"),
      event: S.resign("A"), findings: TransitionRow.order,
      outcome: .scene(.foregroundInactive, instance: 1)),
  ]
}()

// §2.7.2, the session machine: S1–S8 and J1–J5, plus a launch closing a configuring session.
let sessionRows: [TransitionRow] = {
  typealias S = Script
  return [
    TransitionRow(
      row: "S1 (none) + session.configure -> NEW", setup: [S.launch1],
      event: S.configure("A"), findings: [], outcome: .noScene(.configuring)),
    TransitionRow(
      row: "S2 NEW + willConnect -> CONNECTED", setup: [S.launch1, S.configure("A")],
      event: S.connect("A"), findings: [], outcome: .scene(.unattached, instance: 1)),
    TransitionRow(
      row: "S3 (none) + willConnect without configure -> CONNECTED", setup: [S.launch1],
      event: S.connect("A"), findings: [], outcome: .scene(.unattached, instance: 1)),
    TransitionRow(
      row: "S4 CONNECTED + didDisconnect -> ARCHIVED", setup: S.backgrounded("A"),
      event: S.disconnect("A"), findings: [], outcome: .noScene(.archived)),
    TransitionRow(
      row: "S5 ARCHIVED + willConnect -> CONNECTED, new instance", setup: S.archived("A"),
      event: S.connect("A"), findings: [], outcome: .scene(.unattached, instance: 2)),
    TransitionRow(
      row: "S5 ARCHIVED (by a launch) + willConnect -> CONNECTED, new instance",
      setup: S.active("A") + [S.launch2], event: S.connect("A"), findings: [],
      outcome: .scene(.unattached, instance: 2)),
    TransitionRow(
      row: "S6 ARCHIVED + discard -> DISCARDED", setup: S.archived("A"),
      event: S.discard("A"), findings: [], outcome: .noScene(.discarded)),
    TransitionRow(
      row: "S7 ARCHIVED + app.launch -> ARCHIVED", setup: S.archived("A"),
      event: S.launch2, findings: [], outcome: .noScene(.archived)),
    TransitionRow(
      row: "S8 (none) + discard -> DISCARDED", setup: [S.launch1], event: S.discard("A"),
      findings: [], outcome: .noScene(.discarded)),
    TransitionRow(
      row: "J1 CONNECTED + willConnect -> error, new instance", setup: S.active("A"),
      event: S.connect("A"), findings: [(.sessionOneScene, .error)],
      outcome: .scene(.unattached, instance: 2)),
    TransitionRow(
      row: "J2 DISCARDED + willConnect -> after-discard only", setup: S.discarded("A"),
      event: S.connect("A"), findings: TransitionRow.afterDiscard,
      outcome: .scene(.unattached, instance: 2)),
    TransitionRow(
      row: "J2 DISCARDED + session.configure -> after-discard only", setup: S.discarded("A"),
      event: S.configure("A"), findings: TransitionRow.afterDiscard,
      outcome: .noScene(.configuring)),
    TransitionRow(
      row: "J2 DISCARDED + didBecomeActive -> after-discard hides unknown-scene",
      setup: S.discarded("A"), event: S.activate("A"), findings: TransitionRow.afterDiscard,
      outcome: .scene(.foregroundActive, instance: 2)),
    TransitionRow(
      row: "J2 DISCARDED + didDisconnect -> after-discard hides unknown-scene",
      setup: S.discarded("A"), event: S.disconnect("A"), findings: TransitionRow.afterDiscard,
      outcome: .noScene(.discarded)),
    TransitionRow(
      row: "J2 DISCARDED + discard again -> after-discard", setup: S.discarded("A"),
      event: S.discard("A"), findings: TransitionRow.afterDiscard,
      outcome: .noScene(.discarded)),
    TransitionRow(
      row: "J2 DISCARDED + window.becomeKey -> after-discard hides unknown-scene",
      setup: S.discarded("A"), event: .windowBecomeKey(session: "A", window: "W"),
      findings: TransitionRow.afterDiscard, outcome: .scene(nil, instance: 2)),
    TransitionRow(
      row: "J2 DISCARDED + app.keyWindow -> after-discard", setup: S.discarded("A"),
      event: .appKeyWindow(session: "A", window: "W"), findings: TransitionRow.afterDiscard,
      outcome: .noScene(.discarded)),
    TransitionRow(
      row: "J3 CONNECTED + discard -> warning, DISCARDED", setup: S.active("A"),
      event: S.discard("A"), findings: TransitionRow.sessionIrregular,
      outcome: .noScene(.discarded)),
    TransitionRow(
      row: "J4 NEW + session.configure -> error, NEW", setup: [S.launch1, S.configure("A")],
      event: S.configure("A"), findings: [(.sessionOrder, .error)],
      outcome: .noScene(.configuring)),
    TransitionRow(
      row: "J5 CONNECTED + session.configure -> warning", setup: S.active("A"),
      event: S.configure("A"), findings: TransitionRow.sessionIrregular,
      outcome: .scene(.foregroundActive, instance: 1)),
    TransitionRow(
      row: "J5 ARCHIVED + session.configure -> warning", setup: S.archived("A"),
      event: S.configure("A"), findings: TransitionRow.sessionIrregular,
      outcome: .noScene(.archived)),
    TransitionRow(
      row: "NEW + app.launch -> warning, ARCHIVED", setup: [S.launch1, S.configure("A")],
      event: S.launch2, findings: TransitionRow.sessionIrregular,
      outcome: .noScene(.archived)),
    TransitionRow(
      row: "NEW + app.terminate -> warning, ARCHIVED", setup: [S.launch1, S.configure("A")],
      event: .appTerminate, findings: TransitionRow.sessionIrregular,
      outcome: .noScene(.archived)),
  ]
}()

@Suite struct TransitionTableTests {
  @Test(arguments: sceneRows + sessionRows)
  func rowReportsItsFindingsAndLeavesTheStateTheEventNames(_ row: TransitionRow) {
    var replay = Replay()
    replay.apply(numbered(row.setup))
    #expect(replay.findings.isEmpty, "the setup of \(row.row) must be legal")

    let event = Event(seq: row.setup.count + 1, time: TraceTime(seconds: 60), row.event)
    let found = replay.apply(event)
    #expect(found.summaries == row.expectedFindings)

    let session = replay.state.sessions[row.session]
    switch row.outcome {
    case .noSession:
      #expect(session == nil)
    case .noScene(let status):
      #expect(session?.status == status)
      #expect(session?.scene == nil)
    case .scene(let activation, let instance):
      #expect(session?.status == .connected)
      #expect(session?.scene != nil)
      #expect(session?.scene?.state == activation)
      #expect(session?.scene?.instance == instance)
    }
  }

  @Test func tableCoversEveryReferenceRow() {
    let labels = Set((sceneRows + sessionRows).map { String($0.row.prefix { $0 != " " }) })
    let reference =
      (1...12).map { "L\($0)" } + (1...8).map { "I\($0)" } + (1...8).map { "S\($0)" }
      + (1...5).map { "J\($0)" }
    #expect(Set(reference).subtracting(labels).isEmpty)
  }

  /// The pairs §2.7.1 lists as not illegal (L2–L11), written out from the reference rather
  /// than read from `LifecycleTransition`, so that the table in Sources is checked against it.
  static let referenceLegalPairs: Set<String> = [
    "unattached willEnterForeground", "unattached didEnterBackground", "unattached didDisconnect",
    "foregroundInactive didBecomeActive", "foregroundActive willResignActive",
    "foregroundInactive didEnterBackground", "background willEnterForeground",
    "background didDisconnect", "foregroundInactive didDisconnect",
  ]

  @Test(arguments: SceneActivation.allCases, LifecycleCallback.allCases)
  func everyPairTheTableDoesNotListIsAnOrderErrorAndTakesTheStateTheEventNames(
    _ from: SceneActivation, _ callback: LifecycleCallback
  ) {
    guard !Self.referenceLegalPairs.contains("\(from.rawValue) \(callback)") else { return }
    for active in from == .foregroundInactive ? [false, true] : [false] {
      let setup = Self.reach(from, activeSinceEnteringForeground: active)
      let event = Event(seq: setup.count + 1, time: TraceTime(seconds: 60), Self.event(callback))
      var replay = Replay()
      replay.apply(numbered(setup))
      #expect(replay.findings.isEmpty)
      let found = replay.apply(event)
      #expect(found.summaries == [FindingSummary(.lifecycleOrder, .error, seq: event.seq, "A")])
      #expect(replay.state.sessions["A"]?.scene?.state == callback.resultingState)
      if callback == .didDisconnect {
        #expect(replay.state.sessions["A"]?.status == .archived)
      }
    }
  }

  @Test(arguments: SceneActivation.allCases, LifecycleCallback.allCases)
  func lifecycleTableNamesTheReferenceRowAndVerdict(
    _ from: SceneActivation, _ callback: LifecycleCallback
  ) {
    for active in [false, true] {
      let row = LifecycleTransition.of(callback, in: from, activeSinceEnteringForeground: active)
      let legal = Self.referenceLegalPairs.contains("\(from.rawValue) \(callback)")
      #expect((row.verdict != .illegal) == legal)
      let expected: (String, LifecycleTransition.Verdict)? =
        switch (from, callback) {
        case (.foregroundInactive, .didDisconnect): ("L9", .irregular)
        case (.unattached, .didDisconnect): ("L10", .notable)
        case (.foregroundInactive, .didEnterBackground):
          active ? ("L6", .legal) : ("L11", .irregular)
        case (.background, .didBecomeActive): ("I1", .illegal)
        case (.foregroundActive, .didEnterBackground): ("I2", .illegal)
        case (.foregroundActive, .didDisconnect): ("I3", .illegal)
        case (.unattached, .didBecomeActive): ("I4", .illegal)
        case (.foregroundInactive, .willResignActive): ("I7", .illegal)
        default: nil
        }
      if let expected {
        #expect(row.row == expected.0)
        #expect(row.verdict == expected.1)
      }
    }
  }

  /// Events that leave session A's scene in `state`, with or without having become active since
  /// it entered the foreground (which matters only in foregroundInactive).
  static func reach(
    _ state: SceneActivation, activeSinceEnteringForeground active: Bool
  ) -> [Event.Payload] {
    switch state {
    case .unattached: Script.connecting("A")
    case .foregroundInactive: active ? Script.resigned("A") : Script.entered("A")
    case .foregroundActive: Script.active("A")
    case .background: Script.backgrounded("A")
    }
  }

  static func event(_ callback: LifecycleCallback) -> Event.Payload {
    switch callback {
    case .willEnterForeground: Script.enter("A")
    case .didBecomeActive: Script.activate("A")
    case .willResignActive: Script.resign("A")
    case .didEnterBackground: Script.background("A")
    case .didDisconnect: Script.disconnect("A")
    }
  }
}
