// Stale renders of shared state (reference §10, INV-3 and INV-4; `shared.stale-render`): after
// a write to a shared key, every scene that renders the key must show the new value.
//
// - A foreground scene, before its next lifecycle event and within 1 s of trace time after the
//   write.
// - A scene out of the foreground, once it becomes active: before its next lifecycle event and
//   within 1 s after becoming active. A screen-mirroring scene never becomes active: its second
//   starts when it enters the foreground, and only leaving the screen (didEnterBackground,
//   didDisconnect) ends it early.
// - A render of an older value (one the key held, or a scene showed, before its latest write)
//   is stale at once; this covers a newly connected scene whose first render is older. A
//   render of a value not written yet is `shared.render-before-write` (INV-4's sub-rule: a
//   scene changing its own view before the model) and settles nothing the scene owes.
// The finding is reported at the event where staleness became certain: the first event past
// the deadline, or the lifecycle event. What is still owed at the end of the trace is reported
// by the finish step, at the last event.

extension BuiltInReducer {
  /// How long a scene has to show a shared value's new version.
  static let renderGrace = TraceTime(seconds: 1)

  /// After a write of `value` to `key`: every connected scene that shows another value owes a
  /// render, and the values they show become former values of the key.
  func requireRenders(of key: String, _ value: String, in state: inout TraceState) {
    let seq = state.seq
    let time = state.time
    var earliest: TraceTime?
    // What scenes showed until this write is older than it (the value the key held is noted by
    // the write itself).
    let held = state.memory.formerValues[key]?.last
    var shownBefore: [String] = []
    state.updateEveryScene { scene in
      guard let shown = scene.renders[key] else { return }
      if shown != value, shown != held, !shownBefore.contains(shown) {
        shownBefore.append(shown)
      }
      // A key is hashed once for what the scene owes: asked, changed or added through the
      // same index.
      if shown == value {
        scene.settleRender(of: key)
      } else if let owed = scene.pendingRenders.index(forKey: key) {
        scene.pendingRenders.values[owed].value = value
        scene.pendingRenders.values[owed].latestWrite = seq
      } else {
        let onScreen = scene.state == .foregroundActive || scene.state == .foregroundInactive
        let deadline = onScreen ? Self.after(time, Self.renderGrace) : nil
        scene.pendingRenders[key] = PendingRender(
          value: value, firstWrite: seq, writtenAt: time, latestWrite: seq, deadline: deadline)
        if let deadline { earliest = min(earliest ?? deadline, deadline) }
      }
    }
    if let earliest { state.memory.noteRenderDeadline(earliest) }
    for shown in shownBefore.sortedInScalarOrder() {
      state.memory.noteFormerValue(shown, of: key)
    }
  }

  /// A deleted key owes no render.
  func forgetRenders(of key: String, in state: inout TraceState) {
    for id in state.sessions.keysWithScene(where: { $0.pendingRenders[key] != nil }) {
      state.updateScene(id) { $0.pendingRenders[key] = nil }
    }
  }

  /// Before an event at `time`: each render whose deadline has passed is stale, at this event.
  /// The reducer asks first whether `time` is past the earliest deadline running, and calls
  /// this only then.
  @inline(never)
  func reportMissedRenderDeadlines(
    at time: TraceTime, in state: inout TraceState,
    log: inout FindingLog
  ) {
    guard let earliest = state.memory.renderDeadline, time > earliest else { return }
    var next: TraceTime?
    for id in state.sessionsOwingRenders {
      guard var scene = state.sessions.readScene(id, { copy $0 }) else { continue }
      for key in scene.pendingRenders.keys.sorted(by: { $0.precedesInScalarOrder($1) }) {
        guard let pending = scene.pendingRenders[key], let deadline = pending.deadline else {
          continue
        }
        if time > deadline {
          reportStale(id, key, pending, scene: scene, state, at: nil, &log)
          scene.pendingRenders[key] = nil
        } else {
          next = next.map { min($0, deadline) } ?? deadline
        }
      }
      state.sessions.setScene(scene, of: id)
    }
    state.memory.renderDeadline = next
  }

  /// A lifecycle callback of a scene that owes renders: a scene with a running deadline is
  /// stale at its next lifecycle event; a scene waiting to become active starts its deadline.
  /// A screen-mirroring scene starts it on entering the foreground, and is stale early only
  /// when it leaves the screen.
  func settleRenders(
    _ id: SessionID, on callback: LifecycleCallback, in state: inout TraceState,
    log: inout FindingLog
  ) {
    // Most lifecycle events find nothing owed: they look without copying the scene out.
    guard state.updateScene(id, { !$0.pendingRenders.isEmpty }) == true,
      var scene = state.sessions.readScene(id, { copy $0 })
    else { return }
    let mirroring = state.nonInteractiveSessions.contains(id)
    let startsGrace = callback == (mirroring ? .willEnterForeground : .didBecomeActive)
    let leavesScreen = !mirroring || callback == .didEnterBackground || callback == .didDisconnect
    for key in scene.pendingRenders.keys.sorted(by: { $0.precedesInScalarOrder($1) }) {
      guard var pending = scene.pendingRenders[key] else { continue }
      if pending.deadline != nil {
        guard leavesScreen else { continue }
        reportStale(id, key, pending, scene: scene, state, at: callback, &log)
        scene.pendingRenders[key] = nil
      } else if startsGrace {
        let deadline = Self.after(state.time, Self.renderGrace)
        pending.deadline = deadline
        pending.activatedAt = log.seq
        scene.pendingRenders[key] = pending
        state.memory.noteRenderDeadline(deadline)
      }
    }
    state.sessions.setScene(scene, of: id)
  }

