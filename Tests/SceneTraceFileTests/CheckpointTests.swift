import Foundation
import SceneTrace
import SceneTraceTestSupport
import Testing

@testable import SceneTraceFile

/// Checkpoints: the state at any event is a checkpoint plus a short replay, equal to a replay
/// from the start; `verify` compares every checkpoint with a fresh replay.
@Suite struct CheckpointTests {
  private static let identifiers = ["A", "B", "C", "D", "E", "main", "inspector"]

  private static func trace(seed: UInt64, count: Int = 2000) throws -> (
    events: [Event], bytes: [UInt8]
  ) {
    var random = RandomEvents(seed: seed, identifiers: identifiers)
    let events = random.events(count: count)
    let bytes = try sctrace(
      events, options: smallFrames(eventsPerFrame: 50, checkpointInterval: 150))
    return (events, bytes)
  }

  @Test(arguments: [31, 32, 33] as [UInt64])
  func stateThroughACheckpointEqualsAReplayFromTheStart(seed: UInt64) throws {
    let (events, bytes) = try Self.trace(seed: seed)
    let reader = try TraceReader(bytes: bytes, path: "t.sctrace")
    #expect(reader.index.checkpoints.count >= 10)
    var random = SplitMix64(seed: seed)
    let checkpointSeqs = reader.index.checkpoints.map(\.seq)
    let points =
      (0..<25).map { _ in Int.random(in: 0...events.count, using: &random) }
      + checkpointSeqs.prefix(3) + checkpointSeqs.prefix(3).map { $0 + 1 } + [events.count]
    for seq in points {
      let resumed = try expectSeekAlike(reader, events, through: seq)
      if seq > (checkpointSeqs.first ?? .max) {
        let checkpoint = try #require(resumed.checkpoint, "seq \(seq)")
        #expect(checkpoint.seq <= seq)
        #expect(resumed.replayedCount == seq - checkpoint.seq, "seq \(seq)")
      }
    }
  }

