// iPadOS 26 and 27 windowing: the environment, the frontmost scene, live resize and layouts,
// commands, closing windows and discards of live sessions.

extension BuiltInReducer {
  /// `app.environment`: what it records replaces what was known; absent fields keep it.
  func environment(
    mode: WindowingMode?, requiresFullScreen: Bool?, os: String?, sdk: String?,
    in state: inout TraceState
  ) {
    var environment = state.app.environment ?? WindowingEnvironment()
    if let mode { environment.mode = mode }
    if let requiresFullScreen { environment.requiresFullScreen = requiresFullScreen }
    if let os {
      environment.os = os
      state.app.osMajorVersion = Self.majorVersion(os)
    }
    if let sdk {
      environment.sdk = sdk
      state.app.sdkMajorVersion = Self.majorVersion(sdk)
    }
    state.app.environment = environment
  }

  /// `scene.activeAppearance`: the scene's trait as recorded, never derived from activation.
  func activeAppearance(
    _ id: SessionID, _ appearance: ActiveAppearance, in state: inout TraceState,
    log: inout FindingLog
  ) {
    let seq = log.seq
    withScene(id, in: &state, log: &log) {
      $0.appearance = appearance
      $0.appearanceSince = seq
    }
    if appearance == .active {
      state.app.frontmostScene = id
    } else if state.app.frontmostScene == id {
      // The first active scene in the order of `connectedSessions`, each read in place.
      state.app.frontmostScene = state.sessions.keysWithScene { $0.appearance == .active }
        .filter { $0 != id }.min()
    }
    noteAppearanceChange(in: &state, at: seq)
  }

  /// Marks the frontmost scene to be checked once the changes of one click have all come.
  func noteAppearanceChange(in state: inout TraceState, at seq: Int) {
    if state.app.appearanceChangedAt == nil { state.app.appearanceChangedAt = seq }
  }

  /// Checks the frontmost scene after a run of appearance and key-window changes, at the first
  /// event that is neither (or at the end of the trace, where `type` is nil). It takes the
  /// event's type, not the event: wrapping the event in an optional copied it at every event.
  func settleAppearance(before type: EventType?, in state: inout TraceState, log: inout FindingLog)
  {
    guard let since = state.app.appearanceChangedAt else { return }
    switch type {
    case .sceneActiveAppearance?, .appKeyWindow?, .windowBecomeKey?: return
    default: break
    }
    state.app.appearanceChangedAt = nil
    let frontmost = state.connectedSessions.filter {
      state.sessions[$0]?.scene?.appearance == .active
    }
    let appearanceSeqs = frontmost.compactMap { state.sessions[$0]?.scene?.appearanceSince }
    if frontmost.count > 1 {
      let names = frontmost.map(\.rawValue).joined(separator: ", ")
      log.report(
        .appearanceFrontmost, .error, session: frontmost.last,
        "scenes \(names) all have the active appearance after the changes from seq \(since); "
          + "only the key window's scene is frontmost",
        related: appearanceSeqs)
    } else if let scene = frontmost.first, state.reportsAppKeyWindow,
      let key = state.app.keyScene, key != scene
    {
      log.report(
        .appearanceFrontmost, .error, session: scene,
        "scene \(scene) has the active appearance, but the key window is in scene \(key) "
          + "(changes from seq \(since)); the frontmost scene is the key window's",
        related: appearanceSeqs + [state.app.keySceneSince].compactMap(\.self))
    }
  }

  /// `scene.effectiveGeometry` and `scene.geometry`: the scene's geometry, a resize beginning or
  /// ending, and whether its layout still fits once the geometry settles.
  func updateGeometry(
    _ id: SessionID, _ geometry: Geometry, in state: inout TraceState, log: inout FindingLog
  ) {
    let seq = log.seq
    var isStale = false
    withScene(id, in: &state, log: &log) { scene in
      scene.geometry = geometry
      if geometry.isInteractivelyResizing == true {
        if scene.resizeBegan == nil { scene.resizeBegan = seq }
        isStale = scene.layoutStaleSince != nil
        return
      }
      scene.resizeBegan = nil
      if let layout = scene.layout, let current = geometry.horizontalSizeClass,
        current != layout.horizontalSizeClass
      {
        if scene.layoutStaleSince == nil { scene.layoutStaleSince = seq }
        isStale = true
      } else {
        scene.layoutStaleSince = nil
      }
    }
    noteStaleLayout(of: id, isStale, in: &state)
  }

