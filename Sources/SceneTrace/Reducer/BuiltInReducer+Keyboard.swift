// The hardware keyboard: press balance, key command attribution and the responder chain
// (reference §4, rules R-KEY-1 to R-KEY-4 and R-SES-3).

/// What a `key.command` says about its dispatch.
struct KeyCommandFacts {
  var input: String
  var modifiers: ModifierFlags
  var target: String?
  var chain: [String]?
  var wantsPriority: Bool
}

extension BuiltInReducer {
  /// `key.press`: the scene must be the active key scene, and each key's phases must follow
  /// began → (changed | stationary)* → (ended | cancelled).
  func keyPress(
    _ id: SessionID, phase: PressPhase, keyCode: Int, in state: inout TraceState,
    log: inout FindingLog
  ) {
    withScene(id, in: &state, log: &log) { _ in }
    reportNonInteractive(id, "receives a key press", state, &log)
    let app = state.app
    let seq = log.seq
    state.updateScene(id) { scene in
      // UIKit cancels presses when a scene resigns, so a cancellation may follow the scene
      // out of foregroundActive.
      if phase != .cancelled {
        reportInactiveKeyScene(
          id, scene: scene, "key.press \(phase) of key \(keyCode)", app, &log)
      }
      let open = scene.presses[keyCode]
      let withoutBegan =
        phase == .cancelled ? open == nil : phase != .began && open?.isDown != true
      if phase.isRecognized, withoutBegan {
        reportPressWithoutBegan(id, keyCode, phase, open: open, scene: scene, &log)
      }
      if phase == .began, let open, open.isDown {
        log.report(
          .keyPressBalance, .warning, session: id,
          "key.press began for key \(keyCode) while its press from seq \(open.began) is "
            + "still \(open.phase); a key goes down again only after its press ended or was "
            + "cancelled",
          related: [open.began])
      }
      switch phase {
      case .began, .changed, .stationary:
        let began = phase == .began ? seq : open?.began ?? seq
        scene.presses[keyCode] = KeyPress(phase: phase, began: began)
      case .ended, .cancelled:
        scene.presses[keyCode] = nil
      case .unrecognized:
        break
      }
    }
  }

  private func reportPressWithoutBegan(
    _ id: SessionID, _ keyCode: Int, _ phase: PressPhase, open: KeyPress?, scene: SceneState,
    _ log: inout FindingLog
  ) {
    if let open, let cancelled = open.cancelledAt {
      log.report(
        .keyPressBalance, .warning, session: id,
        "key.press \(phase) for key \(keyCode), whose press (seq \(open.began)) UIKit cancelled "
          + "when the scene left foregroundActive at seq \(cancelled); after that only "
          + "pressesCancelled is delivered for it",
        related: [open.began, cancelled])
    } else if !scene.startedMidLife {
      log.report(
        .keyPressBalance, .warning, session: id,
        "key.press \(phase) for key \(keyCode), which is not down in this scene: no began "
          + "since its last ended or cancelled")
    }
  }

  /// `key.command`: the scene must be the active key scene; the target must be a responder of
  /// the recorded chain; the chain must start at the focused item (or the first responder);
  /// Tab and arrows belong to the focus system unless the command asks for priority.
  func keyCommand(
    _ id: SessionID, _ command: KeyCommandFacts, in state: inout TraceState,
    log: inout FindingLog
  ) {
    withScene(id, in: &state, log: &log) { _ in }
    reportNonInteractive(id, "receives a key command", state, &log)
    let app = state.app
    state.updateScene(id) { scene in
      checkKeyCommand(id, command, scene: scene, app: app, &log)
    }
  }

  private func checkKeyCommand(
    _ id: SessionID, _ command: KeyCommandFacts, scene: SceneState, app: AppState,
    _ log: inout FindingLog
  ) {
    // Made only for a finding: its message's first words.
    var name: FindingMessage { "key.command \(quoted: command.input)" }
    reportInactiveKeyScene(id, scene: scene, name, app, &log)
    if let chain = command.chain, let target = command.target, !chain.contains(target) {
      log.report(
        .keyTargetChain, .error, session: id,
        "\(name) was performed by \(target), which is not in the responder chain it "
          + "walked (\(joining: chain, separator: " → ")); UIKit only dispatches to a responder "
          + "of the chain, so another object ran the action")
    }
    if let first = command.chain?.first, let start = Self.startResponder(of: scene),
      first != start.responder
    {
      log.report(
        .keyChainStart, .warning, session: id,
        """
        \(name) walked the responder chain from \(first), but the scene's \
        \(start.role) is \(start.responder); key commands start at the focused item, or at the \
        first responder when nothing is focused
        """,
        related: start.since.map { [$0] } ?? [])
    }
    if !command.wantsPriority, let focus = scene.focus, let sdk = app.sdkMajorVersion, sdk >= 15,
      let reserved = Self.reservedKeyName(command.input, command.modifiers)
    {
      log.report(
        .keyReservedInput, .warning, session: id,
        "\(name) (\(reserved)) ran while \(focus) had focus, in an app linked against "
          + "SDK \(sdk); since iOS 15 the focus system takes \(reserved) first, so the command only "
          + "runs with wantsPriorityOverSystemBehavior",
        related: scene.focusSince.map { [$0] } ?? [])
    }
  }

