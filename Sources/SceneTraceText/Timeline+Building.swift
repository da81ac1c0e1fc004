import SceneTrace

extension Timeline {
  /// Lays out `events` (a whole trace, in seq order), replaying them once with the built-in
  /// rules; the findings are those of the replay and of `loss`, the trace's lost stretches.
  package init(events: [Event], loss: [LostStretch]) {
    var layout = Layout()
    layout.add(events)
    self = layout.finish(loss: loss)
  }

  /// What a layout follows of a trace.
  package enum Detail: Sendable {
    /// All that any picture draws: every member of the timeline, findings whole.
    case whole
    /// What the terminal chart draws: the lanes, the key scenes, the launches, the app marks,
    /// the lost stretches and the findings, these without their messages or related events
    /// (their rules, severities and sessions are those of findings kept whole). The key windows,
    /// pointer drags, band selections, links and the marks of key commands and focus changes
    /// are left empty. (10^7 mixed events: the chart's 415 MB were nearly half messages and
    /// marks it does not draw.)
    case chart
  }

  /// A timeline laid out as a trace is read, a batch of events at a time: each event replayed
  /// once with the built-in rules and followed, none kept but its seq and time, so that a long
  /// trace is drawn without being loaded (2·10^6 events: 423 MB loaded).
  package struct Layout {
    private var builder: Builder?
    private var replay: Replay
    private let detail: Detail

    /// A layout of what `detail` says.
    package init(_ detail: Detail = .whole) {
      self.detail = detail
      replay = Replay(reducer: detail == .whole ? TraceReducer() : TraceReducer().countingFindings)
    }

    /// Follows `events`, the next of the trace in seq order.
    package mutating func add(_ events: [Event]) {
      for index in events.indices {
        if builder == nil { builder = Builder(first: events[index], detail: detail) }
        replay.apply(events[index])
        builder?.record(events[index], after: replay.state)
      }
    }

    // What the events followed are, asked before ``finish(loss:)``, which takes it.

    /// The seq and time of each event followed, in order.
    package var seqTimes: SeqTimes { builder?.seqTimes ?? SeqTimes() }
    /// The sessions the events followed name.
    package var sessions: Set<SessionID> { builder.map { Set($0.laneIndex.keys) } ?? [] }

    /// The timeline of the events followed, once they are all followed; the findings are those
    /// of their replay and of `loss`, the trace's lost stretches. What was followed is taken
    /// into the timeline, not copied (a copy of its marks and lanes, made at their first change,
    /// took `export --format chrome-trace` of 2·10^6 events from 512 to 578 MB).
    package mutating func finish(loss: [LostStretch]) -> Timeline {
      replay.finish()
      // The replay's findings are in report order, and no finding of a loss is the replay's:
      // merged, not sorted together. The replay, its state and findings, is let go before the
      // timeline is drawn.
      let findings = merged(
        replay.takeFindings(), loss.map(\.finding).sorted(by: Finding.reportOrder),
        by: Finding.reportOrder)
      replay = Replay()
      var builder = builder.take() ?? Builder(first: nil, detail: detail)
      return builder.finish(findings: findings, loss: loss)
    }
  }
}

/// Follows a replay event by event and notes where each scene's state changed.
private struct Builder {
  /// A scene still connected, or a period still open.
  struct OpenScene {
    var life: Timeline.SceneLife
    var state: SceneActivation?
    var since: TraceTime
    var sinceSeq: Int
  }

  var lanes: [Timeline.Lane] = []
  var laneIndex: [SessionID: Int] = [:]
  var open: [SessionID: OpenScene] = [:]
  var launches: [Timeline.Launch] = []
  var keyScenes: [Timeline.SessionPeriod] = []
  var openKey: (session: SessionID, time: TraceTime, seq: Int)?
  var pointerDrags = OpenPeriods()
  var bandSelections = OpenPeriods()
  var keyWindows = OpenPeriods()
  var marks: [Timeline.Mark] = []
  var links: [Timeline.Link] = []
  var dragSources: [DragID: (session: SessionID, time: TraceTime, seq: Int)] = [:]
  /// Every event's seq and time, in order, to place findings and losses.
  var seqTimes = SeqTimes()
  var last: (time: TraceTime, seq: Int)
  let first: (time: TraceTime, seq: Int)
  /// Whether key windows, activities, links and the marks of key commands and focus changes
  /// are followed (``Timeline/Detail/whole``).
  let followsAll: Bool

