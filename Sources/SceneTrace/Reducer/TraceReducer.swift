/// Rebuilds the state of every scene from events and reports the rules they break.
///
/// The reducer is pure: `reduce(into:event:)` reads the state and the event and nothing else, so
/// the same events always give the same state and findings. It never stops on bad input: after a
/// finding the state follows what the event says happened.
public struct TraceReducer: Sendable {
  /// The version of the reducer's semantics. It changes whenever the same events can give a
  /// different state or different findings, so that a stored state (a checkpoint) is compared
  /// only with states of the same version.
  public static let version = 4

  /// The app's own rules, run after the built-in ones on every event.
  public let rules: [any TraceRule]

  /// Whether findings are kept whole, with their messages and related events; otherwise they
  /// are only counted (``countingFindings``).
  package private(set) var keepsFindingsWhole = true

  /// Creates a reducer with the built-in rules and `rules`, the app's own (none by default).
  ///
  /// A custom rule's identifier must differ from every built-in one and from the other custom
  /// rules'.
  public init(rules: [any TraceRule] = []) {
    var seen = Set(RuleDescription.builtIn.map(\.id))
    for custom in rules {
      precondition(
        seen.insert(custom.rule.id).inserted,
        "rule \(custom.rule.id) is built in or given twice; name custom rules with your own "
          + "prefix")
    }
    self.rules = rules
  }

  /// This reducer, counting findings rather than keeping them whole: the same findings, in the
  /// same number, each with its rule, severity and session, but never with its message or
  /// related events. For a replay that needs only a state and how many findings led to it (one
  /// that writes a checkpoint or checks one), or findings told apart by rule, severity and
  /// session (the terminal's timeline), where making the messages was a sixth of the replay of
  /// a session with a finding every 23 events.
  package var countingFindings: TraceReducer {
    var reducer = self
    reducer.keepsFindingsWhole = false
    return reducer
  }

  /// Every rule this reducer checks, built-in and custom, in identifier order.
  public var ruleDescriptions: [RuleDescription] {
    (RuleDescription.builtIn + rules.map(\.rule)).sorted { $0.id < $1.id }
  }

  /// Applies `event` to `state` and returns the findings it causes, ordered by rule.
  @discardableResult
  public func reduce(into state: inout TraceState, event: Event) -> [Finding] {
    var findings: [Finding] = []
    reduce(into: &state, event: event, appendingTo: &findings)
    return findings
  }

  /// ``reduce(into:event:)`` that appends the findings to `findings`: an event without one
  /// (nearly every event) makes, returns and destroys no array.
  package func reduce(
    into state: inout TraceState, event: consuming Event, appendingTo findings: inout [Finding]
  ) {
    var log = FindingLog(event: event, keepingWhole: keepsFindingsWhole)
    if rules.isEmpty {
      BuiltInReducer().reduce(into: &state, event: event, log: &log)
    } else {
      let before = state
      BuiltInReducer().reduce(into: &state, event: copy event, log: &log)
      runCustomRules(on: event, before: before, state: &state, log: &log)
    }
    log.moveFindings(to: &findings)
  }

  /// ``reduce(into:sample:appendingTo:)`` of each of `samples` in turn.
  package func reduce(
    into state: inout TraceState, samples: UnsafeBufferPointer<PointerSample>,
    appendingTo findings: inout [Finding]
  ) {
    guard rules.isEmpty else {
      for sample in samples { reduce(into: &state, sample: sample, appendingTo: &findings) }
      return
    }
    BuiltInReducer().reduce(
      into: &state, samples: samples, keepingWhole: keepsFindingsWhole, appendingTo: &findings)
  }

  /// ``reduce(into:event:appendingTo:)`` of the `pointer.drag` event `sample` is; made into
  /// the event only for the app's own rules, which take events.
  package func reduce(
    into state: inout TraceState, sample: PointerSample, appendingTo findings: inout [Finding]
  ) {
    guard rules.isEmpty else {
      return reduce(into: &state, event: sample.event, appendingTo: &findings)
    }
    var log = FindingLog(
      seq: sample.seq, type: .pointerDrag, time: sample.time, keepingWhole: keepsFindingsWhole)
    BuiltInReducer().reduce(into: &state, sample: sample, log: &log)
    log.moveFindings(to: &findings)
  }