  /// A reader opened on a path reads only the bytes of the frames and the checkpoint a seek
  /// needs: at random seqs, and at seqs that start, end and follow a frame or a checkpoint, the
  /// state, the findings and the events replayed are those of a replay from the start, and the
  /// events of a range those of the trace.
  @Test(arguments: [34, 35] as [UInt64])
  func seeksInAFileEqualAReplayFromTheStart(seed: UInt64) throws {
    let (events, bytes) = try Self.trace(seed: seed, count: 3000)
    let path = TemporaryFile.url("checkpoints", "sctrace").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let reader = try TraceReader(path: path)
    #expect(reader.index.checkpoints.count >= 10)
    var random = SplitMix64(seed: seed)
    let edges =
      reader.index.frames.prefix(8).flatMap { [$0.firstSeq, $0.lastSeq] }
      + reader.index.checkpoints.prefix(4).flatMap { [$0.seq, $0.seq + 1] }
    let seqs = (0..<30).map { _ in Int.random(in: 1...events.count, using: &random) } + edges
    for seq in seqs {
      let resumed = try expectSeekAlike(reader, events, through: seq)
      let start = resumed.checkpoint?.seq ?? 0
      #expect(resumed.replayedCount == seq - start, "seq \(seq)")
      #expect(
        resumed.read.loss.filter { $0.kind == .dropped }
          == LostStretch.drops(in: events[start..<seq]), "seq \(seq)")
      let from = Int.random(in: 1...seq, using: &random)
      #expect(
        try reader.events(from: from, through: seq).events == Array(events[(from - 1)..<seq]),
        "seqs \(from)–\(seq)")
    }
  }

  /// A range of frames is read through a window of about one frame and a read's chunk, not
  /// the range's bytes: a seek's events after its checkpoint, and a replay from the start of a
  /// file without checkpoints (`replay state` of 10^7 mixed events held 16 MB of the file and the
  /// 1.3 million events after its last checkpoint, decoded, 220 MB). A read told to stop reads
  /// no frame more.
  @Test func aRangeOfFramesIsReadAFrameAtATime() throws {
    var random = RandomEvents(seed: 36, identifiers: Self.identifiers)
    let events = random.events(count: 20_000)
    let bytes = try sctrace(
      events, options: smallFrames(eventsPerFrame: 200, checkpointInterval: nil))
    let path = TemporaryFile.url("range", "sctrace").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let reader = try TraceReader(path: path)
    #expect(reader.index.checkpoints.isEmpty)
    let chunkSize = 4096
    var read: [Event] = []
    let range = try reader.forEachFrame(from: 1, through: events.count, chunkSize: chunkSize) {
      (frame: inout [Event]) in read += frame
    }
    #expect(read == events)
    let largest = reader.index.frames.map(\.byteCount).max() ?? 0
    #expect(range.bufferHighWater <= 2 * largest + chunkSize)
    #expect(range.bufferHighWater < bytes.count / 10)
    // Without a checkpoint, a seek replays from the start as the frames are read.
    for seq in [1, 199, 200, 201, 12_345, events.count] {
      let resumed = try expectSeekAlike(reader, events, through: seq)
      #expect(resumed.checkpoint == nil)
      #expect(resumed.replayedCount == seq, "seq \(seq)")
    }
    var handed = 0
    _ = try reader.forEachBatch(from: 1, through: events.count, while: { handed < 3 }) { _ in
      handed += 1
    }
    #expect(handed == 3)
  }

  /// A trace of many sessions: each checkpoint copies every session, so checkpoints are spaced
  /// by the state's size (the interval for every 16 KiB of its JSON), which keeps writing and
  /// reading such a trace linear; the state through them is still a replay's.
  @Test func checkpointsOfALargeStateAreSpacedByItsSize() throws {
    let events = manySessions(2500) { id in
      [
        .sessionConfigure(session: id, role: .windowApplication), .sceneWillConnect(session: id),
        .sceneDidDisconnect(session: id),
      ]
    }
    let interval = 150
    let bytes = try sctrace(
      events, options: smallFrames(eventsPerFrame: 50, checkpointInterval: interval))
    let reader = try TraceReader(bytes: bytes, path: "sessions.sctrace")
    let checkpoints = reader.index.checkpoints
    #expect(checkpoints.count >= 3)
    var spaced = false
    var replay = Replay()
    for (earlier, later) in zip(checkpoints, checkpoints.dropFirst()) {
      replay.apply(events[replay.state.seq..<earlier.seq])
      let units = max(1, replay.state.canonicalJSON().count / TraceWriter.checkpointSpacingUnit)
      #expect(later.seq - earlier.seq >= interval * units, "after seq \(earlier.seq)")
      spaced = spaced || units > 1
    }
    #expect(spaced, "no state reached 32 KiB: the test no longer shows the spacing")
    let resumed = try reader.replay(through: events.count)
    replay.apply(events[replay.state.seq...])
    #expect(resumed.replay.state == replay.state)
    let inspection = try reader.inspect(checkingCheckpoints: true)
    #expect(inspection.isIntact, "\(inspection.problems)")
  }

  @Test func checkpointsOfACutFileAreFoundByScanning() throws {
    let (events, bytes) = try Self.trace(seed: 34)
    let cut = Array(bytes.prefix(bytes.count * 3 / 4))
    let reader = try TraceReader(bytes: cut, path: "cut.sctrace")
    #expect(reader.indexWasRebuilt)
    let seq = try #require(reader.index.checkpoints.last).seq + 7
    var expected = Replay()
    expected.apply(events.prefix(seq))
    let resumed = try reader.replay(through: seq)
    #expect(resumed.checkpoint != nil)
    #expect(resumed.replay.state == expected.state)
  }

  @Test func verifyFindsEveryCheckpointMatchingAFreshReplay() throws {
    let (_, bytes) = try Self.trace(seed: 35)
    let inspection = try TraceReader(bytes: bytes, path: "t.sctrace").inspect(
      checkingCheckpoints: true)
    #expect(inspection.isIntact, "\(inspection.problems)")
    #expect(inspection.index == .intact)
    #expect(!inspection.checkpoints.isEmpty)
    #expect(inspection.checkpoints.allSatisfy { $0.status == .matches })
  }

  /// `verify`'s replay notes its state at each seq asked for as batches of events of any size
  /// stream by, the digests taken on another thread: each is the digest and finding count of a
  /// replay from the start through that seq, also where the seq falls in a gap of the trace's
  /// seqs, at a batch's edge, or past the last event.
  @Test(arguments: [40, 41] as [UInt64])
  func theReplayThatChecksCheckpointsNotesEveryStateAskedFor(seed: UInt64) {
    var random = RandomEvents(seed: seed, identifiers: Self.identifiers)
    // Every seventh event left out: seqs asked for in the gaps.
    let events = random.events(count: 1500).filter { $0.seq % 7 != 0 }
    var generator = SplitMix64(seed: seed)
    let asked =
      (0..<12).map { _ in Int.random(in: 1...1500, using: &generator) } + [7, 14, 1499, 2000]
    var checking = CheckpointReplay(seqs: asked)
    var rest = events[...]
    while !rest.isEmpty {
      let size = Int.random(in: 1...300, using: &generator)
      checking.apply(Array(rest.prefix(size)))
      rest = rest.dropFirst(size)
    }
    checking.finish()
    for seq in Set(asked) {
      var expected = Replay()
      expected.apply(events.filter { $0.seq <= seq })
      #expect(checking.states[seq]?.digest == expected.state.digest, "seq \(seq)")
      #expect(checking.states[seq]?.findingCount == expected.findings.count, "seq \(seq)")
    }
  }

  @Test func aDamagedCheckpointIsSkippedAndLosesNoEvent() throws {
    let (events, bytes) = try Self.trace(seed: 38)
    let reader = try TraceReader(bytes: bytes, path: "t.sctrace")
    let first = try #require(reader.index.checkpoints.first)
    var damaged = bytes
    damaged[first.offset + 12] ^= 0x08
    let inspection = try TraceReader(bytes: damaged, path: "t.sctrace").inspect(
      checkingCheckpoints: true)
    #expect(inspection.trace.events == events)
    #expect(inspection.trace.damage.map(\.byteOffset) == [first.offset])
    #expect(inspection.trace.damage.first?.losesEvents == false)
    #expect(inspection.checkpoints.count == reader.index.checkpoints.count - 1)
    #expect(inspection.checkpoints.allSatisfy { $0.status == .matches })
    #expect(!inspection.isIntact)
  }

  /// A seek starts from the checkpoint before the latest and checks the latest on its way;
  /// when that one before is damaged, the seek asks the checkpoints before it, and the state,
  /// the findings and the events replayed are still those of a replay from the start.
  @Test func aSeekPastADamagedCheckpointStartsFromTheOneBeforeIt() throws {
    let (events, bytes) = try Self.trace(seed: 39)
    let reader = try TraceReader(bytes: bytes, path: "t.sctrace")
    let checkpoints = reader.index.checkpoints
    try #require(checkpoints.count >= 5)
    let (damagedEntry, latest) = (checkpoints[2], checkpoints[3])
    var atCheckpoint = Replay()
    atCheckpoint.apply(events.prefix(latest.seq))
    var damaged = bytes
    damaged[damagedEntry.offset + 12] ^= 0x08
    let damagedReader = try TraceReader(bytes: damaged, path: "t.sctrace")
    for seq in [latest.seq, latest.seq + 1, (latest.seq + checkpoints[4].seq) / 2] {
      var expected = Replay()
      expected.apply(events.prefix(seq))
      for reading in [reader, damagedReader] {
        let resumed = try reading.replay(through: seq)
        #expect(resumed.replay.state == expected.state, "seq \(seq)")
        #expect(resumed.findingCount == expected.findings.count, "seq \(seq)")
        #expect(resumed.checkpoint?.seq == latest.seq, "seq \(seq)")
        #expect(resumed.checkpoint?.state == atCheckpoint.state, "seq \(seq)")
        #expect(resumed.replayedCount == seq - latest.seq, "seq \(seq)")
        #expect(resumed.distrustedCheckpoints.isEmpty, "seq \(seq)")
      }
    }
  }

  @Test func aCheckpointDifferingUnderTheSameReducerVersionIsDamage() throws {
    let (_, bytes) = try Self.trace(seed: 36)
    let patched = try rewriteFirstCheckpoint(bytes) { $0.digest ^= 1 }
    let inspection = try TraceReader(bytes: patched, path: "t.sctrace").inspect(
      checkingCheckpoints: true)
    #expect(!inspection.isIntact)
    guard case .differs(let reason) = inspection.checkpoints.first?.status else {
      Issue.record("status \(String(describing: inspection.checkpoints.first?.status))")
      return
    }
    #expect(reason.contains("fresh replay"))
    // A damaged checkpoint is not used: replay falls back to an earlier one or the start.
    let reader = try TraceReader(bytes: patched, path: "t.sctrace")
    let first = try #require(reader.index.checkpoints.first)
    #expect(reader.checkpoint(atOrBefore: first.seq) == nil)
  }

  /// The inspection hands the events on as it reads them: those a load reads, with the same
  /// damage, truncation and loss, and every checkpoint compared, on a whole and a cut file.
  @Test func anInspectionReadsWhatALoadReads() throws {
    let (events, bytes) = try Self.trace(seed: 40)
    for file in [bytes, Array(bytes.prefix(bytes.count * 2 / 3))] {
      let reader = try TraceReader(bytes: file, path: "t.sctrace")
      var handed: [Event] = []
      let (inspection, tally) = try reader.inspect(checkingCheckpoints: true) { handed += $0 }
      let loaded = try TraceFile.decode(file, path: "t.sctrace")
      #expect(handed == loaded.events)
      #expect(handed.count < events.count || handed == events)
      #expect(inspection.trace.events.isEmpty && tally.count == handed.count)
      #expect(inspection.trace.damage == loaded.damage)
      #expect(inspection.trace.truncation == loaded.truncation)
      #expect(inspection.trace.loss == loaded.loss)
      #expect(inspection.checkpoints.count >= 5)
      #expect(inspection.checkpoints.allSatisfy { $0.status == .matches })
      #expect(try reader.inspect(checkingCheckpoints: true).trace.events == handed)
    }
  }

  /// `verify` checks the checkpoints the index lists as the events stream by; one the index
  /// does not list (a damaged index) is compared all the same, by a second replay.
  @Test func aCheckpointTheIndexDoesNotListIsComparedAllTheSame() throws {
    let (_, bytes) = try Self.trace(seed: 39)
    let reader = try TraceReader(bytes: bytes, path: "t.sctrace")
    #expect(reader.index.checkpoints.count >= 10)
    for lies in [false, true] {
      // The first checkpoint, told a wrong digest when it lies, left out of the index.
      let patched = try rewriteFirstCheckpoint(bytes) { if lies { $0.digest ^= 1 } }
      var index = try TraceReader(bytes: patched, path: "t.sctrace").index
      let unlisted = index.checkpoints.removeFirst()
      let unindexed = replacingIndex(of: patched, with: index)
      let inspection = try TraceReader(bytes: unindexed, path: "t.sctrace").inspect(
        checkingCheckpoints: true)
      #expect(
        inspection.index == .damaged("disagrees with the checkpoint at byte \(unlisted.offset)"))
      #expect(inspection.checkpoints.map(\.entry) == [unlisted] + index.checkpoints)
      #expect(inspection.checkpoints.dropFirst().allSatisfy { $0.status == .matches })
      let status = try #require(inspection.checkpoints.first?.status)
      if lies {
        guard case .differs = status else {
          Issue.record("a lying checkpoint the index does not list: \(status)")
          continue
        }
      } else {
        #expect(status == .matches)
      }
    }
  }

  @Test func aCheckpointOfAnotherReducerVersionIsInformationNotDamage() throws {
    let (events, bytes) = try Self.trace(seed: 37)
    let patched = try rewriteFirstCheckpoint(bytes) {
      $0.reducerVersion = TraceReducer.version + 1
      $0.digest ^= 0xFF
    }
    let reader = try TraceReader(bytes: patched, path: "t.sctrace")
    let inspection = try reader.inspect(checkingCheckpoints: true)
    #expect(inspection.isIntact, "\(inspection.problems)")
    #expect(
      inspection.checkpoints.first?.status == .otherReducerVersion(TraceReducer.version + 1))
    // Not used for replay either.
    let first = try #require(reader.index.checkpoints.first)
    let resumed = try reader.replay(through: first.seq)
    #expect(resumed.checkpoint == nil)
    var expected = Replay()
    expected.apply(events.prefix(first.seq))
    #expect(resumed.replay.state == expected.state)
  }
}