  /// Keeps `TraceState.staleLayoutSessions` in step with the scene's `layoutStaleSince`.
  private func noteStaleLayout(of id: SessionID, _ isStale: Bool, in state: inout TraceState) {
    let index = state.staleLayoutSessions.partitioningIndex { !($0 < id) }
    let isListed = index < state.staleLayoutSessions.count && state.staleLayoutSessions[index] == id
    if isStale, !isListed {
      state.staleLayoutSessions.insert(id, at: index)
    } else if !isStale, isListed {
      state.staleLayoutSessions.remove(at: index)
    }
  }

  /// `scene.layout`: the size class the app laid the scene out for. One that the settled
  /// geometry does not have is reported at once.
  func layout(
    _ id: SessionID, for sizeClass: SizeClass, named name: String?, in state: inout TraceState,
    log: inout FindingLog
  ) {
    withScene(id, in: &state, log: &log) { scene in
      scene.layout = SceneLayout(horizontalSizeClass: sizeClass, name: name)
      scene.layoutStaleSince = nil
    }
    noteStaleLayout(of: id, false, in: &state)
    guard let scene = state.sessions[id]?.scene, scene.resizeBegan == nil,
      let current = scene.geometry?.horizontalSizeClass, current != sizeClass
    else { return }
    log.report(
      .geometryStaleLayout, .warning, session: id,
      "scene \(id) is laid out for a \(sizeClass) width, but its geometry is \(current)")
  }

  /// Reports a scene that still shows a layout for a size class its settled geometry left, at
  /// its first event after the change that is not about its geometry, appearance or title.
  func reportStaleLayout(
    at type: EventType?, of id: SessionID, in state: inout TraceState, log: inout FindingLog
  ) {
    switch type {
    case .sceneEffectiveGeometry?, .sceneGeometry?, .sceneLayout?, .sceneActiveAppearance?,
      .sceneTitle?, .sceneSizeRestrictions?:
      return
    default: break
    }
    guard let scene = state.sessions[id]?.scene, let since = scene.layoutStaleSince,
      let layout = scene.layout, let current = scene.geometry?.horizontalSizeClass
    else { return }
    state.updateScene(id) { $0.layoutStaleSince = nil }
    noteStaleLayout(of: id, false, in: &state)
    let name = layout.name.map { " (\($0))" } ?? ""
    let when = type == nil ? "when the trace ends" : "at \(log.eventName)"
    log.report(
      .geometryStaleLayout, .warning, session: id,
      "scene \(id) still shows its layout for a \(layout.horizontalSizeClass) width\(name) "
        + "\(when), though its geometry has been \(current) since seq \(since); the app did not "
        + "lay it out again",
      related: [since])
  }

  /// Reports a resize of the scene that has not ended as the scene leaves the screen or the
  /// trace ends (`ending`: what happens).
  func reportUnfinishedResize(
    of id: SessionID, _ ending: String, in state: inout TraceState, log: inout FindingLog
  ) {
    guard let began = state.sessions.readScene(id, { $0.resizeBegan }) ?? nil else { return }
    state.updateScene(id) { $0.resizeBegan = nil }
    log.report(
      .geometryResizeBalance, .warning, session: id,
      "scene \(id) began an interactive resize at seq \(began), and \(ending) before a "
        + "geometry that is no longer resizing",
      related: [began])
  }

  /// The end of the trace: the last appearance changes, resizes that never ended and layouts
  /// never redone.
  func finishWindowing(_ state: inout TraceState, log: inout FindingLog) {
    settleAppearance(before: nil, in: &state, log: &log)
    for id in state.connectedSessions {
      reportUnfinishedResize(of: id, "the trace ended", in: &state, log: &log)
    }
    for id in state.staleLayoutSessions {
      reportStaleLayout(at: nil, of: id, in: &state, log: &log)
    }
  }

