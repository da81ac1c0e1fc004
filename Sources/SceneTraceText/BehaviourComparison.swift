import SceneTrace
import SceneTraceFile

/// Whether two traces behave alike: both are replayed along their alignment (`EventAlignment`)
/// and their states compared where they should agree, that is after each stretch where their
/// events differ, every so many events that agree, and at the end. The answer is the first place
/// where the states differ, or nil.
///
/// The second trace's events must already be named as the first's (`IdentifierRenaming`), so
/// that equal events say the same. States are compared as the state JSON without the positions
/// (`TraceState.behaviourJSON`). A stretch after which the states agree (an extra event that
/// changes nothing, two events in the other order, two spellings of the same change) is no
/// divergence.
///
/// The traces are read as the comparison goes (`EventWindow`), aligned as far as it has come,
/// and held from the last place where the states agreed: the memory a comparison takes does not
/// grow with the traces. The rest of one trace after the other has ended (its tail, which can be
/// as long as the trace) is read once, straight through, and not held.
package struct BehaviourComparison {
  /// Where the states first differ.
  package struct Divergence {
    /// The events of the first trace from the last place where the states agreed to the first
    /// where they do not: a hunk, or one event that said what the second trace's event said.
    package var a: Range<Int>
    /// The events of the second trace, as `a`.
    package var b: Range<Int>
    /// Whether `a` and `b` are a hunk (their events differ) rather than one event each that
    /// said the same.
    package var isHunk: Bool
    /// The event of `a` after which the first trace's state first left the state both had
    /// before (nil: none did).
    package var causeA: Int?
    /// The same for `b`.
    package var causeB: Int?
    /// The states after the divergence.
    package var states: (a: TraceState, b: TraceState)
    /// What differs between them, from the first trace's to the second's.
    package var changes: [JSONChange]
    /// The events of each trace around it as recorded (the second trace's not renamed), for a
    /// report: from ``BehaviourComparison/context`` events before `a` (or `b`) to as many
    /// after it, as far as the trace goes.
    package var around: (a: EventRun, b: EventRun)
  }

  /// Consecutive events of one trace, by their index in it, and the event that made the states
  /// differ when it lies past them (deep in a trace's tail).
  package struct EventRun {
    /// The index of the first.
    package var start: Int
    /// The events.
    package var events: [Event]
    /// The event that made the states differ, when it is not one of `events`.
    package var cause: (index: Int, event: Event)?

    /// The indices of `events`.
    package var indices: Range<Int> { start..<(start + events.count) }

    /// The event at `index`: one of ``indices``, or the cause's.
    package subscript(index: Int) -> Event {
      if let cause, cause.index == index, !indices.contains(index) { return cause.event }
      return events[index - start]
    }
  }

  /// How many events are held for a report before and after the events that differ.
  package static let context = 3
  /// How many of the first events of a trace's tail a divergence there keeps for a report,
  /// besides the one that made the states differ: a report that lists every event of the hunk
  /// keeps them all; one that shows the first few needs no more, and the rest is not held.
  package var tailShown = Int.max
  /// How many pairs of agreeing events the alignment follows ahead of the replays.
  private static let alignedAhead = 4096

  /// The events of the first trace.
  private let a: EventWindow
  /// The events of the second trace, named as the first's.
  private let b: EventWindow
  /// The alignment, as far as the comparison has come.
  private var aligner: EventAlignment.Aligner
  /// The stretches the alignment has found, in order.
  private var stretches: [[EventAlignment.Hunk]] = []
  /// Whether a comparison reads the entries changed since the states last agreed, and a copy of
  /// them to look back from is kept every so many events (``comparisonInterval``): the
  /// default. Otherwise the states are compared whole at every comparison, and copied wherever
  /// they agree: the plain way, which a test holds this one to.
  package var followsChangedEntries = true
  /// How many agreeing events pass between two comparisons of the states, at least, and
  /// between two copies of them kept to look for a divergence from: at least as many as the
  /// states hold sessions, drags and shared values, so that a comparison that reads every one
  /// (where the entries changed do not settle it) and a copy cost a few reads an event however
  /// long the traces.
  package var comparisonInterval = 4096
  /// How many events of each trace the hunks found so far hold: those of both traces once
  /// ``firstDivergence(progress:)`` found none.
  package private(set) var differingEvents = (a: 0, b: 0)
  /// What the tail does, once it has been read.
  private var tail: Tail?

  /// What the rest of one trace after the other has ended does to the states, found in the one
  /// pass over it.
  private struct Tail {
    /// The states after it.
    var after: (a: TraceState, b: TraceState)
    /// The event of it after which its trace's state first left the other's, and that event as
    /// recorded.
    var cause: (index: Int, event: Event)?
    /// Its first ``BehaviourComparison/tailShown`` events, as recorded.
    var shown: [Event]
  }

  private let reducer = TraceReducer()

  /// A comparison of `a` with `b`, aligned by what their events say.
  package init(a: [Event], b: [Event]) {
    self.init(a: EventWindow(a), b: EventWindow(b))
  }

  /// A comparison of the events `a` reads with those `b` reads, aligned by what they say.
  package init(a: EventWindow, b: EventWindow) {
    self.a = a
    self.b = b
    aligner = EventAlignment.Aligner(a.count, b.count)
  }

  /// The first place where the states differ, or nil when they never do. `progress` is called
  /// now and then with how many events of both traces have been replayed.
  package mutating func firstDivergence(
    progress: (Int) -> Void = { _ in }
  ) throws(TraceError) -> Divergence? {
    var walk = Walk()
    if followsChangedEntries {
      walk.stateA.noteChangedEntries()
      walk.stateB.noteChangedEntries()
    }
    // Where the states last agreed, and a copy of the walk at or before it to replay from when
    // they no longer do. Copied where they agreed after every stretch, the walk's next event
    // copied both states' tables whole (they hold every session and drag): the copy is made at
    // most every `comparisonInterval` events, or every as many as the states hold entries.
    var (snapshot, lastAgreed) = (walk, walk.place)
    var sinceCheck = 0
    var sinceSnapshot = 0
    var sinceProgress = 0
    while !walk.isFinished(a.count, b.count) {
      let step = try self.step(&walk)
      sinceCheck += 1
      sinceSnapshot += step.events
      sinceProgress += step.events
      if sinceProgress >= 16_384 {
        progress(walk.i + walk.j)
        sinceProgress = 0
      }
      let atEnd = walk.isFinished(a.count, b.count)
      let isDue = sinceCheck >= comparisonInterval && sinceCheck >= walk.stateA.entryCount
      guard step.stretch != nil || atEnd || isDue else { continue }
      sinceCheck = 0
      // At the end the states are compared whole: following a trace's tail, which ends both,
      // took its state's notes as it went.
      guard followsChangedEntries && !atEnd ? walk.statesStillAgree() : walk.statesAgree else {
        return try divergence(after: snapshot, agreeingAt: lastAgreed)
      }
      lastAgreed = walk.place
      if !followsChangedEntries || sinceSnapshot >= max(comparisonInterval, walk.stateA.entryCount)
      {
        (snapshot, sinceSnapshot) = (walk, 0)
        // A divergence is looked for from here on, and a report shows a few events before it.
        a.release(before: snapshot.i - Self.context)
        b.release(before: snapshot.j - Self.context)
      }
    }
    return nil
  }

  /// ``divergence(after:)`` the place `lastAgreed`, where the states agreed, reached from
  /// `snapshot` (a walk at or before it) by the same steps, with no comparison on the way.
  private mutating func divergence(
    after snapshot: Walk, agreeingAt lastAgreed: Walk.Place
  ) throws(TraceError) -> Divergence? {
    var walk = snapshot
    while walk.place != lastAgreed { _ = try step(&walk) }
    return try divergence(after: walk)
  }

  /// The first step after `checkpoint` (where the states agreed) after which they do not,
  /// narrowed to the hunk or the agreeing pair of events inside a stretch.
  private mutating func divergence(after checkpoint: Walk) throws(TraceError) -> Divergence? {
    var walk = checkpoint
    while !walk.isFinished(a.count, b.count) {
      let before = walk
      let step = try self.step(&walk)
      if walk.statesAgree { continue }
      guard let stretch = step.stretch else {
        return try divergence(
          a: before.i..<walk.i, b: before.j..<walk.j, isHunk: false, from: before)
      }
      if let tail, aligner.isTail(stretches[stretch]), let hunk = stretches[stretch].first {
        // One hunk from where `before` stands: the divergence is the whole of it.
        return try divergence(inTail: hunk, tail)
      }
      // The first hunk, or agreeing pair between two hunks, after which the states differ.
      var inner = before
      for hunk in stretches[stretch] {
        while inner.i < hunk.a.lowerBound {
          let start = inner
          try applyPair(&inner)
          if !inner.statesAgree {
            return try divergence(
              a: start.i..<inner.i, b: start.j..<inner.j, isHunk: false, from: start)
          }
        }
        let start = inner
        try apply(hunk, to: &inner)
        if !inner.statesAgree {
          return try divergence(a: hunk.a, b: hunk.b, isHunk: true, from: start)
        }
      }
      return try divergence(
        a: before.i..<walk.i, b: before.j..<walk.j, isHunk: true, from: before)
    }
    return nil
  }

  /// The divergence made of events `a` and `b` applied to the states of `start`.
  private func divergence(
    a rangeA: Range<Int>, b rangeB: Range<Int>, isHunk: Bool, from start: Walk
  ) throws(TraceError) -> Divergence {
    var after = start
    for index in rangeA { reducer.reduce(into: &after.stateA, event: try a.event(index)) }
    for index in rangeB { reducer.reduce(into: &after.stateB, event: try b.event(index)) }
    return Divergence(
      a: rangeA, b: rangeB, isHunk: isHunk,
      causeA: try cause(in: rangeA, of: a, from: start.stateA, other: start.stateB),
      causeB: try cause(in: rangeB, of: b, from: start.stateB, other: start.stateA),
      states: (after.stateA, after.stateB),
      changes: after.stateA.behaviourJSON.changes(to: after.stateB.behaviourJSON),
      around: (try Self.run(around: rangeA, of: a), try Self.run(around: rangeB, of: b)))
  }

  /// The divergence made of the tail `hunk`, read once into `tail`.
  private func divergence(inTail hunk: EventAlignment.Hunk, _ tail: Tail) throws(TraceError)
    -> Divergence
  {
    func run(_ range: Range<Int>, of events: EventWindow) throws(TraceError) -> EventRun {
      guard !range.isEmpty else { return try Self.run(around: range, of: events) }
      let start = max(range.lowerBound - Self.context, 0)
      let before = try events.recordedEvents(start..<range.lowerBound)
      return EventRun(start: start, events: before + tail.shown, cause: tail.cause)
    }
    let cause = tail.cause?.index
    return Divergence(
      a: hunk.a, b: hunk.b, isHunk: true, causeA: hunk.a.isEmpty ? nil : cause,
      causeB: hunk.b.isEmpty ? nil : cause, states: tail.after,
      changes: tail.after.a.behaviourJSON.changes(to: tail.after.b.behaviourJSON),
      around: (try run(hunk.a, of: a), try run(hunk.b, of: b)))
  }

  /// The events of `events` as recorded, from ``context`` before `range` to as many after it.
  private static func run(around range: Range<Int>, of events: EventWindow) throws(TraceError)
    -> EventRun
  {
    let start = max(range.lowerBound - context, 0)
    let end = min(range.upperBound + context, events.count)
    return EventRun(start: start, events: try events.recordedEvents(start..<end))
  }

  /// The first event of `range` after which `state` no longer agrees with `other`.
  private func cause(
    in range: Range<Int>, of events: EventWindow, from state: TraceState, other: TraceState
  ) throws(TraceError) -> Int? {
    var state = state
    var departure = Departure(from: other, following: &state, byChanges: followsChangedEntries)
    for index in range {
      reducer.reduce(into: &state, event: try events.event(index))
      if departure.leaves(&state) { return index }
    }
    return nil
  }

  /// Whether states, one after each event of a trace, have left a state they started from.
  private struct Departure {
    let other: TraceState
    /// The other state's JSON, made once, when first needed.
    private var target: JSONValue?
    /// Whether the state followed agreed with `other` when last asked: then only the entries
    /// it changed since are compared. (Compared whole after every event, a tail of 10^5 events
    /// that change nothing against 415 sessions took 25 s.)
    private var agreed = false

    /// Whether states are compared by the entries changed since they last agreed, or whole.
    private let byChanges: Bool

    /// A departure from `other` of the states `state` becomes, which notes its changes when
    /// they are compared `byChanges`.
    init(from other: TraceState, following state: inout TraceState, byChanges: Bool) {
      self.other = other
      self.byChanges = byChanges
      if byChanges { state.noteChangedEntries() }
    }

    /// Whether `state` no longer agrees with the state departed from.
    mutating func leaves(_ state: inout TraceState) -> Bool {
      let changed = byChanges ? state.takeChangedEntries() : .none
      if byChanges, agreed, state.holdsTheSameValues(as: other, in: changed, .none) {
        return false
      }
      agreed = holdsTheSameBehaviour(state)
      return !agreed
    }

    private mutating func holdsTheSameBehaviour(_ state: TraceState) -> Bool {
      if state.holdsTheSameValues(as: other) { return true }
      let otherJSON = target ?? other.behaviourJSON
      target = otherJSON
      return state.behaviourJSON == otherJSON
    }
  }

  /// What the tail `hunk` does to the states of `walk`, where it starts: read once, straight
  /// through, the first time; then as found.
  private mutating func tail(_ hunk: EventAlignment.Hunk, from walk: Walk) throws(TraceError)
    -> Tail
  {
    if let tail { return tail }
    let onA = !hunk.a.isEmpty
    var state = onA ? walk.stateA : walk.stateB
    var departure = Departure(
      from: onA ? walk.stateB : walk.stateA, following: &state, byChanges: followsChangedEntries)
    var cause: (index: Int, event: Event)?
    var shown: [Event] = []
    let (reducer, kept) = (self.reducer, tailShown)
    try (onA ? a : b).readToEnd(from: onA ? hunk.a.lowerBound : hunk.b.lowerBound) {
      index, event, recorded in
      reducer.reduce(into: &state, event: event)
      if shown.count < kept { shown.append(recorded) }
      if cause == nil, departure.leaves(&state) { cause = (index, recorded) }
    }
    let after = onA ? (state, walk.stateB) : (walk.stateA, state)
    let found = Tail(after: after, cause: cause, shown: shown)
    tail = found
    return found
  }

  /// Applies the next stretch to `walk` (returning its index), or the next pair of agreeing
  /// events.
  private mutating func step(_ walk: inout Walk) throws(TraceError) -> (stretch: Int?, events: Int)
  {
    try align(to: walk)
    if walk.stretch < stretches.count, let first = stretches[walk.stretch].first,
      let last = stretches[walk.stretch].last, first.a.lowerBound == walk.i,
      first.b.lowerBound == walk.j
    {
      let whole = EventAlignment.Hunk(
        a: first.a.lowerBound..<last.a.upperBound, b: first.b.lowerBound..<last.b.upperBound)
      if aligner.isTail(stretches[walk.stretch]) {
        let tail = try self.tail(whole, from: walk)
        (walk.stateA, walk.stateB) = tail.after
        (walk.i, walk.j) = (whole.a.upperBound, whole.b.upperBound)
      } else {
        try apply(whole, to: &walk)
      }
      walk.stretch += 1
      return (walk.stretch - 1, whole.a.count + whole.b.count)
    }
    try applyPair(&walk)
    return (nil, 2)
  }

  /// Aligns the traces until the next stretch after `walk` is known, or the pair of events
  /// `walk` stands at is known to agree.
  private mutating func align(to walk: Walk) throws(TraceError) {
    let (a, b) = (self.a, self.b)
    while walk.stretch == stretches.count, aligner.position == (walk.i, walk.j),
      !aligner.isFinished
    {
      let found = try aligner.advance(upTo: Self.alignedAhead) {
        (i, j) throws(TraceError) -> Bool in
        try a.event(i).payload == b.event(j).payload
      }
      guard let found else { continue }
      stretches.append(found)
      for hunk in found {
        differingEvents.a += hunk.a.count
        differingEvents.b += hunk.b.count
      }
    }
  }

  /// Applies the events of `hunk` to each side of `walk`.
  private func apply(_ hunk: EventAlignment.Hunk, to walk: inout Walk) throws(TraceError) {
    for index in hunk.a { reducer.reduce(into: &walk.stateA, event: try a.event(index)) }
    for index in hunk.b { reducer.reduce(into: &walk.stateB, event: try b.event(index)) }
    walk.i = hunk.a.upperBound
    walk.j = hunk.b.upperBound
  }

  /// Applies the next event of each side of `walk`, which say the same.
  private func applyPair(_ walk: inout Walk) throws(TraceError) {
    reducer.reduce(into: &walk.stateA, event: try a.event(walk.i))
    reducer.reduce(into: &walk.stateB, event: try b.event(walk.j))
    walk.i += 1
    walk.j += 1
  }

  /// Both replays and where they stand.
  private struct Walk {
    var stateA = TraceState()
    var stateB = TraceState()
    /// The next event of each trace.
    var i = 0
    var j = 0
    /// The next stretch.
    var stretch = 0

    /// Where a walk stands: the next event of each trace and the next stretch.
    struct Place: Equatable {
      var i: Int
      var j: Int
      var stretch: Int
    }

    var place: Place { Place(i: i, j: j, stretch: stretch) }

    var statesAgree: Bool { stateA.behaves(as: stateB) }

    /// Whether the states agree, when they agreed as the entries they noted were last taken
    /// (``TraceState/takeChangedEntries()``): the app and the entries either side changed since
    /// are compared, and the whole states only where those differ. Compared whole after every
    /// stretch, two traces that differ in many small places read every session at each
    /// (2·10^6 mixed events against their recording with UUIDs, 24,935 such events: 27.5 s).
    mutating func statesStillAgree() -> Bool {
      let changed = (stateA.takeChangedEntries(), stateB.takeChangedEntries())
      return stateA.holdsTheSameValues(as: stateB, in: changed.0, changed.1) || statesAgree
    }

    func isFinished(_ countA: Int, _ countB: Int) -> Bool { i == countA && j == countB }
  }
}

