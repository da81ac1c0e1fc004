/// Shrinks a trace to a small one that still shows the same thing: delta debugging over its
/// events, judged by replaying each candidate.
///
/// The result is **well formed**: a candidate (a subsequence of the events, numbered again from
/// 1, each keeping its time) is accepted only when the goal holds on its finished replay *and*
/// every finding of that replay, taken back to the original seq of its event, matches a finding
/// of the original by rule, session and seq. A shrunk trace therefore has no lifecycle broken
/// by the shrinking and no drag that never began: it shows the bug, not a broken trace. What no
/// rule checks may go, though: a write by a session that never connected, a render of a value
/// never written.
///
/// Shrinking is deterministic (the same events and goal always give the same result) and runs
/// cheapest first: a short prefix that still shows the goal (prefixes of 1, 2, 4, 8, … events
/// tried as the trace is read, then bisection between the last two); then whole groups of events
/// at once (launches, everything about one session, one drag, one state key, one session's
/// events of one type), because single events often cannot go alone; then delta debugging
/// (ddmin, with complements) over single events, to a 1-minimal trace: removing any one event
/// of the result loses the goal or adds a finding.
///
/// ```swift
/// let shrinker = TraceShrinker()
/// if let result = shrinker.shrink(events, keeping: .finding(.lifecycleOrder, session: "B")) {
///   print("kept \(result.events.count) of \(result.originalCount) events")
/// }
/// ```
public struct TraceShrinker: Sendable {
  /// The reducer that replays each candidate, with the app's own rules if it has any.
  public let reducer: TraceReducer

  /// Creates a shrinker that replays with `reducer` (the built-in rules by default).
  public init(reducer: TraceReducer = TraceReducer()) {
    self.reducer = reducer
  }

  /// The smallest well-formed subsequence of `events` this shrinker finds on which `goal`
  /// still holds; nil when `goal` does not hold on `events` themselves.
  public func shrink(_ events: [Event], keeping goal: ShrinkGoal) -> ShrinkResult? {
    var search = ShrinkPrefixSearch(goal: goal, reducer: reducer)
    search.read(events)
    guard search.finish() else { return nil }
    return shrink(from: consume search)
  }

  /// ``shrink(_:keeping:)`` of the trace that `search`, made with this shrinker's reducer, has
  /// read to its end and finished, finding that its goal holds: the trace need not be held,
  /// only the prefix the search found.
  package func shrink(from search: consuming ShrinkPrefixSearch) -> ShrinkResult {
    var oracle = ShrinkOracle(
      events: search.prefix, goal: search.goal, reducer: reducer, known: search.known)
    // The original's replay (its state, and the findings the goal reads) is let go before the
    // shrink's work.
    let (count, tries, tooShort) = (search.count, search.tries, search.tooShort)
    _ = consume search
    oracle.shortenToPrefix(longerThan: tooShort)
    // Grouped as far as the prefix goes: a group with no event in it has nothing to remove, and
    // the groups of the whole trace were looked through at every round (2·10^6 mixed events
    // shrunk to a finding near their start: 12.2 s, nearly all of it in those rounds).
    let events = oracle.events
    oracle.removeGroups(Self.groups(in: events.prefix(oracle.kept.count)))
    oracle.minimize()
    let kept = oracle.kept.map { events[$0] }
    return ShrinkResult(
      events: kept.enumerated().map { position, event in
        Event(seq: position + 1, time: event.time, event.payload)
      },
      originalSeqs: kept.map(\.seq), replays: oracle.replays + tries, originalCount: count)
  }
}