  init(first event: Event?, detail: Timeline.Detail) {
    first = (event?.time ?? .zero, event?.seq ?? 0)
    last = first
    followsAll = detail == .whole
  }

  mutating func record(_ event: Event, after state: TraceState) {
    last = (event.time, event.seq)
    seqTimes.append(seq: event.seq, time: event.time)
    if let scene = event.payload.scene {
      // An event of one scene names that session alone (nearly every event: a drag sample
      // is one), whose array of sessions is not made.
      assert(event.payload.sessions == [scene], "an event of one scene names another session")
      noteLane(of: scene, state)
      follow(scene, at: event, state)
    } else {
      let named = event.payload.sessions
      for session in named { noteLane(of: session, state) }
      if case .appLaunch(let launch, _, _, _, _, _) = event.payload {
        launches.append(Timeline.Launch(name: launch, seq: event.seq, time: event.time))
      }
      // Only the sessions an event names change, but for a launch or a termination, which
      // closes every scene.
      var touched = named
      switch event.payload {
      case .appLaunch, .appTerminate: touched += open.keys.sorted()
      default: break
      }
      for session in touched { follow(session, at: event, state) }
    }
    followKeyScene(event, state)
    note(event, state)
  }

  /// Gives `session` a lane if it has none, and the lane the role `state` knows for it.
  ///
  /// The role, and what the lanes show of a scene, are read where the state stores them: the
  /// table's subscript makes the whole session, its scene copied, which for every session of
  /// every event was half of laying a timeline out.
  private mutating func noteLane(of session: SessionID, _ state: TraceState) {
    let index: Int
    if let known = laneIndex[session] {
      index = known
    } else {
      index = lanes.count
      laneIndex[session] = index
      lanes.append(Timeline.Lane(session: session, role: nil, scenes: []))
    }
    if let role = state.sessions.role(of: session) { lanes[index].role = role }
  }

  /// Follows the scene of `session` and its key window after `event`.
  private mutating func follow(_ session: SessionID, at event: Event, _ state: TraceState) {
    let scene = state.sessions.sceneOutline(of: session)
    followScene(session, scene, event)
    guard followsAll else { return }
    let window = scene?.keyWindow
    guard keyWindows.open[session]?.name != window else { return }
    keyWindows.end(session, at: event)
    if let window { keyWindows.begin(session, window, at: event) }
  }

  /// Closes, opens or splits the life of `session`'s scene where its state changed: `scene` is
  /// what the state after `event` holds of it.
  private mutating func followScene(
    _ session: SessionID, _ scene: (instance: Int, state: SceneActivation?, keyWindow: String?)?,
    _ event: Event
  ) {
    if var current = open[session] {
      if let scene, scene.instance == current.life.instance {
        guard scene.state != current.state else { return }
        close(&current, at: event)
        current.state = scene.state
        open[session] = current
        return
      }
      close(&current, at: event)
      current.life.lifetime.end = event.time
      current.life.lifetime.endSeq = event.seq
      lanes[laneIndex[session] ?? 0].scenes.append(current.life)
      open[session] = nil
    }
    if let scene {
      let period = Timeline.Period(
        start: event.time, startSeq: event.seq, end: event.time, endSeq: event.seq)
      let life = Timeline.SceneLife(
        instance: scene.instance, launch: launches.isEmpty ? nil : launches.count - 1,
        lifetime: period, spans: [])
      open[session] = OpenScene(
        life: life, state: scene.state, since: event.time, sinceSeq: event.seq)
    }
  }

