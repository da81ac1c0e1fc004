import SceneTrace

/// Everything a pass over a `.sctrace` file learns about it: what `replay info` and
/// `replay verify` report.
public struct TraceInspection: Sendable {
  /// The state of the file's index.
  public enum IndexStatus: Hashable, Sendable {
    /// Present, and it agrees with the frames.
    case intact
    /// Absent: the file was not closed (cut, or the recorder was killed).
    case missing
    /// Present but unreadable, or it disagrees with the frames; the reason.
    case damaged(String)
  }

  /// What comparing a checkpoint with a fresh replay found.
  public enum CheckpointStatus: Hashable, Sendable {
    /// Its digest and finding count are those of a replay from the start.
    case matches
    /// Not compared (``TraceInspection`` made without checking checkpoints).
    case notChecked
    /// Its digest or finding count differs from a fresh replay's under the same reducer
    /// version: the stored state or the events before it are damaged.
    case differs(String)
    /// Computed by another reducer version, so a different digest means nothing; the version.
    case otherReducerVersion(Int)
    /// Events before it are missing, so a replay cannot reach its state.
    case unreachable
    /// Its state cannot be read back: the reason.
    case unreadable(String)
  }

  /// One checkpoint and what checking it found.
  public struct Checkpoint: Hashable, Sendable {
    /// Where it is and what it claims.
    public var entry: TraceIndex.Checkpoint
    /// What checking it found.
    public var status: CheckpointStatus
  }

  /// The events, with the damage and truncation found.
  public var trace: LoadedTrace
  /// The event frames that yielded events.
  public var frames: [TraceIndex.Frame]
  /// The bytes of encoded events the frames hold, before compression.
  public var contentByteCount: Int
  /// The file's size.
  public var fileByteCount: Int
  /// The checkpoints found, in file order.
  public var checkpoints: [Checkpoint]
  /// The state of the index.
  public var index: IndexStatus

  /// Whether nothing is wrong: no damage, no truncation, an intact index, and no checkpoint
  /// that differs or cannot be read.
  public var isIntact: Bool {
    trace.isIntact && index == .intact && problems.isEmpty
  }

  /// What is wrong besides ``LoadedTrace/damage`` and ``LoadedTrace/truncation``: checkpoints
  /// that differ from a fresh replay or cannot be read, an index that disagrees with the frames.
  public var problems: [String] {
    var problems: [String] = []
    if case .damaged(let reason) = index { problems.append("the index \(reason)") }
    for checkpoint in checkpoints {
      let name =
        "the checkpoint after seq \(checkpoint.entry.seq) (byte \(checkpoint.entry.offset))"
      switch checkpoint.status {
      case .differs(let reason): problems.append("\(name) \(reason)")
      case .unreadable(let reason): problems.append("\(name) cannot be read: \(reason)")
      default: break
      }
    }
    return problems
  }
}

extension TraceReader {
  /// A pass over every frame of the file. With `checkingCheckpoints`, the events are replayed
  /// from the start and each checkpoint's digest is compared with the replay's state there
  /// (what `replay verify` does).
  public func inspect(checkingCheckpoints: Bool = false) throws(TraceError) -> TraceInspection {
    var events: [Event] = []
    var inspection = try inspect(checkingCheckpoints: checkingCheckpoints) { events += $0 }
      .inspection
    inspection.trace.events = events
    return inspection
  }