  /// Reports a key event in a scene that is not foreground-active, or not the key scene when
  /// the key scene is known (R-KEY-1).
  func reportInactiveKeyScene(
    _ id: SessionID, scene: SceneState, _ what: @autoclosure () -> FindingMessage,
    _ app: AppState, _ log: inout FindingLog
  ) {
    // These findings come at every key event of a wrong scene: `what` is made only for one.
    if let current = scene.state, current != .foregroundActive {
      log.report(
        .keyInactiveScene, .error, session: id,
        """
        \(what()) in scene \(id), which is \(current.rawValue); only a foregroundActive scene \
        receives key events
        """,
        related: [scene.lastLifecycleSeq])
    }
    guard let key = app.keyScene, key != id else { return }
    // Made with the message, which a log that only counts findings never makes.
    var since: FindingMessage { app.keySceneSince.map { " (since seq \($0))" } ?? "" }
    log.report(
      .keyInactiveScene, .error, session: id,
      """
      \(what()) in scene \(id), but the key scene is \(key)\(since); key events go to the key \
      window's scene only
      """,
      related: app.keySceneSince.map { [$0] } ?? [])
  }

  /// Reports a scene of a non-interactive external-display role that becomes key or receives
  /// key, focus or drop events (R-SES-3).
  func reportNonInteractive(
    _ id: SessionID, _ what: String, _ state: TraceState, _ log: inout FindingLog
  ) {
    guard state.nonInteractiveSessions.contains(id), let role = state.sessions.role(of: id) else {
      return
    }
    let connected = state.sessions.readScene(id) { [$0.connectedAt] } ?? []
    log.report(
      .keyNonInteractiveScene, .error, session: id,
      "scene \(id), of role \(role.rawValue), \(what); a non-interactive external-display "
        + "scene is never key and never receives key, focus or drop events",
      related: connected)
  }

  /// Where a key command's walk starts (R-KEY-4): the focused item, else the first responder.
  private static func startResponder(
    of scene: SceneState
  ) -> (responder: String, role: String, since: Int?)? {
    if let focus = scene.focus { return (focus, "focused item", scene.focusSince) }
    if let responder = scene.firstResponder { return (responder, "first responder", nil) }
    return nil
  }

  /// The key's name when `input` with `modifiers` is one the focus system reserves (Tab,
  /// Shift-Tab, the arrows without modifiers).
  static func reservedKeyName(_ input: String, _ modifiers: ModifierFlags) -> String? {
    guard let name = reservedKey(input) else { return nil }
    let held = modifiers.subtracting([.capsLock, .numericPad])
    if held.isEmpty { return name }
    return name == "Tab" && held == [.shift] ? "Shift-Tab" : nil
  }

  /// The name of the key the focus system takes first that `input` spells, by its recorded
  /// spellings. Compared, not hashed: most inputs are letters, told apart by their length before
  /// any comparison (a table keyed by the input hashed every key command's input). `String`
  /// equates the Kelvin sign with `K`, two bytes longer in UTF-8, hence lengths up to 22.
  private static func reservedKey(_ input: String) -> String? {
    switch input.utf8.count {
    case 1: input == "\t" ? "Tab" : nil
    case 3: input == "tab" ? "Tab" : nil
    case 7: input == "upArrow" ? "Up Arrow" : nil
    case 9:
      switch input {
      case "downArrow": "Down Arrow"
      case "leftArrow": "Left Arrow"
      default: nil
      }
    case 10: input == "rightArrow" ? "Right Arrow" : nil
    case 17...22:
      switch input {
      case "UIKeyInputUpArrow": "Up Arrow"
      case "UIKeyInputDownArrow": "Down Arrow"
      case "UIKeyInputLeftArrow": "Left Arrow"
      case "UIKeyInputRightArrow": "Right Arrow"
      default: nil
      }
    default: nil
    }
  }

  /// The major version in a version string such as `17.2`.
  static func majorVersion(_ version: String) -> Int? {
    Int(version.prefix { $0.isASCII && $0.isNumber })
  }
}

extension BuiltInReducer {
  /// Keeps `TraceState.nonInteractiveSessions` in step with the session's role.
  func noteRole(of id: SessionID, in state: inout TraceState) {
    var sessions = state.nonInteractiveSessions.filter { $0 != id }
    if state.sessions.role(of: id)?.isNonInteractive == true {
      sessions = (sessions + [id]).sorted()
    }
    state.nonInteractiveSessions = sessions
  }
}

extension SceneState {
  /// The scene left foregroundActive at `seq`: UIKit cancels every key that is down.
  mutating func cancelPresses(at seq: Int) {
    for (code, press) in presses where press.isDown {
      presses[code]?.phase = .cancelled
      presses[code]?.cancelledAt = seq
    }
  }
}

extension SceneRole {
  /// Whether scenes of the role are non-interactive external displays.
  var isNonInteractive: Bool { lifecycleKind == .mirroring }
}
