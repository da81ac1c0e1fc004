import SceneTrace
import SceneTraceFile
import SceneTraceTestSupport
import SceneTraceText
import Testing

/// A timeline keeps every event's seq and time as runs of seqs and chunks of times
/// (`SeqTimes`), and merges its findings' marks into its events' rather than sorting them
/// together: both must answer as the arrays and the sort they replace.
@Suite struct SeqTimesTests {
  @Test(arguments: [0x5E9_7100, 0x5E9_7101, 0x5E9_7102] as [UInt64])
  func seqsAndTimesReadAsTheArraysOfThem(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var (seqs, times) = ([Int](), [TraceTime]())
    var seqTimes = SeqTimes()
    var seq = Int.random(in: -3...3, using: &random)
    // Past the chunks of times (65,536 a chunk), with runs of every length between gaps.
    for _ in 0..<150_000 {
      switch Int.random(in: 0..<100, using: &random) {
      case 0: seq += Int.random(in: 2...40, using: &random)
      case 1: seq += Int.random(in: 41...100_000, using: &random)
      default: seq += 1
      }
      let time = TraceTime(nanoseconds: Int64.random(in: 0...1 << 40, using: &random))
      seqs.append(seq)
      times.append(time)
      seqTimes.append(seq: seq, time: time)
    }
    #expect(seqTimes.count == seqs.count)
    #expect(seqTimes.map(\.seq) == seqs)
    #expect(seqTimes.map(\.time) == times)
    #expect(seqTimes.indices.allSatisfy { seqTimes.time(at: $0) == times[$0] })
    // Before the first seq, at each, in the gaps between runs, past the last.
    var queries = [seqs[0] - 1, seqs[0], seqs[seqs.count - 1], seqs[seqs.count - 1] + 5]
    for _ in 0..<5_000 {
      let index = Int.random(in: 0..<seqs.count, using: &random)
      queries.append(seqs[index] + Int.random(in: -50...50, using: &random))
    }
    for query in queries {
      let expected = seqs.partitioningIndex { $0 > query } - 1
      #expect(seqTimes.lastIndex(atOrBefore: query) == (expected >= 0 ? expected : nil))
      #expect(seqTimes.time(atOrBefore: query) == (expected >= 0 ? times[expected] : nil))
    }
  }

  @Test func noEventsHaveNoSeqs() {
    let seqTimes = SeqTimes()
    #expect(seqTimes.isEmpty)
    #expect(seqTimes.lastIndex(atOrBefore: .max) == nil)
  }

  /// The marks are in seq order; at one seq the event's own mark comes before its findings;
  /// the findings are the replay's and the losses', in report order.
  @Test(arguments: [0x5E9_7200, 0x5E9_7201, 0x5E9_7202, 0x5E9_7203] as [UInt64])
  func findingsAreMergedIntoTheEventsMarks(seed: UInt64) {
    var random = RandomEvents(seed: seed, identifiers: ["A", "B", "C"])
    let events = random.events(count: 3_000)
    let loss = LostStretch.drops(in: events)
    let timeline = Timeline(events: events, loss: loss)
    let expected = (Replay.run(events).findings + loss.map(\.finding))
      .sorted(by: Finding.reportOrder)
    #expect(expected.count > 100, "seed \(seed): too few findings to say anything")
    #expect(timeline.findings == expected)
    let marks = timeline.marks
    #expect(marks.count > expected.count)
    for (mark, next) in zip(marks, marks.dropFirst()) {
      #expect(mark.seq <= next.seq)
      if mark.seq == next.seq, case .finding = mark.kind {
        guard case .finding = next.kind else {
          Issue.record("seed \(seed): an event's mark after a finding at seq \(mark.seq)")
          continue
        }
      }
    }
  }
}
