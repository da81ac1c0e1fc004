import Foundation
import SceneTrace
import SceneTraceFile
import SceneTraceTestSupport
import Testing

/// `replay export --format chrome-trace`: the Chrome trace event format Perfetto opens.
@Suite("chrome trace export")
struct ChromeTraceExportTests {
  /// Exports `trace` and returns its events.
  static func export(_ trace: String) throws -> [[String: Any]] {
    let folder = try ReplayTool.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("out.json")
    let result = try ReplayTool.run("export", trace, "--format", "chrome-trace", "-o", out.path)
    #expect(result.status == 0, "\(result.errors)")
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: out))
    let object = try #require(json as? [String: Any])
    #expect(object["displayTimeUnit"] as? String == "ms")
    return try #require(object["traceEvents"] as? [[String: Any]])
  }

  /// A JSON number, whether it was read as an integer or not.
  static func number(_ value: Any?) -> Double? {
    if let value = value as? Int { return Double(value) }
    if let value = value as? Double { return value }
    return (value as? NSNumber)?.doubleValue
  }

  static func names(_ events: [[String: Any]], _ metadata: String) -> [String] {
    events.filter { $0["ph"] as? String == "M" && $0["name"] as? String == metadata }
      .compactMap { ($0["args"] as? [String: Any])?["name"] as? String }
  }

  /// A trace whose Chrome trace is written in many parts, as its events are made: the parts
  /// join into one JSON document, the same to a file and to standard output; the metadata come
  /// first and name every thread an event is on (found before any event is written); and it
  /// marks every finding `check` reports.
  @Test func aLongTraceIsWrittenInPartsThatJoinIntoOneTrace() throws {
    let folder = try ReplayTool.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("random.jsonl").path
    var random = RandomEvents(seed: 0xC4_0001, identifiers: ["A", "B", "C", "D", "E"])
    try random.events(count: 6000).map(\.jsonLine).joined(separator: "\n")
      .write(toFile: path, atomically: true, encoding: .utf8)
    let out = folder.appendingPathComponent("out.json")
    let file = try ReplayTool.run("export", path, "--format", "chrome-trace", "-o", out.path)
    #expect(file.status == 0, "\(file.errors)")
    let bytes = try Data(contentsOf: out)
    #expect(bytes.count > 4 << 16, "\(bytes.count) bytes: one part")
    let standardOutput = try ReplayTool.run("export", path, "--format", "chrome-trace")
    #expect(Data(standardOutput.output.utf8) == bytes)
    let object = try #require(
      try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
    let events = try #require(object["traceEvents"] as? [[String: Any]])
    let firstOther = try #require(events.firstIndex { $0["ph"] as? String != "M" })
    #expect(events[firstOther...].allSatisfy { $0["ph"] as? String != "M" })
    let named = Set(
      events[..<firstOther].filter { $0["name"] as? String == "thread_name" }.map {
        [$0["pid"] as? Int ?? -1, $0["tid"] as? Int ?? -1]
      })
    let used = Set(
      events[firstOther...].map { [$0["pid"] as? Int ?? -1, $0["tid"] as? Int ?? -1] })
    #expect(used == named)
    let check = try ReplayTool.run("check", path, "--severity", "info", "--json")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(check.output.utf8)) as? [String: Any])
    let findings = try #require(report["findings"] as? [Any])
    #expect(findings.count > 100)
    #expect(events.count { $0["cat"] as? String == "finding" } == findings.count)
  }

  @Test func dragTraceHasAProcessPerLaunchATrackPerSceneAndADropFlow() throws {
    let events = try Self.export("traces/drag-to-other-window-fixed.jsonl")
    #expect(Self.names(events, "process_name") == ["launch L1 (seq 1)"])
    #expect(
      Self.names(events, "thread_name") == [
        "app", "A windowApplication", "B windowApplication", "C windowApplication",
      ])
    let starts = events.filter {
      $0["ph"] as? String == "s" && $0["cat"] as? String == "drag-and-drop"
    }
    let ends = events.filter {
      $0["ph"] as? String == "f" && $0["cat"] as? String == "drag-and-drop"
    }
    #expect(starts.count >= 1)
    #expect(starts.count == ends.count)
    for (start, end) in zip(starts, ends) {
      #expect(start["id"] as? Int == end["id"] as? Int)
      #expect(end["bp"] as? String == "e")
      #expect(start["tid"] as? Int == 1)
      #expect(end["tid"] as? Int == 2)
      #expect((Self.number(start["ts"]) ?? 0) <= (Self.number(end["ts"]) ?? 0))
    }
  }

  @Test(arguments: [
    "traces/drag-to-other-window-fixed.jsonl", "traces/setting-one-window-bug.jsonl",
    "traces/setting-after-background-bug.jsonl",
  ])
  func activationSpansOfEachTrackAddUpToItsScenesLifetime(trace: String) throws {
    let events = try Self.export(trace)
    let spans = events.filter { $0["ph"] as? String == "X" && $0["cat"] as? String == "activation" }
    #expect(!spans.isEmpty)
    var byTrack: [[Int]: [(ts: Double, dur: Double)]] = [:]
    for span in spans {
      let track = [span["pid"] as? Int ?? -1, span["tid"] as? Int ?? -1]
      let ts = try #require(Self.number(span["ts"]))
      let dur = try #require(Self.number(span["dur"]))
      #expect(dur >= 0)
      byTrack[track, default: []].append((ts, dur))
    }
    for (track, spans) in byTrack {
      // One scene per track in these traces: its spans follow one another without gaps.
      for (span, next) in zip(spans, spans.dropFirst()) {
        #expect(abs(span.ts + span.dur - next.ts) < 0.001, "track \(track)")
      }
      let first = try #require(spans.first)
      let last = try #require(spans.last)
      let total = spans.map(\.dur).reduce(0, +)
      #expect(abs(total - (last.ts + last.dur - first.ts)) < 0.001, "track \(track)")
    }
  }

  @Test func findingsAreInstantEventsOnTheirScenesTrackWithTheirFields() throws {
    let events = try Self.export("traces/setting-one-window-bug.jsonl")
    let check = try ReplayTool.run("check", "traces/setting-one-window-bug.jsonl", "--json")
    let findings = events.filter { $0["cat"] as? String == "finding" }
    #expect(!findings.isEmpty)
    for finding in findings {
      #expect(finding["ph"] as? String == "i")
      #expect(finding["s"] as? String == "t")
      let args = try #require(finding["args"] as? [String: Any])
      let rule = try #require(args["rule"] as? String)
      #expect(check.output.contains(rule))
      #expect(args["severity"] != nil && args["message"] != nil && args["seq"] != nil)
    }
    let renders = events.filter { $0["cat"] as? String == "write-render" }
    #expect(!renders.isEmpty)
  }

  @Test func eachLaunchIsAProcessAndLostStretchesAreSlicesOnTheAppTrack() throws {
    let trace = try ReplayTool.twoLaunchesWithADrop()
    let events = try Self.export(trace.path)
    #expect(Self.names(events, "process_name") == ["launch L1 (seq 1)", "launch L2 (seq 6)"])
    let scenes = events.filter { $0["cat"] as? String == "activation" }
    #expect(Set(scenes.compactMap { $0["pid"] as? Int }) == [1, 2])
    let lost = try #require(events.first { $0["cat"] as? String == "loss" })
    #expect(lost["ph"] as? String == "X")
    #expect(lost["tid"] as? Int == 0)
    #expect(Self.number(lost["ts"]) == 8_000_000)
    #expect(Self.number(lost["dur"]) == 12_000_000)
    let marks = events.filter { $0["cat"] as? String == "app-mark" }
    #expect(marks.compactMap { $0["pid"] as? Int } == [1, 2])
  }

  @Test func jsonlStaysTheDefaultFormat() throws {
    let result = try ReplayTool.run("export", "traces/setting-one-window-bug.jsonl")
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("{\"seq\":1,"))
  }
}
