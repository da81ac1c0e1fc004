import SceneTrace

/// The seq and time of every event of a trace, in the order they were appended: what a timeline
/// places its findings and losses by, and what `--from` and `--to` are looked up in.
///
/// The seqs are held as runs of consecutive seqs (a trace's seqs run on but where events were
/// lost), the times in chunks of a fixed size, each made once with room for all of its own, and
/// each time as its gap from the one before in 4 bytes (``TimeChunk``): an array of every seq
/// and one of every time took 160 MB for 10^7 events, and grew by copying; whole times in
/// chunks, 80 MB.
package struct SeqTimes: RandomAccessCollection {
  /// Where each run of consecutive seqs starts: its first seq and that event's index.
  private var runs: [(seq: Int, index: Int)] = []
  /// The times, ``TimeChunk/capacity`` to a chunk; each chunk but the last full.
  private var chunks: [TimeChunk] = []
  package private(set) var count = 0

  package init() {}

  package var startIndex: Int { 0 }
  package var endIndex: Int { count }

  /// Appends an event's seq and time.
  package mutating func append(seq: Int, time: TraceTime) {
    if let run = runs.last, run.seq + (count - run.index) == seq {
      // The run goes on.
    } else {
      runs.append((seq, count))
    }
    if count % TimeChunk.capacity == 0 {
      chunks.append(TimeChunk(first: time))
    } else {
      chunks[chunks.count - 1].append(time)
    }
    count += 1
  }

  /// The seq and time of the event at `index`.
  package subscript(index: Int) -> (seq: Int, time: TraceTime) {
    (seq(at: index), time(at: index))
  }

  /// The seq of the event at `index`.
  package func seq(at index: Int) -> Int {
    precondition(index >= 0 && index < count, "an index past the events")
    // The last run that starts at or before the index.
    let run = runs[runs.partitioningIndex { $0.index > index } - 1]
    return run.seq + (index - run.index)
  }

  /// The time of the event at `index`.
  package func time(at index: Int) -> TraceTime {
    chunks[index / TimeChunk.capacity].time(at: index % TimeChunk.capacity)
  }

  /// The time of the last event whose seq is at most `seq`, if any: the seqs must ascend.
  package func time(atOrBefore seq: Int) -> TraceTime? {
    lastIndex(atOrBefore: seq).map(time(at:))
  }

  /// The index of the last event whose seq is at most `seq`, if any: the seqs must ascend.
  package func lastIndex(atOrBefore seq: Int) -> Int? {
    let after = runs.partitioningIndex { $0.seq > seq }
    guard after > 0 else { return nil }
    let run = runs[after - 1]
    // The run ends where the next begins, or at the last event.
    let end = after < runs.count ? runs[after].index : count
    return Swift.min(run.index + (seq - run.seq), end - 1)
  }
}

/// The times of up to ``capacity`` events in a row, made once with room for all of them: each
/// as its gap from the time before in 4 bytes, and every ``stride``-th time whole, so that a
/// time is the whole one at or before it and at most `stride - 1` gaps. A gap that 4 bytes do
/// not hold (a pause of 4.3 s or more, or a time before the one before) turns the chunk into
/// its times whole, as they were all held before.
private struct TimeChunk {
  static var capacity: Int { 1 << 12 }
  static var stride: Int { 64 }

  /// Every ``stride``-th time, from the first.
  private var marks: [TraceTime]
  /// Each time less the one before; the first of each stride's is never read. Empty once the
  /// chunk is whole.
  private var gaps: [UInt32]
  /// Every time, once a gap did not fit; empty until then.
  private var whole: [TraceTime] = []
  /// The last time appended.
  private var last: TraceTime
  private var count = 1

  init(first: TraceTime) {
    marks = [first]
    marks.reserveCapacity(Self.capacity / Self.stride)
    gaps = [0]
    gaps.reserveCapacity(Self.capacity)
    last = first
  }

  mutating func append(_ time: TraceTime) {
    defer { (last, count) = (time, count + 1) }
    guard whole.isEmpty else { return whole.append(time) }
    let (gap, overflow) = time.nanoseconds.subtractingReportingOverflow(last.nanoseconds)
    guard !overflow, gap >= 0, gap <= Int64(UInt32.max) else {
      var times = (0..<count).map(time(at:))
      times.reserveCapacity(Self.capacity)
      times.append(time)
      (whole, marks, gaps) = (times, [], [])
      return
    }
    if count % Self.stride == 0 { marks.append(time) }
    gaps.append(UInt32(gap))
  }

  func time(at index: Int) -> TraceTime {
    guard whole.isEmpty else { return whole[index] }
    let start = index - index % Self.stride
    var nanoseconds = marks[start / Self.stride].nanoseconds
    for gap in gaps[(start + 1)..<(index + 1)] { nanoseconds += Int64(gap) }
    return TraceTime(nanoseconds: nanoseconds)
  }
}
