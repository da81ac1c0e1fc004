// Scene lifecycle: the §2.7.1 table, scenes that appear mid-life, and launches closing scenes.

extension BuiltInReducer {
  /// Applies one of the five lifecycle callbacks to the session's scene.
  func transition(
    _ id: SessionID, _ callback: LifecycleCallback, in state: inout TraceState,
    log: inout FindingLog
  ) {
    // The three fields the table and the update need, read in place: a copy of the scene
    // retained and released everything it holds.
    let scene = state.sessions.readScene(id) {
      LifecycleFields(
        state: $0.state, activeSinceEnteringForeground: $0.activeSinceEnteringForeground,
        lastLifecycleSeq: $0.lastLifecycleSeq)
    }
    let role = state.sessions.role(of: id)
    guard let scene else {
      reportUnknownScene(id, state: state, log: &log)
      if let resulting = callback.resultingState {
        openScene(id, in: resulting, at: log.seq, midLife: true, in: &state)
        // Only an active scene becomes active or resigns: a scene first seen doing either has
        // been active since it entered the foreground, so its didEnterBackground is L6, not L11.
        state.updateScene(id) {
          $0.activeSinceEnteringForeground =
            callback == .didBecomeActive || callback == .willResignActive
        }
      } else if state.sessions.slot(of: id) == nil {
        state.sessions[id] = SessionState(status: .archived)
      }
      return
    }
    if let current = scene.state {
      judge(callback, in: current, scene: scene, session: id, role: role, log: &log)
    }
    settleRenders(id, on: callback, in: &state, log: &log)
    guard let resulting = callback.resultingState else {
      closeScene(id, at: log.seq, in: &state)
      return
    }
    let seq = log.seq
    state.updateScene(id) { updated in
      updated.state = resulting
      updated.lastLifecycleSeq = seq
      if scene.state == .foregroundActive, resulting != .foregroundActive {
        updated.cancelPresses(at: seq)
      } else if resulting == .foregroundActive {
        updated.presses = updated.presses.filter(\.value.isDown)
      }
      switch callback {
      case .willEnterForeground: updated.activeSinceEnteringForeground = false
      case .didBecomeActive: updated.activeSinceEnteringForeground = true
      case .willResignActive where scene.state == nil:
        // The trace never said where the scene was; only an active scene resigns.
        updated.activeSinceEnteringForeground = true
      default: break
      }
    }
  }

  /// Reports what the lifecycle table says about `callback` in state `current`, for a session
  /// of `role`.
  private func judge(
    _ callback: LifecycleCallback, in current: SceneActivation, scene: LifecycleFields,
    session id: SessionID, role: SceneRole?, log: inout FindingLog
  ) {
    let active = scene.activeSinceEnteringForeground
    let row = LifecycleTransition.of(
      callback, in: current, activeSinceEnteringForeground: active, role: role)
    // Most transitions are legal: the text is made only for a finding.
    guard row.verdict != .legal else { return }
    let label = row.row.isEmpty ? "" : " (row \(row.row))"
    let seen = "\(callback.eventType) in \(current.rawValue)\(label)"
    switch row.verdict {
    case .legal:
      return
    case .notable:
      log.report(
        .lifecycleInfo, .info, session: id, "\(seen): \(row.reason)",
        related: [scene.lastLifecycleSeq])
    case .irregular:
      log.report(
        .lifecycleIrregular, .warning, session: id, "\(seen): \(row.reason)",
        related: [scene.lastLifecycleSeq])
    case .illegal:
      let allowed = LifecycleTransition.allowed(in: current, activeSinceEnteringForeground: active)
        .map(\.eventType.rawValue).joined(separator: ", ")
      log.report(
        .lifecycleOrder, .error, session: id,
        "\(seen) is a transition UIKit never makes: \(row.reason); legal in "
          + "\(current.rawValue): \(allowed)",
        related: [scene.lastLifecycleSeq])
    }
  }

