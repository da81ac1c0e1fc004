/// A stretch of a trace that could not be seen: events the recorder dropped (a `trace.gap`),
/// a damaged or missing part of a file, a cut end, events skipped because this version does
/// not know their type, or seqs a JSON Lines file jumps over.
///
/// Findings near a lost stretch may be wrong or incomplete: the events that would explain or
/// contradict them may be the lost ones. ``finding`` reports the stretch itself as a finding of
/// the rule ``RuleID/traceEventsLost``, and ``mayExplain(_:launchSeqs:)`` says which other
/// findings it may explain.
public struct LostStretch: Hashable, Sendable, CustomStringConvertible {
  /// How the events were lost.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// The recorder dropped them (a `trace.gap` event counts them).
    case dropped
    /// A damaged or unreadable part of a `.sctrace` file held them.
    case damaged
    /// The file ends before the recording did.
    case truncated
    /// Events of types this version does not know, skipped by a lenient read.
    case skipped
    /// Events the file does not hold: the seqs of its JSON Lines jump over them (a file written
    /// from part of a trace, or from a lenient read that skipped them).
    case absent
  }

  /// How the events were lost.
  public var kind: Kind
  /// The seq of the last event seen before the stretch; 0 when nothing was seen before it.
  public var afterSeq: Int
  /// The seq of the first event seen after the stretch; nil when the stretch runs to the end.
  public var beforeSeq: Int?
  /// The seqs the lost events held, when they had seqs and those are known (damaged frames,
  /// skipped events); recorder drops never got seqs.
  public var lostSeqs: ClosedRange<Int>?
  /// Where the lost part starts in the file, in bytes, when known.
  public var byteOffset: Int?
  /// How many events were lost, when known.
  public var eventCount: Int?
  /// What was lost and why, in one sentence.
  public var message: String

  /// Creates a lost stretch.
  package init(
    kind: Kind, afterSeq: Int, beforeSeq: Int?, lostSeqs: ClosedRange<Int>? = nil,
    byteOffset: Int? = nil, eventCount: Int? = nil, message: String
  ) {
    self.kind = kind
    self.afterSeq = afterSeq
    self.beforeSeq = beforeSeq
    self.lostSeqs = lostSeqs
    self.byteOffset = byteOffset
    self.eventCount = eventCount
    self.message = message
  }

  /// The seq the stretch is reported at: the first lost seq when known, the last event seen
  /// for a cut end, otherwise the seq after the last event seen before it (for recorder drops,
  /// the `trace.gap` event's own seq).
  public var seq: Int {
    if let lostSeqs { return lostSeqs.lowerBound }
    if kind == .truncated, afterSeq > 0 { return afterSeq }
    return afterSeq + 1
  }

  /// `7,237 dropped by the recorder`, `events seq 4097–8192 in a damaged part of the file`,
  /// `the cut end of the file`, `1 skipped by a lenient read`: what was lost, in a few words.
  public var summary: String {
    let count = eventCount.map { Self.grouped($0) }
    switch kind {
    case .dropped:
      return "\(count ?? "events") dropped by the recorder"
    case .damaged:
      if let count { return "\(count) in a damaged part of the file" }
      return "events in a damaged part of the file"
    case .truncated:
      return "the cut end of the file"
    case .skipped:
      return "\(count ?? "events") of an unknown type skipped by a lenient read"
    case .absent:
      return "\(count ?? "events") not in the file"
    }
  }

  /// `events lost at seq 120 (7,237 dropped by the recorder): …`: the stretch in one line.
  public var description: String {
    "events lost at seq \(seq) (\(summary)): \(message)"
  }

  /// The stretch as a finding of ``RuleID/traceEventsLost``, a warning at ``seq``.
  public var finding: Finding {
    Finding(
      rule: .traceEventsLost, severity: .warning, seq: seq, session: nil,
      message: message)
  }

  /// Whether the events lost here may explain `finding`: the stretch starts before the
  /// finding's event (or is at it), and after the `app.launch` in effect at that event, so the
  /// lost events belonged to the same launch and came before the finding. A stretch that runs
  /// to the end of the trace may explain the findings of its last event, where rules report
  /// what never completed. `launchSeqs` are the seqs of the trace's `app.launch` events,
  /// ascending. Findings of ``RuleID/traceEventsLost`` itself are never explained.
  public func mayExplain(_ finding: Finding, launchSeqs: [Int]) -> Bool {
    guard finding.rule != .traceEventsLost else { return false }
    guard afterSeq < finding.seq || (beforeSeq == nil && afterSeq <= finding.seq) else {
      return false
    }
    // A binary search: `launchSeqs` ascend, and a trace may hold many launches.
    let later = launchSeqs.partitioningIndex { $0 > finding.seq }
    let launch = later > 0 ? launchSeqs[later - 1] : 0
    return afterSeq >= launch
  }

  /// The recorder drops among `events`: one stretch per `trace.gap` that counts at least one
  /// dropped event.
  package static func drops(in events: some Sequence<Event>) -> [LostStretch] {
    events.compactMap { event in
      guard case .traceGap(let dropped) = event.payload, dropped > 0 else { return nil }
      return drop(seq: event.seq, count: dropped)
    }
  }

  /// The stretch of a `trace.gap` at `seq` that counts `count` dropped events (1 or more).
  package static func drop(seq: Int, count: Int) -> LostStretch {
    let plural = count == 1 ? "event" : "events"
    return LostStretch(
      kind: .dropped, afterSeq: seq - 1, beforeSeq: seq + 1, eventCount: count,
      message:
        "the recorder dropped \(grouped(count)) \(plural) here, its buffer full or its file "
        + "not writable (a trace.gap event); what happened between seq \(seq - 1) and seq "
        + "\(seq + 1) is not known")
  }

  /// How many events `stretches` lost, where known, in all; `Int.max` when the counts add up
  /// past it (a damaged or forged `trace.gap` may count any number).
  package static func eventTotal(of stretches: some Sequence<LostStretch>) -> Int {
    stretches.reduce(0) { total, stretch in
      let (sum, overflow) = total.addingReportingOverflow(stretch.eventCount ?? 0)
      return overflow ? Int.max : sum
    }
  }

  /// The seqs of the `app.launch` events among `events`, in order.
  package static func launchSeqs(in events: some Sequence<Event>) -> [Int] {
    events.compactMap { event in
      guard case .appLaunch = event.payload else { return nil }
      return event.seq
    }
  }

  /// Orders stretches by where they are reported, then by kind.
  package static func traceOrder(_ lhs: LostStretch, _ rhs: LostStretch) -> Bool {
    if lhs.seq != rhs.seq { return lhs.seq < rhs.seq }
    return lhs.kind.rawValue < rhs.kind.rawValue
  }

  /// `7237` as `7,237`.
  package static func grouped(_ number: Int) -> String {
    guard number.magnitude >= 1000 else { return String(number) }
    // Over the digits' bytes, not their characters: `replay info` groups thousands of counts.
    let digits = Array(String(number.magnitude).utf8)
    var text: [UInt8] = number < 0 ? [UInt8(ascii: "-")] : []
    text.reserveCapacity(digits.count + digits.count / 3 + 1)
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { text.append(UInt8(ascii: ",")) }
      text.append(digit)
    }
    return String(decoding: text, as: UTF8.self)
  }
}