  /// The pass of ``inspect(checkingCheckpoints:)``, handing each frame's events to `consume` in
  /// order as they are read instead of keeping them: the inspection's trace holds no events
  /// (the tally counts them), so that the pass holds about one frame and the replay's state.
  package func inspect(checkingCheckpoints: Bool, consume: ([Event]) -> Void)
    throws(TraceError) -> (inspection: TraceInspection, tally: EventTally)
  {
    var tally = EventTally()
    var summary = SummaryTally()
    // The checkpoints the index lists are checked in this pass; one that only the scan finds
    // (the index disagrees with the file) in a second.
    var replay = checkingCheckpoints ? CheckpointReplay(seqs: index.checkpoints.map(\.seq)) : nil
    // The frames are decoded on another core while this one replays those before them.
    let reader = self
    let scan = try DecodingAhead.run { (hand: ([Event]) -> Void) throws(TraceError) in
      try reader.streamFrames { hand($0) }
    } consume: { (frame: consuming [Event]) in
      let events = frame
      tally.add(events)
      for event in events { summary.add(event, tag: EventTag.tag(of: event.type)) }
      replay?.apply(events)
      consume(events)
    }
    let damage = scan.damage.sorted { $0.byteOffset < $1.byteOffset }
    let trace = LoadedTrace(
      path: path, events: [], truncation: scan.truncation, warnings: scan.warnings,
      damage: damage, format: .sctrace, header: scan.header,
      loss: LoadedTrace.loss(
        of: tally, damage: damage, truncation: scan.truncation, skippedSeqs: scan.skippedSeqs,
        warnings: scan.warnings))
    var index = TraceInspection.IndexStatus.missing
    if let stored = scan.storedIndex {
      index = Self.compare(stored, with: scan.rebuiltIndex, damaged: !scan.damage.isEmpty)
      if index == .intact, let problem = scan.indexProblem { index = .damaged(problem) }
    } else if let problem = scan.indexProblem, problem != "missing" {
      index = .damaged(problem)
    }
    let contentByteCount = scan.frames.reduce(0) { $0 + $1.contentSize }
    summary.contentByteCount = contentByteCount
    if index == .intact, trace.isIntact, let stored = scan.storedIndex?.summary,
      let version = scan.header?.formatVersion, version <= .current,
      let difference = stored.firstDifference(from: summary.summary)
    {
      // A later minor version may count events this one cannot see: only its own are checked.
      index = .damaged("holds a summary that disagrees with the events: \(difference)")
    }
    var checkpoints = scan.checkpoints.map {
      TraceInspection.Checkpoint(entry: $0.entry, status: .notChecked)
    }
    if var replay {
      replay.finish()
      let unlisted = scan.checkpoints.map(\.entry.seq).filter { replay.states[$0] == nil }
      if !unlisted.isEmpty {
        var again = CheckpointReplay(seqs: unlisted)
        _ = try streamFrames { again.apply($0) }
        again.finish()
        replay.states.merge(again.states) { first, _ in first }
      }
      checkpoints = check(scan.checkpoints, against: replay.states, damage: damage)
    }
    let inspection = TraceInspection(
      trace: trace, frames: scan.frames.map(\.entry), contentByteCount: contentByteCount,
      fileByteCount: byteCount, checkpoints: checkpoints, index: index)
    return (inspection, tally)
  }

  /// A pass over every frame of the file, handing each frame's events to `consume` in order.
  private func streamFrames(_ consume: ([Event]) -> Void) throws(TraceError) -> TraceScan {
    try withWindow { window throws(TraceError) in
      try TraceScan.stream(&window, path: path, options: options) { events in
        consume(events)
        return true
      }
    }
  }

  /// Whether the stored index says what the frames say. Frames that are damaged are missing
  /// from the scan, so only the entries of frames that read are compared then.
  private static func compare(_ stored: TraceIndex, with scanned: TraceIndex, damaged: Bool)
    -> TraceInspection.IndexStatus
  {
    let storedFrames = Dictionary(stored.frames.map { ($0.offset, $0) }) { first, _ in first }
    for frame in scanned.frames where storedFrames[frame.offset] != frame {
      return .damaged("disagrees with the frame at byte \(frame.offset)")
    }
    let storedCheckpoints = Set(stored.checkpoints)
    for checkpoint in scanned.checkpoints where !storedCheckpoints.contains(checkpoint) {
      return .damaged("disagrees with the checkpoint at byte \(checkpoint.offset)")
    }
    if !damaged, stored.frames != scanned.frames || stored.checkpoints != scanned.checkpoints {
      return .damaged("lists frames or checkpoints the file does not hold")
    }
    return .intact
  }

