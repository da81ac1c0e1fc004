import SceneTrace

/// Numbers payloads into events: seq from 1, one millisecond apart.
func numbered(_ payloads: [Event.Payload]) -> [Event] {
  payloads.enumerated().map { index, payload in
    Event(seq: index + 1, time: TraceTime(milliseconds: Int64(index)), payload)
  }
}

/// Replays payloads (numbered from 1) and finishes.
func replay(_ payloads: [Event.Payload]) -> Replay {
  Replay.run(numbered(payloads))
}

/// A finding reduced to what the tests compare: rule, severity, seq and session.
struct FindingSummary: Hashable, Sendable, CustomStringConvertible {
  var rule: RuleID
  var severity: Severity
  var seq: Int
  var session: SessionID?

  init(_ rule: RuleID, _ severity: Severity, seq: Int, _ session: SessionID?) {
    self.rule = rule
    self.severity = severity
    self.seq = seq
    self.session = session
  }

  init(_ finding: Finding) {
    self.init(finding.rule, finding.severity, seq: finding.seq, finding.session)
  }

  var description: String {
    "\(rule) \(severity.rawValue) @\(seq) \(session?.rawValue ?? "-")"
  }
}

extension Array where Element == Finding {
  /// The findings as summaries, in the order given.
  var summaries: [FindingSummary] { map(FindingSummary.init) }
}

/// Short names for the events the tests write most.
enum Script {
  static let launch1: Event.Payload = .appLaunch(launch: "L1")
  static let launch2: Event.Payload = .appLaunch(launch: "L2")

  static func configure(_ id: SessionID) -> Event.Payload {
    .sessionConfigure(session: id, role: .windowApplication)
  }

  static func connect(_ id: SessionID) -> Event.Payload { .sceneWillConnect(session: id) }
  static func enter(_ id: SessionID) -> Event.Payload { .sceneWillEnterForeground(session: id) }
  static func activate(_ id: SessionID) -> Event.Payload { .sceneDidBecomeActive(session: id) }
  static func resign(_ id: SessionID) -> Event.Payload { .sceneWillResignActive(session: id) }
  static func background(_ id: SessionID) -> Event.Payload {
    .sceneDidEnterBackground(session: id)
  }
  static func disconnect(_ id: SessionID) -> Event.Payload { .sceneDidDisconnect(session: id) }
  static func discard(_ ids: SessionID...) -> Event.Payload { .appDiscardSessions(sessions: ids) }

  /// A launch, then `id` configured and connected: its scene is unattached (CONNECTING).
  static func connecting(_ id: SessionID) -> [Event.Payload] {
    [launch1, configure(id), connect(id)]
  }

  /// `id`'s scene in the foreground, never active since (FI from CONNECTING).
  static func entered(_ id: SessionID) -> [Event.Payload] { connecting(id) + [enter(id)] }

  /// `id`'s scene foreground-active (FA).
  static func active(_ id: SessionID) -> [Event.Payload] { entered(id) + [activate(id)] }

  /// `id`'s scene foregroundInactive after resigning (FI on its way to the background).
  static func resigned(_ id: SessionID) -> [Event.Payload] { active(id) + [resign(id)] }

  /// `id`'s scene in the background after the documented path (BG).
  static func backgrounded(_ id: SessionID) -> [Event.Payload] {
    resigned(id) + [background(id)]
  }

  /// `id` archived: its scene went to the background and disconnected.
  static func archived(_ id: SessionID) -> [Event.Payload] {
    backgrounded(id) + [disconnect(id)]
  }

  /// `id` discarded after being archived.
  static func discarded(_ id: SessionID) -> [Event.Payload] { archived(id) + [discard(id)] }
}

extension Script {
  /// Seqs 1–9: a launch, then A and B both connected and foreground-active (A first).
  static let bothActive: [Event.Payload] =
    [launch1, configure("A"), connect("A"), enter("A"), activate("A")]
    + [configure("B"), connect("B"), enter("B"), activate("B")]

  /// Seqs 1–10: `bothActive`, then A's window becomes the app's key window (seq 10).
  static let bothActiveAKey: [Event.Payload] =
    bothActive + [.appKeyWindow(session: "A", window: "A.main")]

  static func press(_ id: SessionID, _ phase: PressPhase, _ keyCode: Int = 4) -> Event.Payload {
    .keyPress(session: id, phase: phase, keyCode: keyCode)
  }

  static func command(
    _ id: SessionID, _ input: String = "n", target: String? = "Editor", chain: [String]? = nil,
    wantsPriority: Bool? = nil
  ) -> Event.Payload {
    .keyCommand(
      session: id, input: input, modifiers: [.command], action: "act:", target: target,
      chain: chain, wantsPriority: wantsPriority)
  }
}

/// A finding with its related events, for tests that check both.
struct FindingWithRelated: Hashable, Sendable, CustomStringConvertible {
  var summary: FindingSummary
  var related: [Int]

  init(_ rule: RuleID, _ severity: Severity, seq: Int, _ session: SessionID?, related: [Int]) {
    summary = FindingSummary(rule, severity, seq: seq, session)
    self.related = related
  }

  init(_ finding: Finding) {
    summary = FindingSummary(finding)
    related = finding.related
  }

  var description: String { "\(summary) related \(related)" }
}

extension Array where Element == Finding {
  /// The findings as summaries with their related events.
  var withRelated: [FindingWithRelated] { map(FindingWithRelated.init) }
}

/// Numbers payloads with explicit times in milliseconds: seq from 1.
func timed(_ entries: [(milliseconds: Int64, payload: Event.Payload)]) -> [Event] {
  entries.enumerated().map { index, entry in
    Event(seq: index + 1, time: TraceTime(milliseconds: entry.milliseconds), entry.payload)
  }
}

/// Continues `events` with payloads at the given times in milliseconds.
func continuing(
  _ events: [Event], _ entries: [(milliseconds: Int64, payload: Event.Payload)]
) -> [Event] {
  events
    + entries.enumerated().map { index, entry in
      Event(
        seq: events.count + index + 1, time: TraceTime(milliseconds: entry.milliseconds),
        entry.payload)
    }
}
