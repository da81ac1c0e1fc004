import SceneTrace

extension LoadedTrace {
  /// The loss of a trace read from one file: the drops among `events`, each damaged part that
  /// lost events, the cut end after the last event, and runs of skipped seqs.
  static func loss(
    events: [Event], damage: [TraceDamage], truncation: String?, skippedSeqs: [Int],
    warnings: [String]
  ) -> [LostStretch] {
    loss(
      of: EventTally(events), damage: damage, truncation: truncation, skippedSeqs: skippedSeqs,
      warnings: warnings)
  }

  /// The loss of a trace read from one file, from the `tally` of its events.
  static func loss(
    of tally: EventTally, damage: [TraceDamage], truncation: String?, skippedSeqs: [Int],
    warnings: [String]
  ) -> [LostStretch] {
    var loss = tally.drops
    for part in damage where part.losesEvents || part.needsLibZstd {
      if let lost = part.lostSeqs {
        loss.append(
          LostStretch(
            kind: .damaged, afterSeq: lost.lowerBound - 1,
            beforeSeq: tally.firstSeq(after: lost.upperBound), lostSeqs: lost,
            byteOffset: part.byteOffset, eventCount: lost.count, message: part.description))
      } else {
        // Where its events were is not known: it counts as covering the whole file.
        loss.append(
          LostStretch(
            kind: .damaged, afterSeq: 0, beforeSeq: nil, byteOffset: part.byteOffset,
            message: part.description + "; which events it held is not known"))
      }
    }
    for run in runs(of: skippedSeqs) {
      let count = run.count
      let warning = warnings.first {
        $0.contains("(it keeps seq \(run.lowerBound))") || $0.hasPrefix("seq \(run.lowerBound):")
      }
      let plural = count == 1 ? "an event" : "\(count) events"
      loss.append(
        LostStretch(
          kind: .skipped, afterSeq: run.lowerBound - 1,
          beforeSeq: tally.firstSeq(after: run.upperBound), lostSeqs: run, eventCount: count,
          message: count == 1 && warning != nil
            ? warning ?? ""
            : "skipped \(plural) of a type this version does not know (read leniently), "
              + "seq \(run.lowerBound)–\(run.upperBound)"))
    }
    if let truncation {
      let last = max(tally.last?.seq ?? 0, skippedSeqs.last ?? 0)
      loss.append(
        LostStretch(kind: .truncated, afterSeq: last, beforeSeq: nil, message: truncation))
    }
    return loss.sorted(by: LostStretch.traceOrder)
  }

  /// `seqs` (ascending) as runs of consecutive seqs.
  private static func runs(of seqs: [Int]) -> [ClosedRange<Int>] {
    var runs: [ClosedRange<Int>] = []
    for seq in seqs {
      if let last = runs.last, seq == last.upperBound + 1 {
        runs[runs.count - 1] = last.lowerBound...seq
      } else {
        runs.append(seq...seq)
      }
    }
    return runs
  }
}
