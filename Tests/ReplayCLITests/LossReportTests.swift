import Foundation
import Testing

/// Every command that reads a trace tells what it could not see: `check` reports each lost
/// stretch as a `trace.events-lost` finding and marks the findings it may explain, `verify`
/// tells recorder drops apart from damage, `info` shows the loss.
@Suite("replay on traces with lost events")
struct LossReportTests {
  /// A trace whose recorder dropped 7,237 events at seq 4, then saw a scene go from the
  /// background straight to active (a lifecycle.order error the lost events may explain).
  static let droppedTrace = """
    {"type":"app.launch","launch":"L1"}
    {"t":0.1,"type":"scene.willConnect","session":"A"}
    {"t":0.2,"type":"scene.willEnterForeground","session":"A"}
    {"t":0.3,"type":"trace.gap","dropped":7237}
    {"t":5,"type":"scene.didBecomeActive","session":"A"}
    {"t":6,"type":"scene.willResignActive","session":"A"}
    {"t":7,"type":"scene.didEnterBackground","session":"A"}
    {"t":8,"type":"scene.didBecomeActive","session":"A"}

    """

  /// The same story with no finding: only the drop.
  static let cleanDroppedTrace = """
    {"type":"app.launch","launch":"L1"}
    {"t":0.1,"type":"scene.willConnect","session":"A"}
    {"t":0.2,"type":"scene.willEnterForeground","session":"A"}
    {"t":0.3,"type":"trace.gap","dropped":7237}
    {"t":5,"type":"scene.didBecomeActive","session":"A"}

    """

  private func write(_ text: String, name: String = "trace.jsonl") throws -> String {
    let url = try ReplayTool.temporaryFolder().appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }

  @Test func recorderDropIsAWarningFindingAndNeverNoFindings() throws {
    let path = try write(Self.cleanDroppedTrace)
    let result = try ReplayTool.run("check", path)
    #expect(result.status == 0, "a warning does not fail the default --fail-on error")
    #expect(result.output.hasPrefix("\(path): 1 warning in 5 events\n"))
    #expect(result.output.contains("warning[trace.events-lost] seq 4"))
    #expect(result.output.contains("the recorder dropped 7,237 events here"))
    #expect(!result.output.contains("no findings"))
    #expect(result.errors.contains("events lost at seq 4 (7,237 dropped by the recorder)"))
    let strict = try ReplayTool.run("check", path, "--fail-on", "warning")
    #expect(strict.status == 1)
  }

  /// A recorder that drops at many places: standard error lists the first ten drops and says
  /// how many more there are; `check` still reports each one as a finding.
  @Test func manyDropsAreListedTenThenCounted() throws {
    let path = try write(Self.twentyFiveDrops)
    let result = try ReplayTool.run("check", path)
    let listed = result.errors.components(separatedBy: "\n").filter {
      $0.contains("events lost at seq")
    }
    #expect(listed.count == 10)
    #expect(listed.first?.hasSuffix("events lost at seq 2 (1 dropped by the recorder)") == true)
    #expect(result.errors.contains("\(path): events lost at 15 more places; `replay info \(path)`"))
    #expect(result.output.components(separatedBy: "warning[trace.events-lost]").count == 26)
  }