extension TraceState {
  /// How many sessions, drags and shared values the state holds: what comparing two states
  /// reads, and what a copy of one copies.
  fileprivate var entryCount: Int { sessions.count + drags.count + shared.count }

  /// Whether this state and `other` have the same ``behaviourJSON``. The values it is made of
  /// are compared first (the app, the sessions, the drags, and the shared values but their
  /// seqs): equal values make equal JSON, so that two states that agree are told so without
  /// making it. The JSON decides only where those differ (in a field the JSON does not show,
  /// such as the seq a scene connected at, or in two spellings that it does not tell apart).
  /// Comparing the JSON every few thousand events made `replay diff` of two long traces that
  /// agree event for event grow with the square of their length, the state holding every
  /// session and drag (2·10^6 events: 7.7 s, now 2.2 s). Traces whose events stand at other
  /// seqs (one holds an event the other does not) differ in those seqs, and the JSON still
  /// decides for them.
  package func behaves(as other: TraceState) -> Bool {
    holdsTheSameValues(as: other) || behaviourJSON == other.behaviourJSON
  }

  /// Whether the values ``behaviourJSON`` is made of are equal in this state and `other`: then
  /// their JSON is too (the converse need not hold).
  fileprivate func holdsTheSameValues(as other: TraceState) -> Bool {
    app == other.app && sessions == other.sessions && drags == other.drags
      && shared.count == other.shared.count
      && shared.allSatisfy { key, value in
        other.shared[key].map { $0.value == value.value && $0.writer == value.writer } ?? false
      }
  }

