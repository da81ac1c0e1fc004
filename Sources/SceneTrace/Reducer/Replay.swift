/// Runs a reducer over events one at a time, keeping the state and every finding so far.
public struct Replay: Sendable {
  /// The state after the last event applied.
  public private(set) var state: TraceState
  /// Every finding so far, in report order (seq, then rule).
  public private(set) var findings: [Finding] = []
  /// Whether `finish()` has run.
  public private(set) var isFinished = false
  private let reducer: TraceReducer

  /// Starts a replay from `state` (the initial state by default).
  public init(reducer: TraceReducer = TraceReducer(), from state: TraceState = TraceState()) {
    self.reducer = reducer
    self.state = state
  }

  /// Moves ``findings`` out, leaving none: a caller done with the replay filters them where
  /// they are instead of copying them (a long trace has hundreds of thousands).
  package mutating func takeFindings() -> [Finding] {
    defer { findings = [] }
    return findings
  }

  /// Moves out the findings at events before `seq`, keeping those after: the ones ``finish()``
  /// may still merge with (it merges at the last event) stay.
  package mutating func takeFindings(before seq: Int) -> [Finding] {
    let end = findings.firstIndex { $0.seq >= seq } ?? findings.count
    defer { findings.removeFirst(end) }
    return Array(findings[..<end])
  }

  /// Lets go of the findings from the `start`th on that `isKept` is false of: for a caller that
  /// reads only some of a long trace's, and has sifted those before `start`. One at the last
  /// event may still be merged with the finish step's of its rule, as it would have been; one
  /// let go is not.
  package mutating func keepFindings(from start: Int, where isKept: (Finding) -> Bool) {
    findings[start...].removeAll { !isKept($0) }
  }

  /// A map of the state whose changed entries a replay notes (``noteChanges(to:)``).
  package enum NotedMap: Sendable {
    case sessions, drags, shared
  }

  /// Starts noting which entries of `map` the events applied change: sessions for
  /// ``takeChangedSessions()``, drags for ``takeChangedDrags()``, keys of the shared store for
  /// ``takeChangedSharedKeys()``. Only that map's: notes of another, never taken, would grow
  /// with the trace.
  package mutating func noteChanges(to map: NotedMap) {
    switch map {
    case .sessions: state.sessions.noteChangedSessions()
    case .drags: state.dragTable.noteChangedDrags()
    case .shared: state.changedSharedKeys.start()
    }
  }

  /// The sessions that the events applied since noting began or this last ran changed, each
  /// once, in no order (a session may have been set to what it was).
  package mutating func takeChangedSessions() -> [SessionID] {
    state.sessions.takeChangedSessions()
  }

  /// The drags that the events applied since noting began or this last ran changed, each once.
  package mutating func takeChangedDrags() -> [DragID] {
    state.dragTable.takeChangedDrags()
  }

  /// The keys of the shared store that the events applied since noting began or this last ran
  /// wrote or deleted, each once, in no order, as the events spelled them: a key may be held
  /// in the store in another spelling of the same characters (`"é"`, `"e\u{301}"`).
  package mutating func takeChangedSharedKeys() -> [String] {
    state.changedSharedKeys.take()
  }

  /// Applies one event and returns the findings it caused.
  @discardableResult
  public mutating func apply(_ event: Event) -> [Finding] {
    let start = findings.count
    record(event)
    return Array(findings[start...])
  }

  /// Applies one event, its findings appended to ``findings``. The reducer takes the event
  /// over: its switch moves the values it binds out of the payload instead of copying them
  /// (retaining each string) and destroying the event after.
  @usableFromInline
  package mutating func record(_ event: consuming Event) {
    reducer.reduce(into: &state, event: event, appendingTo: &findings)
  }

  /// Applies every event in order. Inlinable, so that the loop is specialized for the caller's
  /// sequence rather than stepping through a generic iterator.
  ///
  /// Events held contiguously (an array, a slice of one) are read where they are stored: a
  /// `for` loop's iterator hands out a copy of each (its strings retained and released, about
  /// 200 instructions an event).
  @inlinable
  public mutating func apply(_ events: some Sequence<Event>) {
    let applied: Void? = events.withContiguousStorageIfAvailable { stored in
      for index in stored.indices { record(stored[index]) }
    }
    if applied == nil {
      for event in events { record(event) }
    }
  }

