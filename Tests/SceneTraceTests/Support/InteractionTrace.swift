import SceneTrace

/// A random legal trace of interactions in several windows: keys only in the active key scene,
/// presses balanced (cancelled when their scene resigns), key commands dispatched along the
/// chain from the focused item or first responder, continuous focus moves in foreground scenes,
/// well-formed pointer drags and bands (each band followed by the selection UIKit gives), drags
/// dropped in another window or opening a new one, per-session restoration, navigation and
/// data keys, exclusive content in one window at a time, and every scene rendering a shared
/// value's new version right after the write (or, for a background scene, right after it
/// becomes active again). Events are 10 ms apart.
struct InteractionTrace {
  var payloads: [Event.Payload] = []
  /// The model before each payload, and after the last one.
  var models: [InteractionModel] = []
  /// The kinds of moves made, for the coverage guard.
  var moveKinds: Set<String> = []

  private var model = InteractionModel()
  private var random: SplitMix64
  private var counter = 0
  private var nextSession = 0
  /// Background scenes owing a render of the key, rendered once they become active.
  private var owed: [SessionID: Set<String>] = [:]

  static let activityType = "com.example.doc"
  static let sharedKeys = ["defaults:showWordCount", "model:doc-1"]

  /// The events, numbered from 1, 10 ms apart.
  var events: [Event] {
    payloads.enumerated().map { index, payload in
      Event(seq: index + 1, time: TraceTime(milliseconds: Int64(index) * 10), payload)
    }
  }

  init(seed: UInt64, steps: Int = 160) {
    random = SplitMix64(seed: seed)
    emit(
      .appLaunch(
        launch: "L1", os: "17.4", sdk: "17.2", supportsMultipleScenes: true,
        activityTypes: [Self.activityType]))
    for _ in 0..<Int.random(in: 2...3, using: &random) { openNewWindow() }
    if let first = model.active.first { emit(.appKeyWindow(session: first, window: "\(first).w")) }
    for _ in 0..<steps { step() }
    // Scenes still owing renders show the values before the trace ends.
    for id in owed.keys.sorted() where model.scenes[id] != nil {
      for key in (owed[id] ?? []).sorted() { render(id, key) }
    }
    owed = [:]
    models.append(model)
  }

  private mutating func uniqueName(_ prefix: String) -> String {
    counter += 1
    return "\(prefix)\(counter)"
  }

  private mutating func emit(_ payload: Event.Payload) {
    models.append(model)
    payloads.append(payload)
    model.apply(payload)
  }

  // MARK: moves

  private mutating func step() {
    var choices: [(String, (inout InteractionTrace) -> Void)] = []
    let key = model.keyScene.flatMap { model.scenes[$0]?.state == .foregroundActive ? $0 : nil }
    if let key {
      choices.append(("key.press", { $0.pressKey(in: key) }))
      choices.append(("key.command", { $0.keyCommand(in: key) }))
    }
    if model.active.count > 1, let key, model.scenes[key]?.keysDown.isEmpty == true {
      choices.append(("app.keyWindow", { $0.switchKeyWindow() }))
    }
    for id in model.foreground {
      choices.append(("focus.update", { $0.moveFocus(in: id) }))
      choices.append(("responder.first", { $0.changeResponder(in: id) }))
      choices.append(("pointer.drag", { $0.dragPointer(in: id) }))
      choices.append(("band.selection", { $0.bandSelect(in: id) }))
      choices.append(("state.write", { $0.writeShared(by: id) }))
      choices.append(("content.display", { $0.showContent(in: id) }))
      choices.append(("nav", { $0.navigate(in: id) }))
      choices.append(("drag.begin", { $0.beginDrag(in: id) }))
    }
    for drag in model.drags.keys.sorted() where model.drags[drag]?.active == true {
      choices.append(("drag.end", { $0.endDrag(drag) }))
      if model.drags[drag]?.dropped == false, let target = model.foreground.last {
        choices.append(("drop.perform", { $0.drop(drag, in: target) }))
      }
    }
    for id in model.connected { choices += lifecycleMoves(id) }
    for (id, status) in model.sessions.sorted(by: { $0.key < $1.key }) where status == .archived {
      choices.append(("reconnect", { $0.reconnect(id) }))
      choices.append(("discard", { $0.discard(id) }))
    }
    if model.scenes.count < 4 { choices.append(("new window", { $0.openNewWindow() })) }
    guard let (kind, move) = choices.randomElement(using: &random) else { return }
    moveKinds.insert(kind)
    move(&self)
  }

