import SceneTrace
import SceneTraceFile

/// The size of events as JSON Lines (the export form), from the lines of some of them: making
/// an event's line costs several times what reading the event from a `.sctrace` frame does
/// (about 8,000 instructions on the mixed session of `tools/bench`), so the size of a long
/// trace is estimated from a sample, each type's count times that type's mean.
struct JSONLinesSizeSample {
  /// How many of each type were measured, and the bytes of their lines.
  private var measured: [EventType: (events: Int, bytes: Int)] = [:]
  /// The bytes of every line measured, with its newline.
  private(set) var bytes = 0
  private var count = 0

  /// Measures `event`'s line.
  mutating func measure(_ event: Event) {
    measure(event.type, bytes: event.jsonLine.utf8.count + 1)
  }

  /// Counts a line of `bytes` bytes (with its newline) of an event of `type`.
  mutating func measure(_ type: EventType, bytes: Int) {
    measured[type, default: (0, 0)].events += 1
    measured[type, default: (0, 0)].bytes += bytes
    self.bytes += bytes
    count += 1
  }

  /// The size of events that number `eventsPerType` of each type: each type's count times the
  /// mean size of the type's lines measured (the mean of them all for a type none of them has).
  func estimate(eventsPerType: [EventType: Int]) -> Int {
    let mean = Double(bytes) / Double(max(count, 1))
    var estimate = 0.0
    for (type, count) in eventsPerType {
      let size = measured[type].map { Double($0.bytes) / Double($0.events) } ?? mean
      estimate += Double(count) * size
    }
    return Int(estimate.rounded())
  }
}

/// The size as JSON Lines of events that come a batch at a time, how many not known before the
/// end: every event is measured while they are few, then one at even steps, the step doubling
/// whenever twice ``TraceSummary/measuredEventLimit`` have been measured, so that between that
/// many and twice as many spread evenly through them are measured, as `replay info` measures.
struct StreamedJSONLinesSize {
  /// The measured events' types and line sizes, in order: those whose position is a multiple
  /// of `step`.
  private var samples: [(type: EventType, bytes: Int)] = []
  private var step = 1
  private var count = 0
  private var eventsPerType: [EventType: Int] = [:]

  /// Counts `events`, which follow those counted before.
  mutating func add(_ events: [Event]) {
    for event in events {
      eventsPerType[event.type, default: 0] += 1
      defer { count += 1 }
      guard count % step == 0 else { continue }
      samples.append((event.type, event.jsonLine.utf8.count + 1))
      if samples.count == 2 * TraceSummary.measuredEventLimit {
        samples = stride(from: 0, to: samples.count, by: 2).map { samples[$0] }
        step *= 2
      }
    }
  }

  /// The size in bytes, and whether it is exact: counted when every event was measured.
  var size: (bytes: Int, isExact: Bool) {
    var sample = JSONLinesSizeSample()
    for (type, bytes) in samples { sample.measure(type, bytes: bytes) }
    guard step > 1 else { return (sample.bytes, true) }
    return (sample.estimate(eventsPerType: eventsPerType), false)
  }
}