  /// Applies every event of `events` in order, moving each out of the array into the reducer,
  /// and leaves the array empty: for a caller done with its events.
  ///
  /// An event lent from an array is copied on its way into the reducer, which also takes the
  /// state `inout` (the compiler cannot tell that the reducer leaves the array alone): its
  /// strings are retained, and released again after, about 250 instructions an event. An event
  /// moved out is not copied. When `events` shares its storage with another array, the storage
  /// is copied first, which costs what lending would have.
  package mutating func apply(moving events: inout [Event]) {
    // The reducer is read once a batch: read from `self` at each event, while the state and the
    // findings are changed in place, it was retained and released at every one.
    let reducer = reducer
    events.withUnsafeMutableBufferPointer { stored in
      guard let base = stored.baseAddress else { return }
      for index in stored.indices {
        let event = (base + index).move()
        // The slot gets an event that owns nothing, for the array to destroy.
        (base + index).initialize(to: .vacant)
        reducer.reduce(into: &state, event: event, appendingTo: &findings)
      }
    }
    events.removeAll()
  }

  /// Applies every event of `batch` in seq order, as `apply(moving:)` of an array does, and
  /// leaves the batch empty with its room kept: its pointer samples are reduced as the plain
  /// values they are, without making an event of each.
  package mutating func apply(moving batch: inout EventBatch) {
    let reducer = reducer
    batch.withStorage { events, samples, samplesBefore in
      // The samples between two events are reduced as one run.
      var sample = 0
      for index in events.indices {
        let run = Int(samplesBefore[index])
        if run > 0 {
          reducer.reduce(
            into: &state, samples: UnsafeBufferPointer(rebasing: samples[sample..<sample + run]),
            appendingTo: &findings)
          sample &+= run
        }
        let event = (events.baseAddress.unsafelyUnwrapped + index).move()
        (events.baseAddress.unsafelyUnwrapped + index).initialize(to: .vacant)
        reducer.reduce(into: &state, event: event, appendingTo: &findings)
      }
      if sample < samples.count {
        reducer.reduce(
          into: &state, samples: UnsafeBufferPointer(rebasing: samples[sample...]),
          appendingTo: &findings)
      }
    }
    batch.removeAll()
  }

  /// Runs the rules that need the end of the trace; call it once, after the last event.
  @discardableResult
  public mutating func finish() -> [Finding] {
    guard !isFinished else { return [] }
    isFinished = true
    let found = reducer.finish(state)
    for finding in found {
      // The finish step reports at the last event's seq: merge with that event's finding of the
      // same rule, if any, to keep one finding per rule per event.
      if let index = findings.lastIndex(where: { $0.seq == finding.seq && $0.rule == finding.rule })
      {
        findings[index].merge(finding)
      } else {
        findings.append(finding)
      }
    }
    // Events come in seq order and each reports at its own seq, in rule order: the findings
    // are nearly always in report order already, and are then only checked (sorting them
    // anyway was 2.7 % of replaying the benchmark's mixed session, each finding copied).
    if !findings.isInReportOrder { findings.sort(by: Finding.reportOrder) }
    return found
  }

  /// Replays `events` from the start with `reducer` (the built-in rules by default) and
  /// finishes.
  @inlinable
  public static func run(
    _ events: some Sequence<Event>, reducer: TraceReducer = TraceReducer()
  ) -> Replay {
    var replay = Replay(reducer: reducer)
    replay.apply(events)
    replay.finish()
    return replay
  }
}

extension [Finding] {
  /// Whether no finding comes before the one ahead of it in ``Finding/reportOrder(_:_:)``.
  /// Read where the findings are stored, their seqs first: a finding handed to the order is
  /// copied, its message and related seqs retained and released.
  fileprivate var isInReportOrder: Bool {
    withUnsafeBufferPointer { findings in
      guard var earlier = findings.baseAddress, findings.count > 1 else { return true }
      for later in earlier + 1..<earlier + findings.count {
        defer { earlier = later }
        if earlier.pointee.seq < later.pointee.seq { continue }
        if Finding.reportOrder(later.pointee, earlier.pointee) { return false }
      }
      return true
    }
  }
}
