/// The findings of one event (or of the finish step), as the reducer and the custom rules collect
/// them, with the precedence rules applied.
struct FindingLog {
  /// The seq every finding is reported at: the event's, or the last event's in the finish step.
  let seq: Int
  /// The type of the event being applied; nil in the finish step. (The log keeps what it needs
  /// of the event, not the event: a copy of it at each event cost a tenth of a drag's replay.)
  private let eventType: EventType?
  /// Whether findings are kept whole. Otherwise they are only counted right: each keeps its
  /// rule, and its message and related events are never made (see
  /// ``TraceReducer/countingFindings``). Beside the type, in the room its byte leaves, so that
  /// the log made at every event is no larger.
  private let keepsWhole: Bool
  /// The time of the event being applied; nil in the finish step.
  let eventTime: TraceTime?
  /// Related events must come before `seq`; in the finish step they may be the last event too.
  private let relatedLimit: Int
  /// The findings so far; nil until the first. Nearly every event has none, and an empty array
  /// held here was still released when the log went, at every event.
  private var found: [Finding]?

  init(event: borrowing Event, keepingWhole keepsWhole: Bool) {
    self.init(seq: event.seq, type: event.type, time: event.time, keepingWhole: keepsWhole)
  }

  /// A log for the event at `seq` of `type`, at `time`.
  init(seq: Int, type: EventType, time: TraceTime, keepingWhole keepsWhole: Bool) {
    self.seq = seq
    self.eventType = type
    self.eventTime = time
    self.relatedLimit = seq - 1
    self.keepsWhole = keepsWhole
  }

  /// A log for the finish step, reporting at `seq`, the last event.
  init(finishingAt seq: Int, keepingWhole keepsWhole: Bool) {
    self.seq = seq
    self.eventType = nil
    self.eventTime = nil
    self.relatedLimit = seq
    self.keepsWhole = keepsWhole
  }

  /// The event's wire type, for messages; `finish` in the finish step.
  var eventName: String { eventType?.rawValue ?? "finish" }

  /// Which findings a finding of `rule` hides on the same event, by their rules; nil when it
  /// hides none (every rule but two).
  private static func hidden(by rule: RuleID) -> ((RuleID) -> Bool)? {
    switch rule {
    case .sessionAfterDiscard: { $0 != .sessionAfterDiscard }
    case .lifecycleUnknownScene: { $0 == .lifecycleOrder || $0.isSceneCheck }
    default: nil
    }
  }

  /// Records a finding about this event. A second finding of the same rule on the same event is
  /// merged into the first: at most one finding per rule per event.
  ///
  /// The message and the related events are made only for a finding kept whole: a replay that
  /// counts findings makes none of them.
  mutating func report(
    _ rule: RuleID, _ severity: Severity, session: SessionID?,
    _ message: @autoclosure () -> FindingMessage, related: @autoclosure () -> [Int] = []
  ) {
    guard keepsWhole else { return count(rule, severity, session: session) }
    let limit = relatedLimit
    let isEarlier = { (related: Int) in related > 0 && related <= limit }
    var related = related()
    // Nearly always every one is earlier: the array is kept as given, not filtered into a copy.
    if !related.allSatisfy(isEarlier) { related = related.filter(isEarlier) }
    // Nearly always none or one: a set, to drop repeats, only for more.
    if related.count > 1 { related = Set(related).sorted() }
    let finding = Finding(
      rule: rule, severity: severity, seq: seq, session: session, message: message().text,
      related: related)
    guard found != nil else { return found = [finding] }
    if let index = found?.firstIndex(where: { $0.rule == rule }) {
      found?[index].mergeInOrder(finding)
    } else {
      found?.append(finding)
    }
  }

  /// ``report(_:_:session:_:related:)`` of a finding only counted: its rule is what precedence
  /// and the merging of a rule's findings on one event go by, and its severity and session are
  /// merged as a whole finding's are (a picture that draws findings without their messages
  /// tells them by rule, severity and session).
  private mutating func count(_ rule: RuleID, _ severity: Severity, session: SessionID?) {
    let finding = Finding(
      rule: rule, severity: severity, seq: seq, session: session, message: "", related: [])
    guard found != nil else { return found = [finding] }
    if let index = found?.firstIndex(where: { $0.rule == rule }) {
      found?[index].mergeSeverityAndSession(finding)
    } else {
      found?.append(finding)
    }
  }

  /// The findings that survive precedence, ordered by rule.
  var findings: [Finding] {
    var findings: [Finding] = []
    var log = self
    log.moveFindings(to: &findings)
    return findings
  }

  /// Appends ``findings`` to `findings`: the log's last use (its findings are moved out of it,
  /// not copied).
  mutating func moveFindings(to findings: inout [Finding]) {
    switch found?.count ?? 0 {
    case 0: return
    // One finding (nearly every other event) has nothing to hide and nothing to order.
    case 1: findings.append(found!.removeLast())
    default: moveSeveral(to: &findings)
    }
  }

  /// ``moveFindings(to:)`` of two findings or more: precedence and order are applied where they
  /// are appended (a filtered copy, then a sorted one, cost about 4,000 instructions an event).
  @inline(never)
  private mutating func moveSeveral(to findings: inout [Finding]) {
    guard let found = found.take() else { return }
    let start = findings.count
    findings += found
    // Each finding's rule is asked once whether it hides others (two rules do), without a set
    // of the rules (hashing each rule's name cost more than the rest of the step).
    let hiding = found.compactMap { Self.hidden(by: $0.rule) }
    if !hiding.isEmpty {
      findings[start...].removeAll { finding in hiding.contains { $0(finding.rule) } }
    }
    // Two (nearly always) are put in order by one comparison, without sorting a slice.
    if findings.count - start == 2 {
      if Finding.reportOrder(findings[start + 1], findings[start]) {
        findings.swapAt(start, start + 1)
      }
    } else {
      findings[start...].sort(by: Finding.reportOrder)
    }
  }
}

extension RuleID {
  /// Whether the rule checks that a key or focus event happens in the right scene: such checks
  /// mean nothing when the scene itself is unknown.
  var isSceneCheck: Bool {
    rawValue.hasSuffix("-scene") && (rawValue.hasPrefix("key.") || rawValue.hasPrefix("focus."))
  }
}
