import Foundation
import SceneTrace
import SceneTraceRecording
import Testing

@Suite struct RecordingTests {
  @Test func hooksRecordTheirEventsInOrderWithSeqsAndTimes() throws {
    let sink = ControllableSink()
    let clock = ManualClock()
    let recording = try Recording(sink: sink, clock: { clock.read() })
    let recorder = recording.recorder
    recorder.applicationWillFinishLaunching(launch: "L1", openSessions: ["A"])
    clock.advance(nanoseconds: 5_000_000)
    recorder.sceneWillConnect(session: "A", role: .windowApplication)
    recorder.sceneWillEnterForeground(session: "A")
    clock.advance(nanoseconds: 1_000_000)
    recorder.sceneDidBecomeActive(session: "A")
    recorder.keyCommand(session: "A", input: "n", modifiers: [.command], action: "new:")
    recorder.sharedStateDidWrite(key: "defaults:x", value: "1", session: "A")
    recorder.mark("done")
    #expect(recording.close())
    #expect(
      sink.events == [
        Event(
          seq: 1, time: .zero, .appLaunch(launch: "L1", openSessions: [SessionID("A")])),
        Event(
          seq: 2, time: TraceTime(milliseconds: 5),
          .sceneWillConnect(session: "A", role: .windowApplication)),
        Event(seq: 3, time: TraceTime(milliseconds: 5), .sceneWillEnterForeground(session: "A")),
        Event(seq: 4, time: TraceTime(milliseconds: 6), .sceneDidBecomeActive(session: "A")),
        Event(
          seq: 5, time: TraceTime(milliseconds: 6),
          .keyCommand(session: "A", input: "n", modifiers: [.command], action: "new:")),
        Event(
          seq: 6, time: TraceTime(milliseconds: 6),
          .stateWrite(key: "defaults:x", value: "1", session: "A")),
        Event(seq: 7, time: TraceTime(milliseconds: 6), .appMark(label: "done")),
      ])
    #expect(sink.isClosed)
  }

  @Test func aLaunchAppendedToATraceContinuesItsSeqAndTime() throws {
    let sink = ControllableSink(position: TracePosition(nextSeq: 41, time: TraceTime(seconds: 10)))
    let clock = ManualClock()
    let recording = try Recording(sink: sink, clock: { clock.read() })
    recording.recorder.applicationWillFinishLaunching(launch: "L2")
    clock.advance(nanoseconds: 2_000_000_000)
    recording.recorder.sceneWillConnect(session: "A")
    recording.close()
    #expect(sink.events.map(\.seq) == [41, 42])
    #expect(sink.events.map(\.time) == [TraceTime(seconds: 10), TraceTime(seconds: 12)])
  }

  @Test func manyThreadsRecordingAtOnceLoseNothingAndKeepEachThreadsOrder() async throws {
    let sink = ControllableSink()
    let recording = try Recording(
      sink: sink,
      options: {
        var options = RecordingOptions()
        options.capacity = 1 << 16
        return options
      }())
    let threads = 8
    let perThread = 5_000
    await withTaskGroup(of: Void.self) { group in
      for thread in 0..<threads {
        group.addTask {
          let recorder = recording.recorder
          for index in 0..<perThread {
            recorder.sharedStateDidWrite(key: "t\(thread)", value: String(index))
          }
        }
      }
    }
    #expect(recording.close())
    let events = sink.events
    #expect(recording.droppedEvents == 0)
    #expect(events.count == threads * perThread)
    #expect(events.map(\.seq) == Array(1...(threads * perThread)))
    #expect(zip(events, events.dropFirst()).allSatisfy { $0.time <= $1.time })
    var next = [String: Int]()
    for event in events {
      guard case .stateWrite(let key, let value, _) = event.payload else {
        Issue.record("unexpected \(event)")
        continue
      }
      #expect(Int(value) == next[key, default: 0], "\(key) out of order")
      next[key] = (Int(value) ?? 0) + 1
    }
    #expect(next.values.allSatisfy { $0 == perThread })
  }

  @Test func aFullBufferDropsEventsAndTheTraceSaysHowMany() throws {
    let sink = ControllableSink(gated: true)
    var options = RecordingOptions()
    options.capacity = 8
    let recording = try Recording(sink: sink, options: options)
    let recorder = recording.recorder
    // The writer takes the first event and stalls in the sink; the buffer then fills.
    recorder.mark("first")
    Thread.sleep(forTimeInterval: 0.05)
    for index in 0..<100 { recorder.mark("m\(index)") }
    let dropped = recording.droppedEvents
    #expect(dropped > 0)
    // Enough permits for every write the writer will make; then let it finish.
    for _ in 0..<1_000 { sink.gate.signal() }
    recording.close()
    let events = sink.events
    let gaps = events.compactMap { event -> Int? in
      if case .traceGap(let count) = event.payload { return count }
      return nil
    }
    #expect(gaps.reduce(0, +) == dropped)
    let marks = events.filter { if case .appMark = $0.payload { true } else { false } }
    #expect(marks.count + dropped == 101)
    #expect(events.map(\.seq) == Array(1...events.count))
  }

  @Test func aRecordingThatWaitsWhenFullKeepsEveryEvent() throws {
    let sink = ControllableSink()
    var options = RecordingOptions()
    options.capacity = 8
    options.waitsWhenFull = true
    let recording = try Recording(sink: sink, options: options)
    // Far more events than the buffer and the pending list hold, as fast as possible.
    for index in 0..<100_000 { recording.recorder.mark("m\(index)") }
    recording.close()
    #expect(recording.droppedEvents == 0)
    #expect(sink.events.map(\.seq) == Array(1...100_000))
  }

  @Test func aSinkStillFailingAtCloseReportsWhatWasLost() throws {
    let sink = ControllableSink()
    sink.faults.writes = true
    let errors = ErrorLog()
    var options = RecordingOptions()
    options.onError = { errors.append($0) }
    let recording = try Recording(sink: sink, options: options)
    for index in 0..<5 { recording.recorder.mark("m\(index)") }
    #expect(!recording.close())
    #expect(errors.codes == [.writeFailed, .eventsDropped])
    #expect(sink.isClosed)
  }

  @Test func aSinkThatCannotOpenIsAnErrorAndRecordsNothing() {
    final class Unopenable: TraceSink {
      struct Denied: Error {}
      func open() throws -> TracePosition { throw Denied() }
      func write(_ events: [Event]) throws {}
      func flush() throws {}
      func close() throws {}
    }
    #expect(throws: RecorderError.self) { try Recording(sink: Unopenable()) }
  }

  @Test func flushWaitsUntilEverythingRecordedIsWrittenAndFlushed() throws {
    let sink = ControllableSink()
    var options = RecordingOptions()
    options.flushInterval = 3_600
    let recording = try Recording(sink: sink, options: options)
    for index in 0..<1_000 { recording.recorder.mark("m\(index)") }
    #expect(recording.flush())
    #expect(sink.events.count == 1_000)
    #expect(sink.flushes >= 1)
    recording.close()
  }

  @Test func enteringTheBackgroundFlushesWithoutBeingAsked() throws {
    let sink = ControllableSink()
    var options = RecordingOptions()
    options.flushInterval = 3_600
    let recording = try Recording(sink: sink, options: options)
    recording.recorder.sceneDidEnterBackground(session: "A")
    let deadline = Date(timeIntervalSinceNow: 5)
    while sink.flushes == 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
    #expect(sink.flushes == 1)
    #expect(sink.events.count == 1)
    recording.close()
  }

  @Test func hooksAfterCloseRecordNothing() throws {
    let sink = ControllableSink()
    let recording = try Recording(sink: sink)
    let recorder = recording.recorder
    recorder.mark("before")
    recording.close()
    recorder.mark("after")
    #expect(recording.close())
    #expect(sink.events.count == 1)
  }
}
