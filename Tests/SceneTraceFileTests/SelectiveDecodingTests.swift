import SceneTrace
import SceneTraceTestSupport
import Testing

@testable import SceneTraceFile

/// A frame decoded for some of its events only (the events a report shows): the events it
/// makes are exactly those of the whole decoding that it selects, whichever they are, so that
/// reading past the others (`skipBody(of:)`) reads every byte the decoder reads and keeps what
/// later events refer to: strings first written in a skipped event, a pointer sample's position
/// coded against a skipped one.
@Suite struct SelectiveDecodingTests {
  /// Selects each seq with the same chance, drawn from a seeded generator for that seq, so that
  /// it answers the same whenever asked: a decoding asks of some seqs only, and reads past the
  /// samples up to the next seq it may select without asking of each.
  private struct RandomSelection: EventSelection {
    static var selectsEvery: Bool { false }
    let seed: UInt64
    let chance: Double
    var lastSeq = Int.max
    private(set) var asked: [Int] = []

    init(seed: UInt64, chance: Double) {
      self.seed = seed
      self.chance = chance
    }

    /// Whether `seq` is selected.
    func isSelected(_ seq: Int) -> Bool {
      var random = SplitMix64(seed: seed ^ UInt64(truncatingIfNeeded: seq) &* 0x9E37_79B9_7F4A_7C15)
      return Double(random.next() >> 11) / Double(1 << 53) < chance
    }

    mutating func selects(_ seq: Int) -> Bool {
      asked.append(seq)
      return isSelected(seq)
    }

    /// The next seq selected, or one 10,000 after `seq` (which may be made, as far as the
    /// decoding knows), past the frames of these tests.
    func nextSelected(after seq: Int) -> Int {
      var next = seq + 1
      while next < seq + 10_000, !isSelected(next) { next += 1 }
      return next
    }
  }

  /// The content of one frame holding `events`.
  private static func content(_ events: [Event]) -> [UInt8] {
    var encoder = EventFrameEncoder(firstSeq: events[0].seq)
    for event in events { encoder.encode(event) }
    return encoder.takeBytes()
  }

  /// Random events, and long runs of pointer samples in a few scenes (read past in a loop of
  /// their own up to the next seq selected).
  private static func traces(seed: UInt64) -> [[Event]] {
    var randomEvents = RandomEvents(seed: seed)
    return [
      randomEvents.events(count: 3000),
      CompactReplayTests.pointerHeavyTrace(seed: seed, count: 3000, sessions: 3, stickiness: 80),
    ]
  }

  @Test(arguments: [1, 2, 3, 42, 0xDEAD_BEEF] as [UInt64])
  func aSelectionMakesTheSelectedEventsOfTheWholeDecoding(seed: UInt64) throws {
    for events in Self.traces(seed: seed) {
      let content = Self.content(events)
      let whole = EventFrameDecoder.decode(content, lenient: false)
      #expect(whole.failure == nil)
      #expect(whole.events == events)
      for chance in [0, 0.002, 0.05, 0.5, 0.95] {
        var selection = RandomSelection(seed: seed &+ 7, chance: chance)
        let selected = EventFrameDecoder.decode(content, lenient: false, selecting: &selection)
        #expect(selected.failure == nil, "chance \(chance)")
        let expected = events.filter { selection.isSelected($0.seq) }
        #expect(selected.events == expected, "chance \(chance)")
        #expect(selected.firstSeq == whole.firstSeq && selected.lastSeq == whole.lastSeq)
        // Asked in order, of every seq it made.
        #expect(selection.asked == selection.asked.sorted(), "chance \(chance)")
        #expect(Set(expected.map(\.seq)).isSubset(of: selection.asked), "chance \(chance)")
      }
    }
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func aSelectionStopsTheDecodingAfterItsLastSeq(seed: UInt64) throws {
    for events in Self.traces(seed: seed) {
      let content = Self.content(events)
      for last in [events[0].seq - 1, events[0].seq, events[1234].seq, events[1999].seq] {
        var selection = RandomSelection(seed: seed, chance: 0.3)
        selection.lastSeq = last
        let selected = EventFrameDecoder.decode(content, lenient: false, selecting: &selection)
        #expect(selected.failure == nil)
        let upToLast = events.filter { $0.seq <= last }
        #expect(selection.asked.allSatisfy { $0 <= last }, "last \(last)")
        #expect(selected.events == upToLast.filter { selection.isSelected($0.seq) }, "last \(last)")
        #expect(selected.lastSeq == Swift.min(last, events.last!.seq), "last \(last)")
      }
    }
  }

  @Test func aPointerSampleAfterSkippedOnesHasItsPosition() {
    // Each sample's position is coded against the scene's previous one, and the session's
    // string is first written in the first event: both are read past, then needed.
    let events = (1...40).map { seq in
      Event(
        seq: seq, time: TraceTime(nanoseconds: Int64(seq) * 8_333_333),
        .pointerDrag(
          session: SessionID(seq.isMultiple(of: 2) ? "left" : "right"),
          phase: seq <= 2 ? .began : .changed, x: Double(seq) * 1.5, y: 300 - Double(seq),
          region: seq == 1 ? "canvas" : nil))
    }
    struct Last: EventSelection {
      static var selectsEvery: Bool { false }
      var lastSeq: Int { .max }
      func selects(_ seq: Int) -> Bool { seq >= 39 }
      func nextSelected(after seq: Int) -> Int { Swift.max(seq + 1, 39) }
    }
    var last = Last()
    let selected = EventFrameDecoder.decode(Self.content(events), lenient: false, selecting: &last)
    #expect(selected.events == Array(events.suffix(2)))
  }

  /// A frame decoded into a batch, whose runs of pointer samples the decoder reads in a loop of
  /// their own, gives what the same frame decoded into events gives: the events, the last seq
  /// read and the failure, whole, up to every seq, and cut after every byte (a cut inside a
  /// sample, its time or its tag, ends the run where the event decoder ends).
  @Test func runsOfSamplesDecodeIntoABatchAsIntoEvents() throws {
    let events = CompactReplayTests.pointerHeavyTrace(
      seed: 0x5EED_0A11, count: 300, sessions: 4, stickiness: 60)
    let content = Self.content(events)
    func expectAlike(_ bytes: [UInt8], through last: Int = .max, _ label: String) {
      let asEvents = EventFrameDecoder.decode(
        bytes, lenient: false, through: last, into: [Event].self)
      let asBatch = EventFrameDecoder.decode(
        bytes, lenient: false, through: last, into: EventBatch.self)
      #expect(asBatch.events.allEvents == asEvents.events, "\(label)")
      #expect(asBatch.firstSeq == asEvents.firstSeq, "\(label)")
      #expect(asBatch.lastSeq == asEvents.lastSeq, "\(label)")
      #expect(asBatch.failure?.offset == asEvents.failure?.offset, "\(label)")
      #expect(asBatch.failure?.isEndOfData == asEvents.failure?.isEndOfData, "\(label)")
      #expect(asBatch.failure?.message == asEvents.failure?.message, "\(label)")
    }
    let whole = EventFrameDecoder.decode(content, lenient: false, into: EventBatch.self)
    #expect(whole.events.allEvents == events)
    // Most samples are plain values, in runs.
    #expect(whole.events.samples.count > events.count / 2)
    for last in events.map(\.seq) { expectAlike(content, through: last, "through \(last)") }
    for length in 0..<content.count {
      expectAlike(Array(content.prefix(length)), "cut at \(length)")
    }
  }
}