  /// Ends the open scene's current span at `event`.
  private func close(_ scene: inout OpenScene, at event: Event) {
    scene.life.spans.append(
      Timeline.StateSpan(
        state: scene.state,
        period: Timeline.Period(
          start: scene.since, startSeq: scene.sinceSeq, end: event.time, endSeq: event.seq)))
    scene.since = event.time
    scene.sinceSeq = event.seq
  }

  private mutating func followKeyScene(_ event: Event, _ state: TraceState) {
    guard openKey?.session != state.app.keyScene else { return }
    if let openKey {
      keyScenes.append(
        Timeline.SessionPeriod(
          session: openKey.session,
          period: Timeline.Period(
            start: openKey.time, startSeq: openKey.seq, end: event.time, endSeq: event.seq)))
    }
    openKey = state.app.keyScene.map { ($0, event.time, event.seq) }
  }

  /// Notes the marks, drags, band selections and links `event` makes.
  private mutating func note(_ event: Event, _ state: TraceState) {
    func mark(_ session: SessionID?, _ kind: Timeline.Mark.Kind) {
      marks.append(Timeline.Mark(seq: event.seq, time: event.time, session: session, kind: kind))
    }
    guard followsAll else {
      if case .appMark(let label) = event.payload { mark(nil, .appMark(label: label)) }
      return
    }
    switch event.payload {
    case .keyCommand(let session, let input, let modifiers, let action, _, let target, _, _):
      mark(
        session, .keyCommand(input: input, modifiers: modifiers, action: action, target: target))
    case .focusUpdate(let session, let from, let to, _, _):
      mark(session, .focusChange(from: from, to: to))
    case .appMark(let label):
      mark(nil, .appMark(label: label))
    case .pointerDrag(let session, let phase, _, _, _, _, _):
      switch phase {
      case .began: pointerDrags.begin(session, "", at: event)
      case .ended, .cancelled: pointerDrags.end(session, at: event)
      default: break
      }
    case .bandSelection(let session, let view, let state, _, _, _):
      switch state {
      case .began: bandSelections.begin(session, view, at: event)
      case .ended: bandSelections.end(session, at: event)
      default: break
      }
    case .sceneDidDisconnect(let session):
      pointerDrags.end(session, at: event)
      bandSelections.end(session, at: event)
    case .appLaunch, .appTerminate:
      pointerDrags.endAll(at: event)
      bandSelections.endAll(at: event)
    case .dragBegin(let drag, let session, _):
      dragSources[drag] = (session, event.time, event.seq)
    case .dropPerform(let drag, let session, _):
      if let source = dragSources[drag] {
        links.append(
          Timeline.Link(
            kind: .dragAndDrop(drag: drag), fromSession: source.session, fromSeq: source.seq,
            fromTime: source.time, toSession: session, toSeq: event.seq, toTime: event.time))
      }
    case .stateRender(let session, let key, let value):
      if let shared = state.shared[key], shared.value == value, let writer = shared.writer {
        let written = time(at: shared.seq)
        links.append(
          Timeline.Link(
            kind: .writeToRender(key: key, value: value), fromSession: writer,
            fromSeq: shared.seq, fromTime: written, toSession: session, toSeq: event.seq,
            toTime: event.time))
      }
    default:
      break
    }
  }