  private mutating func lifecycleMoves(
    _ id: SessionID
  ) -> [(String, (inout InteractionTrace) -> Void)] {
    guard let scene = model.scenes[id] else { return [] }
    switch scene.state {
    case .foregroundActive:
      return [("resign", { $0.resign(id) })]
    case .foregroundInactive:
      var moves: [(String, (inout InteractionTrace) -> Void)] = [
        ("activate", { $0.activate(id) })
      ]
      if scene.activeSinceForeground { moves.append(("background", { $0.background(id) })) }
      return moves
    case .background:
      return [("enter", { $0.enterForeground(id) }), ("disconnect", { $0.disconnect(id) })]
    case .unattached:
      return []
    }
  }

  // MARK: lifecycle

  private mutating func openNewWindow(activityType: String? = nil) {
    nextSession += 1
    let id = SessionID("S\(nextSession)")
    emit(.sessionConfigure(session: id, role: .windowApplication, activityType: activityType))
    connectScene(id, activityType: activityType)
  }

  private mutating func connectScene(_ id: SessionID, activityType: String? = nil) {
    emit(.sceneWillConnect(session: id, role: .windowApplication, activityType: activityType))
    emit(.sceneWillEnterForeground(session: id))
    emit(.sceneDidBecomeActive(session: id))
    // A new scene shows every shared value as it is now.
    for key in Self.sharedKeys {
      let value = model.shared[key]?.value ?? "initial"
      emit(.stateRender(session: id, key: key, value: value))
    }
    emit(
      .sceneSaveRestoration(
        session: id, activityType: Self.activityType, key: "restoration:\(id)/state"))
  }

  private mutating func reconnect(_ id: SessionID) {
    connectScene(id)
  }

  private mutating func resign(_ id: SessionID) {
    emit(.sceneWillResignActive(session: id))
    // UIKit cancels the presses of a scene that resigns.
    for code in (model.scenes[id]?.keysDown ?? []).sorted() {
      emit(.keyPress(session: id, phase: .cancelled, keyCode: code))
    }
    if model.keyScene == id {
      if let other = model.active.first {
        emit(.appKeyWindow(session: other, window: "\(other).w"))
      } else {
        emit(.appKeyWindow())
      }
    }
  }

  private mutating func activate(_ id: SessionID) {
    emit(.sceneDidBecomeActive(session: id))
    for key in (owed[id] ?? []).sorted() { render(id, key) }
    owed[id] = nil
    if model.keyScene == nil {
      emit(.appKeyWindow(session: id, window: "\(id).w"))
    }
  }

  private mutating func background(_ id: SessionID) {
    emit(
      .sceneSaveRestoration(
        session: id, activityType: Self.activityType, key: "restoration:\(id)/state"))
    emit(.sceneDidEnterBackground(session: id))
  }

  private mutating func enterForeground(_ id: SessionID) {
    emit(.sceneWillEnterForeground(session: id))
    activate(id)
  }

  private mutating func disconnect(_ id: SessionID) {
    emit(.sceneDidDisconnect(session: id))
    owed[id] = nil
  }

  private mutating func discard(_ id: SessionID) {
    emit(.appDiscardSessions(sessions: [id]))
    // Per-session data goes with the discard.
    for key in model.shared.keys.sorted() where key.hasPrefix("session:\(id)/") {
      emit(.stateDelete(key: key))
    }
  }

  // MARK: keyboard, focus, responders

  private mutating func pressKey(in id: SessionID) {
    let down = model.scenes[id]?.keysDown ?? []
    if let code = down.sorted().randomElement(using: &random), Bool.random(using: &random) {
      let phase: PressPhase =
        [.changed, .stationary, .ended, .ended].randomElement(using: &random) ?? .ended
      emit(.keyPress(session: id, phase: phase, keyCode: code))
    } else if let code = Set(4...8).subtracting(down).sorted().randomElement(using: &random) {
      emit(.keyPress(session: id, phase: .began, keyCode: code))
    }
  }

  private mutating func keyCommand(in id: SessionID) {
    let scene = model.scenes[id]
    let start = scene?.focus ?? scene?.firstResponder ?? "root-\(id)"
    let chain = [start, "ViewController-\(id)", "\(id).w", "UIApplication"]
    let target = Bool.random(using: &random) ? chain.randomElement(using: &random) : nil
    let input = ["n", "s", "w", "\t"].randomElement(using: &random) ?? "n"
    // Tab goes to the focus system unless the command asks for priority (R-KEY-3).
    emit(
      .keyCommand(
        session: id, input: input, modifiers: input == "\t" ? [] : [.command],
        action: "act\(input):", target: target, chain: chain,
        wantsPriority: input == "\t" ? true : nil))
  }

  private mutating func switchKeyWindow() {
    let candidates = model.active.filter { $0 != model.keyScene }
    guard let next = candidates.randomElement(using: &random) else { return }
    emit(.appKeyWindow(session: next, window: "\(next).w"))
  }

