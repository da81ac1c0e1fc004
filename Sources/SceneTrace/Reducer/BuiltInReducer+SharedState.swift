// The app's shared state across scenes: restoration storage per session, per-session data
// lifetime, exclusive content and navigation state (reference §10: INV-1, INV-2, INV-9,
// INV-10). Stale renders (INV-3, INV-4) are in BuiltInReducer+Renders.

extension BuiltInReducer {
  /// `state.write`: the shared store takes the value, per-session data of a discarded session
  /// is a leak, a restoration key records who stores under it, and scenes showing an older
  /// value of a shared key owe a render.
  func stateWrite(
    _ key: String, value: String, writer: SessionID?, in state: inout TraceState,
    log: inout FindingLog
  ) {
    if let owner = key.owningSession, let session = state.sessions[owner],
      session.status == .discarded
    {
      log.report(
        .sessionDataLeaked, .warning, session: owner,
        "state.write of \(key), data of session \(owner), which was discarded; nothing should "
          + "be stored for a session that never comes back",
        related: session.closedAt.map { [$0] } ?? [])
    }
    if key.hasKeyPrefix("restoration:"), let writer {
      storeRestoration(under: key, by: writer, in: &state, log: &log)
    }
    if key.isSharedAcrossScenes, let old = state.shared[key]?.value, old != value {
      state.memory.noteFormerValue(old, of: key)
    }
    state.shared[key] = SharedValue(value: value, writer: writer, seq: log.seq)
    state.changedSharedKeys.note(key)
    if key.isSharedAcrossScenes { requireRenders(of: key, value, in: &state) }
  }

  /// `state.delete`: per-session data goes with its session's discard, not its disconnect.
  func stateDelete(_ key: String, in state: inout TraceState, log: inout FindingLog) {
    if let owner = key.owningSession, let session = state.sessions[owner],
      session.status == .archived
    {
      log.report(
        .sessionDataDeletedEarly, .warning, session: owner,
        "state.delete of \(key) while session \(owner) is archived, not discarded; its scene "
          + "disconnected but may connect again and will miss this data",
        related: session.closedAt.map { [$0] } ?? [])
    }
    state.shared[key] = nil
    state.changedSharedKeys.note(key)
    forgetRenders(of: key, in: &state)
  }

  /// `scene.saveRestoration` with a key, or a `state.write` of a `restoration:` key naming a
  /// session: two sessions, neither discarded, must not share a restoration key.
  func storeRestoration(
    under key: String, by id: SessionID, in state: inout TraceState, log: inout FindingLog
  ) {
    let stores = state.memory.restorationStores[key] ?? [:]
    for (other, seq) in stores.sorted(by: { $0.key < $1.key }) where other != id {
      guard state.sessions[other]?.status != .discarded,
        state.memory.firstReport(.restorationSharedStorage, id.rawValue, other.rawValue)
      else { continue }
      log.report(
        .restorationSharedStorage, .error, session: id,
        "session \(id) stores its restoration state under \(key), where session \(other) "
          + "stored its own at seq \(seq); after a relaunch both windows restore whichever "
          + "was saved last",
        related: [seq])
    }
    state.memory.restorationStores.note(id, storedUnder: key, at: log.seq)
  }

  /// A discarded session stores nothing any more.
  func forgetRestorationStores(of id: SessionID, in state: inout TraceState) {
    state.memory.restorationStores.forget(id)
  }

  /// At a launch: data of sessions discarded before it should be gone.
  func reportLeakedSessionData(_ state: TraceState, log: inout FindingLog) {
    for key in state.shared.keys.sorted(by: { $0.precedesInScalarOrder($1) }) {
      guard let owner = key.owningSession, let session = state.sessions[owner],
        session.status == .discarded, let value = state.shared[key]
      else { continue }
      log.report(
        .sessionDataLeaked, .warning, session: owner,
        "\(key), data of session \(owner), is still stored at this launch although the "
          + "session was discarded; delete it in application(_:didDiscardSceneSessions:)",
        related: [session.closedAt, value.seq].compactMap(\.self))
    }
  }

  /// `content.display`: content marked exclusive is shown by one connected scene at a time.
  func contentDisplay(
    _ id: SessionID, content: String?, exclusive: Bool?, in state: inout TraceState,
    log: inout FindingLog
  ) {
    if let content, let instance = state.sessions.readScene(id, { $0.instance }) {
      // The other scenes are read where they are stored: a copy of each took more than the
      // rest of the event.
      let showing = state.sessions.keysWithScene {
        $0.content == content && (exclusive == true || $0.contentIsExclusive)
      }
      for other in showing.sorted() where other != id {
        guard
          let (otherInstance, since) = state.sessions.readScene(
            other, { ($0.instance, $0.contentSince) }),
          state.memory.firstReport(
            .contentExclusive, "\(id)#\(instance)", "\(other)#\(otherInstance)")
        else { continue }
        log.report(
          .contentExclusive, .error, session: id,
          "scene \(id) shows \(content), which scene \(other) already shows and which is "
            + "exclusive: one scene at a time may show it",
          related: since.map { [$0] } ?? [])
      }
    }
    let seq = log.seq
    withScene(id, in: &state, log: &log) {
      $0.content = content
      $0.contentIsExclusive = content != nil && exclusive == true
      $0.contentSince = seq
    }
  }

  /// A render of a `nav:` key showing the value another session wrote: navigation state is
  /// shared between windows.
  func checkNavigation(
    _ id: SessionID, key: String, value: String, state: inout TraceState,
    log: inout FindingLog
  ) {
    // A screen-mirroring scene shows another session's navigation by design.
    guard key.hasKeyPrefix("nav:"), let current = state.shared[key], let writer = current.writer,
      writer != id, current.value == value, !state.nonInteractiveSessions.contains(id),
      state.memory.firstReport(.navigationSharedState, id.rawValue, writer.rawValue)
    else { return }
    log.report(
      .navigationSharedState, .error, session: id,
      "scene \(id) renders \(key) = \(quoted: value), the navigation state session "
        + "\(writer) wrote at seq \(current.seq); navigation state belongs to one session, "
        + "so this window mirrors the other",
      related: [current.seq])
  }
}
