import SceneTrace
import SceneTraceRecording
import SceneTraceSimulator
import SceneTraceTesting
import Testing

@Suite("recording into memory")
struct MemoryRecordingTests {
  @Test func hooksRecordedIntoMemoryReplayWithoutAFile() throws {
    let sink = MemoryTraceSink()
    var options = RecordingOptions()
    options.waitsWhenFull = true
    let recording = try Recording(sink: sink, options: options)
    let recorder = recording.recorder
    recorder.applicationWillFinishLaunching(launch: "L1", supportsMultipleScenes: true)
    recorder.configurationForConnecting(session: "A", role: .windowApplication)
    recorder.sceneWillConnect(session: "A")
    recorder.sceneWillEnterForeground(session: "A")
    recorder.sceneDidBecomeActive(session: "A")
    // The writer thread hands events to the sink: flush before reading.
    #expect(recording.flush())

    #expect(sink.events.map(\.seq) == [1, 2, 3, 4, 5])
    let trace = ReplayedTrace(events: sink.events)
    #expect(IssueLog.collect { trace.expectNoFindings() }.isEmpty)
    #expect(trace.finalState.sessions["A"]?.scene?.state == .foregroundActive)

    #expect(recording.close())
    #expect(sink.isClosed)
    #expect(sink.events.count == 5)
  }

  @Test func aSimulatedBugRecordedIntoMemoryHasItsFinding() throws {
    let scenario = try #require(Scenario.named("setting-split-view-bug"))
    let sink = MemoryTraceSink()
    try scenario.run(into: sink)
    let trace = ReplayedTrace(events: sink.events, name: scenario.name)
    let issues = IssueLog.collect {
      trace.expectFinding("shared.stale-render")
      trace.expectFindings(scenario.expectedRules.sorted().map { ExpectedFinding($0) })
    }
    #expect(issues.map(\.message) == [])
  }

  @Test func aSinkContinuingATraceStartsAtItsPosition() throws {
    let position = TracePosition(nextSeq: 41, time: TraceTime(milliseconds: 2_000))
    let sink = MemoryTraceSink(continuing: position)
    let recording = try Recording(sink: sink, clock: { 0 })
    recording.recorder.applicationWillFinishLaunching(launch: "L2")
    #expect(recording.close())
    #expect(sink.events.map(\.seq) == [41])
    #expect(sink.events.map(\.time) == [TraceTime(milliseconds: 2_000)])
  }
}