  /// `state.render`: a shared key rendered with another value than the latest written one is
  /// stale at once; the written value settles what the scene owed.
  func stateRender(
    _ id: SessionID, key: String, value: String, in state: inout TraceState,
    log: inout FindingLog
  ) {
    var settled = true
    if state.sessions.scenePosition(of: id) != nil {
      checkNavigation(id, key: key, value: value, state: &state, log: &log)
      if key.isSharedAcrossScenes, let current = state.shared[key], current.value != value {
        // The scene's previous render of the key, looked up only for a finding: nearly every
        // render shows the latest value, and each lookup hashes the key.
        let previous = state.sessions.readScene(id) { $0.renderedAt[key] } ?? nil
        let writer = current.writer.map { " by \($0)" } ?? ""
        let latest: FindingMessage =
          "the latest write (seq \(current.seq)\(writer)) is \(quoted: current.value)"
        let related = [current.seq, previous].compactMap(\.self)
        // An older value is stale; a value not written yet is the scene changing its own view
        // before the model, and settles nothing it owes.
        settled = state.memory.formerValues[key]?.contains(value) == true
        if settled {
          log.report(
            .sharedStaleRender, .error, session: id,
            "scene \(id) renders \(key) = \(quoted: value), an older value: "
              + "\(latest); a scene must render the current value, not a copy it read earlier",
            related: related)
        } else {
          log.report(
            .sharedRenderBeforeWrite, .warning, session: id,
            "scene \(id) renders \(key) = \(quoted: value), which no write has stored: "
              + "\(latest); write the model first and let every scene render from it",
            related: related)
        }
      }
    }
    let seq = log.seq
    withScene(id, in: &state, log: &log) {
      $0.renders[key] = value
      $0.renderedAt[key] = seq
      if settled { $0.settleRender(of: key) }
    }
  }

  /// The finish step: renders still owed at the end of the trace.
  func reportPendingRenders(_ state: TraceState, log: inout FindingLog) {
    for id in state.connectedSessions {
      guard let scene = state.sessions[id]?.scene else { continue }
      for key in scene.pendingRenders.keys.sorted(by: { $0.precedesInScalarOrder($1) }) {
        guard let pending = scene.pendingRenders[key] else { continue }
        let shown: FindingMessage = scene.renders[key].map { "\(quoted: $0)" } ?? "nothing"
        let back =
          state.nonInteractiveSessions.contains(id) ? "come back on screen" : "become active"
        let waiting =
          pending.deadline == nil
          ? "it had not \(back) again since" : "its second had not passed yet"
        log.report(
          .sharedStaleRender, .error, session: id,
          "the trace ended while scene \(id) still showed \(key) = \(shown), not "
            + "\(quoted: pending.value) written at seq \(pending.latestWrite) "
            + "(\(waiting))",
          related: [pending.firstWrite, pending.latestWrite, scene.renderedAt[key]]
            .compactMap(\.self))
      }
    }
  }

  /// Reports a stale render, found at `callback` (the scene's next lifecycle event) or, when
  /// nil, at the first event past the deadline.
  private func reportStale(
    _ id: SessionID, _ key: String, _ pending: PendingRender, scene: SceneState,
    _ state: TraceState, at callback: LifecycleCallback?, _ log: inout FindingLog
  ) {
    let shown: FindingMessage =
      "\(key) = " + (scene.renders[key].map { "\(quoted: $0)" } ?? "nothing")
    let writer = state.shared[key]?.writer.map { " by \($0)" } ?? ""
    let write: FindingMessage =
      "\(quoted: pending.value) was written at seq \(pending.firstWrite)\(writer) "
      + "(t \(pending.writtenAt))"
    let message: FindingMessage
    // A screen-mirroring scene's second starts when it enters the foreground.
    let mirroring = state.nonInteractiveSessions.contains(id)
    let became = mirroring ? "entered the foreground" : "became active"
    let becoming = mirroring ? "entering the foreground" : "becoming active"
    switch (callback, pending.activatedAt) {
    case (let callback?, _):
      let active = pending.activatedAt.map { ", and the scene \(became) at seq \($0)" } ?? ""
      message =
        "scene \(id) reached \(callback.eventType), its next lifecycle event, still showing "
        + "\(shown); \(write)\(active)"
    case (nil, let activated?):
      message =
        "scene \(id) still shows \(shown) more than 1 s after \(becoming) at seq "
        + "\(activated); \(write) while it was out of the foreground"
    case (nil, nil):
      message = "scene \(id) still shows \(shown) more than 1 s after \(write), while on screen"
    }
    log.report(
      .sharedStaleRender, .error, session: id, message,
      related: [pending.firstWrite, pending.latestWrite, scene.renderedAt[key]]
        .compactMap(\.self))
  }

  private static func after(_ time: TraceTime, _ grace: TraceTime) -> TraceTime {
    TraceTime(nanoseconds: time.nanoseconds &+ grace.nanoseconds)
  }
}

extension SceneState {
  /// The scene owes no render of `key`. A scene that owes none is not asked: a render or a write
  /// that settles a key hashed it into an empty table at nearly every `state.render`.
  fileprivate mutating func settleRender(of key: String) {
    if !pendingRenders.isEmpty { pendingRenders[key] = nil }
  }
}