  /// Closes what is still open at the last event and places findings and losses.
  mutating func finish(findings: [Finding], loss: [LostStretch]) -> Timeline {
    let end = Event(seq: last.seq, time: last.time, .appMark(label: ""))
    for session in open.keys.sorted() {
      guard var current = open[session] else { continue }
      close(&current, at: end)
      current.life.lifetime.end = last.time
      current.life.lifetime.endSeq = last.seq
      lanes[laneIndex[session] ?? 0].scenes.append(current.life)
    }
    if let openKey {
      keyScenes.append(
        Timeline.SessionPeriod(
          session: openKey.session,
          period: Timeline.Period(
            start: openKey.time, startSeq: openKey.seq, end: last.time, endSeq: last.seq)))
    }
    for periods in [\Builder.pointerDrags, \.bandSelections, \.keyWindows] {
      self[keyPath: periods].endAll(at: end)
    }
    // The events' marks are in seq order, as the events came: merged with the findings', at
    // one seq the event's own mark first, then its findings in report order. (Sorted together
    // with their places to keep that order, they were held three times over.)
    let (seqTimes, start) = (seqTimes, first.time)
    marks = merged(
      marks,
      findings.lazy.map { finding in
        Timeline.Mark(
          seq: finding.seq, time: seqTimes.time(atOrBefore: finding.seq) ?? start,
          session: finding.session, kind: .finding(finding))
      },
      by: { $0.seq < $1.seq })
    let losses = loss.sorted(by: LostStretch.traceOrder).map { stretch in
      let startSeq = max(stretch.afterSeq, first.seq)
      let endSeq = min(stretch.beforeSeq ?? last.seq, last.seq)
      return Timeline.Loss(
        stretch: stretch,
        period: Timeline.Period(
          start: time(at: startSeq), startSeq: startSeq, end: time(at: endSeq), endSeq: endSeq))
    }
    return Timeline(
      extent: Timeline.Period(
        start: first.time, startSeq: first.seq, end: last.time, endSeq: last.seq),
      lanes: lanes, launches: launches, keyScenes: keyScenes, keyWindows: keyWindows.inOrder,
      pointerDrags: pointerDrags.inOrder.map {
        Timeline.SessionPeriod(session: $0.session, period: $0.period)
      },
      bandSelections: bandSelections.inOrder, marks: marks, links: links, losses: losses)
  }

  /// The time of the event at `seq`, or of the nearest event before it.
  private func time(at seq: Int) -> TraceTime {
    seqTimes.time(atOrBefore: seq) ?? first.time
  }
}

/// Periods of sessions' that begin and end at events, at most one open per session: pointer
/// drags, band selections, key windows.
private struct OpenPeriods {
  var open: [SessionID: (name: String, time: TraceTime, seq: Int)] = [:]
  var closed: [Timeline.NamedPeriod] = []

  /// Opens a period named `name` of `session`'s at `event`, unless one is open.
  mutating func begin(_ session: SessionID, _ name: String, at event: Event) {
    guard open[session] == nil else { return }
    open[session] = (name, event.time, event.seq)
  }

  /// Closes `session`'s open period, if any, at `event`.
  mutating func end(_ session: SessionID, at event: Event) {
    guard let began = open.removeValue(forKey: session) else { return }
    closed.append(
      Timeline.NamedPeriod(
        session: session, name: began.name,
        period: Timeline.Period(
          start: began.time, startSeq: began.seq, end: event.time, endSeq: event.seq)))
  }

  /// Closes every open period at `event`.
  mutating func endAll(at event: Event) {
    for session in open.keys.sorted() { end(session, at: event) }
  }

  /// The closed periods in order of start.
  var inOrder: [Timeline.NamedPeriod] {
    closed.sorted { ($0.period.startSeq, $0.session) < ($1.period.startSeq, $1.session) }
  }
}

/// The elements of `first` and `second`, each in order by `areInIncreasingOrder`, in one
/// order: where neither comes before the other, those of `first` come first, so that each
/// keeps its own order, as a stable sort of the two joined would give.
private func merged<Element>(
  _ first: [Element], _ second: some Sequence<Element>,
  by areInIncreasingOrder: (Element, Element) -> Bool
) -> [Element] {
  var result: [Element] = []
  result.reserveCapacity(first.count + second.underestimatedCount)
  var next = first.startIndex
  for element in second {
    while next < first.endIndex, !areInIncreasingOrder(element, first[next]) {
      result.append(first[next])
      next += 1
    }
    result.append(element)
  }
  result += first[next...]
  return result
}
