import SceneTrace

extension LoadedTrace {
  /// The loss of a trace read from one file: the drops among `events`, each damaged part that
  /// lost events, the cut end after the last event, runs of skipped seqs, and the seqs the
  /// events jump over that none of those explains.
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
    loss += absence(in: tally.seqRuns, besides: loss)
    if let truncation {
      let last = max(tally.last?.seq ?? 0, skippedSeqs.last ?? 0)
      loss.append(
        LostStretch(kind: .truncated, afterSeq: last, beforeSeq: nil, message: truncation))
    }
    return loss.sorted(by: LostStretch.traceOrder)
  }

  /// The seqs that the events, in their runs of consecutive seqs (ascending), jump over where no
  /// stretch of `loss` says why: events the file does not hold, such as a JSON Lines file
  /// exported from part of a trace.
  private static func absence(
    in runs: [ClosedRange<Int>], besides loss: [LostStretch]
  ) -> [LostStretch] {
    // A damaged part whose events are not known may be any of them.
    guard loss.allSatisfy({ $0.kind != .damaged || $0.lostSeqs != nil }) else { return [] }
    // Both are in seq order: one walk over the two, not a search per jump.
    let explained = loss.compactMap(\.lostSeqs).sorted { $0.lowerBound < $1.lowerBound }
    var next = explained.startIndex
    var absent: [LostStretch] = []
    var previous = 0
    for run in runs {
      defer { previous = run.upperBound }
      let seq = run.lowerBound
      guard seq > previous + 1 else { continue }
      let jumped = (previous + 1)...(seq - 1)
      while next < explained.endIndex, explained[next].upperBound < jumped.lowerBound { next += 1 }
      guard next == explained.endIndex || !explained[next].overlaps(jumped) else { continue }
      let seqs =
        jumped.count == 1
        ? "seq \(jumped.lowerBound) is" : "seqs \(jumped.lowerBound)–\(jumped.upperBound) are"
      let place =
        previous == 0
        ? "the file starts at seq \(seq)" : "its events go from seq \(previous) to seq \(seq)"
      absent.append(
        LostStretch(
          kind: .absent, afterSeq: previous, beforeSeq: seq, lostSeqs: jumped,
          eventCount: jumped.count,
          message:
            "\(seqs) not in this file: \(place) (it holds part of a trace, or was written from "
            + "a lenient read that skipped them)"))
    }
    return absent
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
