import SceneTrace
import SceneTraceText
@_exported import SnapshotTesting

// The golden-file strategies. Each writes text that holds what the trace means, not where its
// events stand: no seq, no time. A golden then survives an unrelated event added to the trace,
// and fails, with a line diff, when the behaviour changes.
//
// SnapshotTesting is exported: `import SceneTraceTesting` brings `assertSnapshot` and its record
// modes (`.all`, `.missing`, `.failed`, `.never`, `SNAPSHOT_TESTING_RECORD`, the
// `.snapshots(record:)` trait) with it.

extension Snapshotting where Value == ReplayedTrace, Format == String {
  /// The findings: each one's rule, severity and session, its message, and the events it is
  /// about, named by what they say (`state.write key=… session=S2`); seqs in messages become
  /// references to those events. What reading the trace lost is a `trace.events-lost` finding,
  /// and a finding it may explain says so.
  public static var findings: Snapshotting {
    SimplySnapshotting.lines.pullback { trace in trace.findingsText }
  }

  /// Every scene's state after the last event, as `replay state` prints it without seqs and
  /// times.
  public static var sceneState: Snapshotting {
    sceneState(at: .end)
  }

  /// Every scene's state at `point`: after an event, or at an `app.mark`.
  public static func sceneState(at point: StatePoint) -> Snapshotting {
    SimplySnapshotting.lines.pullback { trace in
      guard let state = trace.state(at: point) else {
        return "\(trace.name) has no \(point)\n"
      }
      return ReplayedTrace.text(of: state) + "\n"
    }
  }

  /// The state at each `app.mark`, in order, under the mark's label: a golden of the app's
  /// states at the moments the app itself named.
  public static var stateAtMarks: Snapshotting {
    SimplySnapshotting.lines.pullback { trace in trace.stateAtMarksText }
  }
}

extension ReplayedTrace {
  /// The text of the `.findings` strategy.
  var findingsText: String {
    let launches = LostStretch.launchSeqs(in: events)
    let text = FindingText(events: events) { finding in
      loss.last { $0.mayExplain(finding, launchSeqs: launches) }
    }
    return text.render(findings) + "\n"
  }

  /// The text of the `.stateAtMarks` strategy.
  var stateAtMarksText: String {
    let marks = marks
    guard !marks.isEmpty else { return "no marks\n" }
    let states = states(after: marks.map(\.seq))
    var seen: [String: Int] = [:]
    let sections = zip(marks, states).map { mark, state in
      seen[mark.label, default: 0] += 1
      let count = seen[mark.label] ?? 1
      let repeated = count > 1 ? " (\(count)\(Self.ordinalSuffix(count)) time)" : ""
      return "mark \"\(mark.label)\"\(repeated)\n" + Self.text(of: state)
    }
    return sections.joined(separator: "\n\n") + "\n"
  }

  private static func ordinalSuffix(_ number: Int) -> String {
    if (11...13).contains(number % 100) { return "th" }
    switch number % 10 {
    case 1: return "st"
    case 2: return "nd"
    case 3: return "rd"
    default: return "th"
    }
  }
}
