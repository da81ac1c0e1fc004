import Foundation
import SceneTrace
import SceneTraceFile
import SceneTraceTestSupport
import SceneTraceText
import Testing

/// The timeline model every picture of a trace draws, built from traces/ files.
@Suite("timeline model")
struct TimelineModelTests {
  static func timeline(_ name: String) throws -> (Timeline, LoadedTrace) {
    let path = PackageFolders.root.appendingPathComponent("traces/\(name)").path
    let trace = try TraceFile.load(path: path)
    return (Timeline(events: trace.events, loss: trace.loss), trace)
  }

  @Test(arguments: [
    "setting-after-background-bug.jsonl", "drag-to-other-window-fixed.jsonl",
    "setting-one-window-bug.jsonl", "missed-foreground-hook.jsonl",
  ])
  func spansOfEachSceneCoverItsLifetimeBackToBack(name: String) throws {
    let (timeline, _) = try Self.timeline(name)
    #expect(!timeline.lanes.isEmpty)
    for lane in timeline.lanes {
      for scene in lane.scenes {
        #expect(scene.spans.first?.period.start == scene.lifetime.start)
        #expect(scene.spans.last?.period.end == scene.lifetime.end)
        for (span, next) in zip(scene.spans, scene.spans.dropFirst()) {
          #expect(span.period.end == next.period.start)
          #expect(span.period.endSeq == next.period.startSeq)
          #expect(span.state != next.state)
        }
        #expect(scene.spans.map(\.period.duration).reduce(0, +) == scene.lifetime.duration)
      }
    }
  }

  @Test func lanesFollowTheSessionsInOrderOfFirstAppearanceWithTheirStates() throws {
    let (timeline, _) = try Self.timeline("setting-after-background-bug.jsonl")
    #expect(timeline.lanes.map(\.label) == ["W1 windowApplication", "W2 windowApplication"])
    let second = try #require(timeline.lanes[1].scenes.first)
    #expect(
      second.spans.map(\.state) == [
        .unattached, .foregroundInactive, .foregroundActive, .foregroundInactive, .background,
        .foregroundInactive, .foregroundActive,
      ])
    #expect(second.lifetime.startSeq == 7)
    #expect(second.lifetime.end == timeline.extent.end)
    #expect(timeline.keyScenes.map(\.session.rawValue) == ["W1", "W2"])
    #expect(timeline.keyScenes[0].period.end == TraceTime(nanoseconds: 30_011_000_000))
  }

  @Test func findingsAreMarkedAtTheirEventsInTheirLanes() throws {
    let (timeline, trace) = try Self.timeline("setting-after-background-bug.jsonl")
    let findings = Replay.run(trace.events).findings
    #expect(!findings.isEmpty)
    #expect(timeline.findings == findings)
    for mark in timeline.marks {
      guard case .finding(let finding) = mark.kind else { continue }
      let event = try #require(trace.events.first { $0.seq == finding.seq })
      #expect(mark.seq == event.seq)
      #expect(mark.time == event.time)
      #expect(mark.session == finding.session)
    }
    let labels = timeline.marks.compactMap { mark -> String? in
      guard case .appMark(let label) = mark.kind else { return nil }
      return label
    }
    #expect(labels == ["user: the word count is missing in this window"])
  }

  @Test func launchesSeparateTheScenesTheyClose() throws {
    let events: [Event] = [
      Event(seq: 1, time: .zero, .appLaunch(launch: "L1")),
      Event(seq: 2, time: TraceTime(seconds: 1), .sceneWillConnect(session: "A")),
      Event(seq: 3, time: TraceTime(seconds: 2), .sceneWillEnterForeground(session: "A")),
      Event(seq: 4, time: TraceTime(seconds: 5), .appLaunch(launch: "L2")),
      Event(seq: 5, time: TraceTime(seconds: 6), .sceneWillConnect(session: "A")),
      Event(seq: 6, time: TraceTime(seconds: 9), .appMark(label: "end")),
    ]
    let timeline = Timeline(events: events, loss: [])
    #expect(timeline.launches.map(\.name) == ["L1", "L2"])
    #expect(timeline.launches.map(\.seq) == [1, 4])
    let scenes = try #require(timeline.lanes.first?.scenes)
    #expect(scenes.map(\.launch) == [0, 1])
    #expect(scenes.map(\.lifetime.endSeq) == [4, 6])
    #expect(scenes[0].lifetime.end <= timeline.launches[1].time)
    #expect(scenes[1].lifetime.start >= timeline.launches[1].time)
  }

  @Test func dragsAndWritesLinkTheirLanes() throws {
    let (drag, _) = try Self.timeline("drag-to-other-window-fixed.jsonl")
    let drops = drag.links.filter {
      if case .dragAndDrop = $0.kind { return true }
      return false
    }
    #expect(!drops.isEmpty)
    for drop in drops { #expect(drop.fromSeq < drop.toSeq) }
    let (setting, _) = try Self.timeline("setting-after-background-bug.jsonl")
    let renders = setting.links.filter {
      if case .writeToRender = $0.kind { return true }
      return false
    }
    #expect(renders.map(\.fromSession.rawValue) == ["W1"])
    #expect(renders.map(\.toSession.rawValue) == ["W1"])
  }

  @Test func lostStretchesArePlacedBetweenTheEventsAroundThem() throws {
    let events: [Event] = [
      Event(seq: 1, time: .zero, .appLaunch(launch: "L1")),
      Event(seq: 2, time: TraceTime(seconds: 1), .traceGap(dropped: 40)),
      Event(seq: 3, time: TraceTime(seconds: 4), .appMark(label: "after")),
    ]
    let timeline = Timeline(events: events, loss: LostStretch.drops(in: events))
    let loss = try #require(timeline.losses.first)
    #expect(loss.period.start == .zero)
    #expect(loss.period.end == TraceTime(seconds: 4))
    #expect(timeline.findings.map(\.rule) == [.traceEventsLost])
  }

  @Test func bandSelectionsRunFromBeganToEndedAndKeyWindowsFromBecomingKey() throws {
    let (band, _) = try Self.timeline("band-selection-shift-bug.jsonl")
    // The second began at 6.1 s, inside the band begun at 6 s, opens no second period.
    #expect(band.bandSelections.map(\.name) == ["grid", "grid"])
    #expect(
      band.bandSelections.map(\.period.start) == [
        TraceTime(seconds: 2), TraceTime(seconds: 6),
      ])
    #expect(
      band.bandSelections.map(\.period.end) == [
        TraceTime(milliseconds: 2_400), TraceTime(milliseconds: 6_300),
      ])
    let (windows, _) = try Self.timeline("two-windows-clean.jsonl")
    #expect(windows.keyWindows.map(\.name) == ["A.main", "B.main"])
    #expect(windows.keyWindows.map(\.session.rawValue) == ["A", "B"])
    #expect(windows.keyWindows.first?.period.start == TraceTime(milliseconds: 20))
  }
}