/// Rewrites the first checkpoint's record (and its index entry) with `change` applied.
private func rewriteFirstCheckpoint(
  _ bytes: [UInt8], _ change: (inout TraceIndex.Checkpoint) -> Void
) throws -> [UInt8] {
  let reader = try TraceReader(bytes: bytes, path: "t.sctrace")
  var index = reader.index
  var entry = index.checkpoints[0]
  let original = try reader.checkpoint(entry)
  change(&entry)
  index.checkpoints[0] = entry
  var rewritten = original
  rewritten.reducerVersion = entry.reducerVersion
  rewritten.digest = entry.digest
  let frame = try #require(
    try rewritten.encodedFrame { json throws(TraceError) in
      // As the writer's default compression wrote it.
      if LibZstd.isAvailable { return try LibZstd.compressFrame(json, level: 3, minMatch: nil) }
      let writer = RawBlockFrameWriter()
      var frame: [UInt8] = []
      writer.write(json, to: &frame)
      writer.endFrame(to: &frame)
      return frame
    })
  // The same size as before: the state is the same, only fixed-size fields changed.
  #expect(frame.count == entry.byteCount)
  var patched = bytes
  patched.replaceSubrange(entry.offset..<entry.offset + entry.byteCount, with: frame)
  return replacingIndex(of: patched, with: index)
}

