import SceneTrace

/// One illegal event to splice into a legal trace, with the error it must cause.
struct IllegalEvent: Sendable {
  var payload: Event.Payload
  var rule: RuleID
  var session: SessionID
}

extension LegalTrace {
  /// The illegal events §2.7.1 / §2.7.2 define for a trace in `model`: a lifecycle pair the
  /// table does not list, a second willConnect (J1), a second configure (J4), a lifecycle event
  /// for a session with no scene (I5, I8), and any event naming a discarded session (J2).
  static func illegalEvents(in model: [SessionID: ModelSession]) -> [IllegalEvent] {
    // I8: a session the trace never named.
    var events = [
      IllegalEvent(
        payload: .sceneDidBecomeActive(session: "Z"), rule: .lifecycleUnknownScene,
        session: "Z")
    ]
    for id in model.keys.sorted() {
      let order = { (payload: Event.Payload) in
        IllegalEvent(payload: payload, rule: .lifecycleOrder, session: id)
      }
      switch model[id] ?? .unseen {
      case .connected(let state, _):
        let callbacks: [Event.Payload] =
          switch state {
          // I4, and a resign the table does not list
          case .unattached:
            [.sceneDidBecomeActive(session: id), .sceneWillResignActive(session: id)]
          // I6, I7
          case .foregroundInactive:
            [.sceneWillEnterForeground(session: id), .sceneWillResignActive(session: id)]
          // I2, I3, I6, and a willEnterForeground the table does not list
          case .foregroundActive:
            [
              .sceneDidEnterBackground(session: id), .sceneDidDisconnect(session: id),
              .sceneDidBecomeActive(session: id), .sceneWillEnterForeground(session: id),
            ]
          // I1, I6, and a resign the table does not list
          case .background:
            [
              .sceneDidBecomeActive(session: id), .sceneDidEnterBackground(session: id),
              .sceneWillResignActive(session: id),
            ]
          }
        events += callbacks.map(order)
        // J1: a second scene for the session
        events.append(
          IllegalEvent(
            payload: .sceneWillConnect(session: id), rule: .sessionOneScene, session: id))
      case .configuring:
        // J4: configured again before connecting
        events.append(
          IllegalEvent(
            payload: .sessionConfigure(session: id, role: .windowApplication),
            rule: .sessionOrder, session: id))
      case .unseen, .archived:
        // I5 / I8: a scene event for a session with no connected scene
        for payload: Event.Payload in [
          .sceneWillEnterForeground(session: id), .sceneDidEnterBackground(session: id),
          .sceneDidDisconnect(session: id), .sceneGeometry(session: id, width: 1, height: 1),
        ] {
          events.append(
            IllegalEvent(payload: payload, rule: .lifecycleUnknownScene, session: id))
        }
      case .discarded:
        // J2: any event naming a discarded session
        for payload: Event.Payload in [
          .sceneWillConnect(session: id), .sessionConfigure(session: id, role: .windowApplication),
          .sceneWillEnterForeground(session: id), .appDiscardSessions(sessions: [id]),
          .appKeyWindow(session: id, window: "W"), .stateWrite(key: "k", value: "v", session: id),
        ] {
          events.append(IllegalEvent(payload: payload, rule: .sessionAfterDiscard, session: id))
        }
      }
    }
    return events
  }
}

/// Random events of every kind over a few sessions, legal or not, for determinism checks.
enum RandomEvents {
  static func payloads(count: Int, using random: inout SplitMix64) -> [Event.Payload] {
    (0..<count).map { _ in payload(using: &random) }
  }

  static func payload(using random: inout SplitMix64) -> Event.Payload {
    let ids: [SessionID] = ["A", "B", "C", "D"]
    let id = ids.randomElement(using: &random) ?? "A"
    let other = ids.randomElement(using: &random) ?? "B"
    let items = ["a", "b", "c", "d"].filter { _ in Bool.random(using: &random) }
    let x = Double(Int.random(in: 0...100, using: &random))
    let modifiers: ModifierFlags =
      [[], [.shift], [.command], [.shift, .command]].randomElement(using: &random) ?? []
    let choices: [Event.Payload] = [
      .appLaunch(launch: "L\(Int.random(in: 1...3, using: &random))", openSessions: [other]),
      .appTerminate,
      .appKeyWindow(session: Bool.random(using: &random) ? id : nil, window: "W"),
      .sessionConfigure(session: id, role: .windowApplication),
      .sessionConfigure(session: id, role: .unrecognized("future")),
      .sessionConfigure(session: id, role: .windowExternalDisplayNonInteractive),
      .keyPress(
        session: id, phase: [.began, .ended, .cancelled].randomElement(using: &random) ?? .began,
        keyCode: Int(x) % 3),
      .keyCommand(session: id, input: "\t", action: "t:", target: items.first, chain: items),
      .sceneSaveRestoration(session: id, activityType: "t", key: "restoration:shared"),
      .appDiscardSessions(sessions: [id, other]),
      .sceneWillConnect(session: id),
      .sceneWillEnterForeground(session: id),
      .sceneDidBecomeActive(session: id),
      .sceneWillResignActive(session: id),
      .sceneDidEnterBackground(session: id),
      .sceneDidDisconnect(session: id),
      .sceneSaveRestoration(session: id, key: "restoration:\(other)"),
      .sceneGeometry(session: id, width: x, height: x),
      .windowBecomeKey(session: id, window: "W\(Int(x))"),
      .focusUpdate(session: id, from: items.first, to: items.last),
      .responderFirst(session: id, responder: items.first),
      .pointerDrag(
        session: id,
        phase: [.began, .changed, .ended, .cancelled].randomElement(using: &random) ?? .began,
        x: x, y: x),
      .bandSelection(
        session: id, view: "grid",
        state: [.began, .selecting, .ended].randomElement(using: &random) ?? .began,
        modifiers: modifiers, items: items),
      .selectionChange(session: id, view: "grid", items: items),
      .dragBegin(drag: DragID("d\(Int(x) % 3)"), session: id),
      .dragEnd(drag: DragID("d\(Int(x) % 3)"), operation: .move),
      .dropPerform(drag: DragID("d\(Int(x) % 3)"), session: other, local: true),
      .stateWrite(key: "defaults:\(Int(x) % 4)", value: "\(x)", session: id),
      .stateDelete(key: "defaults:\(Int(x) % 4)"),
      .stateRender(session: id, key: "defaults:\(Int(x) % 4)", value: "\(x)"),
      .contentDisplay(session: id, content: items.first, exclusive: Bool.random(using: &random)),
      .traceGap(dropped: 3),
    ]
    return choices.randomElement(using: &random) ?? .appTerminate
  }
}
