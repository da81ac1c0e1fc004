import SceneTrace
import SceneTraceRecording
import Testing

/// A clock that goes back or jumps ahead: the trace's times never go back and never overflow,
/// and the fault reaches the app and the trace.
@Suite struct ClockFaultTests {
  private func record(
    _ steps: (ManualClock, SceneTraceRecorder) -> Void
  ) throws -> (events: [Event], errors: ErrorLog) {
    let sink = ControllableSink()
    let clock = ManualClock()
    let errors = ErrorLog()
    let recording = try Recording(
      sink: sink, options: .drivenByFlushes(reportingTo: errors), clock: { clock.read() })
    steps(clock, recording.recorder)
    #expect(recording.close())
    return (sink.events, errors)
  }

  /// Marks "before" at 5 ms, then `fault`, then "after", then "later" 1 ms on.
  private func record(around fault: @escaping (ManualClock) -> Void) throws -> (
    events: [Event], errors: ErrorLog
  ) {
    try record { clock, recorder in
      clock.advance(nanoseconds: 5_000_000)
      recorder.mark("before")
      fault(clock)
      recorder.mark("after")
      clock.advance(nanoseconds: 1_000_000)
      recorder.mark("later")
    }
  }

  @Test func aClockThatGoesBackHoldsTimeAndGoesOnAtItsPace() throws {
    let (events, errors) = try record { $0.goBack(nanoseconds: 10_000_000_000) }
    #expect(events.map(\.time.nanoseconds) == [5_000_000, 5_000_000, 5_000_000, 6_000_000])
    #expect(events.map(\.seq) == [1, 2, 3, 4])
    #expect(
      events.markLabels == [
        "before",
        "SceneTrace: the clock went back 10 s; the trace's times hold still there instead of "
          + "going back",
        "after", "later",
      ])
    #expect(errors.codes == [.clockFault])
  }

  @Test func aClockThatJumpsAheadNeitherSaturatesNorStopsTime() throws {
    let (events, errors) = try record { $0.advance(nanoseconds: UInt64(Int64.max)) }
    #expect(events.map(\.time.nanoseconds) == [5_000_000, 5_000_000, 5_000_000, 6_000_000])
    #expect(events.markLabels[1].hasPrefix("SceneTrace: the clock jumped ahead 9223372036.8"))
    #expect(errors.codes == [.clockFault])
  }

  @Test func aClockReadOutOfOrderByThreadsIsNoFault() throws {
    // 2 ms back, as a thread that read the clock before another and appended after it.
    let (events, errors) = try record { $0.goBack(nanoseconds: 2_000_000) }
    #expect(events.map(\.time.nanoseconds) == [5_000_000, 5_000_000, 5_000_000])
    #expect(errors.codes.isEmpty)
  }

  @Test func aClockThatKeepsFaultingIsReportedABoundedNumberOfTimes() throws {
    let (events, errors) = try record { clock, recorder in
      for index in 0..<100 {
        clock.goBack(nanoseconds: 5_000_000_000)
        recorder.mark("m\(index)")
      }
    }
    #expect(errors.codes.count == 16)
    #expect(errors.messages.last?.hasSuffix("corrected without being reported") == true)
    #expect(events.count == 100 + 16)
    #expect(events.allSatisfy { $0.time == .zero })
  }
}
