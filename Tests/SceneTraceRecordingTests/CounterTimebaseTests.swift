import Foundation
import SceneTrace
import Testing

@testable import SceneTraceRecording

/// The time-stamp counter's counts become the monotonic clock's nanoseconds: from anchors with
/// the jitter of real reads, and in a recording whose hooks read the counter.
@Suite struct CounterTimebaseTests {
  /// A counter at 2.5 counts a nanosecond from a large start; anchors 0.2 to 2.2 ms apart, each
  /// read up to 40 ns off, over a recording of a minute. The counts of each round (between its
  /// anchor and the one before, and a few after it) come back within the anchors' error.
  @Test(arguments: [UInt64(7), 8, 9])
  func countsBecomeTheClocksNanosecondsWithinTheAnchorsError(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let start: UInt64 = 1 << 40
    let countAt = { (nanoseconds: UInt64) in 987_654_321_000 + nanoseconds * 5 / 2 }
    func anchor(at nanoseconds: UInt64) -> CounterTimebase.Anchor {
      let jitter = Int64(random.next() % 81) - 40
      return CounterTimebase.Anchor(
        count: countAt(nanoseconds), nanoseconds: UInt64(Int64(nanoseconds) + jitter))
    }
    var timebase = CounterTimebase(origin: anchor(at: start))
    var now = start
    var worst: Int64 = 0
    while now < start + 60_000_000_000 {
      let before = now
      now += 200_000 + random.next() % 2_000_000
      timebase.add(anchor(at: now))
      for _ in 0..<20 {
        let moment = before + random.next() % (now + 200_000 - before)
        let error = Int64(timebase.nanoseconds(countAt(moment))) - Int64(moment)
        worst = max(worst, abs(error))
      }
    }
    #expect(worst <= 150, "the worst error was \(worst) ns")
    #expect(abs(timebase.nanosecondsPerCount - 0.4) < 1e-9)
  }

  @Test func untilASecondAnchorEveryCountIsTheFirstAnchorsTime() {
    let origin = CounterTimebase.Anchor(count: 1_000, nanoseconds: 5_000)
    var timebase = CounterTimebase(origin: origin)
    let counts: [UInt64] = [0, 999, 1_000, 1_001, .max]
    #expect(counts.map(timebase.nanoseconds) == Array(repeating: 5_000, count: 5))
    // Neither a counter nor a clock that did not move says anything of the rate.
    timebase.add(CounterTimebase.Anchor(count: 1_000, nanoseconds: 9_000))
    timebase.add(CounterTimebase.Anchor(count: 3_000, nanoseconds: 5_000))
    timebase.add(CounterTimebase.Anchor(count: 900, nanoseconds: 4_000))
    #expect(timebase.latest == origin)
    #expect(timebase.nanoseconds(2_000) == 5_000)
    timebase.add(CounterTimebase.Anchor(count: 3_000, nanoseconds: 6_000))
    #expect(timebase.nanoseconds(2_000) == 5_500)
    #expect(timebase.nanoseconds(5_000) == 7_000)
  }

  /// A writer taken off its core between its two reads of the counter (4 ms, here at the first
  /// try or at all but one) does not move the anchor: the try whose counts lie closest is
  /// kept. The counter runs at 3 counts a nanosecond and each read takes 20 ns, so a try that
  /// ran through holds the count of its clock's reading exactly; the first try alone would be
  /// 2 ms off.
  @Test(arguments: [[0], [0, 1, 3]])
  func anAnchorKeepsTheTryWhoseCountsLieClosest(interruptedTries: [Int]) {
    var now: UInt64 = 1_000_000
    var tries = 0
    let anchor = TimestampCounter.anchor(
      counter: {
        defer { now += 20 }
        return now * 3
      },
      clock: {
        defer {
          now += 20
          if interruptedTries.contains(tries) { now += 4_000_000 }
          tries += 1
        }
        return now
      })
    #expect(tries == TimestampCounter.anchorTries)
    #expect(anchor.count == anchor.nanoseconds * 3)
  }

  /// Counts far from every anchor are clamped to the clock's range rather than wrapped.
  @Test func countsFarFromTheAnchorsStayInTheClocksRange() {
    var timebase = CounterTimebase(origin: .init(count: 1 << 62, nanoseconds: 1_000))
    timebase.add(.init(count: (1 << 62) + 1_000, nanoseconds: 1_000_000))
    #expect(timebase.nanoseconds(0) == 0)
    #expect(timebase.nanoseconds((1 << 62) + (1 << 61)) == UInt64(Int64.max))
  }

  /// Events a recording stamps, by each way hooks read the system clock here, lie where the
  /// clock was read around their hooks: a counter taken at the wrong rate would put the last
  /// of them milliseconds off.
  @Test(arguments: [HookClock.system, .timestampCounter])
  func hooksStampEventsAtTheClocksTime(clock: HookClock) throws {
    if case .timestampCounter = clock, !TimestampCounter.keepsTheSystemClock { return }
    let sink = MemoryTraceSink()
    let recording = try Recording(sink: sink, options: RecordingOptions(), hookClock: clock)
    var around: [(before: UInt64, after: UInt64)] = []
    for index in 0..<8 {
      let before = HookClock.systemReading()
      recording.recorder.mark("m\(index)")
      around.append((before, HookClock.systemReading()))
      Thread.sleep(forTimeInterval: 0.003)
    }
    #expect(recording.close())
    let times = sink.events.filter {
      if case .appMark = $0.payload { true } else { false }
    }.map(\.time.nanoseconds)
    try #require(times.count == 8)
    // Measured from the first event: within what the clock read around the two hooks, give or
    // take a few microseconds of the counter's conversion.
    let tolerance: Int64 = 5_000
    for index in 1..<8 {
      let elapsed = times[index] - times[0]
      let least = Int64(around[index].before) - Int64(around[0].after) - tolerance
      let most = Int64(around[index].after) - Int64(around[0].before) + tolerance
      #expect((least...most).contains(elapsed), "event \(index): \(elapsed) ns")
    }
  }
}