  /// `command.invoke`: a command from a shortcut, the menu bar or a context menu.
  func command(
    _ id: SessionID?, action: String, origin: CommandOrigin, target: String?,
    offeredBy: [String]?, in state: inout TraceState, log: inout FindingLog
  ) {
    if let id { withScene(id, in: &state, log: &log) { _ in } }
    if origin == .menuBar, target == nil, let offeredBy, !offeredBy.isEmpty {
      let scene = id.map { "scene \($0)'s" } ?? "no scene's"
      log.report(
        .commandUnhandledMenu, .warning, session: id,
        "menu-bar command \(action) went to \(scene) responder chain and no responder performed "
          + "it, though \(offeredBy.joined(separator: ", ")) offer it")
    }
    if let id, let target, origin != .contextMenu {
      reportNotFrontmost(id, "\(origin) command \(action), performed by \(target),", state, &log)
    }
  }

  /// Reports a command performed in scene `id` while another scene is frontmost.
  func reportNotFrontmost(
    _ id: SessionID, _ what: String, _ state: TraceState, _ log: inout FindingLog
  ) {
    guard let frontmost = state.app.frontmostScene, frontmost != id else { return }
    log.report(
      .commandNotFrontmost, .error, session: id,
      "\(what) ran in scene \(id), but scene \(frontmost) is frontmost (its window is the "
        + "focused one)",
      related: [state.sessions[frontmost]?.scene?.appearanceSince].compactMap(\.self))
  }

  /// `scene.close`: the user closed the scene's window; UIKit is expected to close this scene.
  func close(
    _ id: SessionID, via: CloseRequest, in state: inout TraceState, log: inout FindingLog
  ) {
    withScene(id, in: &state, log: &log) { _ in }
    state.app.pendingClose = PendingClose(session: id, via: via, seq: log.seq)
  }

  /// A scene is going (`what`): the close the user asked for, if it is this scene's, is done;
  /// if another scene's, still open, the wrong window is closing.
  func noteClosing(
    _ id: SessionID, _ what: String, in state: inout TraceState, log: inout FindingLog
  ) {
    guard let pending = state.app.pendingClose else { return }
    state.app.pendingClose = nil
    guard pending.session != id, state.sessions[pending.session]?.scene != nil else { return }
    let via = pending.via == .performClose ? "Perform Close (⌘W)" : "its close control"
    log.report(
      .closeWrongScene, .error, session: id,
      "\(what) closes scene \(id), but the user closed scene \(pending.session) with \(via) at "
        + "seq \(pending.seq), and that scene is still open",
      related: [pending.seq])
  }

  /// One session of `app.discardSessions` in a trace from iPadOS 26 or later: a connected
  /// session is flagged and stays live; true when it was.
  func keepLiveSession(
    _ id: SessionID, in state: inout TraceState, log: inout FindingLog
  ) -> Bool {
    guard let os = state.app.osMajorVersion, os >= 26,
      state.sessions[id]?.status == .connected, state.app.pendingClose?.session != id
    else { return false }
    log.report(
      .sessionDiscardLive, .warning, session: id,
      "app.discardSessions names session \(id), whose scene is connected; on iPadOS \(os) "
        + "UIKit can report a closed session under a live one's identifier, so the session "
        + "stays live")
    state.memory.discardedWhileConnected[id] = log.seq
    return true
  }

  /// `request.destroy`: destroying a connected session that a discard named is an error.
  func reportDestroyOfLiveSession(
    _ id: SessionID, in state: TraceState, log: inout FindingLog
  ) {
    guard let discard = state.memory.discardedWhileConnected[id],
      state.sessions[id]?.scene != nil
    else { return }
    log.report(
      .sessionDestroyLive, .error, session: id,
      "the app requested the destruction of session \(id), whose scene is connected, after "
        + "app.discardSessions named it at seq \(discard): it destroyed a live window",
      related: [discard])
  }

  /// `session.configure` of a non-interactive external display in a trace from iPadOS 27.
  func reportExternalDisplayConfigure(
    _ id: SessionID, role: SceneRole, state: TraceState, log: inout FindingLog
  ) {
    guard role == .windowExternalDisplayNonInteractive, let os = state.app.osMajorVersion,
      os >= 27, (state.app.sdkMajorVersion ?? os) >= 27
    else { return }
    log.report(
      .sessionExternalDisplayAccessory, .error, session: id,
      "session \(id) is configured as a non-interactive external display through "
        + "configurationForConnecting on iPadOS \(os); from iPadOS 27 the system no longer "
        + "connects this scene itself: register a UISceneAccessory")
  }
}
