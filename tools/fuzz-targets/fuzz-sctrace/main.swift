// Fuzzes the `.sctrace` reader as `replay` uses it: a whole read, the inspection `verify` and
// `info` make (checkpoints checked), a range of seqs through the index, the state at an event
// from the latest checkpoint, strictly and leniently; and, the input written to a file, the
// events of some seqs read again after a streamed read (what `replay check` does for the events
// its report shows), which must be the streamed read's events of those seqs. The seeds are the
// traces/ files written as `.sctrace` (see tools/fuzz).
import Foundation
import FuzzDriver
import SceneTrace
import SceneTraceFile

/// Where each input is written to be streamed: one file a process (`-jobs` runs several).
let scratch = FileManager.default.temporaryDirectory
  .appendingPathComponent("fuzz-sctrace-\(ProcessInfo.processInfo.processIdentifier).sctrace").path

/// Streams the file `scratch`, where the input `bytes` was written, then reads again the events
/// of seqs drawn from the input, in one read and in a series of two (the second taking the frame
/// the first ended with), and traps unless each is the streamed events of those seqs.
func readAgain(_ bytes: [UInt8], options: ReadOptions) {
  var streamedEvents: [Event] = []
  guard
    let streamed = try? TraceFile.stream(
      sctrace: scratch, options: options,
      { events in
        streamedEvents += events
        return true
      }),
    let first = streamedEvents.first?.seq, let last = streamedEvents.last?.seq, first <= last
  else { return }
  // Seqs as a report asks for them: a few around each of some findings, and single ones.
  var random = InputRandom(bytes)
  let span = last &- first &+ 1
  var ranges: [ClosedRange<Int>] = []
  for _ in 0..<(1 + random.next() % 12) {
    let low = first &+ Int(random.next() % UInt64(max(span, 1)))
    let length = random.next() % 4 == 0 ? 0 : Int(random.next() % 9)
    ranges.append(low...(low &+ length))
  }
  ranges.sort { $0.lowerBound < $1.lowerBound }
  func wanted(_ ranges: [ClosedRange<Int>]) -> [Event] {
    // By seq, as the streamed read ordered them: a damaged file's seqs may go back.
    streamedEvents.filter { event in ranges.contains { $0.contains(event.seq) } }
  }
  if let read = try? TraceFile.events(inSeqs: ranges, of: streamed, options: options) {
    precondition(read == wanted(ranges), "a read again differs from the streamed events")
  }
  let split = ranges.count / 2
  let (earlier, later) = (Array(ranges[..<split]), Array(ranges[split...]))
  var lastFrame: DecompressedFrame?
  guard
    let one = try? TraceFile.events(
      inSeqs: earlier, of: streamed, options: options, lastFrame: &lastFrame),
    let two = try? TraceFile.events(
      inSeqs: later, of: streamed, options: options, lastFrame: &lastFrame)
  else { return }
  precondition(one == wanted(earlier), "the first of two reads differs from the streamed events")
  precondition(two == wanted(later), "the second of two reads differs from the streamed events")
}

/// Numbers drawn from the input's bytes (SplitMix64 seeded by them): the same input draws the
/// same seqs.
struct InputRandom {
  private var state: UInt64

  init(_ bytes: [UInt8]) {
    state = bytes.reduce(UInt64(bytes.count)) { ($0 &* 31) &+ UInt64($1) }
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

fuzz { bytes in
  // Written once, read both ways.
  let written = FileManager.default.createFile(atPath: scratch, contents: Data(bytes))
  for lenient in [false, true] {
    let options = ReadOptions(lenient: lenient)
    _ = try? TraceFile.decode(bytes, path: "input", options: options)
    if written { readAgain(bytes, options: options) }
    guard let reader = try? TraceReader(bytes: bytes, path: "input", options: options) else {
      continue
    }
    _ = try? reader.inspect(checkingCheckpoints: true)
    guard let last = reader.index.frames.last?.lastSeq, last >= 1 else { continue }
    // A file may claim any seq: stay within a window so one input stays quick.
    let middle = last / 2 + 1
    _ = try? reader.events(from: middle, through: min(last, middle &+ 64))
    _ = try? reader.replay(through: min(last, middle), finish: true)
  }
}