  /// The findings that need the end of the trace, reported at its last event (at most one per
  /// rule).
  public func finish(_ state: TraceState) -> [Finding] {
    var log = FindingLog(finishingAt: state.seq, keepingWhole: keepsFindingsWhole)
    BuiltInReducer().finish(state, log: &log)
    finishCustomRules(state, log: &log)
    return log.findings
  }
}

/// The built-in rules: what ``TraceReducer`` does at each event before the app's own rules.
///
/// It holds nothing, so that the closures its rules hand to the state (a scene changed where it
/// is stored) capture nothing to retain: as methods of `TraceReducer`, they captured the
/// reducer, and with it retained and released its array of custom rules at every event (about
/// 45 instructions a pointer sample).
struct BuiltInReducer {

  /// The built-in rules' part of ``TraceReducer/reduce(into:event:)``. Kept apart so that a
  /// reducer without custom rules holds no `before` state: an optional copy of the 400-byte
  /// `TraceState` was moved through the function twice an event (about 150 instructions) even
  /// when nil.
  func reduce(into state: inout TraceState, event: consuming Event, log: inout FindingLog) {
    state.seq = event.seq
    state.time = event.time
    // The event's scene, read from its payload once (a switch over every event type).
    let scene = event.payload.scene
    state.sessions.remember(scene)
    let namesDiscarded = reportDiscardedSessions(in: event, scene: scene, state: &state, log: &log)
    // Asked here, reported out of line: called for every event, the report's prologue and
    // epilogue cost more than the question.
    if event.payload.hasUnrecognizedValues { reportUnrecognizedValues(in: event, log: &log) }
    reportPending(
      before: event.type, at: event.time, in: scene, namesDiscarded: namesDiscarded,
      state: &state, log: &log)
    apply(event, to: &state, log: &log)
  }

  /// ``reduce(into:event:log:)`` of the `pointer.drag` event `sample` is, without making the
  /// event: a sample holds no unrecognized value.
  func reduce(into state: inout TraceState, sample: PointerSample, log: inout FindingLog) {
    state.seq = sample.seq
    state.time = sample.time
    let scene = sample.session
    state.sessions.remember(scene)
    // Asked where the table stores the session, and reported out of line: a call to
    // `reportIfDiscarded` cost a sample about 35 instructions.
    let namesDiscarded = state.sessions.isDiscarded(scene)
    if namesDiscarded { reportDiscarded(scene, by: .pointerDrag, state: &state, log: &log) }
    reportPending(
      before: .pointerDrag, at: sample.time, in: scene, namesDiscarded: namesDiscarded,
      state: &state, log: &log)
    pointerDrag(
      scene, phase: sample.phase, x: sample.x, y: sample.y, latching: sample.latching,
      region: nil, in: &state, log: &log)
  }

  /// ``reduce(into:sample:log:)`` of each of `samples` in turn, their findings appended to
  /// `findings` (whole, or only counted: `keepsWhole`): a run of samples between two events.
  ///
  /// A sample in the connected scene of the sample before it is applied without asking again
  /// which slot its session has, whether it was discarded and where its scene is: following a
  /// sample in a connected scene changes none of them. What comes due before it is met as before
  /// any sample, and when something did, its scene is looked up again. Every other sample takes
  /// ``reduce(into:sample:log:)``. (Asked at every sample, with a call for each sample, those
  /// answers cost a drag sample about 70 instructions of some 840 in `check`.)
  func reduce(
    into state: inout TraceState, samples: UnsafeBufferPointer<PointerSample>,
    keepingWhole keepsWhole: Bool, appendingTo findings: inout [Finding]
  ) {
    // The session of the sample before, not discarded, and where its scene is stored.
    var followed: (session: SessionID, position: Int)?
    for sample in samples {
      var log = FindingLog(
        seq: sample.seq, type: .pointerDrag, time: sample.time, keepingWhole: keepsWhole)
      var known = followed.flatMap { $0.session == sample.session ? $0.position : nil }
      if known != nil {
        state.seq = sample.seq
        state.time = sample.time
        // Its session was not discarded when it was followed, and no sample discards one.
        // What came due may have changed the scenes: this one is then found again.
        if reportPending(
          before: .pointerDrag, at: sample.time, in: sample.session, namesDiscarded: false,
          state: &state, log: &log)
        {
          known = nil
        }
        pointerDrag(
          sample.session, phase: sample.phase, x: sample.x, y: sample.y,
          latching: sample.latching, region: nil, at: known, in: &state, log: &log)
      } else {
        reduce(into: &state, sample: sample, log: &log)
      }
      if known == nil {
        followed = nil
        if !state.sessions.isDiscarded(sample.session),
          let position = state.sessions.scenePosition(of: sample.session)
        {
          followed = (sample.session, position)
        }
      }
      log.moveFindings(to: &findings)
    }
  }

