import SceneTraceTestSupport
import Testing

@testable import SceneTrace
@testable import SceneTraceFile

/// A checkpoint's state is written and read through each state type's one list of fields
/// (`StateCodable`), not through `Codable`: the same text as the `Codable` form byte for byte,
/// so digests do not change, and the same state read back, whatever the state holds.
@Suite struct StateFieldsTests {
  /// The `Codable` form's canonical text and reading: the reference the fields are held to.
  static func codableText(_ state: TraceState) throws -> [UInt8] {
    try CanonicalJSONEncoder.encode(state)
  }

  static func codableRead(_ bytes: [UInt8]) throws -> TraceState {
    try JSONValueDecoder.decode(TraceState.self, from: JSONValue(parsing: bytes))
  }

  /// Checks that `state` is written as its `Codable` form is, and reads back as itself.
  static func expectCodableForm(_ state: TraceState, _ place: String) throws {
    let text = state.canonicalJSON()
    #expect(text == (try codableText(state)), "\(place)")
    #expect(try TraceState(canonicalJSON: text) == state, "\(place)")
  }

  @Test func everyStateOfTheShippedTracesIsWrittenAndReadAsItsCodableForm() throws {
    var states = 0
    let traces = try PackageFolders.forEachExampleState { state, place throws in
      states += 1
      try Self.expectCodableForm(state, place)
    }
    #expect(traces >= 20)
    #expect(states > 1000)
  }

  /// Random events of every type, with edge values in every field (names to escape, numbers of
  /// every form, spellings this version does not know), named as an app names its sessions
  /// and as anything at all.
  @Test(
    arguments: [(0x57A7_E001, true), (0x57A7_E002, true), (0x57A7_E003, false)] as [(UInt64, Bool)])
  func statesOfRandomEventsAreWrittenAndReadAsTheirCodableForm(seed: UInt64, named: Bool)
    throws
  {
    var random = RandomEvents(
      seed: seed, identifiers: named ? ["A", "B", "C", "é", "S10", "S9"] : nil)
    var replay = Replay()
    var checked = 0
    for event in random.events(count: 4000) {
      replay.apply(event)
      guard event.seq % 20 == 0 else { continue }
      try Self.expectCodableForm(replay.state, "seed \(seed) seq \(event.seq)")
      checked += 1
    }
    #expect(checked == 200)
    // The states held scenes with what the fields are there for.
    #expect(replay.state.sessions.count > 3)
  }

  /// Every field of every struct of the state, set: a state the replays may not reach.
  @Test func aStateWithEveryFieldSetIsWrittenAndReadAsItsCodableForm() throws {
    var state = CanonicalJSONTests.pinnedState()
    state.time = TraceTime(nanoseconds: -12_345)
    state.app.keyScene = "a"
    state.app.frontmostScene = "B"
    state.app.keySceneSince = 4
    state.app.sdkMajorVersion = 26
    state.app.osMajorVersion = 27
    state.app.declaredActivityTypes = ["com.example.note", ""]
    state.app.launchSeq = 1
    state.app.appearanceChangedAt = 5
    state.app.pendingClose = PendingClose(session: "a", via: CloseRequest(rawValue: "x"), seq: 6)
    state.app.environment = WindowingEnvironment(
      mode: WindowingMode(rawValue: "windowed"), requiresFullScreen: false, os: "27.0",
      sdk: "26.1")
    state.drags["d1"] = DragState(source: "a", began: 3, activityType: "t")
    state.drags["d2"] = {
      var drag = DragState(source: "B", began: 4)
      drag.phase = .ended
      drag.target = "a"
      drag.operation = DropOperation(rawValue: "copy")
      drag.newSession = "é"
      drag.endedSeq = 5
      drag.endedAt = TraceTime(nanoseconds: 6)
      drag.droppedSeq = 7
      return drag
    }()
    state.reportsAppKeyWindow = true
    state.nonInteractiveSessions = ["B"]
    state.staleLayoutSessions = ["a", "B"]
    state.notes["lifecycle.order"] = ["z": "1", "a": "\u{0}"]
    state.memory.renderDeadline = TraceTime(nanoseconds: 9)
    state.memory.formerValues["k"] = ["v1", "v2"]
    state.memory.discardedWhileConnected["a"] = 8
    _ = state.memory.firstReport("rule.x", "b", "a")
    state.memory.restorationStores.note("a", storedUnder: "restoration:doc", at: 3)
    state.sessions["B"]?.restoration = Restoration(activityType: "t", key: "k")
    state.sessions["B"]?.closedAt = 10
    state.sessions["B"]?.connections = 2
    state.sessions["a"]?.scene?.update { scene in
      scene.keyWindow = "a.main"
      scene.firstResponder = "editor"
      scene.focus = "cell-1"
      scene.content = "doc"
      scene.contentIsExclusive = true
      scene.band = BandProgress(
        view: "grid", state: .began, rect: Rect(x: 1, y: 2.5, width: 3, height: -4),
        modifiers: [.shift, .command], items: ["i1"], before: [])
      scene.renders["defaults:k"] = "v"
      scene.appearance = ActiveAppearance(rawValue: "active")
      scene.sizeRestrictions = SizeRestrictions(
        minimumWidth: 320, minimumHeight: 240.5, maximumWidth: .infinity, maximumHeight: 2000)
      scene.layout = SceneLayout(horizontalSizeClass: .compact, name: "split")
      scene.activeSinceEnteringForeground = true
      scene.focusSince = 11
      scene.dragBegan = 12
      scene.bands["grid"] = BandInFlight(progress: scene.band!, began: 13, changed: 14)
      scene.bandOutcomes["grid"] = BandOutcome(
        selection: ["i1"], before: [], inside: ["i1"], modifiers: [], began: nil, ended: 15)
      scene.contentSince = 16
      scene.renderedAt["defaults:k"] = 17
      scene.pendingRenders["defaults:j"] = PendingRender(
        value: "w", firstWrite: 18, writtenAt: TraceTime(nanoseconds: 19), latestWrite: 20,
        deadline: TraceTime(nanoseconds: 21), activatedAt: 22)
      scene.startedMidLife = true
      scene.resizeBegan = 23
      scene.layoutStaleSince = 24
      scene.appearanceSince = 25
      scene.geometry?.isInteractivelyResizing = true
      scene.geometry?.isOrientationLocked = false
      scene.geometry?.screen = "external"
      scene.drag?.region = "canvas"
      scene.presses[41]?.cancelledAt = 26
    }
    try Self.expectCodableForm(state, "every field")
    // Each struct below was given every field it has.
    let text = String(decoding: state.canonicalJSON(), as: UTF8.self)
    for key in ["pendingClose", "environment", "droppedSeq", "reportedPairs", "closedAt", "title"] {
      #expect(text.contains("\"\(key)\":"), "\(key)")
    }
  }

