import Foundation
import SceneTrace
import SceneTraceFile
import SceneTraceRecording
import SceneTraceSimulator
import SceneTraceTestSupport
import Testing

/// Scenarios recorded through the whole recording path into `.sctrace` files.
@Suite struct ScenarioFileTests {
  static let scenarios = Scenario.all.map(\.name).filter {
    !["typing-with-shortcuts", "window-switching"].contains($0)
  }

  private func temporaryPath(_ name: String) -> String {
    TemporaryFile.url(name, "sctrace").path
  }

  @Test(arguments: scenarios)
  func everyScenarioFileVerifiesAndHoldsExactlyTheRecordedEvents(name: String) throws {
    let scenario = try #require(Scenario.named(name))
    let path = temporaryPath(name)
    try scenario.run(
      into: TraceFileSink(path: path, appName: "ExampleApp", checkpointInterval: 16_384))
    let inspection = try TraceReader(path: path).inspect(checkingCheckpoints: true)
    #expect(inspection.isIntact)
    #expect(inspection.checkpoints.allSatisfy { $0.status == .matches })
    #expect(inspection.trace.events == (try events(of: scenario)))
  }

  @Test func aLaunchInANewFileContinuesTheEarlierFilesSeqAndTime() throws {
    let first = temporaryPath("first")
    let second = temporaryPath("second")
    let one = try Recording(sink: TraceFileSink(path: first))
    one.recorder.applicationWillFinishLaunching(launch: "L1")
    one.recorder.sceneWillConnect(session: "A")
    one.close()
    let two = try Recording(sink: TraceFileSink(path: second, mode: .continuing(after: first)))
    two.recorder.applicationWillFinishLaunching(launch: "L2")
    two.close()
    let earlier = try TraceFile.load(path: first).events
    let later = try TraceFile.load(path: second).events
    #expect(later.map(\.seq) == [3])
    #expect(try #require(later.first).time >= (try #require(earlier.last).time))
    let joined = try TraceFile.join([
      try TraceFile.load(path: first), try TraceFile.load(path: second),
    ])
    #expect(joined.events.map(\.seq) == [1, 2, 3])
  }
}
