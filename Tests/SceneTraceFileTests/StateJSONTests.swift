import SceneTrace
import SceneTraceFile
import SceneTraceTestSupport
import Testing

/// Two sessions (one connected, mid band selection and pointer drag; one archived), a drag and a
/// shared value.
private func sampleState() -> TraceState {
  var state = TraceState()
  state.seq = 41
  state.time = TraceTime(milliseconds: 3250)
  state.app.launch = "L1"
  state.app.keyScene = "A"

  var scene = SceneState(instance: 1, state: .foregroundActive, connectedAt: 3)
  scene.keyWindow = "W1"
  scene.firstResponder = "editor"
  scene.focus = "cell-3"
  scene.geometry = Geometry(
    width: 1024, height: 768.5, orientation: nil, horizontalSizeClass: .regular)
  scene.content = "doc-7"
  scene.contentIsExclusive = true
  scene.selection = ["grid": ["a", "b"], "Zlist": []]
  scene.band = BandProgress(
    view: "grid", state: .selecting, rect: Rect(x: 1, y: 2, width: 30.5, height: 40),
    modifiers: [.command, .shift], items: ["c"], before: ["a"])
  scene.drag = PointerDragProgress(
    phase: .changed, x: 10.25, y: -3, latching: nil, region: "canvas")
  scene.renders = ["defaults:showWordCount": "true", "Defaults:x": "\"q\""]
  scene.presses = [
    40: KeyPress(phase: .began, began: 38), 100: KeyPress(phase: .cancelled, began: 39),
  ]
  var sessionA = SessionState(status: .connected, role: .windowApplication)
  sessionA.restoration = Restoration(activityType: "com.example.doc", key: "restoration:A.txt")
  sessionA.scene = scene
  state.sessions["A"] = sessionA
  state.sessions["B"] = SessionState(status: .archived, role: .windowApplication)
  state.sessions["é"] = SessionState(status: .configuring)

  var drag = DragState(source: "A", began: 30)
  drag.target = "B"
  drag.operation = .copy
  var opening = DragState(source: "B", began: 35, activityType: "com.example.doc")
  opening.newSession = "C"
  state.drags["d2"] = opening
  state.drags["d1"] = drag
  state.shared["defaults:showWordCount"] = SharedValue(value: "true", writer: "A", seq: 30)
  state.shared["file:notes"] = SharedValue(value: "v2", writer: nil, seq: 12)
  return state
}

@Test func stateJSONHasTheDocumentedShapeAndOrder() {
  let expected =
    #"{"seq":41,"t":3.25,"#
    + #""app":{"state":"foregroundActive","launch":"L1","keyScene":"A","terminated":false},"#
    + #""sessions":{"#
    + #""A":{"status":"connected","role":"windowApplication","#
    + #""restoration":{"activityType":"com.example.doc","key":"restoration:A.txt"},"#
    + #""scene":{"instance":1,"state":"foregroundActive","keyWindow":"W1","#
    + #""firstResponder":"editor","focus":"cell-3","#
    + #""geometry":{"width":1024,"height":768.5,"orientation":null,"#
    + #""horizontalSizeClass":"regular"},"#
    + #""content":"doc-7","contentExclusive":true,"#
    + #""selection":{"Zlist":[],"grid":["a","b"]},"#
    + #""band":{"view":"grid","state":"selecting","rect":[1,2,30.5,40],"#
    + #""modifiers":["shift","command"],"items":["c"],"before":["a"]},"#
    + #""drag":{"phase":"changed","x":10.25,"y":-3,"latching":null,"region":"canvas"},"#
    + #""renders":{"Defaults:x":"\"q\"","defaults:showWordCount":"true"},"#
    + #""presses":{"100":{"phase":"cancelled"},"40":{"phase":"began"}}}},"#
    + #""B":{"status":"archived","role":"windowApplication","restoration":null,"scene":null},"#
    + #""é":{"status":"configuring","role":null,"restoration":null,"scene":null}},"#
    + #""drags":{"#
    + #""d1":{"source":"A","phase":"active","target":"B","operation":"copy","#
    + #""activityType":null,"newSession":null},"#
    + #""d2":{"source":"B","phase":"active","target":null,"operation":null,"#
    + #""activityType":"com.example.doc","newSession":"C"}},"#
    + #""shared":{"#
    + #""defaults:showWordCount":{"value":"true","writer":"A","seq":30},"#
    + #""file:notes":{"value":"v2","writer":null,"seq":12}}}"#
  #expect(sampleState().json.serialized() == expected)
}

@Test func initialStateJSONHasEveryTopLevelField() {
  #expect(
    TraceState().json.serialized()
      == #"{"seq":0,"t":0,"app":{"state":"background","launch":null,"keyScene":null,"#
      + #""terminated":false},"sessions":{},"drags":{},"shared":{}}"#)
}

@Test func sceneWithUnknownStateIsNull() {
  var state = TraceState()
  var session = SessionState(status: .connected)
  session.scene = SceneState(instance: 2, state: nil, connectedAt: 1)
  state.sessions["A"] = session
  let scene =
    #""scene":{"instance":2,"state":null,"keyWindow":null,"firstResponder":null,"#
    + #""focus":null,"geometry":null,"content":null,"contentExclusive":false,"selection":{},"#
    + #""band":null,"drag":null,"renders":{},"presses":{}}"#
  #expect(state.json.serialized().contains(scene))
}

