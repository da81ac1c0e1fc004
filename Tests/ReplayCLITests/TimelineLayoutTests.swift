import SceneTrace
import SceneTraceFile
import SceneTraceTestSupport
import SceneTraceText
import Testing

/// A timeline keeps every event's seq and time as runs of seqs and chunks of times held as gaps
/// (`SeqTimes`), lays out only what the chart draws when only the chart is drawn, merges its
/// findings' marks into its events' rather than sorting them together, and writes its chart
/// and its SVG a part at a time: each must answer as what it replaces.
@Suite struct TimelineLayoutTests {
  @Test(arguments: [0x5E9_7100, 0x5E9_7101, 0x5E9_7102] as [UInt64])
  func seqsAndTimesReadAsTheArraysOfThem(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var (seqs, times) = ([Int](), [TraceTime]())
    var seqTimes = SeqTimes()
    var seq = Int.random(in: -3...3, using: &random)
    // Past the chunks of times (65,536 a chunk), with runs of every length between gaps.
    for _ in 0..<150_000 {
      switch Int.random(in: 0..<100, using: &random) {
      case 0: seq += Int.random(in: 2...40, using: &random)
      case 1: seq += Int.random(in: 41...100_000, using: &random)
      default: seq += 1
      }
      let time = TraceTime(nanoseconds: Int64.random(in: 0...1 << 40, using: &random))
      seqs.append(seq)
      times.append(time)
      seqTimes.append(seq: seq, time: time)
    }
    #expect(seqTimes.count == seqs.count)
    #expect(seqTimes.map(\.seq) == seqs)
    #expect(seqTimes.map(\.time) == times)
    #expect(seqTimes.indices.allSatisfy { seqTimes.time(at: $0) == times[$0] })
    // Before the first seq, at each, in the gaps between runs, past the last.
    var queries = [seqs[0] - 1, seqs[0], seqs[seqs.count - 1], seqs[seqs.count - 1] + 5]
    for _ in 0..<5_000 {
      let index = Int.random(in: 0..<seqs.count, using: &random)
      queries.append(seqs[index] + Int.random(in: -50...50, using: &random))
    }
    for query in queries {
      let expected = seqs.partitioningIndex { $0 > query } - 1
      #expect(seqTimes.lastIndex(atOrBefore: query) == (expected >= 0 ? expected : nil))
      #expect(seqTimes.time(atOrBefore: query) == (expected >= 0 ? times[expected] : nil))
    }
  }

  /// Times held as gaps from the time before come back whole: times a few milliseconds apart,
  /// with pauses of more than 4.3 s, steps back and the ends of an Int64 among them, so that
  /// some chunks (4,096 times) hold gaps and others turn whole, mid-chunk and at a stride's
  /// edge (every 64th time is held whole).
  @Test(arguments: [0x5E9_7110, 0x5E9_7111] as [UInt64])
  func timesHeldAsGapsComeBackWhole(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var (times, seqTimes) = ([TraceTime](), SeqTimes())
    var nanoseconds: Int64 = Int64.random(in: -1 << 40...1 << 40, using: &random)
    var (gapChunks, wholeChunks) = (0, 0)
    for chunk in 0..<12 {
      // One chunk in three breaks its gaps once, at a place of its own.
      let breaks = chunk % 3 == 1 ? Int.random(in: 1..<4_096, using: &random) : nil
      for index in 0..<4_096 {
        if index == breaks {
          switch chunk % 4 {
          case 0: nanoseconds += Int64(UInt32.max) + 1
          case 1: nanoseconds -= 1
          case 2: nanoseconds = chunk > 6 ? .max : .min
          default: nanoseconds += 1 << 33
          }
        } else if index > 0 || chunk == 0 {
          let gap = Int64.random(in: 0...20_000_000, using: &random)
          let (next, overflow) = nanoseconds.addingReportingOverflow(gap)
          nanoseconds = overflow ? .max : next
        } else if chunk % 4 == 3 {
          // A gap of all that 4 bytes hold, at a chunk's first time.
          nanoseconds = nanoseconds < .max - Int64(UInt32.max) ? nanoseconds + Int64(UInt32.max) : 0
        }
        let time = TraceTime(nanoseconds: nanoseconds)
        times.append(time)
        seqTimes.append(seq: times.count, time: time)
      }
      if breaks == nil { gapChunks += 1 } else { wholeChunks += 1 }
    }
    #expect(gapChunks > 0 && wholeChunks > 0)
    #expect(seqTimes.map(\.time) == times)
    #expect(seqTimes.indices.allSatisfy { seqTimes.time(atOrBefore: $0 + 1) == times[$0] })
  }

