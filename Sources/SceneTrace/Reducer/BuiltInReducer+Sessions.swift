// Sessions: the §2.7.2 table.

extension BuiltInReducer {
  /// `session.configure`: configurationForConnecting, for new sessions only (S1, J4, J5).
  func configure(
    _ id: SessionID, role: SceneRole, in state: inout TraceState, log: inout FindingLog
  ) {
    switch state.sessions.status(of: id) {
    case nil:
      var session = SessionState(status: .configuring)
      session.role = role
      state.sessions[id] = session
    case .discarded?:
      state.updateSession(id) { session in
        session.status = .configuring
        session.role = role
      }
    case .configuring?:
      log.report(
        .sessionOrder, .error, session: id,
        "session.configure for session \(id), which is already configuring (row J4); its "
          + "scene.willConnect was expected next")
      state.updateSession(id) { $0.role = role }
    case let status?:
      log.report(
        .sessionIrregular, .warning, session: id,
        "session.configure for session \(id), which is \(status.rawValue) (row J5); "
          + "configurationForConnecting is called for new sessions only")
      state.updateSession(id) { $0.role = role }
    }
  }

  /// `scene.willConnect`: a new scene instance for the session (S2, S3, S5, J1).
  func connect(
    _ id: SessionID, role: SceneRole?, in state: inout TraceState, log: inout FindingLog
  ) {
    let connected = state.sessions.readScene(id) { ($0.instance, $0.lastLifecycleSeq) }
    if let (instance, lastLifecycleSeq) = connected {
      log.report(
        .sessionOneScene, .error, session: id,
        "scene.willConnect for session \(id) while its scene (instance \(instance)) is "
          + "still connected (row J1); a session has one scene at a time, so this starts a new "
          + "instance",
        related: [lastLifecycleSeq])
    }
    openScene(id, in: .unattached, at: log.seq, in: &state)
    if let role { state.updateSession(id) { $0.role = role } }
  }

  /// One session of `app.discardSessions` (S6, S8, J3).
  /// `closedByUser`: the user closed the session's window (`scene.close`), and UIKit may discard
  /// the session without disconnecting its scene first (no document says which callbacks the
  /// close control makes).
  func discard(
    _ id: SessionID, closedByUser: Bool = false, in state: inout TraceState,
    log: inout FindingLog
  ) {
    switch state.sessions.status(of: id) {
    case .connected? where closedByUser:
      closeScene(id, at: log.seq, in: &state)
    case .connected?:
      let related = state.sessions.readScene(id) { [$0.lastLifecycleSeq] } ?? []
      log.report(
        .sessionIrregular, .warning, session: id,
        "session \(id) was discarded while its scene was connected (row J3); UIKit disconnects "
          + "the scene first",
        related: related)
      closeScene(id, at: log.seq, in: &state)
    case .configuring?:
      log.report(
        .sessionIrregular, .warning, session: id,
        "session \(id) was discarded while configuring, before its scene ever connected")
    default:
      break
    }
    forgetRestorationStores(of: id, in: &state)
    var session = state.sessions[id] ?? SessionState(status: .discarded)
    if session.status != .discarded { session.closedAt = log.seq }
    session.status = .discarded
    state.sessions[id] = session
  }
}
