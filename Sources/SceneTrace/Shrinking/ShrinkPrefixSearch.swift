/// The first step of a shrink, taken as the trace is read: replays the trace and tries its
/// prefixes of 0, 1, 2, 4, 8, … events as the shrink's oracle tries a candidate, holding the
/// events read only until one is acceptable. The shrink then bisects between the longest prefix
/// found too short and that one, over those events alone.
///
/// Where every prefix longer than an acceptable one is acceptable too, this finds the prefix
/// that bisecting the whole trace finds, the shortest acceptable one, holding at most about
/// twice as many events rather than the trace (a shrink of 10^7 events held them all, 2.25 GB,
/// to bisect them). Where one is not (the value a goal asks for comes and goes, or a prefix's
/// replay has a finding at its last event that the original lacks there), the two may start
/// from different prefixes, each acceptable, and end with different traces, each well formed
/// and 1-minimal.
package struct ShrinkPrefixSearch {
  /// What the shrink must keep.
  package let goal: ShrinkGoal
  /// The events read while no prefix tried was acceptable: then the shrink's events, the first
  /// prefix found acceptable (or the whole trace, when none was).
  private(set) var prefix: [Event] = []
  /// The trace's replay, as far as it was read: once finished, the original's.
  package private(set) var original: Replay
  /// The replay of ``prefix`` numbered from 1, as the oracle numbers a candidate; nil once a
  /// prefix is acceptable.
  private var candidate: Replay?
  /// The original's findings as the shrink compares them, as far as it was read.
  private(set) var known: Set<ShrinkOracle.FindingKey> = []
  /// How many of the original's findings are in ``known``.
  private var keyed = 0
  /// How many of the original's findings are ones the goal reads, past the prefix.
  private var sifted = 0
  /// The length of the next prefix to try.
  private var nextTry = 0
  /// The longest prefix tried and found not acceptable; -1 when none was.
  private(set) var tooShort = -1
  /// How many prefixes were tried.
  private(set) var tries = 0
  /// How many events were read.
  package private(set) var count = 0

  /// Starts a search for the prefixes that keep `goal`, replaying with `reducer`.
  package init(goal: ShrinkGoal, reducer: TraceReducer) {
    self.goal = goal
    original = Replay(reducer: reducer)
    candidate = Replay(reducer: reducer)
  }

  /// Reads the next events of the trace.
  package mutating func read(_ events: consuming [Event]) {
    count += events.count
    guard candidate != nil else {
      // Past the prefix, the events are replayed and let go, and the findings the goal does
      // not read with them (10^7 mixed events have 434,000 findings).
      original.apply(moving: &events)
      siftFindings()
      return
    }
    for event in events {
      if candidate != nil, prefix.count == nextTry { tryPrefix() }
      original.record(event)
      guard candidate != nil else { continue }
      prefix.append(event)
      candidate?.record(Event(seq: prefix.count, time: event.time, event.payload))
    }
  }

  /// Ends the trace: finishes the original's replay and, when no prefix tried was acceptable,
  /// starts the shrink from the whole trace, as the shrink of a trace held whole does. Returns
  /// whether the goal holds on the whole trace: when it does not, there is nothing to shrink.
  package mutating func finish() -> Bool {
    original.finish()
    if candidate == nil {
      siftFindings()
    } else {
      // The finish step may have merged its findings into the last event's: the original's are
      // taken again, whole.
      known = Set(original.findings.map(ShrinkOracle.FindingKey.init))
      candidate = nil
    }
    return goal.holds(in: original)
  }

  /// Lets go of the original's findings past the prefix that the goal does not read.
  private mutating func siftFindings() {
    guard let reads = goal.readsFinding else { return }
    original.keepFindings(from: sifted, where: reads)
    sifted = original.findings.count
  }

  /// Tries the prefix read so far: acceptable when the goal holds on its finished replay and
  /// each of that replay's findings is one of the original's at the same event. Tried before
  /// the next event is read, when the original's findings at the prefix's events are all known:
  /// a finding is reported at its event, and the finish step's at the trace's last.
  private mutating func tryPrefix() {
    guard var trial = candidate else { return }
    tries += 1
    for finding in original.findings[keyed...] { known.insert(.init(finding)) }
    keyed = original.findings.count
    trial.finish()
    let prefix = prefix
    let acceptable = ShrinkOracle.accepts(trial, goal: goal, known: known) {
      prefix.indices.contains($0) ? prefix[$0].seq : nil
    }
    if acceptable {
      candidate = nil
      sifted = keyed
    } else {
      tooShort = prefix.count
      nextTry = max(1, prefix.count * 2)
    }
  }
}
