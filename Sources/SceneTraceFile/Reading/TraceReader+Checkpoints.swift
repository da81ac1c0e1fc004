import Dispatch
import SceneTrace

/// A replay of a `.sctrace` file through one event that started from the latest usable
/// checkpoint at or before it, replaying only the events after it.
public struct CheckpointedReplay: Sendable {
  /// The replay: its state is the one after the event asked for.
  public var replay: Replay
  /// Where it started; nil when it started from the beginning.
  public var checkpoint: TraceCheckpoint?
  /// How many findings a replay from the start reports up to the event: the checkpoint's and
  /// those of the events replayed.
  public var findingCount: Int
  /// How many events were replayed after the checkpoint (or from the start).
  public var replayedCount: Int
  /// What reading the events replayed found: the damage among them, the warnings and every
  /// stretch that could not be seen. Its `events` are empty: they were replayed as they were
  /// decoded, not kept.
  public var read: LoadedTrace
  /// The seqs of checkpoints passed over because a replay did not agree with them (a replay
  /// from the checkpoint before each, or from the start, gave another state or finding count).
  public var distrustedCheckpoints: [Int] = []
}

extension TraceReader {
  /// The latest checkpoint at or before `seq` that was computed by `reducerVersion` and still
  /// reads, with its state; nil when there is none.
  public func checkpoint(atOrBefore seq: Int, reducerVersion: Int = TraceReducer.version)
    -> TraceCheckpoint?
  {
    for entry in checkpointEntries(atOrBefore: seq, reducerVersion: reducerVersion).reversed() {
      if let checkpoint = try? self.checkpoint(entry) { return checkpoint }
    }
    return nil
  }

  /// The index's checkpoints at or before `seq` that `reducerVersion` computed, in file order:
  /// those a replay can start from.
  private func checkpointEntries(
    atOrBefore seq: Int, reducerVersion: Int = TraceReducer.version
  ) -> [TraceIndex.Checkpoint] {
    index.checkpoints.filter { $0.seq <= seq && $0.reducerVersion == reducerVersion }
  }

  /// The checkpoint `entry` of ``index`` points to, with its state, checked against its digest.
  public func checkpoint(_ entry: TraceIndex.Checkpoint) throws(TraceError) -> TraceCheckpoint {
    try withCheckpointRecord(entry) { record, content throws(TraceError) in
      let frameBytes = UnsafeBufferPointer(rebasing: content[record.stateFrame.lowerBound...])
      let json: [UInt8]
      do {
        let stateLayout = try ZstdFrameLayout.frame(
          at: 0, in: UnsafeBufferPointer(rebasing: frameBytes[..<record.stateFrame.count]))
        let context = LibZstd.isAvailable ? try? ZstdDecompressionContext() : nil
        json = try FrameDecompression.content(of: stateLayout, in: frameBytes, context: context)
          .bytes
      } catch let failure as FrameDecompression.Failure {
        throw damaged(entry, "cannot be decoded: \(failure.message)")
      } catch {
        throw damaged(entry, "is damaged: its state's zstd frame does not lay out")
      }
      guard XXH64.hash(json) == record.digest else {
        throw damaged(entry, "is damaged: its state does not match its digest")
      }
      let state: TraceState
      do throws(TraceError) {
        state = try TraceState(canonicalJSON: json)
      } catch {
        var located = error
        located.message = "the checkpoint after seq \(entry.seq): \(error.message)"
        located.path = path
        located.byteOffset = entry.offset
        throw located
      }
      return TraceCheckpoint(
        seq: record.seq, reducerVersion: record.reducerVersion, digest: record.digest,
        findingCount: record.findingCount, state: state)
    }
  }

  /// The record of the checkpoint `entry` points to (its seq, digest and finding count),
  /// without reading its state.
  private func checkpointRecord(_ entry: TraceIndex.Checkpoint) throws(TraceError)
    -> TraceCheckpoint.Record
  {
    try withCheckpointRecord(entry) { record, _ in record }
  }

  /// Runs `body` on the record of the checkpoint `entry` points to and the bytes it was read
  /// from (its state's zstd frame among them).
  private func withCheckpointRecord<Result>(
    _ entry: TraceIndex.Checkpoint,
    _ body: (TraceCheckpoint.Record, UnsafeBufferPointer<UInt8>) throws(TraceError) -> Result
  ) throws(TraceError) -> Result {
    let bytes = try withWindow(chunkSize: entry.byteCount) {
      window throws(TraceError) -> [UInt8]? in
      guard case .success(let layout) = try window.layout(at: entry.offset), layout.isComplete,
        case .skippable(TraceRecord.checkpointNibble, let content) = layout.kind
      else { return nil }
      return try window.bytes(content)
    }
    guard let bytes else { throw damaged(entry, "is not where the index says, or is damaged") }
    return try bytes.withUnsafeBufferPointer { content throws(TraceError) in
      guard let record = try? TraceCheckpoint.decodeRecord(content) else {
        throw damaged(entry, "is not where the index says, or is damaged")
      }
      return try body(record, content)
    }
  }