/// Which lost stretch may explain each finding of a trace: for many findings and many stretches
/// at once, without trying every stretch for every finding.
package struct LossExplanations {
  private let loss: [LostStretch]
  private let launchSeqs: [Int]
  /// Whether no stretch's ``LostStretch/afterSeq`` is below the one before it, as in trace
  /// order: then the stretches are searched by bisection.
  private let isInTraceOrder: Bool

  /// Explanations by the stretches of `loss`, in a trace whose `app.launch` events have the
  /// seqs `launchSeqs` (ascending).
  package init(loss: [LostStretch], launchSeqs: [Int]) {
    self.loss = loss
    self.launchSeqs = launchSeqs
    isInTraceOrder = zip(loss, loss.dropFirst()).allSatisfy { $0.afterSeq <= $1.afterSeq }
  }

  /// The last stretch that may explain `finding` (``LostStretch/mayExplain(_:launchSeqs:)``),
  /// if any: what `loss.last { $0.mayExplain(finding, launchSeqs: launchSeqs) }` gives.
  package func stretch(explaining finding: Finding) -> LostStretch? {
    guard isInTraceOrder else {
      return loss.last { $0.mayExplain(finding, launchSeqs: launchSeqs) }
    }
    // Only a stretch after an event before the finding's, or one at it that runs to the end,
    // can explain it; of those, when the latest fails, every earlier one (after an earlier
    // event, so also before the finding's launch) fails too.
    var index = loss.partitioningIndex { $0.afterSeq > finding.seq }
    while index > 0 {
      index -= 1
      let stretch = loss[index]
      if stretch.mayExplain(finding, launchSeqs: launchSeqs) { return stretch }
      if stretch.afterSeq < finding.seq { return nil }
    }
    return nil
  }
}
