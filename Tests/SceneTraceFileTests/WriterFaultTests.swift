import SceneTrace
import SceneTraceFile
import Testing

/// Bytes in memory whose one write, the `failingWrite`th, takes half its bytes and fails, as a
/// write cut short by a full disk does.
private final class FlakyByteSink: RewindableByteSink {
  let memory = MemoryByteSink()
  var failingWrite: Int
  private var writes = 0

  init(failingWrite: Int) { self.failingWrite = failingWrite }

  func write(_ bytes: [UInt8]) throws(TraceError) {
    writes += 1
    guard writes == failingWrite else { return memory.write(bytes) }
    memory.write(Array(bytes.prefix(bytes.count / 2)))
    throw TraceError(code: .unwritableFile, message: "No space left on device (ENOSPC)")
  }

  func rewind(to offset: Int) { memory.rewind(to: offset) }

  func close() { memory.close() }
}

/// A write that fails anywhere in a file (in a frame, at its end, in a checkpoint or the index)
/// costs nothing once the sink takes bytes again: the writer cuts back what the failure left and
/// writes it again.
@Suite struct WriterFaultTests {
  /// Events whose state a checkpoint stores: a launch, then shared-state writes.
  private static let events: [Event] =
    [Event(seq: 1, time: .zero, .appLaunch(launch: "L1"))]
    + (2...400).map { seq in
      Event(
        seq: seq, time: TraceTime(milliseconds: Int64(seq)),
        .stateWrite(key: "defaults:k\(seq % 7)", value: "value \(seq)"))
    }

  /// Writes `events` through a sink whose `failingWrite`th write fails; each call that throws is
  /// made again, as the recorder does. Returns how many calls threw.
  private static func write(into sink: FlakyByteSink) throws -> Int {
    var options = TraceWriter.Options()
    options.eventsPerFrame = 50
    options.checkpointInterval = 100
    options.flushInterval = .max
    let writer = try TraceWriter(
      header: TraceHeader(recorderVersion: "tests"), sink: sink, options: options)
    var failures = 0
    func retrying(_ call: () throws(TraceError) -> Void) throws(TraceError) {
      do { try call() } catch {
        failures += 1
        try call()
      }
    }
    for event in events {
      try retrying { () throws(TraceError) in
        // An event whose bytes failed is in the writer: it is not appended again.
        if writer.lastEventSeq < event.seq { try writer.append(event) } else { try writer.flush() }
      }
      if event.seq % 30 == 0 { try retrying(writer.flush) }
    }
    try retrying(writer.close)
    return failures
  }

  @Test func aWriteCutShortAnywhereIsWrittenAgainWhole() throws {
    let total = try Self.write(into: FlakyByteSink(failingWrite: 0))
    #expect(total == 0)
    // The first write is the header's, in `init`: a writer that cannot start throws.
    var failingWrite = 2
    while true {
      let sink = FlakyByteSink(failingWrite: failingWrite)
      let failures = try Self.write(into: sink)
      if failures == 0 { break }
      #expect(failures == 1)
      let reader = try TraceReader(bytes: sink.memory.bytes, path: "flaky.sctrace")
      let inspection = try reader.inspect(checkingCheckpoints: true)
      #expect(inspection.isIntact, "write \(failingWrite) failed")
      #expect(inspection.trace.events == Self.events, "write \(failingWrite) failed")
      #expect(!inspection.checkpoints.isEmpty)
      failingWrite += 1
    }
    #expect(failingWrite > 20)
  }

  @Test func aSinkThatCannotBeRewoundStopsTheWriterAtItsFirstFailure() throws {
    final class Failing: TraceByteSink {
      var fails = false
      func write(_ bytes: [UInt8]) throws(TraceError) {
        if fails { throw TraceError(code: .unwritableFile, message: "gone") }
      }
      func close() {}
    }
    let sink = Failing()
    let writer = try TraceWriter(header: TraceHeader(recorderVersion: "tests"), sink: sink)
    try writer.append(Self.events[0])
    sink.fails = true
    #expect(throws: TraceError.self) { try writer.flush() }
    sink.fails = false
    #expect(throws: TraceError.self) { try writer.flush() }
  }
}
