import SceneTrace
import SceneTraceFile
import Testing

/// Writes `events` as a `.sctrace` file in memory.
func sctrace(
  _ events: [Event], options: TraceWriter.Options = TraceWriter.Options(),
  header: TraceHeader = TraceHeader(recorderVersion: "tests", appName: "com.example.tests")
) throws -> [UInt8] {
  let sink = MemoryByteSink()
  let writer = try TraceWriter(header: header, sink: sink, options: options)
  for event in events { try writer.append(event) }
  try writer.close()
  return sink.bytes
}

/// Writer options for small frames, so that a few hundred events make a multi-frame file.
func smallFrames(
  eventsPerFrame: Int = 40, checkpointInterval: Int? = 100,
  compression: TraceWriter.Compression = .automatic
) -> TraceWriter.Options {
  var options = TraceWriter.Options()
  options.eventsPerFrame = eventsPerFrame
  options.checkpointInterval = checkpointInterval
  options.compression = compression
  return options
}

/// An app's launch, then the events `payloads` makes for each of `count` sessions
/// (`session-0`, `session-1`, …), a nanosecond apart: a trace whose state holds many sessions.
func manySessions(_ count: Int, _ payloads: (SessionID) -> [Event.Payload]) -> [Event] {
  var events = [Event(seq: 1, time: .zero, .appLaunch(launch: "L1"))]
  for number in 0..<count {
    for payload in payloads(SessionID("session-\(number)")) {
      events.append(
        Event(seq: events.count + 1, time: TraceTime(nanoseconds: Int64(events.count)), payload))
    }
  }
  return events
}

/// Seeks `reader` through `seq` as `replay state --at` does (finished at the last event), keeping
/// the findings after the checkpoint whole and counting them, and expects of both the state and
/// the finding count of a replay of `events` from the start, no checkpoint distrusted. Returns
/// the seek that kept them whole.
@discardableResult
func expectSeekAlike(
  _ reader: TraceReader, _ events: [Event], through seq: Int,
  sourceLocation: SourceLocation = #_sourceLocation
) throws -> CheckpointedReplay {
  let finish = seq == events.count
  var expected = Replay()
  expected.apply(events.prefix(seq))
  if finish { expected.finish() }
  let resumed = try reader.replay(through: seq, finish: finish)
  #expect(resumed.replay.state == expected.state, "seq \(seq)", sourceLocation: sourceLocation)
  #expect(
    resumed.findingCount == expected.findings.count, "seq \(seq)",
    sourceLocation: sourceLocation)
  #expect(resumed.distrustedCheckpoints.isEmpty, "seq \(seq)", sourceLocation: sourceLocation)
  // As `replay state --at` seeks: the findings after the checkpoint are counted, not made whole.
  let counted = try reader.replay(
    through: seq, finish: finish, reducer: TraceReducer().countingFindings)
  #expect(counted.replay.state == expected.state, "seq \(seq)", sourceLocation: sourceLocation)
  #expect(
    counted.findingCount == expected.findings.count, "seq \(seq)", sourceLocation: sourceLocation)
  return resumed
}

/// Every Double an event holds, in field order.
func doubles(of payload: Event.Payload) -> [Double] {
  switch payload {
  case .sceneGeometry(_, let width, let height, _, _): [width, height]
  case .pointerDrag(_, _, let x, let y, _, _, _): [x, y]
  case .bandSelection(_, _, _, let rect, _, _):
    rect.map { [$0.x, $0.y, $0.width, $0.height] } ?? []
  default: []
  }
}

/// Records an issue for every event of `read` that is not exactly `written`: equal, and every
/// Double of the same bit pattern (so that -0.0 is not taken for 0.0).
func expectExactly(
  _ read: [Event], _ written: [Event], sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(read.count == written.count, sourceLocation: sourceLocation)
  for (read, written) in zip(read, written) {
    let same =
      read.seq == written.seq && read.time == written.time
      && doubles(of: read.payload).map(\.bitPattern)
        == doubles(of: written.payload).map(\.bitPattern)
      && (read.payload == written.payload || doubles(of: written.payload).contains(where: \.isNaN))
    if !same {
      Issue.record(
        "seq \(written.seq): wrote \(written.jsonLine), read \(read.jsonLine)",
        sourceLocation: sourceLocation)
      return
    }
  }
}
