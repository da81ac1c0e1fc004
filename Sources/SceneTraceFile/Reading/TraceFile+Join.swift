import SceneTrace

extension TraceFile {
  /// Several traces of one app, in order, as one trace.
  ///
  /// Seq continues: the events of each trace after the first get the last seq of the traces
  /// before them added to theirs. Time continues: the times of each trace after the first are
  /// shifted by its start time minus the first trace's (from their `.sctrace` headers), when
  /// both are known and that does not make time go backwards; otherwise by the time of the last
  /// event before it. A trace that already continues the ones before it (its first seq follows
  /// their last, its first time is not earlier: a recorder's `.continuing` file) is taken as
  /// is. Damage, truncation, warnings and ``LoadedTrace/loss`` are kept, each naming its file
  /// and numbered as in the joined trace; the header is the first trace's.
  public static func join(_ traces: [LoadedTrace]) throws(TraceError) -> LoadedTrace {
    guard var joined = traces.first else {
      throw TraceError(code: .emptyTrace, message: "there are no traces to join")
    }
    guard traces.count > 1 else { return joined }
    joined.path = traces.map(\.path).joined(separator: " + ")
    joined.truncation = joined.truncation.map { "\(traces[0].path): \($0)" }
    joined.warnings = joined.warnings.map { "\(traces[0].path): \($0)" }
    joined.damage = joined.damage.map { named($0, traces[0].path, seqOffset: 0) }
    joined.loss = joined.loss.map { named($0, traces[0].path, seqOffset: 0) }
    let firstStart = traces[0].header?.startWallClockNanoseconds
    for trace in traces.dropFirst() {
      let previousSeq = joined.events.last?.seq ?? 0
      let previousEnd = joined.events.last?.time.nanoseconds ?? 0
      // A file a recorder started as the continuation of the previous one already numbers its
      // events and times on from it: it is taken as it is.
      let continues =
        trace.events.first.map { $0.seq > previousSeq && $0.time.nanoseconds >= previousEnd }
        ?? false
      let seqOffset = continues ? 0 : previousSeq
      let firstSeq = trace.events.first.map { $0.seq + seqOffset }
      // A stretch that ran to the end of the previous file ends where this one starts.
      joined.loss = joined.loss.map {
        var stretch = $0
        if stretch.beforeSeq == nil { stretch.beforeSeq = firstSeq }
        return stretch
      }
      var timeOffset = continues ? 0 : previousEnd
      if !continues, let firstStart, let start = trace.header?.startWallClockNanoseconds {
        let (sinceFirst, overflow) = start.subtractingReportingOverflow(firstStart)
        if !overflow, sinceFirst > previousEnd { timeOffset = sinceFirst }
      }
      for event in trace.events {
        let (seq, seqOverflow) = event.seq.addingReportingOverflow(seqOffset)
        let (time, timeOverflow) = event.time.nanoseconds.addingReportingOverflow(timeOffset)
        guard !seqOverflow, !timeOverflow else {
          throw TraceError(
            code: .invalidValue,
            message:
              "joining \(trace.path) after the traces before it takes seq or time beyond what "
              + "a trace can hold",
            path: trace.path)
        }
        joined.events.append(Event(seq: seq, time: TraceTime(nanoseconds: time), event.payload))
      }
      if let truncation = trace.truncation {
        let text = "\(trace.path): \(truncation)"
        joined.truncation = joined.truncation.map { "\($0); \(text)" } ?? text
      }
      joined.warnings += trace.warnings.map { "\(trace.path): \($0)" }
      joined.damage += trace.damage.map { named($0, trace.path, seqOffset: seqOffset) }
      joined.loss += trace.loss.compactMap { stretch in
        continuing(stretch, after: continues ? previousSeq : 0).map {
          named($0, trace.path, seqOffset: seqOffset)
        }
      }
    }
    return joined
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