  /// The error of a checkpoint that cannot be used, for `reason`.
  private func damaged(_ entry: TraceIndex.Checkpoint, _ reason: String) -> TraceError {
    TraceError(
      code: .damagedTrace, message: "the checkpoint after seq \(entry.seq) \(reason)",
      path: path, byteOffset: entry.offset)
  }

  /// Replays through event `seq`, starting from the latest usable checkpoint at or before it:
  /// one that a replay from the checkpoint before it agrees with (the replay that checks it
  /// goes on through `seq`). With `finish`, the replay is finished too (as at the last event of
  /// the trace), and starts from a checkpoint before `seq`, so that finishing merges findings
  /// as a full replay would.
  public func replay(through seq: Int, finish: Bool = false) throws(TraceError)
    -> CheckpointedReplay
  {
    try replay(through: seq, finish: finish, reducer: TraceReducer())
  }

  /// ``replay(through:finish:)`` with `reducer` for the events after the checkpoint: a caller
  /// that keeps only the state and how many findings led to it (`replay state --at`, a writer
  /// appending to the file) counts the findings (``TraceReducer/countingFindings``).
  package func replay(through seq: Int, finish: Bool, reducer: TraceReducer) throws(TraceError)
    -> CheckpointedReplay
  {
    if let checked = try replayCheckingOnTheWay(through: seq, finish: finish, reducer: reducer) {
      return checked
    }
    let (checkpoint, distrusted) = try trustedCheckpoint(atOrBefore: finish ? seq - 1 : seq)
    var replay = Replay(reducer: reducer, from: checkpoint?.state ?? TraceState())
    var count = 0
    // Streamed, a few frames decoded ahead: from the start of a file without checkpoints,
    // the whole trace.
    let reader = self
    let read = try DecodingAhead.run { (hand: (EventBatch) -> Void) throws(TraceError) in
      try reader.forEachBatch(from: (checkpoint?.seq ?? 0) + 1, through: seq) { hand($0) }
    } consume: { (batch: consuming EventBatch) in
      count += batch.count
      replay.apply(moving: &batch)
    }
    if finish { replay.finish() }
    return CheckpointedReplay(
      replay: replay, checkpoint: checkpoint,
      findingCount: (checkpoint?.findingCount ?? 0) + replay.findings.count,
      replayedCount: count, read: read, distrustedCheckpoints: distrusted)
  }

