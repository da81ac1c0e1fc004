import SceneTrace

/// The seq and time of every event of a trace, in the order they were appended: what a timeline
/// places its findings and losses by, and what `--from` and `--to` are looked up in.
///
/// The seqs are held as runs of consecutive seqs (a trace's seqs run on but where events were
/// lost), the times in chunks of a fixed size, each made once with room for all of its own: an
/// array of every seq and one of every time took 160 MB for 10^7 events, and grew by copying.
package struct SeqTimes: RandomAccessCollection {
  /// Where each run of consecutive seqs starts: its first seq and that event's index.
  private var runs: [(seq: Int, index: Int)] = []
  /// The times, ``chunkSize`` to a chunk; each chunk but the last full.
  private var chunks: [[TraceTime]] = []
  package private(set) var count = 0

  private static var chunkSize: Int { 1 << 16 }

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
    if count % Self.chunkSize == 0 {
      chunks.append([])
      chunks[chunks.count - 1].reserveCapacity(Self.chunkSize)
    }
    chunks[chunks.count - 1].append(time)
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
    chunks[index / Self.chunkSize][index % Self.chunkSize]
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