  @Test func noEventsHaveNoSeqs() {
    let seqTimes = SeqTimes()
    #expect(seqTimes.isEmpty)
    #expect(seqTimes.lastIndex(atOrBefore: .max) == nil)
  }

  /// The marks are in seq order; at one seq the event's own mark comes before its findings;
  /// the findings are the replay's and the losses', in report order.
  @Test(arguments: [0x5E9_7200, 0x5E9_7201, 0x5E9_7202, 0x5E9_7203] as [UInt64])
  func findingsAreMergedIntoTheEventsMarks(seed: UInt64) {
    var random = RandomEvents(seed: seed, identifiers: ["A", "B", "C"])
    let events = random.events(count: 3_000)
    let loss = LostStretch.drops(in: events)
    let timeline = Timeline(events: events, loss: loss)
    let expected = (Replay.run(events).findings + loss.map(\.finding))
      .sorted(by: Finding.reportOrder)
    #expect(expected.count > 100, "seed \(seed): too few findings to say anything")
    #expect(timeline.findings == expected)
    let marks = timeline.marks
    #expect(marks.count > expected.count)
    for (mark, next) in zip(marks, marks.dropFirst()) {
      #expect(mark.seq <= next.seq)
      if mark.seq == next.seq, case .finding = mark.kind {
        guard case .finding = next.kind else {
          Issue.record("seed \(seed): an event's mark after a finding at seq \(mark.seq)")
          continue
        }
      }
    }
  }

  /// The timeline of 20,000 random events of four sessions, and a window of all of it.
  private static func randomTimeline(seed: UInt64) -> (Timeline, TimelineText.Window) {
    var random = RandomEvents(seed: seed, identifiers: ["A", "B", "C", "D"])
    let events = random.events(count: 20_000)
    let timeline = Timeline(events: events, loss: LostStretch.drops(in: events))
    let window = TimelineText.Window(
      seqs: timeline.extent.startSeq...timeline.extent.endSeq,
      times: timeline.extent.start...max(timeline.extent.start, timeline.extent.end))
    return (timeline, window)
  }