  /// Identifiers are compared scalar by scalar: two sessions or drags whose names differ only in
  /// Unicode normalization are two, and read back as two. (The `Codable` form's parser could
  /// take two such keys of one object for one key written twice, and then no checkpoint was
  /// written of the state: `RandomEvents(seed: 12)`'s 150 events end in one.)
  @Test func namesThatDifferOnlyInNormalizationReadBackApart() throws {
    var state = TraceState()
    state.sessions["é"] = SessionState(status: .connected, role: .windowApplication)
    state.sessions["e\u{301}"] = SessionState(status: .archived)
    state.drags["é"] = DragState(source: "é", began: 1)
    state.drags["e\u{301}"] = DragState(source: "e\u{301}", began: 2)
    let text = state.canonicalJSON()
    #expect(text == (try Self.codableText(state)))
    let read = try TraceState(canonicalJSON: text)
    #expect(read == state)
    #expect(read.sessions.count == 2 && read.drags.count == 2)
  }

  /// Each struct lists every stored property it has, once, in the scalar order of its keys:
  /// a property added and not listed fails here even while every state leaves it empty.
  @Test func everyStructListsEachOfItsFieldsOnceInTheOrderOfTheirKeys() throws {
    func check<Value: StateCodable>(_ type: Value.Type) throws {
      var counter = FieldCounter()
      var value = Value.blank
      try value.code(with: &counter)
      // What a state notes of its changes for `replay why` is no field of it.
      let stored = Mirror(reflecting: value).children.filter { !($0.value is any ChangeNotes) }
        .count
      #expect(counter.keys.count == stored, "\(Value.self): \(counter.keys)")
      for (earlier, later) in zip(counter.keys, counter.keys.dropFirst()) {
        #expect(earlier.precedesInScalarOrder(later), "\(Value.self): \(earlier), \(later)")
      }
    }
    try check(TraceState.self)
    try check(AppState.self)
    try check(WindowingEnvironment.self)
    try check(PendingClose.self)
    try check(SessionState.self)
    try check(Restoration.self)
    try check(SceneState.self)
    try check(Geometry.self)
    try check(SizeRestrictions.self)
    try check(SceneLayout.self)
    try check(BandProgress.self)
    try check(Rect.self)
    try check(PointerDragProgress.self)
    try check(DragState.self)
    try check(SharedValue.self)
    try check(BandOutcome.self)
    try check(BandInFlight.self)
    try check(KeyPress.self)
    try check(RuleMemory.self)
    try check(PendingRender.self)
  }