  private mutating func moveFocus(in id: SessionID) {
    let from = model.scenes[id]?.focus
    let to = Bool.random(using: &random) ? uniqueName("item-") : nil
    emit(.focusUpdate(session: id, from: from, to: to, heading: .next))
  }

  private mutating func changeResponder(in id: SessionID) {
    emit(.responderFirst(session: id, window: "\(id).w", responder: uniqueName("editor-")))
  }

  // MARK: pointer, band, selection

  private mutating func dragPointer(in id: SessionID) {
    let x = Double(Int.random(in: 0...500, using: &random))
    guard let scene = model.scenes[id] else { return }
    if !scene.pointerInFlight {
      let latching: Latching =
        [.none, .horizontal, .vertical, .both].randomElement(using: &random) ?? .none
      emit(
        .pointerDrag(
          session: id, phase: .began, x: x, y: 1, latching: latching,
          region: Bool.random(using: &random) ? "slider" : nil))
    } else {
      let phase: PointerPhase =
        [.changed, .changed, .ended, .cancelled].randomElement(using: &random) ?? .ended
      emit(
        .pointerDrag(
          session: id, phase: phase, x: x, y: 2,
          region: scene.latchedRegion ?? (Bool.random(using: &random) ? "canvas" : nil)))
    }
  }

  private mutating func bandSelect(in id: SessionID) {
    let items = ["a", "b", "c", "d"].filter { _ in Bool.random(using: &random) }
    guard let scene = model.scenes[id] else { return }
    guard let band = scene.band else {
      let modifiers: ModifierFlags =
        [[], [.shift], [.command], [.shift, .command]].randomElement(using: &random) ?? []
      let view = ["grid", "list"].randomElement(using: &random) ?? "grid"
      emit(
        .bandSelection(
          session: id, view: view, state: .began, rect: Rect(x: 0, y: 0, width: 1, height: 1),
          modifiers: modifiers, items: []))
      return
    }
    if Bool.random(using: &random) {
      emit(.bandSelection(session: id, view: band.view, state: .selecting, items: items))
    } else {
      emit(
        .bandSelection(
          session: id, view: band.view, state: .ended, modifiers: band.modifiers, items: items))
      let result = InteractionModel.bandResult(
        before: band.before, inside: Set(items), modifiers: band.modifiers)
      emit(
        .selectionChange(
          session: id, view: band.view, items: result.sorted().reversed(), cause: .band))
    }
  }

  // MARK: shared state

  private mutating func writeShared(by id: SessionID) {
    guard let key = Self.sharedKeys.randomElement(using: &random) else { return }
    emit(.stateWrite(key: key, value: uniqueName("v"), session: id))
    for other in model.connected {
      guard let scene = model.scenes[other], scene.renders[key] != nil else { continue }
      if scene.isForeground || Bool.random(using: &random) {
        render(other, key)
        owed[other]?.remove(key)
      } else {
        owed[other, default: []].insert(key)
      }
    }
    if Bool.random(using: &random) {
      emit(.stateWrite(key: "session:\(id)/draft", value: uniqueName("draft-"), session: id))
    }
  }

  private mutating func render(_ id: SessionID, _ key: String) {
    emit(.stateRender(session: id, key: key, value: model.shared[key]?.value ?? "initial"))
  }

  private mutating func showContent(in id: SessionID) {
    let taken = model.connected.contains {
      $0 != id && model.scenes[$0]?.content == "page:sync"
    }
    if !taken, Bool.random(using: &random) {
      emit(.contentDisplay(session: id, content: "page:sync", exclusive: true))
    } else {
      emit(.contentDisplay(session: id, content: uniqueName("doc-"), exclusive: false))
    }
  }

  private mutating func navigate(in id: SessionID) {
    let key = "nav:\(id)/path"
    let value = uniqueName("screen-")
    emit(.stateWrite(key: key, value: value, session: id))
    emit(.stateRender(session: id, key: key, value: value))
  }

  // MARK: drag and drop

  private mutating func beginDrag(in id: SessionID) {
    let drag = uniqueName("d")
    let carriesActivity = Bool.random(using: &random)
    emit(
      .dragBegin(
        drag: DragID(drag), session: id,
        activityType: carriesActivity ? Self.activityType : nil))
    if carriesActivity, model.scenes.count < 4, Bool.random(using: &random) {
      // Dropped at the screen edge: a new window opens for the drag's activity.
      openNewWindow(activityType: Self.activityType)
      emit(.dragEnd(drag: DragID(drag), operation: .copy))
    }
  }

  private mutating func drop(_ drag: String, in id: SessionID) {
    emit(.dropPerform(drag: DragID(drag), session: id, local: true))
  }

  private mutating func endDrag(_ drag: String) {
    let operation: DropOperation = model.drags[drag]?.dropped == true ? .copy : .cancel
    emit(.dragEnd(drag: DragID(drag), operation: operation))
  }
}
