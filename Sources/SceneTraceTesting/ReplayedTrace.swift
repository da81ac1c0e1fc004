import Foundation
import SceneTrace
import SceneTraceFile

/// A trace replayed for a test: its events, its findings, its final state, and the state at any
/// event or `app.mark` on demand.
///
/// Make one from a trace file next to the test, from bytes, or from events recorded in memory,
/// then assert on it, or compare it with golden files through the ``SnapshotTesting/Snapshotting``
/// strategies `.findings`, `.sceneState` and `.stateAtMarks`:
///
/// ```swift
/// import SceneTraceTesting
/// import Testing
///
/// @Test func bothWindowsKeepTheirOwnSketch() throws {
///   let trace = try ReplayedTrace(contentsOf: "sketch-restoration.sctrace")
///   trace.expectNoFindings(atOrAbove: .warning)
///   trace.expectState(\.sessions["S2"]?.scene?.content, equals: "sketch:tree")
///   assertSnapshot(of: trace, as: .sceneState)
/// }
/// ```
public struct ReplayedTrace: Sendable {
  /// Where the trace came from, as failure messages name it.
  public let name: String
  /// The events, in order.
  public let events: [Event]
  /// Every finding, built-in rules and the custom rules given, in report order, with one
  /// `trace.events-lost` warning per stretch of ``loss``, as `replay check` reports them.
  public let findings: [Finding]
  /// The state after the last event.
  public let finalState: TraceState
  /// Every stretch the trace could not see, in seq order: the recorder's drops (`trace.gap`
  /// events), damaged parts, a cut end, events skipped by a lenient read.
  public let loss: [LostStretch]
  let reducer: TraceReducer

  /// Replays `events` with the built-in rules and `rules`; the recorder's drops among them
  /// (`trace.gap` events) are its ``loss``.
  public init(events: [Event], rules: [any TraceRule] = [], name: String = "events") {
    self.init(
      events: events, loss: LostStretch.drops(in: events),
      reducer: TraceReducer(rules: rules), name: name)
  }

  /// Reads and replays the trace file at `path`: a `.sctrace` file, JSON Lines or `.jsonl.zst`,
  /// told apart by content. A relative path is found from the folder of the test file that
  /// calls this (`filePath`), so a trace sits next to its test.
  ///
  /// - Parameter lenient: skip events of types this version does not know, with a loss noted,
  ///   instead of throwing.
  public init(
    contentsOf path: String, rules: [any TraceRule] = [], lenient: Bool = false,
    filePath: StaticString = #filePath
  ) throws {
    let resolved = Self.resolve(path, from: filePath)
    let trace = try TraceFile.load(path: resolved, options: ReadOptions(lenient: lenient))
    self.init(loaded: trace, rules: rules, name: path)
  }

  /// Reads and replays a trace from its bytes (`.sctrace`, JSON Lines or `.jsonl.zst`);
  /// `name` names it in failure messages.
  public init(
    data: Data, rules: [any TraceRule] = [], lenient: Bool = false, name: String = "data"
  ) throws {
    let trace = try TraceFile.decode(data, path: name, options: ReadOptions(lenient: lenient))
    self.init(loaded: trace, rules: rules, name: name)
  }

  private init(loaded trace: LoadedTrace, rules: [any TraceRule], name: String) {
    self.init(
      events: trace.events, loss: trace.loss, reducer: TraceReducer(rules: rules), name: name)
  }

  private init(
    events: [Event], loss: [LostStretch], reducer: TraceReducer, name: String
  ) {
    let replay = Replay.run(events, reducer: reducer)
    self.name = name
    self.events = events
    self.findings = (replay.findings + loss.map(\.finding)).sorted(by: Finding.reportOrder)
    self.finalState = replay.state
    self.loss = loss
    self.reducer = reducer
  }

  /// The stretch of ``loss`` that may explain `finding`, if any (see
  /// ``SceneTrace/LostStretch/mayExplain(_:launchSeqs:)``).
  public func lostStretch(explaining finding: Finding) -> LostStretch? {
    LossExplanations(loss: loss, launchSeqs: LostStretch.launchSeqs(in: events))
      .stretch(explaining: finding)
  }

  /// `path` as given when absolute, else relative to the folder of the file at `filePath`.
  static func resolve(_ path: String, from filePath: StaticString) -> String {
    guard !path.hasPrefix("/") else { return path }
    return URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent()
      .appendingPathComponent(path).standardizedFileURL.path
  }
}

extension ReplayedTrace {
  /// An `app.mark` of the trace: the label the app gave it and where it stands.
  public struct Mark: Hashable, Sendable {
    /// The label, as the app recorded it.
    public var label: String
    /// The seq of the `app.mark` event.
    public var seq: Int
  }

  /// Every `app.mark`, in order.
  public var marks: [Mark] {
    events.compactMap { event in
      guard case .appMark(let label) = event.payload else { return nil }
      return Mark(label: label, seq: event.seq)
    }
  }

  /// The state after the event at `point`, or nil when the trace has no such point (a seq past
  /// the end, a mark it does not hold).
  public func state(at point: StatePoint) -> TraceState? {
    guard let seq = seq(of: point) else { return nil }
    if seq >= (events.last?.seq ?? 0) { return finalState }
    return states(after: [seq]).first
  }

  /// The seq that `point` names in this trace, if any; 0 is the start.
  func seq(of point: StatePoint) -> Int? {
    switch point.place {
    case .end: return events.last?.seq ?? 0
    case .seq(let seq):
      guard seq >= 0, seq <= (events.last?.seq ?? 0) else { return nil }
      return seq
    case .mark(let label):
      return marks.first { $0.label == label }?.seq
    }
  }

  /// The states after each of `seqs` (ascending, none past the last event), in one replay from
  /// the start.
  func states(after seqs: [Int]) -> [TraceState] {
    var replay = Replay(reducer: reducer)
    var states: [TraceState] = []
    var wanted = seqs[...]
    while let seq = wanted.first, seq == 0 {
      states.append(replay.state)
      wanted = wanted.dropFirst()
    }
    for event in events {
      guard !wanted.isEmpty else { break }
      replay.apply(event)
      while let seq = wanted.first, seq <= event.seq {
        states.append(replay.state)
        wanted = wanted.dropFirst()
      }
    }
    return states
  }
}

/// A point of a trace whose state a test looks at: the end, after an event, or at an
/// `app.mark`.
public struct StatePoint: Hashable, Sendable, CustomStringConvertible {
  enum Place: Hashable, Sendable {
    case end
    case seq(Int)
    case mark(String)
  }

  let place: Place

  /// After the last event.
  public static let end = StatePoint(place: .end)

  /// After the event with this seq; 0 is the state before any event.
  public static func seq(_ seq: Int) -> StatePoint { StatePoint(place: .seq(seq)) }

  /// After the first `app.mark` with this label.
  public static func mark(_ label: String) -> StatePoint { StatePoint(place: .mark(label)) }

  /// `the end`, `seq 12`, `mark "relaunched"`.
  public var description: String {
    switch place {
    case .end: "the end"
    case .seq(let seq): "seq \(seq)"
    case .mark(let label): "mark \"\(label)\""
    }
  }
}