  /// A member a newer version wrote is passed over wherever it comes; keys out of order or
  /// repeated are not a canonical text, and are refused rather than read as something else.
  @Test func unknownMembersArePassedOverAndKeysOutOfOrderRefused() throws {
    let state = CanonicalJSONTests.pinnedState()
    let text = String(decoding: state.canonicalJSON(), as: UTF8.self)
    let newer =
      text
      .replacingOccurrences(of: #"{"app":{"#, with: #"{"aa":[1,{"b":null}],"app":{"#)
      .replacingOccurrences(
        of: #""title":"tab\u0009here"}"#, with: #""title":"tab\u0009here","zz":{}}"#
      )
      .replacingOccurrences(
        of: #""staleLayoutSessions":[],"#, with: #""staleLayoutSessions":[],"t":"x","#)
    #expect(newer.count > text.count + 20)
    #expect(try TraceState(canonicalJSON: Array(newer.utf8)) == state)
    // A key spelled with an escape is the key it spells; one beyond ASCII is compared by its
    // scalars, after every key of ASCII.
    let spelled =
      text
      .replacingOccurrences(of: #"{"app":{"#, with: #"{"\u0061pp":{"#)
      .replacingOccurrences(
        of: #""title":"tab\u0009here"}"#, with: #""title":"tab\u0009here","é":1}"#)
    #expect(spelled.contains(#"{"\u0061pp":{"#) && spelled.contains(#""é":1}"#))
    #expect(try TraceState(canonicalJSON: Array(spelled.utf8)) == state)

    // A key before the last one, where a member a newer version wrote could not be.
    let late = text.replacingOccurrences(of: #""time":0}"#, with: #""time":0,"a":1}"#)
    #expect(late != text)
    let outOfOrder = #expect(throws: TraceError.self) {
      try TraceState(canonicalJSON: Array(late.utf8))
    }
    #expect(outOfOrder?.message.contains("\"a\" is out of order or repeated") == true)
    // Out of order before a member the state must have: that member is missing.
    let swapped = text.replacingOccurrences(of: #""seq":12,"sessions":"#, with: #""sessions":"#)
      .replacingOccurrences(of: #""shared":"#, with: #""seq":12,"shared":"#)
    let missing = #expect(throws: TraceError.self) {
      try TraceState(canonicalJSON: Array(swapped.utf8))
    }
    #expect(missing?.field == "seq")
    let repeated = text.replacingOccurrences(of: #""seq":12,"#, with: #""seq":12,"seq":12,"#)
    #expect(throws: TraceError.self) { try TraceState(canonicalJSON: Array(repeated.utf8)) }
  }

  /// Bytes changed, cut or put in anywhere: the reader never traps, and a state it reads is
  /// the one the `Codable` form reads from the same bytes (the pinned state has no two names
  /// that differ only in normalization, which that form may refuse).
  @Test(arguments: [0xDA_0001, 0xDA_0002] as [UInt64])
  func damagedTextsAreRefusedOrReadAsTheCodableFormReadsThem(seed: UInt64) throws {
    var generator = SplitMix64(seed: seed)
    let original = CanonicalJSONTests.pinnedState().canonicalJSON()
    var read = 0
    for _ in 0..<2000 {
      var bytes = original
      for _ in 0..<Int.random(in: 1...3, using: &generator) {
        let position = Int.random(in: 0..<bytes.count, using: &generator)
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: bytes[position] = UInt8.random(in: 0...255, using: &generator)
        case 1: bytes.removeSubrange(position...)
        default:
          bytes.insert(
            Array(#"{}[],:"0-9.etfn\"#.utf8).randomElement(using: &generator)!, at: position)
        }
        if bytes.isEmpty { break }
      }
      guard let state = try? TraceState(canonicalJSON: bytes) else { continue }
      read += 1
      #expect(try Self.codableRead(bytes) == state)
    }
    // Some changes leave a state (a digit changed, a string's letter).
    #expect(read > 50)
  }
}

/// Counts the fields a struct codes, without coding their values.
private struct FieldCounter: StateCoder {
  var keys: [String] = []
  var isReading: Bool { false }

  mutating func code(_ value: inout Int) {}
  mutating func code(_ value: inout Int64) {}
  mutating func code(_ value: inout Double) {}
  mutating func code(_ value: inout Bool) {}
  mutating func code(_ value: inout String) {}
  mutating func beginFields() {}
  mutating func endFields() {}

  mutating func field<Value: StateCodable>(_ key: StaticString, _ value: inout Value) {
    keys.append(key.description)
  }

  mutating func field<Value: StateCodable>(_ key: StaticString, _ value: inout Value?) {
    keys.append(key.description)
  }

  mutating func writeElements(
    _ count: Int, _ element: (Int, inout FieldCounter) throws(StateCodingError) -> Void
  ) {}
  mutating func readElements(_ element: (inout FieldCounter) throws(StateCodingError) -> Void) {}
  mutating func writeMembers(
    _ count: Int, key: (Int) -> String,
    value: (Int, inout FieldCounter) throws(StateCodingError) -> Void
  ) {}
  mutating func readMembers(_ member: (String, inout FieldCounter) throws(StateCodingError) -> Void)
  {}
}