  /// The replay through `seq` in one pass from the checkpoint before the latest one usable
  /// (from the start when there is none before it), checking the latest on the way: the
  /// replay reaches it with its digest and its finding count, and goes on from there. That is
  /// the check ``trustedCheckpoint(atOrBefore:)`` makes, without reading the latest one's
  /// state, which the replay has then made. Nil when there is no checkpoint, when the one
  /// before cannot be read, or when the latest does not agree: the caller then asks checkpoint
  /// after checkpoint.
  ///
  /// The work is spread over the cores: the events after the checkpoint are decoded on
  /// another thread from the start, a few frames ahead of their replay (`PulledAhead`); those
  /// up to it on a third, as far ahead (`DecodingAhead`), once the state to start from is read;
  /// and the state's digest at the checkpoint is taken on another thread while this one
  /// replays on.
  private func replayCheckingOnTheWay(
    through seq: Int, finish: Bool, reducer: TraceReducer
  ) throws(TraceError) -> CheckpointedReplay? {
    let limit = finish ? seq - 1 : seq
    let entries = checkpointEntries(atOrBefore: limit)
    guard let latest = entries.last, let candidate = try? checkpointRecord(latest) else {
      return nil
    }
    let reader = self
    // A few frames ahead, no more: the interval after the latest checkpoint can be a million
    // events, replayed as it is read once the checkpoint is checked. Let go unread when it
    // does not agree, it stops at the next frame.
    let afterCandidate = PulledAhead<EventBatch, LoadedTrace, TraceError> {
      (hand: (consuming EventBatch) -> Bool) throws(TraceError) in
      var handed = true
      return try reader.forEachBatch(from: candidate.seq + 1, through: seq, while: { handed }) {
        handed = hand($0)
      }
    }
    let start: TraceCheckpoint?
    do {
      start = try entries.dropLast().last.map { entry throws(TraceError) in
        try checkpoint(entry)
      }
    } catch {
      return nil
    }
    // Streamed, not loaded: the interval before a checkpoint can be a million events.
    // Only its state and how many findings it reports are compared: the findings are counted.
    var check = Replay(reducer: TraceReducer().countingFindings, from: start?.state ?? TraceState())
    let from = (start?.seq ?? 0) + 1
    // Counted as they come, not held: an interval can have a hundred thousand findings.
    var checkFindingCount = 0
    try DecodingAhead.run { (hand: (EventBatch) -> Void) throws(TraceError) in
      _ = try reader.forEachFrame(from: from, through: candidate.seq) {
        (frame: inout EventBatch) in
        // Moved out, so that the replay owns the only reference and can move each event on.
        var taken = EventBatch()
        swap(&taken, &frame)
        hand(consume taken)
      }
    } consume: { (frame: consuming EventBatch) in
      let last = frame.lastSeq
      check.apply(moving: &frame)
      if let last { checkFindingCount += check.takeFindings(before: last).count }
    }
    checkFindingCount += check.findings.count
    guard (start?.findingCount ?? 0) + checkFindingCount == candidate.findingCount else {
      return nil
    }
    let state = check.state
    // Let go, so that the replay on from the state shares it only with the digest's thread.
    check = Replay()
    let digest = WorkAhead { state.digest }
    var replay = Replay(reducer: reducer, from: state)
    var count = 0
    while var batch = afterCandidate.next() {
      count += batch.count
      replay.apply(moving: &batch)
    }
    let read = Result { () throws(TraceError) in try afterCandidate.result() }
    guard digest.value() == candidate.digest else { return nil }
    if finish { replay.finish() }
    return CheckpointedReplay(
      replay: replay,
      checkpoint: TraceCheckpoint(
        seq: candidate.seq, reducerVersion: candidate.reducerVersion, digest: candidate.digest,
        findingCount: candidate.findingCount, state: state),
      findingCount: candidate.findingCount + replay.findings.count, replayedCount: count,
      read: try read.get())
  }

  /// The latest checkpoint at or before `seq` that a replay agrees with: replaying from the
  /// checkpoint before it (or from the start) to its seq gives its digest and its finding count.
  /// A checkpoint whose state reads and matches its digest can still lie (a writer's bug, a
  /// crafted file). When the one before disagrees, the one before that is asked too, so that a
  /// single lying checkpoint is told apart from the honest one after it; a checkpoint found to
  /// lie is passed over, and its seq returned among the distrusted.
  func trustedCheckpoint(atOrBefore seq: Int) throws(TraceError)
    -> (checkpoint: TraceCheckpoint?, distrusted: [Int])
  {
    // Decoded only as far back as the checks reach: a long trace has many checkpoints.
    let entries = checkpointEntries(atOrBefore: seq)
    let readable = entries.reversed().lazy.compactMap { try? self.checkpoint($0) }
    func agrees(_ candidate: TraceCheckpoint, from base: TraceCheckpoint?) throws(TraceError)
      -> Bool
    {
      var check = Replay(
        reducer: TraceReducer().countingFindings, from: base?.state ?? TraceState())
      _ = try forEachFrame(from: (base?.seq ?? 0) + 1, through: candidate.seq) {
        (frame: inout EventBatch) in check.apply(moving: &frame)
      }
      return check.state.digest == candidate.digest
        && (base?.findingCount ?? 0) + check.findings.count == candidate.findingCount
    }
    // Latest first; each candidate is checked against the next one down the list, and against
    // the one after that only when they disagree (a long trace's states are large to decode).
    var latest = readable.makeIterator()
    var candidate = latest.next()
    var base = latest.next()
    var distrusted: [Int] = []
    while let current = candidate {
      if try agrees(current, from: base) { return (current, distrusted) }
      let beforeBase = base == nil ? nil : latest.next()
      if let base, try agrees(current, from: beforeBase) {
        // The one before lied, not this one.
        return (current, distrusted + [base.seq])
      }
      distrusted.append(current.seq)
      candidate = base
      base = beforeBase
    }
    return (nil, distrusted)
  }
}

extension TraceCheckpoint {
  /// A checkpoint as read from a file.
  init(seq: Int, reducerVersion: Int, digest: UInt64, findingCount: Int, state: TraceState) {
    self.seq = seq
    self.reducerVersion = reducerVersion
    self.digest = digest
    self.findingCount = findingCount
    self.state = state
  }
}