  /// Compares each checkpoint with `states`, the replay's state at each checkpoint's seq.
  private func check(
    _ found: [TraceScan.Checkpoint], against states: [Int: CheckpointReplay.State],
    damage: [TraceDamage]
  ) -> [TraceInspection.Checkpoint] {
    var results: [TraceInspection.Checkpoint] = []
    for checkpoint in found {
      let entry = checkpoint.entry
      var status = TraceInspection.CheckpointStatus.matches
      if entry.reducerVersion != TraceReducer.version {
        status = .otherReducerVersion(entry.reducerVersion)
      } else if damage.contains(where: { damage in
        damage.losesEvents && damage.byteOffset < entry.offset
          && (damage.lostSeqs.map { $0.lowerBound <= entry.seq } ?? true)
      }) {
        status = .unreachable
      } else if let state = states[entry.seq] {
        status = Self.compare(checkpoint, with: state)
        if status == .matches {
          do throws(TraceError) {
            _ = try self.checkpoint(entry)
          } catch {
            status = .unreadable(error.message)
          }
        }
      } else {
        status = .notChecked
      }
      results.append(TraceInspection.Checkpoint(entry: entry, status: status))
    }
    return results.sorted { $0.entry.offset < $1.entry.offset }
  }

  private static func compare(
    _ checkpoint: TraceScan.Checkpoint, with state: CheckpointReplay.State
  ) -> TraceInspection.CheckpointStatus {
    if state.digest != checkpoint.entry.digest {
      return .differs(
        "has digest \(hex(checkpoint.entry.digest)), but a fresh replay's state there has "
          + "\(hex(state.digest)): the stored state, or the events before it, are damaged")
    }
    if state.findingCount != checkpoint.findingCount {
      return .differs(
        "counts \(checkpoint.findingCount) findings up to it, but a fresh replay reports "
          + "\(state.findingCount)")
    }
    return .matches
  }

  private static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return "0x" + String(repeating: "0", count: 16 - digits.count) + digits
  }
}

/// A replay from the start that notes its state at given seqs, as its events stream by: what
/// checking checkpoints compares them with. It keeps no findings, only their count.
///
/// A state's digest (its canonical JSON, the longest part of checking a large state) is taken on
/// another thread while the replay goes on, one at a time, so that one state at most is held
/// for it (two at a time took no less time and held a third more memory).
struct CheckpointReplay {
  /// What a checkpoint is compared with: the replay's state digest and how many findings it
  /// reported, once every event up to the checkpoint's seq was applied.
  struct State {
    var digest: UInt64
    var findingCount: Int
  }

  /// The state at each seq asked for that the replay passed, once ``finish()`` has run.
  var states: [Int: State] = [:]
  private var replay = Replay(reducer: TraceReducer().countingFindings)
  /// The seqs asked for, ascending, and the next one the replay has not passed.
  private let seqs: [Int]
  private var next = 0
  /// The findings taken out of the replay so far.
  private var takenFindings = 0
  /// The state noted last, while its digest is being taken.
  private var pending: (seq: Int, digest: WorkAhead<UInt64, Never>, findingCount: Int)?

  /// A replay that notes its state at each of `seqs`.
  init(seqs: [Int]) {
    self.seqs = Array(Set(seqs)).sorted()
  }

  /// Applies `events`, which follow those applied before, noting the state at each seq asked
  /// for that an event passes. The events between two such seqs are applied as one run.
  mutating func apply(_ events: [Event]) {
    var start = events.startIndex
    while next < seqs.count, start < events.endIndex {
      let end = events[start...].firstIndex { $0.seq > seqs[next] } ?? events.endIndex
      replay.apply(events[start..<end])
      start = end
      if end < events.endIndex { noteStates(before: events[end].seq) }
    }
    takenFindings += replay.takeFindings().count
  }

  /// Notes the state at every seq asked for that is left, the events having all been applied,
  /// and waits for the digests still being taken.
  mutating func finish() {
    noteStates(before: .max)
    settlePending()
  }

  /// Notes the state at the seqs asked for below `seq`.
  private mutating func noteStates(before seq: Int) {
    while next < seqs.count, seqs[next] < seq {
      settlePending()
      let state = replay.state
      pending = (seqs[next], WorkAhead { state.digest }, takenFindings + replay.findings.count)
      next += 1
    }
  }

  /// Waits for the digest being taken, if any, and keeps it.
  private mutating func settlePending() {
    guard let noted = pending else { return }
    states[noted.seq] = State(digest: noted.digest.value(), findingCount: noted.findingCount)
    pending = nil
  }
}