/// The closed file `bytes` with its index frame replaced by `index`.
private func replacingIndex(of bytes: [UInt8], with index: TraceIndex) -> [UInt8] {
  var patched = bytes
  let oldIndexSize =
    Int(patched[patched.count - 8]) | Int(patched[patched.count - 7]) << 8
    | Int(patched[patched.count - 6]) << 16 | Int(patched[patched.count - 5]) << 24
  patched.removeLast(oldIndexSize)
  patched += index.encodedFrame()
  return patched
}

/// A checkpoint that reads and matches its digest but is not the state a replay gives (here
/// written by a writer told a wrong state for one checkpoint) is not trusted: `replay(through:)`
/// passes over it, trusts the honest ones around it, and gives the state of a replay from the
/// start.
@Test func aCheckpointThatLiesIsNotTrusted() throws {
  var random = RandomEvents(seed: 0x11E, identifiers: ["A", "B", "main"])
  let events = random.events(count: 600)
  let sink = MemoryByteSink()
  let writer = try TraceWriter(
    header: TraceHeader(recorderVersion: "tests", appName: "com.example.tests"), sink: sink,
    options: smallFrames(eventsPerFrame: 50, checkpointInterval: 100))
  for event in events.prefix(250) { try writer.append(event) }
  // The next checkpoint builds on an empty state: it lies; the ones after it are honest again.
  writer.resumeReducer(state: TraceState(), findingCount: 0, eventsSinceCheckpoint: 0)
  for event in events[250..<350] { try writer.append(event) }
  var honest = Replay()
  honest.apply(events.prefix(350))
  writer.resumeReducer(
    state: honest.state, findingCount: honest.findings.count, eventsSinceCheckpoint: 0)
  for event in events.dropFirst(350) { try writer.append(event) }
  try writer.close()
  let reader = try TraceReader(bytes: sink.bytes, path: "lies.sctrace")
  let seqs = reader.index.checkpoints.map(\.seq)
  try #require(seqs.contains(350) && seqs.contains(450))
  let beforeTheLie = seqs.last { $0 < 350 }
  let last = seqs.last { $0 <= 600 }
  for (seq, trusted, distrusted) in [
    (400, beforeTheLie, [350]), (500, 450, [350]), (600, last, []),
  ] {
    let resumed = try reader.replay(through: seq)
    var fromStart = Replay()
    fromStart.apply(events.prefix(seq))
    #expect(resumed.replay.state == fromStart.state, "seq \(seq)")
    #expect(resumed.checkpoint?.seq == trusted, "seq \(seq)")
    #expect(resumed.distrustedCheckpoints == distrusted, "seq \(seq)")
  }
}
