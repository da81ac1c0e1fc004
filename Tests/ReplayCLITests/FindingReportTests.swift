import SceneTrace
import SceneTraceFile
import SceneTraceTestSupport
import SceneTraceText
import Testing

@testable import ReplayCLI

/// A report writes the parts of each event's line it shows (seq, time, type, fields) once and
/// copies them wherever the event is shown again (around several findings, related to
/// several): every line shows its own event.
@Suite struct FindingReportTests {
  @Test(arguments: [7, 11] as [UInt64])
  func everyEventLineShowsItsOwnEventsFields(seed: UInt64) {
    var random = RandomEvents(seed: seed)
    let events = random.events(count: 3000)
    var replay = Replay()
    replay.apply(events)
    replay.finish()
    let findings = replay.findings
    let report = FindingReport(
      trace: LoadedTrace(path: "random.jsonl", events: events), eventCount: events.count,
      lastSeq: events.last?.seq ?? 0, context: 2)
    var output = JSONText()
    report.appendBlocks(findings, explanations: findings.map { _ in nil }, to: &output)

    var timesShown: [Int: Int] = [:]
    for line in output.string.split(separator: "\n") {
      // `  > 76  2.708206252  focus.update  session=S0 …`: indented, a marker, then the seq.
      let marker = line.dropFirst(2).prefix(2)
      guard line.hasPrefix("  "), marker == "  " || marker == "> " else { continue }
      let columns = line.dropFirst(4).split(separator: " ", maxSplits: 3)
      let seq = columns.first.flatMap { Int($0) }
      guard let seq, let event = events.first(where: { $0.seq == seq }), columns.count >= 3 else {
        Issue.record("not an event's line: \(line)")
        continue
      }
      #expect(columns[1] == "\(event.time)" && columns[2] == event.type.rawValue, "seq \(seq)")
      let fields = columns.count == 4 ? columns[3].drop { $0 == " " } : ""
      #expect(String(fields) == EventText.fields(of: event), "seq \(seq)")
      timesShown[seq, default: 0] += 1
    }
    // Lines of many events, many of them shown more than once.
    #expect(timesShown.count > 500)
    #expect(timesShown.values.count { $0 > 1 } > 100)
  }
}
