import Foundation
import SceneTrace
import SceneTraceFile
import SceneTraceTestSupport
import SceneTraceText
import Testing

@testable import ReplayCLI

/// `replay timeline TRACE -o OUT.html`: the timeline as one self-contained page.
@Suite("timeline HTML")
struct TimelineHTMLTests {
  /// The parts of a page the tests look at: its markup and the data it embeds.
  struct Page {
    var markup: String
    var data: [String: Any]

    /// Finds the embedded data and parses it, failing the test when it is missing or is not
    /// JSON; the project's own parser must read it too.
    init(_ markup: String) throws {
      self.markup = markup
      let opening = #"<script type="application/json" id="timeline-data">"#
      let start = try #require(markup.range(of: opening), "no embedded data")
      let end = try #require(
        markup.range(of: "</script>", range: start.upperBound..<markup.endIndex))
      let json = Data(markup[start.upperBound..<end.lowerBound].utf8)
      _ = try JSONValue(parsing: json)
      data = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
    }

    var lanes: [[String: Any]] { data["lanes"] as? [[String: Any]] ?? [] }
    var marks: [[Any]] { data["marks"] as? [[Any]] ?? [] }
    var launches: [[Any]] { data["launches"] as? [[Any]] ?? [] }
    var losses: [[Any]] { data["losses"] as? [[Any]] ?? [] }
    var details: [[String]] { data["details"] as? [[String]] ?? [] }

    /// The marks of `kind` (k key command, f focus change, x finding, m app mark).
    func marks(_ kind: String) -> [[Any]] { marks.filter { $0[2] as? String == kind } }