  /// What the lifecycle table and a transition read of a scene.
  private struct LifecycleFields {
    var state: SceneActivation?
    var activeSinceEnteringForeground: Bool
    var lastLifecycleSeq: Int
  }

  /// Runs `update` on the session's scene, first creating it (in an unknown state) with a
  /// `lifecycle.unknown-scene` finding when none is connected.
  func withScene(
    _ id: SessionID, in state: inout TraceState, log: inout FindingLog,
    _ update: (inout SceneState) -> Void
  ) {
    if state.updateScene(id, update) == nil {
      reportUnknownScene(id, state: state, log: &log)
      openScene(id, in: nil, at: log.seq, midLife: true, in: &state)
      state.updateScene(id, update)
    }
  }

  private func reportUnknownScene(_ id: SessionID, state: TraceState, log: inout FindingLog) {
    let why =
      switch state.sessions.status(of: id) {
      case nil: "the trace has not named this session before"
      case .configuring: "it was configured but scene.willConnect has not come"
      case .archived: "its scene disconnected, or the app launched again, since it last connected"
      case .discarded: "it was discarded"
      case .connected: "it has no scene"
      }
    let eventName = log.eventName
    log.report(
      .lifecycleUnknownScene, .error, session: id,
      "\(eventName) for session \(id), which has no connected scene: \(why); treating it "
        + "as connected from here",
      related: state.sessions[id]?.closedAt.map { [$0] } ?? [])
  }

  /// Connects a new scene instance to the session, creating the session if needed; `midLife`
  /// when the trace meets a scene that connected before it started.
  func openScene(
    _ id: SessionID, in activation: SceneActivation?, at seq: Int, midLife: Bool = false,
    in state: inout TraceState
  ) {
    if state.sessions.slot(of: id) == nil { state.sessions[id] = SessionState(status: .connected) }
    let instance = state.updateSession(id) { session in
      session.status = .connected
      session.connections += 1
      return session.connections
    }
    var scene = SceneState(instance: instance ?? 1, state: activation, connectedAt: seq)
    scene.startedMidLife = midLife
    state.sessions.setScene(scene, of: id)
  }

  /// Disconnects the session's scene at event `seq`; the session stays open.
  func closeScene(_ id: SessionID, at seq: Int, in state: inout TraceState) {
    state.sessions.setScene(nil, of: id)
    state.updateSession(id) { session in
      session.closedAt = seq
      if session.status == .connected { session.status = .archived }
    }
    if state.app.keyScene == id {
      state.app.keyScene = nil
      state.app.keySceneSince = nil
    }
    if state.app.frontmostScene == id { state.app.frontmostScene = nil }
    state.memory.discardedWhileConnected[id] = nil
    state.staleLayoutSessions.removeAll { $0 == id }
  }

  /// A launch or a termination: every scene closes, sessions stay open, and what lives with a
  /// launch (the key scene, drags, presses, bands) is cleared. Shared state persists.
  func closeLaunch(_ state: inout TraceState, log: inout FindingLog) {
    // Only connected and configuring sessions change: the others are not sorted (a long trace
    // names tens of thousands).
    let closing = state.sessions.keys(where: {
      $0.status == .connected || $0.status == .configuring
    })
    for id in closing.sorted() {
      switch state.sessions.status(of: id) {
      case .connected?:
        reportUnfinishedResize(of: id, "was closed by \(log.eventName)", in: &state, log: &log)
        closeScene(id, at: log.seq, in: &state)
      case .configuring?:
        state.updateSession(id) { $0.status = .archived }
        let eventName = log.eventName
        log.report(
          .sessionIrregular, .warning, session: id,
          "session \(id) was still configuring (never connected) when \(eventName) closed the "
            + "launch")
      default:
        break
      }
    }
    state.app.keyScene = nil
    state.app.keySceneSince = nil
    state.app.frontmostScene = nil
    state.app.pendingClose = nil
    state.dragTable.removeAll()
  }
}