  /// Whether the app and the entries `changes` and `otherChanges` name (this state's and
  /// `other`'s) hold the same values in both, as ``holdsTheSameValues(as:)`` compares them,
  /// with as many entries in each map: then two states that agreed (``behaves(as:)``) when the
  /// changes began to be noted still do, every other entry being as it was on both sides.
  fileprivate func holdsTheSameValues(
    as other: TraceState, in changes: ChangedEntries, _ otherChanges: ChangedEntries
  ) -> Bool {
    guard app == other.app, sessions.count == other.sessions.count,
      drags.count == other.drags.count, shared.count == other.shared.count
    else { return false }
    for changed in [changes, otherChanges] {
      for id in changed.sessions where sessions[id] != other.sessions[id] { return false }
      for id in changed.drags where drags[id] != other.drags[id] { return false }
      for key in changed.sharedKeys {
        switch (shared[key], other.shared[key]) {
        case (nil, nil): continue
        case (let value?, let otherValue?):
          guard value.value == otherValue.value, value.writer == otherValue.writer else {
            return false
          }
        default: return false
        }
      }
    }
    return true
  }

  /// The state JSON without what says where a state stands rather than what it holds: `seq`,
  /// `t`, and the seq of each shared value's write.
  package var behaviourJSON: JSONValue {
    guard case .object(var object) = json else { return json }
    object["seq"] = nil
    object["t"] = nil
    if case .object(var shared)? = object["shared"] {
      for key in shared.keys {
        guard case .object(var value)? = shared[key] else { continue }
        value["seq"] = nil
        shared[key] = .object(value)
      }
      object["shared"] = .object(shared)
    }
    return .object(object)
  }
}
