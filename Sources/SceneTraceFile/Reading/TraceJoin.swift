import SceneTrace

/// Traces of one app joined one after another, as ``TraceFile/join(_:)`` documents it: how the
/// seqs and times of each trace move, and what reading each one lost, named after its file and
/// numbered as in the joined trace.
///
/// It needs of a trace only its header and first event before its events move, and its last
/// event once they have: the join of loaded traces and the join of streamed files share it.
struct TraceJoin {
  /// How the events of one trace move in the joined trace.
  struct Shift {
    /// The trace's file.
    let path: String
    /// Whether the trace already continues the ones before it (its first seq follows their
    /// last, its first time is not earlier: a recorder's `.continuing` file): it is taken as is.
    let continues: Bool
    /// What its seqs move by.
    let seqOffset: Int
    /// What its times move by, in nanoseconds.
    let timeOffset: Int64
    /// The seq of the last event of the traces before it, 0 for the first.
    let previousSeq: Int
    /// The seq of its first event in the joined trace, if it has one.
    let firstSeq: Int?

    /// `events` as numbered in the joined trace; an error when that takes a seq or a time
    /// beyond what a trace can hold.
    func move(_ events: [Event]) throws(TraceError) -> [Event] {
      guard seqOffset != 0 || timeOffset != 0 else { return events }
      var moved: [Event] = []
      moved.reserveCapacity(events.count)
      for event in events {
        let (seq, seqOverflow) = event.seq.addingReportingOverflow(seqOffset)
        let (time, timeOverflow) = event.time.nanoseconds.addingReportingOverflow(timeOffset)
        guard !seqOverflow, !timeOverflow else {
          throw TraceError(
            code: .invalidValue,
            message:
              "joining \(path) after the traces before it takes seq or time beyond what a trace "
              + "can hold",
            path: path)
        }
        moved.append(Event(seq: seq, time: TraceTime(nanoseconds: time), event.payload))
      }
      return moved
    }
  }

  /// The joined trace so far, without its events: the first trace's format and header, and
  /// what reading each trace lost.
  private(set) var joined: LoadedTrace
  /// The last event of the traces added so far, as moved.
  private var last: Event?
  /// The first trace's start time, from its header.
  private var firstStart: Int64?
  private var isEmpty = true

  /// A join of the traces of `paths`, in order.
  init(paths: [String]) {
    joined = LoadedTrace(path: paths.joined(separator: " + "), events: [], loss: [])
  }

  /// How the trace of `path`, whose header is `header` and whose first event is `first`, moves
  /// after the traces added so far.
  func shift(for path: String, header: TraceHeader?, first: Event?) -> Shift {
    guard !isEmpty else {
      return Shift(
        path: path, continues: true, seqOffset: 0, timeOffset: 0, previousSeq: 0,
        firstSeq: first?.seq)
    }
    let previousSeq = last?.seq ?? 0
    let previousEnd = last?.time.nanoseconds ?? 0
    // A file a recorder started as the continuation of the previous one already numbers its
    // events and times on from it: it is taken as it is.
    let continues =
      first.map { $0.seq > previousSeq && $0.time.nanoseconds >= previousEnd } ?? false
    let seqOffset = continues ? 0 : previousSeq
    var timeOffset = continues ? 0 : previousEnd
    if !continues, let firstStart, let start = header?.startWallClockNanoseconds {
      let (sinceFirst, overflow) = start.subtractingReportingOverflow(firstStart)
      if !overflow, sinceFirst > previousEnd { timeOffset = sinceFirst }
    }
    let firstSeq = first.flatMap { first in
      let (seq, overflow) = first.seq.addingReportingOverflow(seqOffset)
      return overflow ? nil : seq
    }
    return Shift(
      path: path, continues: continues, seqOffset: seqOffset, timeOffset: timeOffset,
      previousSeq: previousSeq, firstSeq: firstSeq)
  }

  /// Adds what reading `trace` found besides its events, which moved by `shift`; `last` is the
  /// last of them as moved, nil when it has none.
  mutating func add(_ trace: LoadedTrace, shift: Shift, last: Event?) {
    defer {
      isEmpty = false
      if let last { self.last = last }
    }
    let path = trace.path
    if isEmpty {
      joined.format = trace.format
      joined.header = trace.header
      firstStart = trace.header?.startWallClockNanoseconds
    } else {
      // A stretch that ran to the end of the previous file ends where this one starts.
      joined.loss = joined.loss.map {
        var stretch = $0
        if stretch.beforeSeq == nil { stretch.beforeSeq = shift.firstSeq }
        return stretch
      }
    }
    if let truncation = trace.truncation {
      let text = "\(path): \(truncation)"
      joined.truncation = joined.truncation.map { "\($0); \(text)" } ?? text
    }
    joined.warnings += trace.warnings.map { "\(path): \($0)" }
    joined.damage += trace.damage.map { Self.named($0, path, seqOffset: shift.seqOffset) }
    guard !isEmpty else {
      joined.loss += trace.loss.map { Self.named($0, path, seqOffset: 0) }
      return
    }
    joined.loss += trace.loss.compactMap { stretch in
      Self.continuing(stretch, after: shift.continues ? shift.previousSeq : 0).map {
        Self.named($0, path, seqOffset: shift.seqOffset)
      }
    }
  }

  /// `stretch` of a file whose seqs go on from `previousSeq`, the last of the files before it:
  /// the seqs before its first event that those files hold are not absent from the joined trace.
  private static func continuing(_ stretch: LostStretch, after previousSeq: Int) -> LostStretch? {
    guard stretch.kind == .absent, stretch.afterSeq == 0, let lost = stretch.lostSeqs else {
      return stretch
    }
    guard lost.upperBound > previousSeq else { return nil }
    var clipped = stretch
    clipped.afterSeq = previousSeq
    clipped.lostSeqs = max(lost.lowerBound, previousSeq + 1)...lost.upperBound
    clipped.eventCount = clipped.lostSeqs?.count
    return clipped
  }

  /// `stretch` saying which file it is in, with its seqs as numbered in the joined trace.
  private static func named(_ stretch: LostStretch, _ path: String, seqOffset: Int)
    -> LostStretch
  {
    var named = stretch
    named.message = "in \(path): \(stretch.message)"
    guard seqOffset > 0 else { return named }
    named.afterSeq += seqOffset
    named.beforeSeq = stretch.beforeSeq.map { $0 + seqOffset }
    if let lost = stretch.lostSeqs, lost.upperBound <= Int.max - seqOffset {
      named.lostSeqs = (lost.lowerBound + seqOffset)...(lost.upperBound + seqOffset)
    }
    return named
  }

  /// `damage` saying which file it is in, with its lost seqs as numbered in the joined trace.
  private static func named(_ damage: TraceDamage, _ path: String, seqOffset: Int) -> TraceDamage {
    var named = damage
    named.message = "in \(path): \(damage.message)"
    if let lost = damage.lostSeqs, lost.upperBound <= Int.max - seqOffset {
      named.lostSeqs = (lost.lowerBound + seqOffset)...(lost.upperBound + seqOffset)
    }
    return named
  }
}