  /// What comes due before an event of `type` at `time` in `scene` is applied: render deadlines
  /// passed, an appearance change to settle, a layout gone stale. True when any came due (and
  /// was met), which may have changed the state.
  @inline(__always)
  @discardableResult
  private func reportPending(
    before type: EventType, at time: TraceTime, in scene: SessionID?, namesDiscarded: Bool,
    state: inout TraceState, log: inout FindingLog
  ) -> Bool {
    var cameDue = false
    // session.after-discard hides every other finding of its event: a render deadline that
    // passed is then reported at the next event instead.
    if !namesDiscarded, let earliest = state.memory.renderDeadline, time > earliest {
      reportMissedRenderDeadlines(at: time, in: &state, log: &log)
      cameDue = true
    }
    if state.app.appearanceChangedAt != nil {
      settleAppearance(before: type, in: &state, log: &log)
      cameDue = true
    }
    if !state.staleLayoutSessions.isEmpty, let scene, state.staleLayoutSessions.contains(scene) {
      reportStaleLayout(at: type, of: scene, in: &state, log: &log)
      cameDue = true
    }
    return cameDue
  }

  /// The built-in rules' part of ``TraceReducer/finish(_:)``.
  func finish(_ state: TraceState, log: inout FindingLog) {
    var state = state
    finishWindowing(&state, log: &log)
    let configuring = state.sessions.keys(where: { $0.status == .configuring }).sorted()
    if !configuring.isEmpty {
      let names = configuring.map(\.rawValue).joined(separator: ", ")
      let subject = configuring.count == 1 ? "session \(names) was" : "sessions \(names) were"
      log.report(
        .sessionIrregular, .warning, session: configuring.count == 1 ? configuring[0] : nil,
        "\(subject) configured and never connected before the trace ended")
    }
    reportPendingRenders(state, log: &log)
  }

  /// Reports the discarded sessions the event names; true when it names one. `scene` is the
  /// event's scene (`event.payload.scene`).
  ///
  /// `state` is `inout` only so that it is read where it is: passed by value from the caller's
  /// `inout`, the 400-byte state was copied at every event.
  private func reportDiscardedSessions(
    in event: Event, scene: SessionID?, state: inout TraceState, log: inout FindingLog
  ) -> Bool {
    // An event that happens in a scene names that session alone (`Event.Payload.sessions`; a
    // test holds every event type to it): no list of its sessions to build.
    if let scene { return reportIfDiscarded(scene, by: event.type, state: &state, log: &log) }
    var named = false
    for id in event.payload.sessions where state.status(of: id) == .discarded {
      named = true
      reportDiscarded(id, by: event.type, state: &state, log: &log)
    }
    return named
  }

  /// Reports `scene` when it was discarded; true when it was. `state` is `inout` for the reason
  /// above.
  private func reportIfDiscarded(
    _ scene: SessionID, by type: EventType, state: inout TraceState, log: inout FindingLog
  ) -> Bool {
    guard state.status(of: scene) == .discarded else { return false }
    reportDiscarded(scene, by: type, state: &state, log: &log)
    return true
  }

  /// Reports that an event of `type` names session `id`, which was discarded. `state` is
  /// `inout` for the reason above: inlined where the question is asked, a copy of it for the
  /// report was made at every event, whether or not the report was.
  @inline(never)
  private func reportDiscarded(
    _ id: SessionID, by type: EventType, state: inout TraceState, log: inout FindingLog
  ) {
    log.report(
      .sessionAfterDiscard, .error, session: id,
      "\(type) names session \(id), which was discarded; a discarded session never "
        + "comes back",
      related: state.sessions[id]?.closedAt.map { [$0] } ?? [])
  }

  /// Reports the values of `event` this version does not know; asked only of an event that has
  /// one (`hasUnrecognizedValues`): making the list cost a pointer sample more than a hundred
  /// instructions.
  @inline(never)
  private func reportUnrecognizedValues(in event: Event, log: inout FindingLog) {
    let unknown = event.payload.unrecognizedValues
    let list = unknown.map { "\($0.field) \"\($0.value)\"" }.joined(separator: ", ")
    log.report(
      .eventUnknownValue, .info, session: event.payload.sessions.first,
      "\(event.type) has a value this version does not know: \(list); kept as recorded")
  }

