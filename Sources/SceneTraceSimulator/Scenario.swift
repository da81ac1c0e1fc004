import SceneTrace
import SceneTraceRecording

/// A scripted run of the simulated system and the example app: a named, repeatable trace.
public struct Scenario: Sendable {
  /// The name `replay simulate` takes.
  public var name: String
  /// What the trace shows, in one line.
  public var summary: String
  /// The bugs the example app has in this run.
  public var bugs: ExampleApp.Bugs
  /// The rules the trace breaks: empty for a run of the careful app, unless the system itself
  /// breaks one (a discard that names a live session).
  public var expectedRules: Set<RuleID>
  /// The system the scenario runs on.
  public var environment: SimulatedEnvironment
  /// The script: what the user does.
  public var script: @Sendable (SimulatedSystem) -> Void

  /// Creates a scenario.
  public init(
    name: String, summary: String, bugs: ExampleApp.Bugs = [], expectedRules: Set<RuleID> = [],
    environment: SimulatedEnvironment = .iPadOS17,
    script: @escaping @Sendable (SimulatedSystem) -> Void
  ) {
    self.name = name
    self.summary = summary
    self.bugs = bugs
    self.expectedRules = expectedRules
    self.environment = environment
    self.script = script
  }

  /// Runs the scenario, recording into `sink`, and closes the recording.
  public func run(into sink: sending some TraceSink) throws(RecorderError) {
    let clock = VirtualClock()
    var options = RecordingOptions()
    options.waitsWhenFull = true
    let recording = try Recording(sink: sink, options: options, clock: { clock.now })
    let app = ExampleApp(recorder: recording.recorder, bugs: bugs)
    let system = SimulatedSystem(app: app, environment: environment)
    clock.follow(system)
    script(system)
    clock.stopFollowing()
    recording.close()
  }

  /// The scenario named `name`, if there is one.
  public static func named(_ name: String) -> Scenario? {
    all.first { $0.name == name }
  }
}

/// The simulated system's virtual clock, as the recording reads it from its hooks.
final class VirtualClock: @unchecked Sendable {
  private weak var system: SimulatedSystem?

  /// Nanoseconds of virtual time.
  var now: UInt64 { system?.now ?? 0 }

  func follow(_ system: SimulatedSystem) { self.system = system }
  func stopFollowing() { system = nil }
}