  /// A timeline laid out for the chart alone (`Timeline.Layout(.chart)`, which counts findings
  /// rather than making their messages, and leaves out what the chart does not draw) draws the
  /// chart of the whole timeline, every way: on random traces of events of every type, with
  /// drops, and on every trace in traces/; its findings are the whole timeline's by seq, rule,
  /// severity and session.
  @Test func aChartLaidOutAloneIsTheChartOfTheWholeTimeline() throws {
    var traces: [(name: String, events: [Event], loss: [LostStretch])] = []
    for seed in [0x5E9_7500, 0x5E9_7501] as [UInt64] {
      var random = RandomEvents(seed: seed, identifiers: ["A", "B", "C", "D"])
      let events = random.events(count: 8_000)
      traces.append(("seed \(seed)", events, LostStretch.drops(in: events)))
    }
    for path in try ReplayTool.shippedTraces() {
      let trace = try TraceFile.load(path: path)
      traces.append((path, trace.events, trace.loss))
    }
    var (keyCommands, merged) = (0, 0)
    for trace in traces {
      var (whole, chart) = (Timeline.Layout(.whole), Timeline.Layout(.chart))
      // Batches of uneven sizes, as a file is read.
      var (start, size) = (0, 1)
      while start < trace.events.count {
        let end = min(trace.events.count, start + size)
        whole.add(Array(trace.events[start..<end]))
        chart.add(Array(trace.events[start..<end]))
        (start, size) = (end, size * 7 % 997 + 1)
      }
      let (wholeTimeline, chartTimeline) = (
        whole.finish(loss: trace.loss), chart.finish(loss: trace.loss)
      )
      let key = { (finding: Finding) in
        "\(finding.seq) \(finding.rule) \(finding.severity) \(finding.session?.rawValue ?? "-")"
      }
      #expect(chartTimeline.findings.map(key) == wholeTimeline.findings.map(key), "\(trace.name)")
      let replayed = chartTimeline.findings.filter { $0.rule != .traceEventsLost }
      #expect(replayed.allSatisfy { $0.message.isEmpty && $0.related.isEmpty }, "\(trace.name)")
      #expect(chartTimeline.keyWindows.isEmpty && chartTimeline.pointerDrags.isEmpty)
      #expect(chartTimeline.bandSelections.isEmpty && chartTimeline.links.isEmpty)
      keyCommands += wholeTimeline.marks.count - chartTimeline.marks.count
      merged += wholeTimeline.findings.count { $0.message.contains("; ") }
      guard let first = wholeTimeline.marks.first, let last = wholeTimeline.marks.last else {
        continue
      }
      let extent = wholeTimeline.extent
      let windows = [
        TimelineText.Window(
          seqs: extent.startSeq...extent.endSeq, times: extent.start...max(extent.start, extent.end)
        ),
        TimelineText.Window(
          seqs: first.seq...max(first.seq, last.seq), times: first.time...max(first.time, last.time)
        ),
      ]
      for window in windows {
        for (width, sessions) in [(100, nil), (41, wholeTimeline.lanes.prefix(1).map(\.session))] {
          let highlight = { (mark: String, severity: Severity) in "<\(severity.rawValue)>\(mark)" }
          let expected = TimelineText(
            wholeTimeline, window: window, width: width, sessions: sessions)
          let drawn = TimelineText(chartTimeline, window: window, width: width, sessions: sessions)
          #expect(
            drawn.render(highlight: highlight) == expected.render(highlight: highlight),
            "\(trace.name)")
        }
      }
    }
    // Marks were left out, and findings of a rule merged on one event are among them.
    #expect(keyCommands > 500 && merged > 100, "\(keyCommands) \(merged)")
  }

  /// The chart on the terminal, written a part at a time, is the chart made whole; each part
  /// is about 64 KiB, but for the last.
  @Test func theChartIsWrittenInPartsThatJoinToTheWhole() throws {
    let (timeline, window) = Self.randomTimeline(seed: 0x5E9_7300)
    let chart = TimelineText(timeline, window: window, width: 100)
    let highlight = { (mark: String, severity: Severity) in "<\(severity.rawValue)>\(mark)" }
    var parts: [String] = []
    chart.render(highlight: highlight) { parts.append($0) }
    let whole = chart.render(highlight: highlight)
    #expect(whole.utf8.count > 3 << 16, "too short a chart to be written in parts")
    #expect(parts.joined() == whole)
    #expect(parts.count > 3)
    #expect(parts.dropLast().allSatisfy { (1 << 16..<(1 << 16) + 512).contains($0.utf8.count) })
    #expect(whole.contains("<error>!"))
  }

  /// The SVG, written a part at a time, is the SVG made whole.
  @Test func theSVGIsWrittenInPartsThatJoinToTheWhole() throws {
    let (timeline, window) = Self.randomTimeline(seed: 0x5E9_7400)
    let svg = TimelineSVG(timeline, window: window, title: "random")
    var parts: [String] = []
    svg.render { parts.append($0) }
    let whole = svg.render()
    #expect(whole.utf8.count > 3 << 16, "too short a picture to be written in parts")
    #expect(parts.joined() == whole)
    #expect(parts.count > 3)
    // A lane's group, its findings' or a link is never cut: a part is 64 KiB or more.
    #expect(parts.dropLast().allSatisfy { $0.utf8.count >= 1 << 16 }, "\(parts.map(\.utf8.count))")
    #expect(whole.hasSuffix("</svg>\n"))
    #expect(whole.contains("<g class=\"findings\">"))
  }

  /// A trace whose times span nearly all an Int64 holds (a wall clock that jumped centuries) is
  /// drawn every way, its many drags and marks gathered into the page's buckets: the products
  /// of a time by a width or a count of buckets overflowed, and each picture trapped.
  @Test func aTraceSpanningCenturiesIsDrawnEveryWay() throws {
    let end = Int64.max - 1
    var events: [Event] = [
      Event(seq: 1, time: .zero, .appLaunch(launch: "L1")),
      Event(seq: 2, time: .zero, .sceneWillConnect(session: "A", role: .windowApplication)),
    ]
    for index in 0..<2_500 {
      let time = Int64(index) * (end / 2_500)
      for (offset, payload) in [
        Event.Payload.pointerDrag(session: "A", phase: .began, x: 1, y: 1),
        .pointerDrag(session: "A", phase: .ended, x: 2, y: 2), .appMark(label: "m\(index)"),
      ].enumerated() {
        events.append(
          Event(
            seq: events.count + 1, time: TraceTime(nanoseconds: time + Int64(offset)), payload))
      }
    }
    events.append(
      Event(seq: events.count + 1, time: TraceTime(nanoseconds: end), .appMark(label: "end")))
    let timeline = Timeline(events: events, loss: [])
    let window = TimelineText.Window(
      seqs: 1...events.count, times: TraceTime.zero...TraceTime(nanoseconds: end))
    let chart = TimelineText(timeline, window: window, width: 100).render()
    #expect(chart.contains("\(TraceTime(nanoseconds: end)) s"))
    let svg = TimelineSVG(timeline, window: window).render()
    #expect(svg.contains("2000000000 s</text>"))
    let page = TimelineHTML(timeline, window: window).render(events: events, stateChanges: [:])
    #expect(page.contains("\"aggregated\":true"))
  }
}