    /// How many items the marks of `kind` stand for, counting those counted per bucket.
    func count(_ kind: String) -> Int { marks(kind).compactMap { $0[3] as? Int }.reduce(0, +) }
  }

  /// Runs `replay timeline` writing HTML into a fresh folder and returns the page.
  static func page(_ trace: String, _ arguments: String...) throws -> (String, String) {
    let folder = try ReplayTool.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("timeline.html")
    let result = try ReplayTool.run(["timeline", trace, "-o", out.path] + arguments)
    #expect(result.status == 0, "\(result.errors)")
    return (try String(contentsOf: out, encoding: .utf8), result.output)
  }

  @Test func thePageOfATraceHoldsALanePerSessionAndAMarkPerFindingWithItsDetails() throws {
    let (timeline, _) = try TimelineModelTests.timeline("setting-after-background-bug.jsonl")
    let (markup, output) = try Self.page("traces/setting-after-background-bug.jsonl")
    #expect(output.hasPrefix("wrote ") && output.contains("as HTML"))
    let page = try Page(markup)
    #expect(markup.hasPrefix("<!DOCTYPE html>"))
    for part in [#"<canvas id="chart">"#, #"<aside id="details">"#, #"<div id="legend">"#] {
      #expect(markup.contains(part))
    }
    let sessions = page.lanes.compactMap { $0["id"] as? String }
    #expect(sessions == timeline.lanes.map(\.session.rawValue) + ["app"])
    #expect(page.count("x") == timeline.findings.count)
    let texts = page.marks("x").compactMap { $0[5] as? String }
    for mark in timeline.marks {
      guard case .finding(let finding) = mark.kind else { continue }
      #expect(texts.contains { $0.contains("\(finding.rule.rawValue): \(finding.message)") })
    }
    // Clicking the finding shows its event, the events that explain it and its state change.
    let detail = try #require(page.details.first).joined(separator: "\n")
    #expect(detail.contains("error shared.stale-render · session W2"))
    #expect(detail.contains("at   responder.first session=W2"))
    #expect(detail.contains("state.write key=defaults:showWordCount value=true session=W1"))
    #expect(detail.contains("scene.firstResponder  null → \"editor\""))
    #expect(page.count("k") == 1)
    #expect(page.count("m") == 1)
  }

  /// `replay timeline -o OUT.html` reads the trace as it lays it out, then reads again only the
  /// events the page shows: a page made of those alone is the page made of every event, for
  /// every shipped trace and a seeded random one, over the whole trace and a part of it.
  @Test func thePageOfTheEventsItShowsIsThePageOfTheWholeTrace() throws {
    var random = RandomEvents(seed: 12, identifiers: ["A", "B", "C"])
    var traces = [("random", random.events(count: 3_000))]
    for path in try ReplayTool.shippedTraces() {
      traces.append((path, try TraceFile.load(path: path).events))
    }
    var detailed = 0
    for (name, events) in traces {
      guard let first = events.first, let last = events.last else { continue }
      let timeline = Timeline(events: events, loss: LostStretch.drops(in: events))
      let middle = events[events.count / 2]
      for window in [
        TimelineText.Window(seqs: first.seq...last.seq, times: first.time...last.time),
        TimelineText.Window(seqs: middle.seq...last.seq, times: middle.time...last.time),
      ] {
        let page = TimelineHTML(timeline, window: window, title: name)
        let shown = page.seqsShown
        let some = events.filter { shown.contains($0.seq) }
        #expect(some.count < events.count || events.count < 20, "\(name)")
        #expect(
          page.render(events: some, stateChanges: [:])
            == page.render(events: events, stateChanges: [:]), "\(name)")
        detailed += page.detailedSeqs.count
      }
    }
    #expect(detailed > 50)
  }

  /// A mark counted in a bucket shows no text of its own: the page asks only for the events of
  /// the marks it draws alone. 5,000 key commands in one window, past the page's limit, asked
  /// for 5,000 events before (10^7 mixed events: every key command's and focus change's).
  @Test func thePageAsksOnlyForTheEventsOfTheMarksItDrawsAlone() throws {
    var events: [Event] = [
      Event(seq: 1, time: .zero, .appLaunch(launch: "L1")),
      Event(seq: 2, time: .zero, .sceneWillConnect(session: "W1", role: .windowApplication)),
      Event(seq: 3, time: .zero, .sceneWillEnterForeground(session: "W1")),
      Event(seq: 4, time: .zero, .sceneDidBecomeActive(session: "W1")),
    ]
    // Bunched at the start, then far apart, so that some buckets hold one command.
    for index in 0..<5_000 {
      let milliseconds = Int64(index < 4_900 ? index : 4_900 + (index - 4_900) * 1_000)
      events.append(
        Event(
          seq: events.count + 1, time: TraceTime(milliseconds: milliseconds),
          .keyCommand(session: "W1", input: "s", action: "save:")))
    }
    let timeline = Timeline(events: events, loss: [])
    let window = TimelineText.Window(
      seqs: 1...events.count, times: TraceTime.zero...(events.last?.time ?? .zero))
    let page = TimelineHTML(timeline, window: window, title: "commands")
    let shown = page.seqsShown
    #expect((90...100).contains(shown.count), "\(shown.count) asked for")
    let some = events.filter { shown.contains($0.seq) }
    let markup = page.render(events: some, stateChanges: [:])
    #expect(markup == page.render(events: events, stateChanges: [:]))
    let parsed = try Page(markup)
    #expect(parsed.data["aggregated"] as? Bool == true)
    #expect(parsed.count("k") == 5_000)
  }

  /// The page is written into a file beside the output, which takes its place once whole: an
  /// earlier file is replaced, nothing is left beside it, and an output that cannot be made is
  /// an error naming it, for the page and for the picture.
  @Test(arguments: ["html", "svg"])
  func thePictureReplacesTheOutputWholeOrIsAnError(kind: String) throws {
    let folder = try ReplayTool.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("timeline.\(kind)")
    try Data(String(repeating: "an older picture\n", count: 100_000).utf8).write(to: out)
    let trace = "traces/setting-after-background-bug.jsonl"
    let result = try ReplayTool.run("timeline", trace, "-o", out.path)
    #expect(result.status == 0, "\(result.errors)")
    let written = try Data(contentsOf: out)
    #expect(result.output.contains("(\(written.count) bytes)"))
    #expect(
      String(decoding: written.suffix(8), as: UTF8.self).hasSuffix(
        kind == "html" ? "</html>\n" : "</svg>\n"))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["timeline.\(kind)"])
    let missing = folder.appendingPathComponent("no-such-folder/timeline.\(kind)").path
    let failed = try ReplayTool.run("timeline", trace, "-o", missing)
    #expect(failed.status == 2)
    #expect(failed.errors.contains(missing))
    #expect(failed.output.isEmpty)
  }

  @Test func thePageNeedsNoNetwork() throws {
    let (markup, _) = try Self.page("traces/drag-to-other-window-bug.jsonl")
    for external in ["http://", "https://", " src=", "<link", "@import", "url("] {
      #expect(!markup.contains(external), "\(external)")
    }
    let page = try Page(markup)
    let drops = (page.data["links"] as? [[Any]] ?? []).filter { $0[0] as? String == "drop" }
    #expect(!drops.isEmpty)
  }

  @Test func launchesAreMarkedAndALostStretchIsShaded() throws {
    let trace = try ReplayTool.twoLaunchesWithADrop(session: "A</script>")
    let (markup, _) = try Self.page(trace.path)
    let page = try Page(markup)
    #expect(
      page.launches.compactMap { $0[2] as? String } == ["launch L1 (seq 1)", "launch L2 (seq 6)"])
    #expect(page.losses.count == 1)
    #expect((page.losses.first?[2] as? String)?.hasPrefix("events lost") == true)
    #expect(page.lanes.first?["label"] as? String == "A</script> windowApplication")
  }

  @Test func aPartByTimeIsThePartBySeq() throws {
    let trace = "traces/setting-after-background-bug.jsonl"
    for output in ["html", "svg"] {
      let folder = try ReplayTool.temporaryFolder()
      defer { try? FileManager.default.removeItem(at: folder) }
      let bySeq = folder.appendingPathComponent("seq.\(output)").path
      let byTime = folder.appendingPathComponent("time.\(output)").path
      _ = try ReplayTool.run("timeline", trace, "--from", "13", "--to", "21", "-o", bySeq)
      // Seq 13 is at 3 s and seq 21 at 30.01 s; 2.5s starts at the first event after it.
      _ = try ReplayTool.run("timeline", trace, "--from", "2.5s", "--to", "30.01s", "-o", byTime)
      #expect(try Data(contentsOf: URL(fileURLWithPath: bySeq)).count > 0)
      #expect(
        try Data(contentsOf: URL(fileURLWithPath: bySeq))
          == Data(contentsOf: URL(fileURLWithPath: byTime)))
    }
    let seq = try ReplayTool.run("timeline", trace, "--from", "13", "--to", "21")
    let time = try ReplayTool.run("timeline", trace, "--from", "2.5s", "--to", "30.01s")
    #expect(seq.output.hasPrefix("seq 13–21, 3 s to 30.01 s\n"))
    #expect(seq.output == time.output)
  }

  @Test func aSessionDrawsItsLaneOnly() throws {
    let (markup, _) = try Self.page("traces/setting-after-background-bug.jsonl", "--session", "W1")
    let page = try Page(markup)
    #expect(page.lanes.compactMap { $0["id"] as? String } == ["W1"])
    // The finding is W2's.
    #expect(page.marks("x").isEmpty)
  }

  @Test(arguments: [
    (["--from", "soon"], "--from soon is neither a seq"),
    (["--to", "2.5"], "--to 2.5 is neither a seq"),
    (["--from", "1.2.3s"], "nor a time in seconds ending in s"),
    (["--from", "99s"], "--from 99s is after the last event of"),
    (["--from", "20s", "--to", "10s"], "is after --to 10s"),
    (["--session", "W9"], "no session W9"),
    (["-o", "out.png"], "give a name ending in .html or .svg"),
  ])
  func aBadPartIsAUsageError(arguments: [String], message: String) throws {
    let result = try ReplayTool.run(
      ["timeline", "traces/setting-after-background-bug.jsonl"] + arguments)
    #expect(result.status == 2)
    #expect(result.errors.contains(message), "\(result.errors)")
    #expect(result.output.isEmpty)
  }

  /// 10^6 events made in memory: two windows trading the foreground every millisecond, a
  /// shared write in one rendered in the other each time, and a repeated activation (a
  /// finding) in each round; and a lost stretch.
  @Test func aMillionEventsMakeAPageUnderTwoMegabytesWithEveryFindingCounted() throws {
    var events: [Event] = [
      Event(seq: 1, time: .zero, .appLaunch(launch: "L1")),
      Event(seq: 2, time: .zero, .sceneWillConnect(session: "W1", role: .windowApplication)),
      Event(seq: 3, time: .zero, .sceneWillConnect(session: "W2", role: .windowApplication)),
      Event(seq: 4, time: .zero, .sceneWillEnterForeground(session: "W1")),
      Event(seq: 5, time: .zero, .sceneWillEnterForeground(session: "W2")),
    ]
    events.reserveCapacity(1_000_005)
    func add(_ payload: Event.Payload) {
      let seq = events.count + 1
      events.append(Event(seq: seq, time: TraceTime(milliseconds: Int64(seq)), payload))
    }
    var round = 0
    while events.count < 1_000_000 {
      let (first, second): (SessionID, SessionID) = round % 2 == 0 ? ("W1", "W2") : ("W2", "W1")
      add(.sceneDidBecomeActive(session: first))
      add(.sceneDidBecomeActive(session: first))
      add(.stateWrite(key: "k", value: String(round), session: first))
      add(.stateRender(session: second, key: "k", value: String(round)))
      add(.sceneWillResignActive(session: first))
      if round == 1_000 { add(.traceGap(dropped: 10)) }
      round += 1
    }
    let loss = LostStretch.drops(in: events)
    let timeline = Timeline(events: events, loss: loss)
    #expect(timeline.findings.count > 100_000)
    let window = TimelineText.Window(
      seqs: 1...events.count, times: TraceTime.zero...(events.last?.time ?? .zero))
    let html = TimelineHTML(timeline, window: window, title: "dense")
    let markup = html.render(events: events, stateChanges: [:])
    let size = markup.utf8.count
    #expect(size < 2_000_000, "\(size) bytes")
    let page = try Page(markup)
    #expect(page.data["aggregated"] as? Bool == true)
    // The lost stretch's finding names no session: it is on the app's row.
    #expect(page.lanes.compactMap { $0["id"] as? String } == ["W1", "W2", "app"])
    #expect(page.count("x") == timeline.findings.count)
    #expect(page.launches.count == 1)
    #expect(page.losses.count == 1)
    // Findings counted in a bucket are not detailed one by one; every reference holds.
    #expect(page.details.count <= TimelineHTML.detailedFindings)
    for mark in page.marks("x") { #expect((mark[6] as? Int ?? 0) < page.details.count) }
    print("a 10^6-event timeline page: \(size) bytes")
  }
}
