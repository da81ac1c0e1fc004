import SceneTrace
import SceneTraceFile
import Testing

/// One hand-written line per event type (and a few minimal forms), in the export form, with the
/// event each must read as.
private let canonicalLines: [(line: String, payload: Event.Payload)] = [
  (
    #"{"seq":1,"t":0,"type":"app.launch","launch":"L1","os":"17.4","sdk":"17.5","#
      + #""supportsMultipleScenes":true,"activityTypes":["com.example.doc"],"#
      + #""openSessions":["A","B"]}"#,
    .appLaunch(
      launch: "L1", os: "17.4", sdk: "17.5", supportsMultipleScenes: true,
      activityTypes: ["com.example.doc"], openSessions: ["A", "B"])
  ),
  (#"{"seq":2,"t":0.001,"type":"app.terminate"}"#, .appTerminate),
  (
    #"{"seq":3,"t":0.5,"type":"app.keyWindow","session":"A","window":"W1"}"#,
    .appKeyWindow(session: "A", window: "W1")
  ),
  (
    #"{"seq":4,"t":1,"type":"session.configure","session":"A","role":"windowApplication","#
      + #""activityType":"com.example.doc"}"#,
    .sessionConfigure(session: "A", role: .windowApplication, activityType: "com.example.doc")
  ),
  (
    #"{"seq":5,"t":1,"type":"app.discardSessions","sessions":["B","C"]}"#,
    .appDiscardSessions(sessions: ["B", "C"])
  ),
  (
    #"{"seq":6,"t":1.25,"type":"scene.willConnect","session":"A","#
      + #""role":"windowExternalDisplayNonInteractive","activityType":"com.example.doc","#
      + #""hasRestorationActivity":false}"#,
    .sceneWillConnect(
      session: "A", role: .windowExternalDisplayNonInteractive, activityType: "com.example.doc",
      hasRestorationActivity: false)
  ),
  (
    #"{"seq":7,"t":1.25,"type":"scene.willEnterForeground","session":"A"}"#,
    .sceneWillEnterForeground(session: "A")
  ),
  (
    #"{"seq":8,"t":1.3,"type":"scene.didBecomeActive","session":"A"}"#,
    .sceneDidBecomeActive(session: "A")
  ),
  (
    #"{"seq":9,"t":2,"type":"scene.willResignActive","session":"A"}"#,
    .sceneWillResignActive(session: "A")
  ),
  (
    #"{"seq":10,"t":2,"type":"scene.didEnterBackground","session":"A"}"#,
    .sceneDidEnterBackground(session: "A")
  ),
  (
    #"{"seq":11,"t":2,"type":"scene.didDisconnect","session":"A"}"#,
    .sceneDidDisconnect(session: "A")
  ),
  (
    #"{"seq":12,"t":2,"type":"scene.saveRestoration","session":"A","#
      + #""activityType":"com.example.doc","key":"restoration:A.txt"}"#,
    .sceneSaveRestoration(session: "A", activityType: "com.example.doc", key: "restoration:A.txt")
  ),
  (
    #"{"seq":13,"t":2,"type":"scene.restoreInteractionState","session":"A"}"#,
    .sceneRestoreInteractionState(session: "A")
  ),
  (
    #"{"seq":14,"t":2,"type":"scene.extendRestoration","session":"A"}"#,
    .sceneExtendRestoration(session: "A")
  ),
  (
    #"{"seq":15,"t":2,"type":"scene.completeRestoration","session":"A"}"#,
    .sceneCompleteRestoration(session: "A")
  ),
  (
    #"{"seq":16,"t":2.000000001,"type":"scene.geometry","session":"A","width":1024,"#
      + #""height":768.5,"orientation":"landscapeLeft","horizontalSizeClass":"regular"}"#,
    .sceneGeometry(
      session: "A", width: 1024, height: 768.5, orientation: .landscapeLeft,
      horizontalSizeClass: .regular)
  ),
  (
    #"{"seq":17,"t":3,"type":"window.becomeKey","session":"A","window":"W1"}"#,
    .windowBecomeKey(session: "A", window: "W1")
  ),
  (
    #"{"seq":18,"t":3,"type":"request.activate","request":"R1","session":"B","#
      + #""activityType":"com.example.doc","style":"prominent","requester":"A"}"#,
    .requestActivate(
      request: "R1", session: "B", activityType: "com.example.doc", style: .prominent,
      requester: "A")
  ),
  (
    #"{"seq":19,"t":3,"type":"request.failed","request":"R2","code":-1}"#,
    .requestFailed(request: "R2", code: -1)
  ),
  (
    #"{"seq":20,"t":3,"type":"request.destroy","request":"R3","session":"B","#
      + #""animation":"decline"}"#,
    .requestDestroy(request: "R3", session: "B", animation: .decline)
  ),
  (
    #"{"seq":21,"t":4,"type":"key.press","session":"A","phase":"began","keyCode":4,"#
      + #""characters":"a","modifiers":["shift","command"]}"#,
    .keyPress(
      session: "A", phase: .began, keyCode: 4, characters: "a", modifiers: [.shift, .command])
  ),
  (
    #"{"seq":22,"t":4,"type":"key.command","session":"A","input":"n","modifiers":["command"],"#
      + #""action":"newDocument:","title":"New","target":"AppDelegate","#
      + #""chain":["editor","window","AppDelegate"],"wantsPriority":true}"#,
    .keyCommand(
      session: "A", input: "n", modifiers: [.command], action: "newDocument:", title: "New",
      target: "AppDelegate", chain: ["editor", "window", "AppDelegate"], wantsPriority: true)
  ),
  (
    #"{"seq":23,"t":4,"type":"responder.first","session":"A","window":"W1","#
      + #""responder":"editor"}"#,
    .responderFirst(session: "A", window: "W1", responder: "editor")
  ),
  (
    #"{"seq":24,"t":4,"type":"focus.update","session":"A","from":"cell-1","to":"cell-2","#
      + #""heading":"next","group":"grid"}"#,
    .focusUpdate(session: "A", from: "cell-1", to: "cell-2", heading: .next, group: "grid")
  ),
  (
    #"{"seq":25,"t":4.5,"type":"pointer.drag","session":"A","phase":"changed","x":10.5,"#
      + #""y":-3,"modifiers":["option"],"latching":"horizontal","region":"divider"}"#,
    .pointerDrag(
      session: "A", phase: .changed, x: 10.5, y: -3, modifiers: [.option],
      latching: .horizontal, region: "divider")
  ),
  (
    #"{"seq":26,"t":5,"type":"band.selection","session":"A","view":"grid","state":"began","#
      + #""rect":[1,2,30.5,40],"modifiers":["shift"],"items":["a","b"]}"#,
    .bandSelection(
      session: "A", view: "grid", state: .began, rect: Rect(x: 1, y: 2, width: 30.5, height: 40),
      modifiers: [.shift], items: ["a", "b"])
  ),
  (
    #"{"seq":27,"t":5,"type":"selection.change","session":"A","view":"grid","#
      + #""items":["a","b"],"cause":"band"}"#,
    .selectionChange(session: "A", view: "grid", items: ["a", "b"], cause: .band)
  ),
  (
    #"{"seq":28,"t":6,"type":"drag.begin","drag":"d1","session":"A","#
      + #""activityType":"com.example.doc"}"#,
    .dragBegin(drag: "d1", session: "A", activityType: "com.example.doc")
  ),
  (
    #"{"seq":29,"t":6,"type":"drag.end","drag":"d1","operation":"copy"}"#,
    .dragEnd(drag: "d1", operation: .copy)
  ),
  (
    #"{"seq":30,"t":6,"type":"drop.perform","drag":"d1","session":"B","local":true}"#,
    .dropPerform(drag: "d1", session: "B", local: true)
  ),
  (
    #"{"seq":31,"t":7,"type":"state.write","key":"defaults:x","value":"true","session":"A"}"#,
    .stateWrite(key: "defaults:x", value: "true", session: "A")
  ),
  (
    #"{"seq":32,"t":7,"type":"state.delete","key":"defaults:x","session":"A"}"#,
    .stateDelete(key: "defaults:x", session: "A")
  ),
  (
    #"{"seq":33,"t":7,"type":"state.render","session":"B","key":"defaults:x","value":"true"}"#,
    .stateRender(session: "B", key: "defaults:x", value: "true")
  ),
  (
    #"{"seq":34,"t":8,"type":"content.display","session":"A","content":"doc-7","#
      + #""exclusive":true}"#,
    .contentDisplay(session: "A", content: "doc-7", exclusive: true)
  ),
  (#"{"seq":35,"t":8,"type":"trace.gap","dropped":12}"#, .traceGap(dropped: 12)),
  (#"{"seq":36,"t":9,"type":"app.mark","label":"checkpoint"}"#, .appMark(label: "checkpoint")),
  // Minimal forms: only the required fields.
  (#"{"seq":37,"t":9,"type":"app.keyWindow"}"#, .appKeyWindow()),
  (#"{"seq":38,"t":9,"type":"scene.willConnect","session":"C"}"#, .sceneWillConnect(session: "C")),
  (#"{"seq":39,"t":9,"type":"request.activate","request":"R4"}"#, .requestActivate(request: "R4")),
  (
    #"{"seq":40,"t":9,"type":"key.press","session":"A","phase":"ended","keyCode":0}"#,
    .keyPress(session: "A", phase: .ended, keyCode: 0)
  ),
  (
    #"{"seq":41,"t":9,"type":"band.selection","session":"A","view":"grid","state":"ended"}"#,
    .bandSelection(session: "A", view: "grid", state: .ended)
  ),
  (#"{"seq":42,"t":9,"type":"content.display","session":"A"}"#, .contentDisplay(session: "A")),
  // Values this version does not know are kept as they are.
  (
    #"{"seq":43,"t":9,"type":"session.configure","session":"D","role":"windowFuture"}"#,
    .sessionConfigure(session: "D", role: .unrecognized("windowFuture"))
  ),
  (
    #"{"seq":44,"t":9,"type":"pointer.drag","session":"A","phase":"hovering","x":0,"y":0,"#
      + #""modifiers":["shift","hyper"],"latching":"diagonal"}"#,
    .pointerDrag(
      session: "A", phase: .unrecognized("hovering"), x: 0, y: 0,
      modifiers: [.shift, .unrecognized("hyper")], latching: .unrecognized("diagonal"))
  ),
  // The windowing events of format 1.2.
  (
    #"{"seq":45,"t":10,"type":"app.environment","mode":"windowed","requiresFullScreen":false,"#
      + #""os":"26.1","sdk":"26.0"}"#,
    .appEnvironment(mode: .windowed, requiresFullScreen: false, os: "26.1", sdk: "26.0")
  ),
  (
    #"{"seq":46,"t":10,"type":"scene.activeAppearance","session":"A","appearance":"active"}"#,
    .sceneActiveAppearance(session: "A", appearance: .active)
  ),
  (
    #"{"seq":47,"t":10,"type":"scene.effectiveGeometry","session":"A","width":700.5,"#
      + #""height":800,"orientation":"landscapeLeft","horizontalSizeClass":"compact","#
      + #""resizing":true,"orientationLocked":false,"screen":"main"}"#,
    .sceneEffectiveGeometry(
      session: "A", width: 700.5, height: 800, orientation: .landscapeLeft,
      horizontalSizeClass: .compact, resizing: true, orientationLocked: false, screen: "main")
  ),
  (
    #"{"seq":48,"t":10,"type":"scene.sizeRestrictions","session":"A","minimumWidth":320,"#
      + #""minimumHeight":480,"maximumWidth":2000,"maximumHeight":1500}"#,
    .sceneSizeRestrictions(
      session: "A", minimumWidth: 320, minimumHeight: 480, maximumWidth: 2000,
      maximumHeight: 1500)
  ),
  (
    #"{"seq":49,"t":10,"type":"scene.layout","session":"A","horizontalSizeClass":"compact","#
      + #""layout":"stack"}"#,
    .sceneLayout(session: "A", horizontalSizeClass: .compact, layout: "stack")
  ),
  (
    #"{"seq":50,"t":10,"type":"command.invoke","session":"A","action":"newNote:","#
      + #""origin":"menuBar","title":"New Note","target":"NotesVC","offeredBy":["NotesVC"]}"#,
    .commandInvoke(
      session: "A", action: "newNote:", origin: .menuBar, title: "New Note", target: "NotesVC",
      offeredBy: ["NotesVC"])
  ),
  (
    #"{"seq":51,"t":10,"type":"scene.title","session":"A","title":"Groceries"}"#,
    .sceneTitle(session: "A", title: "Groceries")
  ),
  (
    #"{"seq":52,"t":10,"type":"scene.close","session":"A","via":"performClose"}"#,
    .sceneClose(session: "A", via: .performClose)
  ),
]

@Test func everyEventTypeHasAHandWrittenLine() {
  let covered = Set(canonicalLines.map(\.payload.type))
  #expect(covered == Set(EventType.allCases))
}

@Test func handWrittenLinesReadAsTheirEvents() throws {
  let text = canonicalLines.map(\.line).joined(separator: "\n") + "\n"
  let trace = try decode(text)
  #expect(trace.events.count == canonicalLines.count)
  #expect(trace.truncation == nil)
  #expect(trace.warnings.isEmpty)
  for (event, expected) in zip(trace.events, canonicalLines) {
    #expect(event.payload == expected.payload, "line \(event.seq)")
  }
}

@Test func handWrittenLinesExportBackUnchanged() throws {
  let text = canonicalLines.map(\.line).joined(separator: "\n") + "\n"
  let trace = try decode(text)
  for (event, expected) in zip(trace.events, canonicalLines) {
    #expect(event.jsonLine == expected.line)
  }
}

@Test func fieldOrderWhitespaceAndNullsDoNotMatter() throws {
  let line =
    #"  { "session" : "A" , "value": "v", "type":"state.render","key":"k" ,"#
    + #""extra":[1,{"a":null}], "seq": 99 } "#
  let nulls = #"{"type":"scene.willConnect","session":"A","role":null,"activityType":null}"#
  let trace = try decode(line + "\n" + nulls + "\n")
  let render = Event.Payload.stateRender(session: "A", key: "k", value: "v")
  #expect(trace.events[0] == Event(seq: 99, time: .zero, render))
  #expect(trace.events[1] == Event(seq: 100, time: .zero, .sceneWillConnect(session: "A")))
}

@Test func integersAcceptAnyIntegralNotation() throws {
  let trace = try decode(
    #"{"type":"trace.gap","dropped":1e2}"# + "\n" + #"{"type":"trace.gap","dropped":-0.0}"#)
  #expect(trace.events.map(\.payload) == [.traceGap(dropped: 100), .traceGap(dropped: 0)])
}

@Test func modifiersExportInTheirDocumentedOrderWithoutRepeats() throws {
  let trace = try decode(
    #"{"type":"key.press","session":"A","phase":"began","keyCode":1,"#
      + #""modifiers":["command","shift","command","capsLock"]}"#)
  #expect(
    trace.events[0].jsonLine
      == #"{"seq":1,"t":0,"type":"key.press","session":"A","phase":"began","keyCode":1,"#
      + #""modifiers":["capsLock","shift","command"]}"#)
}

@Test func stringsEscapeControlCharactersAndKeepUnicode() {
  let event = Event(
    seq: 1, time: TraceTime(milliseconds: 1500),
    .appMark(label: "a\"b\\c\n\u{1}\u{1F}/é🎉\u{7F}"))
  #expect(
    event.jsonLine
      == #"{"seq":1,"t":1.5,"type":"app.mark","label":"a\"b\\c\u000a\u0001\u001f/é🎉"#
      + "\u{7F}\"}")
}

@Test func escapesAndSurrogatePairsRead() throws {
  let trace = try decode(#"{"type":"app.mark","label":"\u00e9\ud83c\udf89\n\t\/\b\f\r\"\\"}"#)
  #expect(trace.events[0].payload == .appMark(label: "é🎉\n\t/\u{8}\u{C}\r\"\\"))
}

@Test func doublesExportAsTheShortestExactText() {
  let event = Event(
    seq: 1, time: .zero,
    .pointerDrag(session: "A", phase: .changed, x: 0.1, y: 1e300))
  #expect(
    event.jsonLine
      == #"{"seq":1,"t":0,"type":"pointer.drag","session":"A","phase":"changed","x":0.1,"#
      + #""y":1e+300}"#)
}
