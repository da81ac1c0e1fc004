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
  }

  /// The events of the first trace.
  package let a: [Event]
  /// The events of the second trace, named as the first's.
  package let b: [Event]
  /// Where they differ, in stretches.
  package let stretches: [[EventAlignment.Hunk]]
  /// How many agreeing events pass between two comparisons of the states.
  package var comparisonInterval = 4096

  private let reducer = TraceReducer()

  /// A comparison of `a` with `b`, aligned by what their events say.
  package init(a: [Event], b: [Event]) {
    self.a = a
    self.b = b
    stretches = EventAlignment.stretches(a.count, b.count) { a[$0].payload == b[$1].payload }
  }

  /// How many events of each trace the hunks hold.
  package var differingEvents: (a: Int, b: Int) {
    stretches.joined().reduce((0, 0)) { ($0.0 + $1.a.count, $0.1 + $1.b.count) }
  }

  /// The first place where the states differ, or nil when they never do. `progress` is called
  /// now and then with how many events of both traces have been replayed.
  package func firstDivergence(progress: (Int) -> Void = { _ in }) -> Divergence? {
    var walk = Walk()
    var checkpoint = walk
    var sinceCheck = 0
    var sinceProgress = 0
    while !walk.isFinished(a.count, b.count) {
      let step = walk.step(a, b, stretches, reducer)
      sinceCheck += 1
      sinceProgress += step.events
      if sinceProgress >= 16_384 {
        progress(walk.i + walk.j)
        sinceProgress = 0
      }
      let atEnd = walk.isFinished(a.count, b.count)
      guard step.stretch != nil || sinceCheck >= comparisonInterval || atEnd else { continue }
      sinceCheck = 0
      if walk.statesAgree {
        checkpoint = walk
        continue
      }
      return divergence(after: checkpoint)
    }
    return nil
  }

  /// The first step after `checkpoint` (where the states agreed) after which they do not,
  /// narrowed to the hunk or the agreeing pair of events inside a stretch.
  private func divergence(after checkpoint: Walk) -> Divergence? {
    var walk = checkpoint
    while !walk.isFinished(a.count, b.count) {
      let before = walk
      let step = walk.step(a, b, stretches, reducer)
      if walk.statesAgree { continue }
      guard let stretch = step.stretch else {
        return divergence(a: before.i..<walk.i, b: before.j..<walk.j, isHunk: false, from: before)
      }
      // The first hunk, or agreeing pair between two hunks, after which the states differ.
      var inner = before
      for hunk in stretches[stretch] {
        while inner.i < hunk.a.lowerBound {
          let start = inner
          inner.applyPair(a, b, reducer)
          if !inner.statesAgree {
            return divergence(
              a: start.i..<inner.i, b: start.j..<inner.j, isHunk: false, from: start)
          }
        }
        let start = inner
        inner.apply(hunk, a, b, reducer)
        if !inner.statesAgree {
          return divergence(a: hunk.a, b: hunk.b, isHunk: true, from: start)
        }
      }
      return divergence(a: before.i..<walk.i, b: before.j..<walk.j, isHunk: true, from: before)
    }
    return nil
  }

  /// The divergence made of events `a` and `b` applied to the states of `start`.
  private func divergence(
    a rangeA: Range<Int>, b rangeB: Range<Int>, isHunk: Bool, from start: Walk
  ) -> Divergence {
    var after = start
    for index in rangeA { reducer.reduce(into: &after.stateA, event: a[index]) }
    for index in rangeB { reducer.reduce(into: &after.stateB, event: b[index]) }
    return Divergence(
      a: rangeA, b: rangeB, isHunk: isHunk,
      causeA: cause(in: rangeA, of: a, from: start.stateA, other: start.stateB),
      causeB: cause(in: rangeB, of: b, from: start.stateB, other: start.stateA),
      states: (after.stateA, after.stateB),
      changes: after.stateA.behaviourJSON.changes(to: after.stateB.behaviourJSON))
  }

  /// The first event of `range` after which `state` no longer agrees with `other`.
  private func cause(
    in range: Range<Int>, of events: [Event], from state: TraceState, other: TraceState
  ) -> Int? {
    var state = state
    // The other state's JSON made once, when first needed.
    var target: JSONValue?
    for index in range {
      reducer.reduce(into: &state, event: events[index])
      if state.holdsTheSameValues(as: other) { continue }
      let otherJSON = target ?? other.behaviourJSON
      target = otherJSON
      if state.behaviourJSON != otherJSON { return index }
    }
    return nil
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

    var statesAgree: Bool { stateA.behaves(as: stateB) }

    func isFinished(_ countA: Int, _ countB: Int) -> Bool { i == countA && j == countB }

    /// Applies the next stretch (returning its index), or the next pair of agreeing events.
    mutating func step(
      _ a: [Event], _ b: [Event], _ stretches: [[EventAlignment.Hunk]], _ reducer: TraceReducer
    ) -> (stretch: Int?, events: Int) {
      if stretch < stretches.count, let first = stretches[stretch].first,
        let last = stretches[stretch].last, first.a.lowerBound == i, first.b.lowerBound == j
      {
        let whole = EventAlignment.Hunk(
          a: first.a.lowerBound..<last.a.upperBound, b: first.b.lowerBound..<last.b.upperBound)
        apply(whole, a, b, reducer)
        stretch += 1
        return (stretch - 1, whole.a.count + whole.b.count)
      }
      applyPair(a, b, reducer)
      return (nil, 2)
    }

    /// Applies the events of `hunk` to each side.
    mutating func apply(
      _ hunk: EventAlignment.Hunk, _ a: [Event], _ b: [Event], _ reducer: TraceReducer
    ) {
      for index in hunk.a { reducer.reduce(into: &stateA, event: a[index]) }
      for index in hunk.b { reducer.reduce(into: &stateB, event: b[index]) }
      i = hunk.a.upperBound
      j = hunk.b.upperBound
    }

    /// Applies the next event of each side, which say the same.
    mutating func applyPair(_ a: [Event], _ b: [Event], _ reducer: TraceReducer) {
      reducer.reduce(into: &stateA, event: a[i])
      reducer.reduce(into: &stateB, event: b[j])
      i += 1
      j += 1
    }
  }
}

extension TraceState {
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
