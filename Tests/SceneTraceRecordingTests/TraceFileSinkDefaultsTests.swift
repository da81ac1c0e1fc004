import Foundation
import SceneTrace
import SceneTraceFile
import SceneTraceRecording
import SceneTraceTestSupport
import Testing

/// What a `TraceFileSink` made with its defaults writes.
@Suite struct TraceFileSinkDefaultsTests {
  @Test func defaultSinkWritesACheckpointAfterEveryFrameOfASmallState() throws {
    let file = TemporaryFile.url("defaults", "sctrace").path
    defer { try? FileManager.default.removeItem(atPath: file) }
    // Every event kept, so that the seqs below are exact; the sink's options are its defaults.
    var options = RecordingOptions()
    options.waitsWhenFull = true
    let recording = try Recording(sink: TraceFileSink(path: file), options: options)
    recording.recorder.applicationWillFinishLaunching(launch: "L1")
    for index in 1..<40_000 { recording.recorder.mark("m\(index)") }
    recording.close()

    let inspection = try TraceReader(path: file).inspect(checkingCheckpoints: true)
    #expect(inspection.isIntact)
    #expect(inspection.trace.events.count == 40_000)
    // Frames of 4096 events; a state of a few hundred bytes, a checkpoint after each frame.
    let afterEachFrame = Array(stride(from: 4096, to: 40_000, by: 4096))
    #expect(inspection.checkpoints.map(\.entry.seq) == afterEachFrame)
    #expect(inspection.checkpoints.allSatisfy { $0.status == .matches })
  }
}
