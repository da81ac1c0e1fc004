import Foundation
import SceneTrace
import SceneTraceTestSupport
import SceneTraceTesting
import Testing

@Suite("golden-file strategies")
struct SnapshotStrategyTests {
  /// W1 writes a setting while W2 is in the background; W2 comes back stale. It has an app.mark.
  let bug: ReplayedTrace

  init() throws {
    bug = try ReplayedTrace(contentsOf: "../../traces/setting-after-background-bug.jsonl")
  }

  @Test func findingsStateAndMarksMatchTheirGoldenFiles() {
    assertSnapshot(of: bug, as: .findings, named: "findings")
    assertSnapshot(of: bug, as: .sceneState, named: "sceneState")
    assertSnapshot(of: bug, as: .stateAtMarks, named: "stateAtMarks")
    assertSnapshot(of: bug, as: .sceneState(at: .seq(16)), named: "sceneStateAtSeq16")
  }

  @Test func goldensHoldMeaningNotPositions() {
    // An unrelated event near the start moves every later event one seq on.
    let shifted = ReplayedTrace(
      events: inserting(
        .requestFailed(request: "unrelated", code: 1), at: 3,
        into: bug.events))
    #expect(shifted.findings.map(\.seq) == bug.findings.map { $0.seq + 1 })
    for strategy in [Snapshotting.findings, .sceneState, .stateAtMarks] {
      #expect(text(of: shifted, as: strategy) == text(of: bug, as: strategy))
    }
  }

  @Test func findingsNameTheirEventsAndReferToThemInTheMessage() {
    #expect(
      text(of: bug, as: .findings) == """
        1 finding: 1 error

        error shared.stale-render · session W2
          scene W2 still shows defaults:showWordCount = "false" more than 1 s after becoming \
        active at [1]; "true" was written at [2] by W1 (t 6.001) while it was out of the \
        foreground
          at   responder.first session=W2 window=W2.main responder=editor
          [1]  scene.didBecomeActive session=W2
          [2]  state.write key=defaults:showWordCount value=true session=W1 (related)
          [3]  state.render session=W2 key=defaults:showWordCount value=false (related)

        """)
  }

  @Test func aChangedTraceFailsWithALineDiffOfItsGolden() throws {
    let folder = try temporaryFolder()
    #expect(
      verify(bug, as: .findings, in: folder, record: .missing)?.hasPrefix(
        "No reference was found on disk") == true)
    // The fixed app: the stale render is gone.
    let fixed = try ReplayedTrace(
      contentsOf: "../../traces/setting-after-background-fixed.jsonl")
    let message = try #require(verify(fixed, as: .findings, in: folder, record: .never))
    #expect(message.contains("\n−1 finding: 1 error\n"))
    #expect(message.hasSuffix("\n+no findings"))
    #expect(message.contains("\n−error shared.stale-render · session W2\n"))
  }

  @Test func recordModesWriteOnlyWhatTheySay() throws {
    let folder = try temporaryFolder()
    let golden = folder.appendingPathComponent("golden.findings.txt")
    let other = try ReplayedTrace(
      contentsOf: "../../traces/setting-after-background-fixed.jsonl")

    // never: a missing golden is a failure, and nothing is written.
    #expect(verify(bug, as: .findings, in: folder, record: .never) != nil)
    #expect(!FileManager.default.fileExists(atPath: golden.path))
    // missing: a missing golden is written (and the test fails, saying so).
    #expect(verify(bug, as: .findings, in: folder, record: .missing) != nil)
    let recorded = try String(contentsOf: golden, encoding: .utf8)
    #expect(recorded == text(of: bug, as: .findings))
    // A matching golden passes in every mode but `all`.
    for mode in [SnapshotTestingConfiguration.Record.missing, .failed, .never] {
      #expect(verify(bug, as: .findings, in: folder, record: mode) == nil)
    }
    // missing and never: a golden that differs fails and stays as it was.
    for mode in [SnapshotTestingConfiguration.Record.missing, .never] {
      #expect(verify(other, as: .findings, in: folder, record: mode) != nil)
      #expect(try String(contentsOf: golden, encoding: .utf8) == recorded)
    }
    // failed: a golden that differs is rewritten, and the test fails.
    #expect(verify(other, as: .findings, in: folder, record: .failed) != nil)
    #expect(try String(contentsOf: golden, encoding: .utf8) == text(of: other, as: .findings))
    // all: rewritten even when it matched, and the test fails to say so.
    #expect(
      verify(bug, as: .findings, in: folder, record: .all)?.contains("Record mode is on") == true)
    #expect(try String(contentsOf: golden, encoding: .utf8) == recorded)
  }

  @Test func stateAtMarksNamesEachMarkAndRepeatedLabels() {
    let marked = ReplayedTrace(events: [
      Event(seq: 1, time: .zero, .appLaunch(launch: "L1")),
      Event(seq: 2, time: .zero, .appMark(label: "start")),
      Event(seq: 3, time: .zero, .sceneWillConnect(session: "A")),
      Event(seq: 4, time: .zero, .appMark(label: "start")),
    ])
    #expect(
      text(of: marked, as: .stateAtMarks) == """
        mark "start"
        app  background  launch L1  key scene none
        sessions  none
        shared  none

        mark "start" (2nd time)
        app  background  launch L1  key scene none
        sessions
          A  connected  role unknown
            scene #1  unattached
        shared  none

        """)
    #expect(text(of: ReplayedTrace(events: []), as: .stateAtMarks) == "no marks\n")
  }

  @Test func findingsGoldenSaysWhatReadingLost() throws {
    let text = try String(
      contentsOf: PackageFolders.root.appendingPathComponent("traces/two-windows-clean.jsonl"),
      encoding: .utf8)
    let cut = ReplayedTraceData(text.dropLast(12))
    let trace = try ReplayedTrace(data: cut, name: "cut.jsonl")
    let golden = Self.text(of: trace, as: .findings)
    #expect(golden.hasPrefix("1 finding: 1 warning\n"))
    // The cut end is a finding of its own: a golden of a trace with loss never says "no
    // findings".
    #expect(golden.contains("warning trace.events-lost\n  line "))
    #expect(!golden.contains("no findings"))
  }

  // MARK: Helpers

  private func text(of trace: ReplayedTrace, as strategy: Snapshotting<ReplayedTrace, String>)
    -> String
  {
    Self.text(of: trace, as: strategy)
  }

  private static func text(
    of trace: ReplayedTrace, as strategy: Snapshotting<ReplayedTrace, String>
  ) -> String {
    var result = ""
    strategy.snapshot(trace).run { result = $0 }
    return result
  }

  private func verify(
    _ trace: ReplayedTrace, as strategy: Snapshotting<ReplayedTrace, String>, in folder: URL,
    record: SnapshotTestingConfiguration.Record
  ) -> String? {
    verifySnapshot(
      of: trace, as: strategy, named: "findings", record: record, snapshotDirectory: folder.path,
      testName: "golden")
  }

  private func temporaryFolder() throws -> URL {
    let folder = TemporaryFile.url("scenetrace-snapshots")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }
}

/// The UTF-8 bytes of `text`.
private func ReplayedTraceData(_ text: Substring) -> Data { Data(text.utf8) }
