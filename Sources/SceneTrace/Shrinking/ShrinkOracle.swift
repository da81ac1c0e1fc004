/// Judges candidate subsequences of a trace for `TraceShrinker`, and keeps the last one it
/// accepted.
///
/// A candidate is accepted when its replay (finished) meets the goal and has no finding the
/// original did not have at the same original event. Candidates are replayed from the last
/// checkpoint of the accepted trace that they share, and a candidate is rejected at its first
/// new finding, so a candidate that breaks the trace early costs little.
struct ShrinkOracle {
  /// A finding as the shrink compares it with the original's: rule, session, original seq.
  struct FindingKey: Hashable {
    var rule: RuleID
    var session: SessionID?
    var seq: Int

    /// `finding`'s key, at the seq it has.
    init(_ finding: Finding) {
      self.init(rule: finding.rule, session: finding.session, seq: finding.seq)
    }

    init(rule: RuleID, session: SessionID?, seq: Int) {
      self.rule = rule
      self.session = session
      self.seq = seq
    }
  }

  /// The original events.
  let events: [Event]
  private let goal: ShrinkGoal
  /// The original's findings.
  private let known: Set<FindingKey>
  /// The accepted trace: indices into `events`, ascending.
  private(set) var kept: [Int]
  /// `checkpoints[i]` is the replay of the first `i * checkpointInterval` events of `kept`.
  private var checkpoints: [Replay]
  /// A flag for each event, all false between two uses: the events a removal names.
  private var isMarked: [Bool]
  /// How many replays ran, the original's included.
  private(set) var replays = 1
  /// How many replays of a prefix of the accepted trace are kept to start candidates from.
  var checkpointCount: Int { checkpoints.count }

  /// Events between two checkpoints: 64, or more in a trace of more than 8,192 events, so that
  /// the checkpoints are at most 128 states. (Every 64 events, they were a state for every 64
  /// events of the trace, which grows with it: 3·10^5 events of drags and new windows held
  /// 23 GB.) A candidate replays at most that many events more than the ones it changes.
  private let checkpointInterval: Int

  /// The most checkpoints an oracle keeps, past the first.
  private static let checkpointLimit = 128

  /// Starts from `events`, the whole trace or a prefix of it, given the original's findings at
  /// those events (`known`).
  init(events: [Event], goal: ShrinkGoal, reducer: TraceReducer, known: Set<FindingKey>) {
    self.events = events
    self.goal = goal
    self.known = known
    kept = Array(events.indices)
    isMarked = [Bool](repeating: false, count: events.count)
    checkpoints = [Replay(reducer: reducer)]
    checkpointInterval = max(64, (events.count + Self.checkpointLimit - 1) / Self.checkpointLimit)
  }

  /// Replays `candidate` (indices into `events`, ascending); when it is acceptable, makes it the
  /// accepted trace and returns true.
  mutating func accept(_ candidate: [Int]) -> Bool {
    replays += 1
    let interval = checkpointInterval
    var shared = 0
    while shared < min(candidate.count, kept.count), candidate[shared] == kept[shared] {
      shared += 1
    }
    let start = min(shared / interval, checkpoints.count - 1)
    var replay = checkpoints[start]
    var reached = Array(checkpoints[...start])
    let (events, known) = (events, known)
    let originalSeq = { (position: Int) in
      candidate.indices.contains(position) ? events[candidate[position]].seq : nil
    }
    for position in (start * interval)..<candidate.count {
      if position % interval == 0, position > start * interval { reached.append(replay) }
      let event = events[candidate[position]]
      let found = replay.apply(Event(seq: position + 1, time: event.time, event.payload))
      if !found.allSatisfy({ Self.isKnown($0, in: known, at: originalSeq) }) { return false }
    }
    replay.finish()
    guard Self.accepts(replay, goal: goal, known: known, at: originalSeq) else { return false }
    kept = candidate
    checkpoints = reached
    return true
  }

  /// Accepts the accepted trace without the events at `indices` (indices into `events`), when
  /// that removes any and is acceptable.
  mutating func remove(_ indices: some Collection<Int>) -> Bool {
    // Marked in a flag an event, not put in a set: a shrink tries thousands of removals, each
    // from every event kept, and hashing each was most of shrinking a long trace.
    for index in indices { isMarked[index] = true }
    let candidate = kept.filter { !isMarked[$0] }
    for index in indices { isMarked[index] = false }
    return candidate.count < kept.count && accept(candidate)
  }

  /// Those of `groups` (each of indices into `events`) that hold an event kept, in order.
  func keptMembers(of groups: [[Int]]) -> [[Int]] {
    var isKept = [Bool](repeating: false, count: events.count)
    for index in kept { isKept[index] = true }
    return groups.filter { $0.contains { isKept[$0] } }
  }

  /// Whether `replay`, the finished replay of a candidate, is acceptable: the goal holds on it
  /// and the original had each of its findings at the same event (`known`). The candidate's
  /// event at `position` (from 0) is the original's event `originalSeq(position)`, nil past the
  /// candidate's end.
  static func accepts(
    _ replay: Replay, goal: ShrinkGoal, known: Set<FindingKey>, at originalSeq: (Int) -> Int?
  ) -> Bool {
    replay.findings.allSatisfy { isKnown($0, in: known, at: originalSeq) } && goal.holds(in: replay)
  }

  /// Whether the original had `finding`, a finding of a candidate's replay, at the same event
  /// (`known`); `originalSeq` as ``accepts(_:goal:known:at:)`` takes it.
  private static func isKnown(
    _ finding: Finding, in known: Set<FindingKey>, at originalSeq: (Int) -> Int?
  ) -> Bool {
    guard let seq = originalSeq(finding.seq - 1) else { return false }
    return known.contains(FindingKey(rule: finding.rule, session: finding.session, seq: seq))
  }
}