  /// A launch where the recorder dropped 1, 2, … 25 events before each of 25 marks.
  private static let twentyFiveDrops: String = {
    var lines = [#"{"type":"app.launch","launch":"L1"}"#]
    for index in 1...25 {
      lines.append(#"{"t":\#(index),"type":"trace.gap","dropped":\#(index)}"#)
      lines.append(#"{"t":\#(index).5,"type":"app.mark","label":"after \#(index)"}"#)
    }
    return lines.joined(separator: "\n") + "\n"
  }()

  /// `info` lists every drop in its report, so standard error does not list them again (ten,
  /// then a pointer to `replay info` for the rest), from JSON Lines or from a file's index.
  @Test func infoListsEveryDropOnceInItsReport() throws {
    let path = try write(Self.twentyFiveDrops)
    let sctrace = path + ".sctrace"
    #expect(try ReplayTool.run("import", path, "-o", sctrace).status == 0)
    for file in [path, sctrace] {
      let result = try ReplayTool.run("info", file)
      #expect(result.status == 0)
      let listed = result.output.components(separatedBy: "\n").filter {
        $0.hasPrefix("    at seq ")
      }
      #expect(listed.count == 25, "\(file)")
      #expect(listed.last == "    at seq 50: 25 dropped by the recorder", "\(file)")
      #expect(!result.errors.contains("events lost"), "\(file): \(result.errors)")
    }
  }

  @Test func findingAfterALossInTheSameLaunchIsMarked() throws {
    let path = try write(Self.droppedTrace)
    let result = try ReplayTool.run("check", path)
    #expect(result.status == 1)
    #expect(result.output.contains("error[lifecycle.order] seq 8 · session A"))
    #expect(
      result.output.contains(
        "  may be explained by events lost at seq 4 (7,237 dropped by the recorder)"))
    // The loss's own finding is not marked as explained by itself.
    let lossBlock = result.output.components(separatedBy: "warning[trace.events-lost]").last ?? ""
    #expect(!(lossBlock.components(separatedBy: "error[").first ?? "").contains("may be"))
  }

  /// Findings after two stretches of one launch: each block names the stretch just before its
  /// finding, the first for two findings in a row, then the second (the report makes a
  /// stretch's summary once for the findings in a row it explains).
  @Test func eachFindingIsMarkedWithTheStretchBeforeIt() throws {
    let path = try write(
      Self.droppedTrace + """
        {"t":9,"type":"scene.willResignActive","session":"A"}
        {"t":10,"type":"scene.didEnterBackground","session":"A"}
        {"t":11,"type":"scene.didBecomeActive","session":"A"}
        {"t":11.5,"type":"trace.gap","dropped":3}
        {"t":12,"type":"scene.willResignActive","session":"A"}
        {"t":13,"type":"scene.didEnterBackground","session":"A"}
        {"t":14,"type":"scene.didBecomeActive","session":"A"}

        """)
    let result = try ReplayTool.run("check", path)
    let blocks = result.output.components(separatedBy: "\n\n").dropFirst()
    let explained = blocks.map { block in
      block.components(separatedBy: "\n").first { $0.hasPrefix("  may be explained by") }
    }
    #expect(
      explained == [
        nil,
        "  may be explained by events lost at seq 4 (7,237 dropped by the recorder)",
        "  may be explained by events lost at seq 4 (7,237 dropped by the recorder)",
        nil,
        "  may be explained by events lost at seq 12 (3 dropped by the recorder)",
      ])
  }

  @Test func findingInALaterLaunchIsNotMarked() throws {
    let path = try write(
      Self.cleanDroppedTrace + """
        {"t":9,"type":"app.launch","launch":"L2"}
        {"t":9.1,"type":"scene.willConnect","session":"A"}
        {"t":9.2,"type":"scene.didBecomeActive","session":"A"}

        """)
    let result = try ReplayTool.run("check", path)
    #expect(result.output.contains("error[lifecycle.order] seq 8 · session A"))
    #expect(!result.output.contains("may be explained"))
  }

  @Test func jsonCarriesTheLossAndMarksTheFindingsItMayExplain() throws {
    let path = try write(Self.droppedTrace)
    let result = try ReplayTool.run("check", path, "--json")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    #expect(Array(report.keys).sorted() == ["events", "file", "findings", "loss"])
    let loss = try #require(report["loss"] as? [[String: Any]])
    #expect(loss.count == 1)
    #expect(loss.first?["kind"] as? String == "dropped")
    #expect(loss.first?["seq"] as? Int == 4)
    #expect(loss.first?["afterSeq"] as? Int == 3)
    #expect(loss.first?["beforeSeq"] as? Int == 5)
    #expect(loss.first?["events"] as? Int == 7237)
    let findings = try #require(report["findings"] as? [[String: Any]])
    #expect(findings.map { $0["rule"] as? String } == ["trace.events-lost", "lifecycle.order"])
    #expect(findings[0]["severity"] as? String == "warning")
    #expect(findings[0]["explainedByLoss"] == nil)
    let explained = try #require(findings[1]["explainedByLoss"] as? [String: Any])
    #expect(explained["seq"] as? Int == 4)
  }

  @Test func hiddenLossStillKeepsTheHeadlineFromSayingNoFindings() throws {
    let path = try write(Self.cleanDroppedTrace)
    let result = try ReplayTool.run("check", path, "--severity", "error")
    #expect(result.status == 0)
    #expect(!result.output.contains("no findings"))
    #expect(result.output.contains("but events were lost in 1 stretch"))
    let withError = try ReplayTool.run(
      "check", try write(Self.droppedTrace), "--severity", "error")
    #expect(
      withError.output.contains(
        ": 1 error in 8 events, and events were lost in 1 stretch (trace.events-lost not shown)\n"
      ))
  }

