import Foundation
import SceneTrace
import SceneTraceFile

// `bench --profile-replay N [--uuid | --drag]`: builds the mixed session of N events (with UUID
// session identifiers under `--uuid`; the long pointer drags under `--drag`) and replays it
// once, for callgrind. Only `replayForProfile` is
// counted, so two sizes subtracted give the instructions per event of the replay alone:
//
//   swift build -c release --product bench
//   cp .build/release/bench /tmp/bench && strip --strip-debug /tmp/bench  # valgrind 3.19: DWARF 5
//   for n in 20000 120000; do
//     SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind \
//       --toggle-collect='*replayForProfile*' --callgrind-out-file=callgrind.replay.$n \
//       /tmp/bench --profile-replay $n
//   done
//
// (`--compact` replays the events from an `EventBatch`, the pointer samples as plain values, and
// is counted with `--toggle-collect='*replayBatchForProfile*'`; `--compact --counting` replays
// them as a writer making checkpoints and a seek checking one do, the findings counted, never
// made whole.)
//   callgrind_annotate --inclusive=yes callgrind.replay.120000 | swift demangle --simplified
//
// (Ir of 120000 − Ir of 20000) / 100000 is the figure; add `--uuid` (or `--drag`) to both runs
// for the UUID identifiers (or the drags). docs/performance.md keeps the figures.
//
// `bench --profile-state N [--uuid | --drag]` counts `stateForProfile` (`--toggle-collect=
// '*stateForProfile*'`): the digest of the state at the end of those events and the state read
// back from its canonical JSON, a checkpoint's cost to its writer and to a seek; divide by the
// bytes of JSON it prints.
//
// `bench --profile-decode N [--uuid | --drag]` does the same for decoding: the events are
// written as a `.sctrace` of raw blocks without checkpoints, and only `decodeForProfile`, which
// reads them back into events, is counted (`--toggle-collect='*decodeForProfile*'`): the cost of
// the frame decoder, without decompression. With `--compact` the file is streamed as `replay
// check` streams it, into `EventBatch`es whose pointer samples the decoder makes as plain values,
// each counted in a tally as `check` counts them (`--toggle-collect='*decodeBatchesForProfile*'`).
//
// `bench --profile-check N [--uuid | --drag]` counts `check`'s work as the side-by-side table
// times it: the events written as the recorder writes them (zstd level 3, checkpoints), then
// streamed and replayed on one thread by `streamAndReplay` (`--toggle-collect=
// '*streamAndReplay*'`): decompression, decoding, the tally and the replay together.

/// Replays `events` from the start, moving each into the reducer as `replay check` does (and
/// so destroying each after it); kept out of line so that callgrind can count it alone.
@inline(never)
func replayForProfile(_ events: consuming [Event]) -> Replay {
  var replay = Replay()
  replay.apply(moving: &events)
  replay.finish()
  return replay
}

/// ``replayForProfile(_:)`` of the same events in a batch, its pointer samples held as plain
/// values (`--compact`).
@inline(never)
func replayBatchForProfile(_ batch: consuming EventBatch, reducer: TraceReducer) -> Replay {
  var replay = Replay(reducer: reducer)
  replay.apply(moving: &batch)
  replay.finish()
  return replay
}

/// ``replayBatchForProfile(_:)`` of events batched in the count, as `replay check` batches
/// each frame's (`--compact --batching`, `--toggle-collect='*replayBatchingForProfile*'`).
@inline(never)
func replayBatchingForProfile(_ events: consuming [Event]) -> Replay {
  var batch = EventBatch(moving: events)
  var replay = Replay()
  replay.apply(moving: &batch)
  replay.finish()
  return replay
}

/// The digest of `state` (XXH64 of its canonical JSON), and the state read back from that JSON:
/// what a checkpoint costs its writer and a seek its reader. Kept out of line so that callgrind
/// can count it alone.
@inline(never)
func stateForProfile(_ state: TraceState) throws -> (digest: UInt64, read: TraceState) {
  (state.digest, try TraceState(canonicalJSON: state.canonicalJSON()))
}

/// Decodes a `.sctrace` file held in `bytes`; kept out of line so that callgrind can count it
/// alone.
@inline(never)
func decodeForProfile(_ bytes: [UInt8]) throws -> [Event] {
  try TraceFile.decode(bytes, path: "profile", options: .onOneThread).events
}

/// Streams the `.sctrace` file at `path` as `replay check` does, in batches counted in a tally;
/// kept out of line so that callgrind can count it alone. Returns the batches streamed.
@inline(never)
func decodeBatchesForProfile(_ path: String) throws -> [EventBatch] {
  var batches: [EventBatch] = []
  _ = try TraceFile.streamBatches(joining: [path], options: .onOneThread) {
    (batch: consuming EventBatch) in
    batches.append(batch)
    return true
  }
  return batches
}

/// Runs a profiling mode when the arguments ask for one; false when they do not.
func runReplayProfile(_ arguments: [String]) throws -> Bool {
  let modes = ["--profile-replay", "--profile-decode", "--profile-state", "--profile-check"]
  guard let flag = arguments.firstIndex(where: modes.contains) else { return false }
  guard flag + 1 < arguments.count, let count = Int(arguments[flag + 1]), count > 0 else {
    print("usage: bench \(arguments[flag]) EVENTS [--uuid | --drag]")
    return true
  }
  let identifiers: Workload.SessionNames = arguments.contains("--uuid") ? .uuid : .short
  let events =
    arguments.contains("--drag")
    ? Workload.longDrag(samples: count, pixelAligned: true)
    : Workload.mixedSession(events: count, sessionNames: identifiers)
  if arguments[flag] == "--profile-decode" {
    let bytes = try sctrace(events, .uncompressed, checkpoints: false)
    let decoded: [Event]
    if arguments.contains("--compact") {
      decoded = try withTemporaryFile(holding: bytes, named: "bench-profile-decode") { path in
        try decodeBatchesForProfile(path).flatMap(\.allEvents)
      }
    } else {
      decoded = try decodeForProfile(bytes)
    }
    guard decoded == events else { fatalError("the .sctrace did not read back as written") }
    print("decoded \(decoded.count) events")
    return true
  }
  if arguments[flag] == "--profile-check" {
    let zstd = TraceWriter.Compression.isZstdAvailable
    let bytes = try sctrace(events, zstd ? .zstd(level: 3) : .uncompressed)
    try withTemporaryFile(holding: bytes, named: "bench-profile-check") { try streamAndReplay($0) }
    print("streamed and replayed \(events.count) events")
    return true
  }
  if arguments[flag] == "--profile-state" {
    let state = Replay.run(events).state
    let (digest, read) = try stateForProfile(state)
    guard read == state else { fatalError("the state did not read back from its JSON") }
    let bytes = state.canonicalJSON().count
    print("state of \(state.sessions.count) sessions: \(bytes) bytes of JSON, digest \(digest)")
    return true
  }
  if arguments.contains("--compact") {
    let replay =
      arguments.contains("--batching")
      ? replayBatchingForProfile(events)
      : replayBatchForProfile(
        EventBatch(events),
        reducer: arguments.contains("--counting") ? TraceReducer().countingFindings : TraceReducer()
      )
    print("replayed \(replay.state.seq) events: \(replay.findings.count) findings")
    return true
  }
  let replay = replayForProfile(events)
  print("replayed \(replay.state.seq) events: \(replay.findings.count) findings")
  return true
}
