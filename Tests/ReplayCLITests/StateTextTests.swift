import SceneTrace
import SceneTraceText
import Testing

/// `replay state`'s text: every line and row it can write, exactly, and sessions in natural
/// order. (The shipped traces' `.state.txt` golden files hold the rows their states have.)
struct StateTextTests {
  /// A state with every row the text has: a scene with every field, a session whose role,
  /// scene state and activity type are unknown, drags in flight and ended, shared values
  /// written by a scene and not.
  static func stateWithEveryRow() -> TraceState {
    var state = TraceState()
    state.seq = 42
    state.time = TraceTime(nanoseconds: 12_500_000_000)
    state.app.launch = "L1"
    state.app.keyScene = "S2"
    state.app.frontmostScene = "S10"
    state.app.terminated = true
    state.app.environment = WindowingEnvironment(
      mode: .windowed, requiresFullScreen: true, os: "27.0", sdk: "26.1")

    var scene = SceneState(instance: 3, state: .foregroundActive, connectedAt: 5)
    scene.keyWindow = "S2.main"
    scene.firstResponder = "editor"
    scene.focus = "cell-1"
    scene.appearance = .active
    scene.title = "Notes — \"draft\""
    scene.geometry = Geometry(
      width: 1194, height: 834.5, orientation: .landscapeLeft, horizontalSizeClass: .regular)
    scene.geometry?.isOrientationLocked = true
    scene.geometry?.screen = "external"
    scene.geometry?.isInteractivelyResizing = true
    scene.sizeRestrictions = SizeRestrictions(
      minimumWidth: 320, minimumHeight: 240.5, maximumWidth: 2000, maximumHeight: .infinity)
    scene.layout = SceneLayout(horizontalSizeClass: .compact, name: "split")
    scene.content = "doc-7"
    scene.contentIsExclusive = true
    scene.selection["sidebar"] = ["note-3", "note-10"]
    scene.selection["grid"] = []
    scene.band = BandProgress(
      view: "grid", state: .selecting, rect: Rect(x: 1, y: 2.5, width: 30, height: 40),
      modifiers: [.shift], items: ["i1", "i2"], before: [])
    scene.drag = PointerDragProgress(phase: .changed, x: 10.25, y: -3, latching: .horizontal)
    scene.drag?.region = "canvas"
    scene.renders["defaults:showWordCount"] = "true"
    scene.renders["defaults:fontSize"] = "14"
    scene.presses[41] = KeyPress(phase: .began, began: 40)
    scene.presses[7] = KeyPress(phase: .changed, began: 39)
    state.sessions["S2"] = SessionState(status: .connected, role: .windowApplication)
    state.sessions["S2"]?.restoration = Restoration(
      activityType: "com.example.notes.open", key: "restoration:S2/note")
    state.sessions["S2"]?.scene = scene

    state.sessions["S10"] = SessionState(status: .connected)
    state.sessions["S10"]?.restoration = Restoration(activityType: nil, key: nil)
    state.sessions["S10"]?.scene = SceneState(instance: 1, state: nil, connectedAt: 8)
    state.sessions["S1"] = SessionState(status: .archived, role: .windowExternalDisplay)

    state.drags["drag-10"] = DragState(source: "S2", began: 20)
    state.drags["drag-2"] = {
      var drag = DragState(source: "S2", began: 11)
      drag.phase = .ended
      drag.target = "S10"
      drag.operation = .copy
      drag.newSession = "S11"
      return drag
    }()
    state.shared["theme"] = SharedValue(value: "dark", writer: "S2", seq: 30)
    state.shared["defaults:fontSize"] = SharedValue(value: "14", writer: nil, seq: 12)
    return state
  }

  @Test func everyRowIsWrittenInItsPlace() {
    let expected = """
      seq 42  t 12.5s
      app  foregroundActive  launch L1  key scene S2  frontmost S10  terminated
        environment  windowed  UIRequiresFullScreen  iPadOS 27.0  SDK 26.1
      sessions
        S1  archived  windowExternalDisplay
        S2  connected  windowApplication
          restoration  com.example.notes.open → restoration:S2/note
          scene #3  foregroundActive
            key window         S2.main
            first responder    editor
            focus              cell-1
            appearance         active
            title              "Notes — "draft""
            geometry           1194×834.5 landscapeLeft regular orientation locked on external resizing
            size restrictions  320×240.5 to 2000×inf
            layout             for compact (split)
            content            doc-7 (exclusive)
            selection          grid: none
            selection          sidebar: note-3, note-10
            band               grid selecting [1, 2.5, 30, 40] modifiers shift, 2 items inside
            pointer drag       changed at (10.25, -3) latching horizontal in region canvas
            renders            defaults:fontSize = "14"
            renders            defaults:showWordCount = "true"
            key down           7 changed
            key down           41 began
        S10  connected  role unknown
          restoration  no activity type
          scene #1  state unknown
      drags
        drag-10  active  from S2
        drag-2  ended  from S2  dropped in S10  copy  opened S11
      shared
        defaults:fontSize = "14"  (written at seq 12)
        theme = "dark"  (written by S2 at seq 30)
      """
    let text = StateText.render(Self.stateWithEveryRow())
    #expect(text == expected)
    // The command's form: the same text and a newline.
    var written = JSONText()
    StateText.append(Self.stateWithEveryRow(), to: &written)
    #expect(written.string == expected + "\n")
  }

  @Test func withoutPositionsTheSeqTimeAndWritesAreLeftOut() {
    let text = StateText.render(Self.stateWithEveryRow(), positions: false)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(
      lines.first == "app  foregroundActive  launch L1  key scene S2  frontmost S10  terminated")
    #expect(
      lines.suffix(3) == [
        "shared", "  defaults:fontSize = \"14\"", "  theme = \"dark\"  (written by S2)",
      ])
  }

  @Test func anEmptyStateSaysWhatItHasNot() {
    #expect(
      StateText.render(TraceState(), positions: false)
        == "app  background  launch none  key scene none\nsessions  none\nshared  none")
  }

  /// Sessions are listed in natural order (`S2` before `S10`), names equal that way (`S01`,
  /// `S1`) in the order of their scalars, whatever the order they were named in.
  @Test func sessionsAreListedInNaturalOrder() {
    var generator = SplitMix64(seed: 7)
    let names = [
      "S1", "S01", "S001", "S2", "S10", "S9", "a", "B", "é", "e\u{301}", "S1a", "S1b", "x99y1",
      "x100y0", "",
    ]
    for _ in 0..<20 {
      let shuffled = names.shuffled(using: &generator).map { SessionID($0) }
      #expect(
        shuffled.naturallySorted().map(\.rawValue) == [
          "", "B", "S001", "S01", "S1", "S1a", "S1b", "S2", "S9", "S10", "a", "e\u{301}",
          "x99y1", "x100y0", "é",
        ])
    }
  }
}