  /// The event's own step. It takes the event over, and its switch takes the payload apart: each
  /// value a case binds is moved out rather than copied (its string retained) and released again
  /// when the event was destroyed after.
  private func apply(_ event: consuming Event, to state: inout TraceState, log: inout FindingLog) {
    let seq = event.seq
    switch (consume event).payload {
    case .appLaunch(let launch, let os, let sdk, _, let activityTypes, let openSessions):
      closeLaunch(&state, log: &log)
      state.app.launch = launch
      state.app.terminated = false
      state.app.environment = nil
      state.app.osMajorVersion = os.flatMap(Self.majorVersion)
      state.app.sdkMajorVersion = sdk.flatMap(Self.majorVersion)
      state.app.declaredActivityTypes = activityTypes
      state.app.launchSeq = seq
      reportLeakedSessionData(state, log: &log)
      for id in openSessions ?? [] where state.sessions[id] == nil {
        state.sessions[id] = SessionState(status: .archived)
      }
    case .appTerminate:
      closeLaunch(&state, log: &log)
      state.app.terminated = true
    case .appKeyWindow(let session, _):
      state.reportsAppKeyWindow = true
      state.app.keyScene = session
      state.app.keySceneSince = seq
      if let session { reportNonInteractive(session, "is made the key window", state, &log) }
      if state.app.frontmostScene != nil { noteAppearanceChange(in: &state, at: seq) }
    case .sessionConfigure(let id, let role, let activityType):
      let isNew = state.sessions.slot(of: id) == nil
      reportExternalDisplayConfigure(id, role: role, state: state, log: &log)
      configure(id, role: role, in: &state, log: &log)
      noteRole(of: id, in: &state)
      if isNew, let activityType { linkDrag(toNewSession: id, activityType, in: &state) }
    case .appDiscardSessions(let ids):
      for id in ids where !keepLiveSession(id, in: &state, log: &log) {
        let closedByUser = state.app.pendingClose?.session == id
        noteClosing(id, "app.discardSessions", in: &state, log: &log)
        discard(id, closedByUser: closedByUser, in: &state, log: &log)
      }
    case .sceneWillConnect(let id, let role, let activityType, _):
      let isNew = state.sessions.status(of: id).map { $0 == .configuring } ?? true
      connect(id, role: role, in: &state, log: &log)
      noteRole(of: id, in: &state)
      if isNew, let activityType { linkDrag(toNewSession: id, activityType, in: &state) }
    case .sceneWillEnterForeground(let id):
      transition(id, .willEnterForeground, in: &state, log: &log)
    case .sceneDidBecomeActive(let id):
      transition(id, .didBecomeActive, in: &state, log: &log)
    case .sceneWillResignActive(let id):
      transition(id, .willResignActive, in: &state, log: &log)
    case .sceneDidEnterBackground(let id):
      reportUnfinishedResize(of: id, "entered the background", in: &state, log: &log)
      transition(id, .didEnterBackground, in: &state, log: &log)
    case .sceneDidDisconnect(let id):
      reportUnfinishedResize(of: id, "disconnected", in: &state, log: &log)
      noteClosing(id, "scene.didDisconnect", in: &state, log: &log)
      transition(id, .didDisconnect, in: &state, log: &log)
    case .sceneSaveRestoration(let id, let activityType, let key):
      withScene(id, in: &state, log: &log) { _ in }
      if let activityType {
        reportUndeclared(activityType, id, "saves its restoration activity as", state, &log)
      }
      state.updateSession(id) {
        $0.restoration = Restoration(activityType: activityType, key: key)
      }
      if let key { storeRestoration(under: key, by: id, in: &state, log: &log) }
    case .sceneRestoreInteractionState(let id), .sceneExtendRestoration(let id),
      .sceneCompleteRestoration(let id):
      withScene(id, in: &state, log: &log) { _ in }
    case .sceneGeometry(let id, let width, let height, let orientation, let sizeClass):
      let geometry = Geometry(
        width: width, height: height, orientation: orientation, horizontalSizeClass: sizeClass)
      updateGeometry(id, geometry, in: &state, log: &log)
    case .windowBecomeKey(let id, let window):
      withScene(id, in: &state, log: &log) { $0.keyWindow = window }
      reportNonInteractive(id, "has a window that becomes key", state, &log)
      if !state.reportsAppKeyWindow,
        state.sessions.readScene(id, { $0.state }) == .foregroundActive
      {
        state.app.keyScene = id
        state.app.keySceneSince = seq
      }
      if state.app.frontmostScene != nil { noteAppearanceChange(in: &state, at: seq) }
    case .requestDestroy(_, let id, _):
      reportDestroyOfLiveSession(id, in: state, log: &log)
      noteClosing(id, "request.destroy", in: &state, log: &log)
    case .requestActivate, .requestFailed, .traceGap, .appMark:
      break
    case .keyPress(let id, let phase, let keyCode, _, _):
      keyPress(id, phase: phase, keyCode: keyCode, in: &state, log: &log)
    case .keyCommand(let id, let input, let modifiers, _, _, let target, let chain, let priority):
      keyCommand(
        id,
        KeyCommandFacts(
          input: input, modifiers: modifiers, target: target, chain: chain,
          wantsPriority: priority == true),
        in: &state, log: &log)
      if target != nil, state.app.keyScene == nil,
        state.sessions.readScene(id, { $0.state }) == .foregroundActive
      {
        reportNotFrontmost(id, "key command \(input)", state, &log)
      }
    case .responderFirst(let id, _, let responder):
      withScene(id, in: &state, log: &log) { $0.firstResponder = responder }
    case .focusUpdate(let id, let from, let item, _, _):
      focusUpdate(id, from: from, to: item, in: &state, log: &log)
    case .pointerDrag(let id, let phase, let x, let y, _, let latching, let region):
      pointerDrag(
        id, phase: phase, x: x, y: y, latching: latching, region: region, in: &state, log: &log)
    case .bandSelection(let id, let view, let bandState, let rect, let modifiers, let items):
      bandSelection(
        id, view: view, bandState, rect: rect, modifiers: modifiers, items: items, in: &state,
        log: &log)
    case .selectionChange(let id, let view, let items, _):
      selectionChange(id, view: view, items: items, in: &state, log: &log)
    case .dragBegin(let drag, let id, let activityType):
      dragBegin(drag, in: id, activityType: activityType, state: &state, log: &log)
    case .dragEnd(let drag, let operation):
      dragEnd(drag, operation: operation, state: &state, log: &log)
    case .dropPerform(let drag, let id, let local):
      dropPerform(drag, in: id, local: local, state: &state, log: &log)
    case .stateWrite(let key, let value, let writer):
      stateWrite(key, value: value, writer: writer, in: &state, log: &log)
    case .stateDelete(let key, _):
      stateDelete(key, in: &state, log: &log)
    case .stateRender(let id, let key, let value):
      stateRender(id, key: key, value: value, in: &state, log: &log)
    case .contentDisplay(let id, let content, let exclusive):
      contentDisplay(id, content: content, exclusive: exclusive, in: &state, log: &log)
    case .appEnvironment(let mode, let requiresFullScreen, let os, let sdk):
      environment(mode: mode, requiresFullScreen: requiresFullScreen, os: os, sdk: sdk, in: &state)
    case .sceneActiveAppearance(let id, let appearance):
      activeAppearance(id, appearance, in: &state, log: &log)
    case .sceneEffectiveGeometry(
      let id, let width, let height, let orientation, let sizeClass, let resizing, let locked,
      let screen):
      let geometry = Geometry(
        width: width, height: height, orientation: orientation, horizontalSizeClass: sizeClass,
        isInteractivelyResizing: resizing, isOrientationLocked: locked, screen: screen)
      updateGeometry(id, geometry, in: &state, log: &log)
    case .sceneSizeRestrictions(let id, let minWidth, let minHeight, let maxWidth, let maxHeight):
      withScene(id, in: &state, log: &log) {
        $0.sizeRestrictions = SizeRestrictions(
          minimumWidth: minWidth, minimumHeight: minHeight, maximumWidth: maxWidth,
          maximumHeight: maxHeight)
      }
    case .sceneLayout(let id, let sizeClass, let name):
      layout(id, for: sizeClass, named: name, in: &state, log: &log)
    case .commandInvoke(let id, let action, let origin, _, let target, let offeredBy):
      if let id, state.staleLayoutSessions.contains(id) {
        reportStaleLayout(at: .commandInvoke, of: id, in: &state, log: &log)
      }
      command(
        id, action: action, origin: origin, target: target, offeredBy: offeredBy, in: &state,
        log: &log)
    case .sceneTitle(let id, let title):
      withScene(id, in: &state, log: &log) { $0.title = title }
    case .sceneClose(let id, let via):
      close(id, via: via, in: &state, log: &log)
    }
  }
}
