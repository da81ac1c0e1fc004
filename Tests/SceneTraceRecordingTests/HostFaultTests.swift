import Foundation
import SceneTrace
import SceneTraceFile
import SceneTraceRecording
import SceneTraceTestSupport
import Testing

/// What the host app does to a recording: removes its file or makes it read-only, calls hooks
/// on many threads while it flushes and stops, or never stops it. The recording never crashes,
/// never waits for ever, and every event it took is readable afterwards.
@Suite struct HostFaultTests {
  private func recording(
    at path: String, options: RecordingOptions
  ) throws -> Recording {
    try Recording(sink: TraceFileSink(path: path, checkpointInterval: 4_096), options: options)
  }

  private func mark(_ recording: Recording, _ range: Range<Int>) {
    for index in range { recording.recorder.mark("m\(index)") }
  }

  /// Expects the file at `path` to be a closed trace of the marks `m0` to `m<count - 1>`, in
  /// order and numbered from 1, whose checkpoints agree with a replay.
  private func expectEveryMark(
    in path: String, count: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let inspection = try TraceReader(path: path).inspect(checkingCheckpoints: true)
    #expect(inspection.isIntact, sourceLocation: sourceLocation)
    #expect(inspection.trace.events.map(\.seq) == Array(1...count), sourceLocation: sourceLocation)
    #expect(
      inspection.trace.events.markLabels == (0..<count).map { "m\($0)" },
      sourceLocation: sourceLocation)
  }

  @Test func aTraceFileRemovedWhileRecordingIsWrittenAgainWithEveryEvent() throws {
    let path = TemporaryFile.url("removed", "sctrace").path
    let errors = ErrorLog()
    let recording = try recording(at: path, options: .drivenByFlushes(reportingTo: errors))
    mark(recording, 0..<1_000)
    #expect(recording.flush())
    try FileManager.default.removeItem(atPath: path)
    mark(recording, 1_000..<2_000)
    // The writer, on its next write or this flush, finds the file gone and writes it again; the
    // write it was doing fails once and is tried again (at once, by a flush).
    _ = recording.flush()
    #expect(recording.flush())
    #expect(FileManager.default.fileExists(atPath: path))
    mark(recording, 2_000..<3_000)
    #expect(recording.close())
    #expect(errors.codes == [.writeFailed])
    #expect(errors.descriptions.first?.contains("removed or replaced") == true)

    try expectEveryMark(in: path, count: 3_000)
  }

  @Test func aTraceFileRemovedJustBeforeCloseIsWrittenAgainWithEveryEvent() throws {
    let path = TemporaryFile.url("removed-at-close", "sctrace").path
    let errors = ErrorLog()
    let recording = try recording(at: path, options: .drivenByFlushes(reportingTo: errors))
    mark(recording, 0..<1_000)
    #expect(recording.flush())
    try FileManager.default.removeItem(atPath: path)
    mark(recording, 1_000..<1_500)
    // Found at close: every event is written again, and close says the file had a fault.
    #expect(!recording.close())
    #expect(errors.codes == [.writeFailed])
    try expectEveryMark(in: path, count: 1_500)
  }

  @Test func aTraceFileReplacedWhileRecordingIsWrittenAgainOverTheOtherFile() throws {
    let path = TemporaryFile.url("replaced", "sctrace").path
    let errors = ErrorLog()
    let recording = try recording(at: path, options: .drivenByFlushes(reportingTo: errors))
    mark(recording, 0..<500)
    #expect(recording.flush())
    // An app that clears its logs by moving an empty file over them.
    let empty = path + ".empty"
    #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
    #expect(rename(empty, path) == 0)
    mark(recording, 500..<1_000)
    _ = recording.flush()
    #expect(recording.close())
    #expect(errors.codes == [.writeFailed])
    try expectEveryMark(in: path, count: 1_000)
  }

  @Test func aTraceFileMadeReadOnlyWhileRecordingKeepsTakingEvents() throws {
    let path = TemporaryFile.url("read-only", "sctrace").path
    let errors = ErrorLog()
    let recording = try recording(at: path, options: .drivenByFlushes(reportingTo: errors))
    mark(recording, 0..<500)
    #expect(recording.flush())
    // The open file keeps the access it was opened with.
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
    mark(recording, 500..<1_000)
    #expect(recording.flush())
    #expect(recording.close())
    #expect(errors.codes.isEmpty)
    try expectEveryMark(in: path, count: 1_000)
  }

  @Test func hooksOnManyThreadsWhileTheHostFlushesAndStopsLoseNothingTheRecordingTook() throws {
    let path = TemporaryFile.url("threads", "sctrace").path
    let errors = ErrorLog()
    let recording = try recording(
      at: path, options: .drivenByFlushes(reportingTo: errors, capacity: 1 << 16))
    let threads = 8
    let perThread = 4_000
    let group = DispatchGroup()
    let started = DispatchSemaphore(value: 0)
    for thread in 0..<threads {
      DispatchQueue.global().async(group: group) {
        let recorder = recording.recorder
        for index in 0..<perThread {
          recorder.mark("t\(thread)-\(index)")
          if index == 100 { started.signal() }
        }
      }
    }
    // The host flushes and stops while every thread is calling hooks.
    for _ in 0..<threads { started.wait() }
    var flushes = 0
    for _ in 0..<3 where recording.flush() { flushes += 1 }
    let closed = recording.close()
    #expect(group.wait(timeout: .now() + 60) == .success)
    #expect(flushes == 3)
    #expect(closed)
    #expect(errors.codes.isEmpty)
    #expect(recording.droppedEvents == 0)

    // Hooks racing the close record nothing after it; every event the recording took is in the
    // file, in each thread's order, without a hole.
    let trace = try TraceFile.load(path: path)
    #expect(trace.isIntact)
    #expect(trace.events.map(\.seq) == Array(1...max(trace.events.count, 1)))
    var byThread: [String: [String]] = [:]
    for label in trace.events.markLabels {
      byThread[String(label.prefix { $0 != "-" }), default: []].append(label)
    }
    for (thread, labels) in byThread {
      #expect(labels == (0..<labels.count).map { "\(thread)-\($0)" })
    }
  }

  @Test func aHostThatNeverStopsTheRecordingStillHasEveryEventWritten() throws {
    let path = TemporaryFile.url("never-stopped", "sctrace").path
    let errors = ErrorLog()
    var options = RecordingOptions()
    options.flushInterval = 0.02
    options.onError = { errors.append($0) }
    do {
      // The host drops its recording without stopping it.
      let recording = try recording(at: path, options: options)
      mark(recording, 0..<1_000)
    }
    // The writer goes on flushing on its timer.
    let deadline = Date(timeIntervalSinceNow: 30)
    var read: LoadedTrace?
    while read.map({ $0.events.count < 1_000 }) ?? true, Date() < deadline {
      Thread.sleep(forTimeInterval: 0.02)
      // Until the first flush, the file holds only its header: no trace yet.
      read = try? TraceFile.load(path: path, options: ReadOptions(lenient: true))
    }
    let trace = try #require(read)
    #expect(trace.events.markLabels == (0..<1_000).map { "m\($0)" })
    #expect(errors.codes.isEmpty)
    // Never closed: the file has no index, and the reader says the trace may go on.
    #expect(!trace.isIntact)
    #expect(trace.truncation != nil)
  }
}