  @Test func aBaselineNeverAcceptsALoss() throws {
    let path = try write(Self.droppedTrace)
    let baseline = try ReplayTool.temporaryFolder().appendingPathComponent("baseline.json").path
    let written = try ReplayTool.run("check", path, "--write-baseline", baseline)
    #expect(written.output.contains("wrote 1 finding to"))
    let result = try ReplayTool.run("check", path, "--baseline", baseline, "--fail-on", "warning")
    #expect(result.status == 1)
    #expect(result.output.contains("warning[trace.events-lost] seq 4"))
    #expect(!result.output.contains("error[lifecycle.order]"))
  }

  @Test func leniencySkippedEventsAreALoss() throws {
    let path = try write(
      """
      {"type":"app.launch","launch":"L1"}
      {"t":1,"type":"scene.teleport","session":"A"}
      {"t":2,"type":"scene.willConnect","session":"A"}

      """)
    let result = try ReplayTool.run("check", path, "--lenient")
    #expect(result.status == 0)
    #expect(result.output.contains("warning[trace.events-lost] seq 2"))
    #expect(result.output.contains("skipped an event of unknown type \"scene.teleport\""))
    #expect(!result.output.contains("no findings"))
  }

  @Test func cutAndDamagedSctraceFilesGiveLossFindings() throws {
    let directory = try ReplayTool.temporaryFolder()
    let source = directory.appendingPathComponent("long.jsonl")
    try LongTrace.text(events: 10_000).write(to: source, atomically: true, encoding: .utf8)
    let path = directory.appendingPathComponent("long.sctrace").path
    #expect(try ReplayTool.run("import", source.path, "-o", path, "--uncompressed").status == 0)
    var bytes = try Data(contentsOf: URL(fileURLWithPath: path))

    let cut = directory.appendingPathComponent("cut.sctrace")
    try bytes.prefix(bytes.count * 2 / 3).write(to: cut)
    let cutCheck = try ReplayTool.run("check", cut.path, "--json")
    let cutReport = try #require(
      try JSONSerialization.jsonObject(with: Data(cutCheck.output.utf8)) as? [String: Any])
    let cutLoss = try #require(cutReport["loss"] as? [[String: Any]])
    #expect(cutLoss.map { $0["kind"] as? String } == ["truncated"])
    let cutFindings = try #require(cutReport["findings"] as? [[String: Any]])
    #expect(cutFindings.contains { $0["rule"] as? String == "trace.events-lost" })

    // A byte flipped inside the second event frame breaks its checksum.
    bytes[bytes.count / 2] ^= 0xFF
    let damaged = directory.appendingPathComponent("damaged.sctrace")
    try bytes.write(to: damaged)
    let damagedCheck = try ReplayTool.run("check", damaged.path)
    #expect(damagedCheck.output.contains("warning[trace.events-lost]"))
    #expect(damagedCheck.output.contains("in a damaged part of the file"))
    #expect(!damagedCheck.output.contains("no findings"))
  }

  @Test func verifyTellsRecorderDropsApartFromDamage() throws {
    let directory = try ReplayTool.temporaryFolder()
    let source = directory.appendingPathComponent("dropped.jsonl")
    try Self.cleanDroppedTrace.write(to: source, atomically: true, encoding: .utf8)
    let path = directory.appendingPathComponent("dropped.sctrace").path
    #expect(try ReplayTool.run("import", source.path, "-o", path).status == 0)
    let result = try ReplayTool.run("verify", path)
    #expect(result.status == 0, "drops are not damage")
    #expect(result.output.contains("  dropped      7,237 events at seq 4, by the recorder"))
    #expect(result.output.contains("intact, but the recorder dropped 7,237 events at seq 4"))
    #expect(!result.output.contains("intact: every check passed"))
    let jsonLines = try ReplayTool.run("verify", source.path)
    #expect(jsonLines.status == 0)
    #expect(jsonLines.output.contains("intact, but the recorder dropped 7,237 events at seq 4"))
  }

  @Test func infoShowsTheLossAsTextAndJSON() throws {
    let path = try write(Self.cleanDroppedTrace)
    let text = try ReplayTool.run("info", path)
    #expect(text.status == 0)
    #expect(text.output.contains("  loss           7,237 events lost in 1 stretch"))
    #expect(text.output.contains("    at seq 4: 7,237 dropped by the recorder"))
    let json = try ReplayTool.run("info", path, "--json")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    let loss = try #require(object["loss"] as? [[String: Any]])
    #expect(loss.map { $0["kind"] as? String } == ["dropped"])
    let clean = try ReplayTool.run("info", "traces/two-windows-clean.jsonl")
    #expect(clean.output.contains("  loss           none"))
  }
}
