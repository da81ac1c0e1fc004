import Foundation
import SceneTrace
import SceneTraceRecording
import Testing

/// The recording under a sink that fails, is cut short or stalls: the host's hooks never wait or
/// crash, the app is told once per failure, `flush()` and `close()` say whether the events
/// reached the sink, and the trace says what was lost.
@Suite struct SinkFaultTests {
  @Test func aFullDiskIsReportedOnceAndEveryEventIsWrittenWhenSpaceReturns() throws {
    let sink = ControllableSink()
    let errors = ErrorLog()
    let recording = try Recording(sink: sink, options: .drivenByFlushes(reportingTo: errors))
    for index in 0..<50 { recording.recorder.mark("m\(index)") }
    #expect(recording.flush())
    sink.faults.writes = true
    for index in 50..<100 { recording.recorder.mark("m\(index)") }
    #expect(!recording.flush())
    for index in 100..<150 { recording.recorder.mark("m\(index)") }
    #expect(!recording.flush())
    #expect(errors.codes == [.writeFailed])
    #expect(sink.events.count == 50)
    sink.faults.writes = false
    for index in 150..<200 { recording.recorder.mark("m\(index)") }
    #expect(recording.flush())
    #expect(recording.close())
    #expect(sink.events.map(\.seq) == Array(1...200))
    #expect(errors.codes == [.writeFailed])
  }

  @Test func aWriteCutShortRepeatsAndLosesNothing() throws {
    let sink = ControllableSink()
    sink.faults.writes = true
    sink.faults.writesPartly = true
    let errors = ErrorLog()
    let recording = try Recording(sink: sink, options: .drivenByFlushes(reportingTo: errors))
    for index in 0..<100 { recording.recorder.mark("m\(index)") }
    #expect(!recording.flush())
    #expect(!sink.events.isEmpty)
    sink.faults.writes = false
    #expect(recording.close())
    #expect(sink.events.map(\.seq) == Array(1...100))
    #expect(sink.events.markLabels == (0..<100).map { "m\($0)" })
  }

  @Test func aSinkThatKeepsFailingIsGivenUpAfterBoundedTriesWithoutBlockingHooks() throws {
    let sink = ControllableSink()
    sink.faults.writes = true
    let errors = ErrorLog()
    var options = RecordingOptions.drivenByFlushes(reportingTo: errors, capacity: 64, attempts: 3)
    // Even a recording that keeps every event stops waiting once it has given up.
    options.waitsWhenFull = true
    let recording = try Recording(sink: sink, options: options)
    recording.recorder.mark("first")
    for _ in 0..<3 { #expect(!recording.flush()) }
    #expect(errors.codes == [.writeFailed, .stopped])
    for index in 0..<10_000 { recording.recorder.mark("m\(index)") }
    #expect(!recording.flush())
    #expect(!recording.close())
    #expect(sink.writes == 3)
    #expect(sink.events.isEmpty)
    #expect(errors.codes == [.writeFailed, .stopped])
  }

  @Test func dropsWhileTheSinkFailsAreReportedOnceAndWrittenAsGaps() throws {
    let sink = ControllableSink()
    sink.faults.writes = true
    let errors = ErrorLog()
    // The writer keeps 4 × 8 events for a failing sink; later ones are dropped.
    let recording = try Recording(
      sink: sink, options: .drivenByFlushes(reportingTo: errors, capacity: 8))
    recording.recorder.mark("m0")
    #expect(!recording.flush())
    for index in 1..<1_000 { recording.recorder.mark("m\(index)") }
    #expect(!recording.flush())
    #expect(errors.codes == [.writeFailed, .eventsDropped])
    // Until the writer tries again, events still find no room: a flush tries now.
    sink.faults.writes = false
    #expect(recording.flush())
    recording.recorder.mark("after")
    #expect(recording.close())
    let events = sink.events
    #expect(events.map(\.seq) == Array(1...events.count))
    let marks = events.markLabels
    #expect(marks.count + events.droppedByGaps == 1_001)
    #expect(marks.last == "after")
    #expect(events.droppedByGaps > 0)
    #expect(!LostStretch.drops(in: events).isEmpty)
    #expect(errors.codes == [.writeFailed, .eventsDropped])
  }

  @Test func aFailingFlushMakesFlushReturnFalseAndIsReportedOnce() throws {
    let sink = ControllableSink()
    sink.faults.flushes = true
    let errors = ErrorLog()
    let recording = try Recording(sink: sink, options: .drivenByFlushes(reportingTo: errors))
    recording.recorder.mark("a")
    #expect(!recording.flush())
    #expect(!recording.flush())
    #expect(errors.codes == [.writeFailed])
    sink.faults.flushes = false
    #expect(recording.flush())
    #expect(recording.close())
    #expect(sink.events.count == 1)
  }

  @Test func aSinkThatFailsToCloseMakesCloseReturnFalse() throws {
    let sink = ControllableSink()
    sink.faults.close = true
    let errors = ErrorLog()
    let recording = try Recording(sink: sink, options: .drivenByFlushes(reportingTo: errors))
    recording.recorder.mark("a")
    #expect(!recording.close())
    #expect(!recording.close())
    #expect(errors.codes == [.closeFailed])
    #expect(sink.events.count == 1)
  }

  @Test func aStalledSinkNeverBlocksTheHooks() throws {
    let sink = ControllableSink(gated: true)
    let errors = ErrorLog()
    let recording = try Recording(
      sink: sink, options: .drivenByFlushes(reportingTo: errors, capacity: 64))
    // The writer takes the first events and stalls in the sink; the hooks go on, dropping.
    for index in 0..<10_000 { recording.recorder.mark("m\(index)") }
    #expect(recording.droppedEvents > 0)
    #expect(!recording.flush(timeout: 0.1))
    #expect(!recording.close(timeout: 0.1))
    for _ in 0..<1_000 { sink.gate.signal() }
  }
}
