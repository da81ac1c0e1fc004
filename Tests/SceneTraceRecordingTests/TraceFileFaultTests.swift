import Foundation
import SceneTrace
import SceneTraceFile
import SceneTraceRecording
import SceneTraceTestSupport
import Testing

/// A `.sctrace` recording whose file fails under it: every event flushed before the fault is in
/// the file afterwards, and when the disk has room again, every later one too.
@Suite struct TraceFileFaultTests {
  private func recording(
    capacity: Int = 16_384, attempts: Int = 30
  ) throws -> (Recording, FaultyByteSink, ErrorLog, String) {
    let path = TemporaryFile.url("faults", "sctrace").path
    let sink = TraceFileSink(path: path, checkpointInterval: 4_096)
    var bytes: FaultyByteSink?
    sink.makeByteSink = { path throws(TraceError) in
      let faulty = try FaultyByteSink(path: path)
      bytes = faulty
      return faulty
    }
    let errors = ErrorLog()
    let recording = try Recording(
      sink: sink,
      options: .drivenByFlushes(reportingTo: errors, capacity: capacity, attempts: attempts))
    return (recording, try #require(bytes), errors, path)
  }

  /// A recording whose first `flushed` marks are in the file, and whose file then has `fault`.
  private func recording(
    flushing flushed: Int, thenFailing fault: FaultyByteSink.Fault, capacity: Int = 16_384,
    attempts: Int = 30
  ) throws -> (Recording, FaultyByteSink, ErrorLog, String) {
    let (recording, bytes, errors, path) = try recording(capacity: capacity, attempts: attempts)
    mark(recording, 0..<flushed)
    #expect(recording.flush())
    bytes.fault = fault
    return (recording, bytes, errors, path)
  }

  private func mark(_ recording: Recording, _ range: Range<Int>) {
    for index in range { recording.recorder.mark("m\(index)") }
  }

  @Test(arguments: [FaultyByteSink.Fault.diskFull, .shortWrite])
  func aFullDiskKeepsEveryEventWrittenBeforeAndAfterIt(fault: FaultyByteSink.Fault) throws {
    let (recording, bytes, errors, path) = try recording(flushing: 1_000, thenFailing: fault)
    mark(recording, 1_000..<1_500)
    #expect(!recording.flush())
    #expect(!recording.flush())
    #expect(errors.codes == [.writeFailed])
    // Space returns.
    bytes.fault = nil
    #expect(recording.flush())
    for start in stride(from: 1_500, to: 21_500, by: 5_000) {
      mark(recording, start..<(start + 5_000))
      #expect(recording.flush())
    }
    #expect(recording.close())
    #expect(bytes.failedWrites == 2)
    #expect(recording.droppedEvents == 0)
    let inspection = try TraceReader(path: path).inspect(checkingCheckpoints: true)
    #expect(inspection.isIntact)
    #expect(inspection.trace.events.map(\.seq) == Array(1...21_500))
    #expect(inspection.trace.events.markLabels == (0..<21_500).map { "m\($0)" })
    #expect(errors.codes == [.writeFailed])
  }

  @Test func eventsLostWhileTheDiskIsFullAreAGapInTheFile() throws {
    let (recording, bytes, errors, path) = try recording(
      flushing: 10, thenFailing: .diskFull, capacity: 16)
    mark(recording, 10..<20)
    #expect(!recording.flush())
    // The writer keeps 4 × 16 events for the file; later ones are dropped.
    mark(recording, 20..<2_000)
    #expect(!recording.flush())
    // Space returns; until the writer tries again, events still find no room: a flush tries now.
    bytes.fault = nil
    #expect(recording.flush())
    mark(recording, 2_000..<2_010)
    #expect(recording.close())
    let trace = try TraceFile.load(path: path)
    #expect(trace.isIntact)
    let events = trace.events
    #expect(events.map(\.seq) == Array(1...events.count))
    #expect(events.markLabels.count + events.droppedByGaps == 2_010)
    #expect(Array(events.markLabels.prefix(10)) == (0..<10).map { "m\($0)" })
    #expect(Array(events.markLabels.suffix(10)) == (2_000..<2_010).map { "m\($0)" })
    #expect(!LostStretch.drops(in: events).isEmpty)
    #expect(errors.codes == [.writeFailed, .eventsDropped])
  }

  @Test func aLostFileDescriptorStopsTheRecordingAndKeepsWhatWasFlushed() throws {
    let (recording, bytes, errors, path) = try recording(
      flushing: 100, thenFailing: .badDescriptor, attempts: 4)
    mark(recording, 100..<200)
    for _ in 0..<4 { #expect(!recording.flush()) }
    #expect(errors.codes == [.writeFailed, .stopped])
    mark(recording, 200..<10_000)
    #expect(!recording.close())
    #expect(bytes.failedWrites <= 5)
    let trace = try TraceFile.load(path: path, options: ReadOptions(lenient: true))
    #expect(trace.events.map(\.seq) == Array(1...100))
    #expect(!trace.isIntact)
    #expect(errors.codes == [.writeFailed, .stopped, .closeFailed])
  }

  @Test func aCloseThatFailsReturnsFalseWithEveryEventInTheFile() throws {
    let (recording, bytes, errors, path) = try recording()
    mark(recording, 0..<100)
    bytes.failsClose = true
    #expect(!recording.close())
    #expect(errors.codes == [.closeFailed])
    let trace = try TraceFile.load(path: path)
    #expect(trace.isIntact)
    #expect(trace.events.count == 100)
  }
}
