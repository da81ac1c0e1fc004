import SceneTrace
import SceneTraceFile

// `bench --seek PATH [--seeks N] [--seed S]`: what `replay state --at` costs in process on a
// long `.sctrace` file (one written by `--write-sctrace`). The reader is opened once; then N
// (default 1000) seqs drawn from a seeded generator are each replayed through as `state --at`
// does (from the nearest trusted checkpoint), and the time of each is kept: the percentiles.
// `--phases` times each part of a seek alone for the same seqs (reading the checkpoint,
// decoding the events after it, replaying them) next to the whole seek.
//
//   .build/release/bench --write-sctrace 10000000 /tmp/mixed-1e7.sctrace
//   .build/release/bench --seek /tmp/mixed-1e7.sctrace

/// Runs the seek mode when the arguments ask for it; false when they do not.
func runSeekCost(_ arguments: [String]) throws -> Bool {
  guard let flag = arguments.firstIndex(of: "--seek") else { return false }
  guard flag + 1 < arguments.count else {
    print("usage: bench --seek PATH [--seeks N] [--seed S] [--phases]")
    return true
  }
  let path = arguments[flag + 1]
  let seeks = option("--seeks", in: arguments) ?? 1000
  let seed = option("--seed", in: arguments) ?? 14
  let opened = MonotonicClock.now()
  let reader = try TraceReader(path: path)
  let openTime = MonotonicClock.now() - opened
  let last = reader.lastSeq
  guard last > 0 else {
    print("\(path) holds no event")
    return true
  }
  var generator = SplitMix64(seed: UInt64(seed))
  if arguments.contains("--phases") {
    try printSeekPhases(
      reader, seqs: (0..<seeks).map { _ in Int.random(in: 1...last, using: &generator) })
    return true
  }
  var times: [Int64] = []
  var replayed: [Int] = []
  times.reserveCapacity(seeks)
  var checksum = 0
  for _ in 0..<seeks {
    let seq = Int.random(in: 1...last, using: &generator)
    let start = MonotonicClock.now()
    // As `replay state --at` does: the findings are counted.
    let resumed = try reader.replay(
      through: seq, finish: seq == last, reducer: TraceReducer().countingFindings)
    times.append(MonotonicClock.now() - start)
    replayed.append(resumed.replayedCount)
    // Keeps the replay from being optimized away.
    checksum &+= resumed.findingCount &+ resumed.replay.state.sessions.count
  }
  let sorted = times.sorted()
  let milliseconds = { (nanoseconds: Int64) in format(Double(nanoseconds) / 1e6, digits: 3) }
  let percentile = { (fraction: Double) in
    sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
  }
  print("seek: \(seeks) random `state --at` seqs in \(path) (\(last) events, seed \(seed))")
  print("  open         \(milliseconds(openTime)) ms")
  print("  p50          \(milliseconds(percentile(0.5))) ms")
  print("  p90          \(milliseconds(percentile(0.9))) ms")
  print("  p99          \(milliseconds(percentile(0.99))) ms")
  print("  max          \(milliseconds(sorted.last ?? 0)) ms")
  print("  events replayed a seek, median \(replayed.sorted()[replayed.count / 2])")
  print("  checkpoints  \(reader.index.checkpoints.count), frames \(reader.index.frames.count)")
  print("  (checksum \(checksum))")
  return true
}

/// Where the time of seeks goes: each part of `state --at` timed alone, for the same seqs.
private func printSeekPhases(_ reader: TraceReader, seqs: [Int]) throws {
  var parts: [String: [Int64]] = [:]
  var order: [String] = []
  func timed<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
    let start = MonotonicClock.now()
    let result = try body()
    if parts[name] == nil { order.append(name) }
    parts[name, default: []].append(MonotonicClock.now() - start)
    return result
  }
  let counting = TraceReducer().countingFindings
  for seq in seqs {
    let entry = reader.index.checkpoints.last { $0.seq <= seq }
    let checkpoint = try timed("read the checkpoint") {
      try entry.map { try reader.checkpoint($0) }
    }
    let events = try timed("decode the events after it") {
      try reader.events(from: (checkpoint?.seq ?? 0) + 1, through: seq)
    }
    _ = timed("replay them") {
      var replay = Replay(reducer: counting, from: checkpoint?.state ?? TraceState())
      replay.apply(events.events)
      return replay.state.sessions.count
    }
    _ = try timed("the whole seek") {
      try reader.replay(through: seq, finish: false, reducer: counting).findingCount
    }
  }
  for name in order {
    let sorted = (parts[name] ?? []).sorted()
    let at = { (fraction: Double) in
      format(
        Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]) / 1e6, digits: 3
      )
    }
    print("  \(name): p50 \(at(0.5)) ms, p99 \(at(0.99)) ms")
  }
}
