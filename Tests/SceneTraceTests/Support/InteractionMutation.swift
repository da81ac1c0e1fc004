import SceneTrace

/// One event to splice into a legal interaction trace, with the finding it must cause there.
struct InteractionMutation: Sendable, CustomStringConvertible {
  var payload: Event.Payload
  var rule: RuleID
  var severity: Severity
  var session: SessionID?

  var description: String { "\(rule) via \(payload)" }

  /// The events that break one interaction or shared-state rule in the app `model` describes,
  /// each judged from the model alone.
  static func candidates(in model: InteractionModel) -> [InteractionMutation] {
    var found: [InteractionMutation] = []
    func add(_ payload: Event.Payload, _ rule: RuleID, _ severity: Severity, _ id: SessionID?) {
      found.append(
        InteractionMutation(payload: payload, rule: rule, severity: severity, session: id))
    }
    for id in model.connected {
      guard let scene = model.scenes[id] else { continue }
      let outsideKeyScene =
        scene.state == .background || scene.state == .foregroundInactive
        || (model.keyScene != nil && model.keyScene != id)
      if outsideKeyScene {
        // R-KEY-1: a key command outside the active key scene.
        add(
          .keyCommand(session: id, input: "k", modifiers: [.command], action: "k:"),
          .keyInactiveScene, .error, id)
      }
      if scene.state == .foregroundActive, model.keyScene == id, !scene.keysDown.contains(99) {
        // R-KEY-2: a key released that never went down.
        add(.keyPress(session: id, phase: .ended, keyCode: 99), .keyPressBalance, .warning, id)
      }
      if scene.isForeground {
        // R-FOC-1: focus moving from an item that is not focused.
        add(
          .focusUpdate(session: id, from: "ghost", to: "x"), .focusContinuity, .error, id)
      }
      if scene.band == nil {
        // R-BAND-1: selecting with no band in flight.
        add(
          .bandSelection(session: id, view: "grid", state: .selecting, items: ["a"]),
          .bandSequence, .error, id)
      }
      if !scene.pointerInFlight {
        add(.pointerDrag(session: id, phase: .changed, x: 1, y: 1), .pointerSequence, .error, id)
      }
      // A local drop of a drag that never began.
      add(.dropPerform(drag: "ghost", session: id, local: true), .dragSequence, .error, id)
      // INV-3: a render of the value the key held before its latest write.
      for key in InteractionTrace.sharedKeys where scene.renders[key] != nil {
        guard let older = model.formerValue[key] else { continue }
        add(.stateRender(session: id, key: key, value: older), .sharedStaleRender, .error, id)
        // INV-4: the scene changing its own view before the model.
        add(
          .stateRender(session: id, key: key, value: "unwritten"), .sharedRenderBeforeWrite,
          .warning, id)
      }
      // INV-1: storing restoration state under another live session's key.
      for other in model.restorationKeys.keys.sorted() where other != id {
        guard model.sessions[other] != .discarded, let key = model.restorationKeys[other]
        else { continue }
        add(
          .sceneSaveRestoration(session: id, activityType: InteractionTrace.activityType, key: key),
          .restorationSharedStorage, .error, id)
      }
      // INV-9: exclusive content shown by a second scene.
      for other in model.connected where other != id {
        guard let shown = model.scenes[other], shown.contentExclusive, let content = shown.content,
          scene.content != content
        else { continue }
        add(.contentDisplay(session: id, content: content), .contentExclusive, .error, id)
      }
      // INV-10: rendering the navigation state another session wrote.
      for (key, entry) in model.shared.sorted(by: { $0.key < $1.key })
      where key.hasPrefix("nav:") && entry.writer != id && entry.writer != nil {
        add(
          .stateRender(session: id, key: key, value: entry.value), .navigationSharedState,
          .error, id)
      }
    }
    for (id, status) in model.sessions.sorted(by: { $0.key < $1.key }) where status == .archived {
      // INV-2: deleting an archived session's data.
      add(.stateDelete(key: "session:\(id)/draft"), .sessionDataDeletedEarly, .warning, id)
    }
    return found
  }
}