@Test func findingJSONHasTheDocumentedFields() {
  let finding = Finding(
    rule: "lifecycle.order", severity: .error, seq: 7, session: "A",
    message: "didBecomeActive in the background", related: [3, 5])
  #expect(
    finding.json.serialized()
      == #"{"rule":"lifecycle.order","severity":"error","seq":7,"session":"A","#
      + #""message":"didBecomeActive in the background","related":[3,5]}"#)
  let general = Finding(rule: "x.y", severity: .info, seq: 1, session: nil, message: "m")
  #expect(general.json.serialized().contains(#""session":null"#))
  #expect(general.json.serialized().contains(#""related":[]"#))
}

@Test func prettyJSONIndentsByTwoSpacesAndKeepsOrder() {
  let value: JSONValue = ["z": 1, "a": [true, nil, "s"], "empty": [:], "none": []]
  #expect(
    value.serialized(pretty: true) == """
      {
        "z": 1,
        "a": [
          true,
          null,
          "s"
        ],
        "empty": {},
        "none": []
      }
      """)
  #expect(value.serialized() == #"{"z":1,"a":[true,null,"s"],"empty":{},"none":[]}"#)
}

/// `replay state --json` writes the state a part at a time as it is made (the state of 10^7
/// mixed events is 11 MB of text): the parts, joined, are the text made whole, pretty and
/// compact, for a state of no session and one of thousands with scenes, drags and shared values.
@Test func theStateJSONWrittenInPartsIsTheTextMadeWhole() {
  let sessions = manySessions(2000) { id in
    [.sessionConfigure(session: id, role: .windowApplication), .sceneWillConnect(session: id)]
  }
  var random = RandomEvents(seed: 52)
  // After the sessions' events, in seq and in time.
  let after = sessions.last?.time.nanoseconds ?? 0
  let more = random.events(count: 3000).map { event in
    Event(
      seq: sessions.count + event.seq,
      time: TraceTime(nanoseconds: after + event.time.nanoseconds), event.payload)
  }
  var replay = Replay()
  var partCounts: [Int] = []
  for events in [[], sessions + more] {
    replay.apply(events)
    for pretty in [false, true] {
      var joined: [UInt8] = []
      var parts = 0
      replay.state.writeJSON(pretty: pretty) { part in
        part.withBytes { joined += $0 }
        parts += 1
      }
      #expect(String(decoding: joined, as: UTF8.self) == replay.state.jsonText(pretty: pretty))
      partCounts.append(parts)
    }
  }
  #expect(partCounts.prefix(2) == [1, 1])
  #expect(partCounts.last ?? 0 >= 4, "the largest state no longer comes in parts: \(partCounts)")
}

@Test func parsedJSONKeepsNumberTextAndReportsLineAndColumn() throws {
  let value = try JSONValue(parsing: Array("{\"a\": 1.50e3,\n \"b\": [-0]}".utf8))
  #expect(value == ["a": .number("1.50e3"), "b": [.number("-0")]])
  do {
    _ = try JSONValue(parsing: Array("{\"a\": 1,\n  \"b\" 2}".utf8), path: "base.json")
    Issue.record("parsed invalid JSON")
  } catch {
    #expect(error.code == .invalidJSON)
    #expect(error.line == 2)
    #expect(error.message.hasPrefix("invalid JSON at column 7:"))
  }
}

@Test func nonFiniteNumbersWriteAsNull() {
  #expect(JSONValue(Double.nan) == .null)
  #expect(JSONValue(-Double.infinity) == .null)
}

/// The state JSON written as it is made (`jsonText(pretty:)`, `replay state --json`) is the
/// text of the tree made of the same description (`json`), compact and pretty: on every state of
/// the shipped traces and on states of random events, named as an app names its sessions and as
/// anything at all. Named as an app names them, it also reads back as that tree (names of
/// anything at all may differ only in Unicode normalization, which JSON's keys do not tell
/// apart).
@Test(arguments: [(0x5EED_7E47, true), (0x5EED_7E48, false)] as [(UInt64, Bool)])
func stateJSONWrittenAsItIsMadeIsTheTextOfItsTree(seed: UInt64, named: Bool) throws {
  func expectSameText(_ state: TraceState, _ place: String) throws {
    let tree = state.json
    for pretty in [false, true] {
      let text = state.jsonText(pretty: pretty)
      #expect(text == tree.serialized(pretty: pretty), "\(place)")
      if named { #expect(try JSONValue(parsing: Array(text.utf8)) == tree, "\(place)") }
    }
  }
  var random = RandomEvents(seed: seed, identifiers: named ? ["A", "B", "é", "S10", "S9"] : nil)
  var replay = Replay()
  for event in random.events(count: 3000) {
    replay.apply(event)
    if event.seq % 25 == 0 { try expectSameText(replay.state, "seed \(seed) seq \(event.seq)") }
  }
  #expect(replay.state.sessions.count > 3)
  if seed == 0x5EED_7E47 {
    _ = try PackageFolders.forEachExampleState { state, place throws in
      try expectSameText(state, place)
    }
  }
}
