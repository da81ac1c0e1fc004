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
    let scan = try scan()
    let trace = LoadedTrace(
      path: path, events: scan.events, truncation: scan.truncation, warnings: scan.warnings,
      damage: scan.damage.sorted { $0.byteOffset < $1.byteOffset }, format: .sctrace,
      header: scan.header, skippedSeqs: scan.skippedSeqs)
    var index = TraceInspection.IndexStatus.missing
    if let stored = scan.storedIndex {
      index = Self.compare(stored, with: scan.rebuiltIndex, damaged: !scan.damage.isEmpty)
      if index == .intact, let problem = scan.indexProblem { index = .damaged(problem) }
    } else if let problem = scan.indexProblem, problem != "missing" {
      index = .damaged(problem)
    }
    let contentByteCount = scan.frames.reduce(0) { $0 + $1.contentSize }
    if index == .intact, trace.isIntact, let summary = scan.storedIndex?.summary,
      let version = scan.header?.formatVersion, version <= .current,
      let difference = summary.firstDifference(
        from: TraceIndex.Summary(of: scan.events, contentByteCount: contentByteCount))
    {
      // A later minor version may count events this one cannot see: only its own are checked.
      index = .damaged("holds a summary that disagrees with the events: \(difference)")
    }
    var checkpoints = scan.checkpoints.map {
      TraceInspection.Checkpoint(entry: $0.entry, status: .notChecked)
    }
    if checkingCheckpoints {
      checkpoints = check(scan.checkpoints, against: trace)
    }
    return TraceInspection(
      trace: trace, frames: scan.frames.map(\.entry), contentByteCount: contentByteCount,
      fileByteCount: byteCount, checkpoints: checkpoints, index: index)
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

  /// Replays the events from the start and compares each checkpoint with the state there.
  private func check(_ found: [TraceScan.Checkpoint], against trace: LoadedTrace)
    -> [TraceInspection.Checkpoint]
  {
    var replay = Replay()
    var remaining = trace.events[...]
    var results: [TraceInspection.Checkpoint] = []
    for checkpoint in found.sorted(by: { $0.entry.seq < $1.entry.seq }) {
      let entry = checkpoint.entry
      var status = TraceInspection.CheckpointStatus.matches
      if entry.reducerVersion != TraceReducer.version {
        status = .otherReducerVersion(entry.reducerVersion)
      } else if trace.damage.contains(where: { damage in
        damage.losesEvents && damage.byteOffset < entry.offset
          && (damage.lostSeqs.map { $0.lowerBound <= entry.seq } ?? true)
      }) {
        status = .unreachable
      } else {
        while let next = remaining.first, next.seq <= entry.seq {
          replay.apply(next)
          remaining = remaining.dropFirst()
        }
        status = Self.compare(checkpoint, with: replay)
        if status == .matches {
          do throws(TraceError) {
            _ = try self.checkpoint(entry)
          } catch {
            status = .unreadable(error.message)
          }
        }
      }
      results.append(TraceInspection.Checkpoint(entry: entry, status: status))
    }
    return results.sorted { $0.entry.offset < $1.entry.offset }
  }

  private static func compare(_ checkpoint: TraceScan.Checkpoint, with replay: Replay)
    -> TraceInspection.CheckpointStatus
  {
    let digest = replay.state.digest
    if digest != checkpoint.entry.digest {
      return .differs(
        "has digest \(hex(checkpoint.entry.digest)), but a fresh replay's state there has "
          + "\(hex(digest)): the stored state, or the events before it, are damaged")
    }
    if replay.findings.count != checkpoint.findingCount {
      return .differs(
        "counts \(checkpoint.findingCount) findings up to it, but a fresh replay reports "
          + "\(replay.findings.count)")
    }
    return .matches
  }

  private static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return "0x" + String(repeating: "0", count: 16 - digits.count) + digits
  }
}
