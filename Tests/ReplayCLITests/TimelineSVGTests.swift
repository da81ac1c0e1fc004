import Foundation
import SceneTrace
import SceneTraceFile
import SceneTraceTestSupport
import SceneTraceText
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `replay timeline TRACE -o OUT.svg`: the timeline as a static SVG picture.
@Suite("timeline SVG")
struct TimelineSVGTests {
  /// The elements of an SVG document that the tests look at.
  final class Picture: NSObject, XMLParserDelegate {
    /// An element: its name, attributes, the classes of the groups around it, and its text.
    struct Element {
      var name: String
      var attributes: [String: String]
      var enclosingClasses: [String]
      var text = ""
    }

    var elements: [Element] = []
    private var open: [Int] = []

    /// Parses `data`, failing the test when it is not well-formed XML.
    init(_ data: Data) throws {
      super.init()
      let parser = XMLParser(data: data)
      parser.delegate = self
      let parsed = parser.parse()
      #expect(parsed, "the SVG is not well-formed XML: \(String(describing: parser.parserError))")
      try #require(parsed)
    }

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String]
    ) {
      let classes = open.compactMap { elements[$0].attributes["class"] }
      elements.append(
        Element(name: elementName, attributes: attributes, enclosingClasses: classes))
      open.append(elements.count - 1)
    }

    func parser(
      _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
      qualifiedName: String?
    ) {
      open.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      guard let index = open.last else { return }
      elements[index].text += string
    }

    /// The `g` elements of `kind`.
    func groups(_ kind: String) -> [Element] {
      elements.filter { $0.name == "g" && $0.attributes["class"] == kind }
    }

    /// The titles inside groups of `kind`.
    func titles(_ kind: String) -> [String] {
      elements.filter { $0.name == "title" && $0.enclosingClasses.last == kind }.map(\.text)
    }
  }

  /// Runs `replay timeline` writing an SVG into a fresh folder and returns its bytes.
  static func svg(_ trace: String, _ arguments: String...) throws -> (Data, String) {
    let folder = try ReplayTool.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("timeline.svg")
    let result = try ReplayTool.run(["timeline", trace, "-o", out.path] + arguments)
    #expect(result.status == 0, "\(result.errors)")
    return (try Data(contentsOf: out), result.output)
  }

  @Test func theSvgOfATraceParsesWithALanePerSessionAndAMarkerPerFinding() throws {
    let (timeline, _) = try TimelineModelTests.timeline("setting-after-background-bug.jsonl")
    let (data, output) = try Self.svg("traces/setting-after-background-bug.jsonl")
    #expect(output.hasPrefix("wrote "))
    #expect(output.contains("as SVG"))
    let picture = try Picture(data)
    #expect(picture.elements.first?.name == "svg")
    let lanes = picture.groups("lane").compactMap { $0.attributes["data-session"] }
    #expect(lanes == timeline.lanes.map(\.session.rawValue))
    let markers = picture.groups("finding")
    let counted = markers.compactMap { $0.attributes["data-count"].flatMap { Int($0) } }
    #expect(counted.reduce(0, +) == timeline.findings.count)
    #expect(!timeline.findings.isEmpty)
    let titles = picture.titles("finding").joined(separator: "\n")
    for mark in timeline.marks {
      guard case .finding(let finding) = mark.kind else { continue }
      #expect(titles.contains("seq \(mark.seq) \(finding.rule.rawValue): \(finding.message)"))
    }
    #expect(!String(decoding: data, as: UTF8.self).contains("<script"))
  }

  /// Each lane's bars are its own session's: the key scene's, the pointer drags', the band
  /// selections' (grouped by session once for all the lanes).
  @Test func eachLaneDrawsTheBarsOfItsOwnSession() throws {
    var seen = Set<String>()
    for name in [
      "band-selection-shift-bug.jsonl", "drag-to-other-window-bug.jsonl",
      "setting-after-background-bug.jsonl",
    ] {
      let (timeline, _) = try TimelineModelTests.timeline(name)
      let picture = try Picture(try Self.svg("traces/\(name)").0)
      var drawn: [String: Set<String>] = [:]
      var lane: String?
      for element in picture.elements {
        if element.name == "g" { lane = element.attributes["data-session"] ?? lane }
        guard element.name == "rect", element.enclosingClasses.last == "lane", let lane,
          let fill = element.attributes["fill"]
        else { continue }
        drawn[lane, default: []].insert(fill)
      }
      for lane in timeline.lanes {
        let session = lane.session
        let bars: [(String, String, Bool)] = [
          ("key", TimelineSVG.keyColour, timeline.keyScenes.contains { $0.session == session }),
          (
            "drag", TimelineSVG.dragColour,
            timeline.pointerDrags.contains { $0.session == session }
          ),
          (
            "band", TimelineSVG.bandColour,
            timeline.bandSelections.contains { $0.session == session }
          ),
        ]
        for (bar, colour, has) in bars {
          #expect(
            drawn[session.rawValue, default: []].contains(colour) == has,
            "\(name) \(session) \(bar)")
          seen.insert("\(bar) \(has)")
        }
      }
    }
    // Lanes with each bar and lanes without it.
    #expect(
      seen == ["key true", "key false", "drag true", "drag false", "band true", "band false"])
  }

  @Test func aDragAndDropIsAnArrowBetweenLanes() throws {
    let (data, _) = try Self.svg("traces/drag-to-other-window-bug.jsonl")
    let picture = try Picture(data)
    #expect(!picture.groups("drag").isEmpty)
    #expect(picture.titles("drag").allSatisfy { $0.hasPrefix("drag ") && $0.contains("→ drop") })
  }

  @Test func launchesAreSeparatorsAndALostStretchIsAShadedBand() throws {
    let trace = try ReplayTool.twoLaunchesWithADrop(session: "A&<1>")
    let (data, _) = try Self.svg(trace.path)
    let picture = try Picture(data)
    #expect(picture.titles("launch") == ["launch L1", "launch L2"])
    #expect(picture.groups("lost").count == 1)
    #expect(picture.titles("lost").allSatisfy { $0.hasPrefix("events lost") })
    let labels = picture.elements.filter { $0.name == "text" }.map(\.text)
    #expect(labels.contains("events lost"))
    #expect(labels.contains("A&<1> windowApplication"))
  }

  @Test func theSameTraceGivesTheSameBytes() throws {
    let (first, _) = try Self.svg("traces/drag-to-other-window-bug.jsonl")
    let (second, _) = try Self.svg("traces/drag-to-other-window-bug.jsonl")
    #expect(first == second)
  }

  @Test func sessionAndSeqsDrawAPart() throws {
    let (data, _) = try Self.svg(
      "traces/setting-after-background-bug.jsonl", "--session", "W2", "--from", "13", "--to",
      "21")
    let picture = try Picture(data)
    #expect(picture.groups("lane").compactMap { $0.attributes["data-session"] } == ["W2"])
    // The finding at seq 23 is outside the part drawn.
    #expect(picture.groups("finding").isEmpty)
  }

  @Test func aLongTraceStaysSmall() throws {
    let (data, _) = try Self.svg("traces/captured/long-pointer-drag.sctrace")
    #expect(data.count < 300_000, "\(data.count) bytes")
    _ = try Picture(data)
  }

  /// 10^5 events: two windows trading the foreground every few milliseconds, a shared write in
  /// one rendered in the other each time, and a repeated activation (a finding) in each round.
  @Test func aHundredThousandDenseEventsStaySmallWithEveryFindingCounted() throws {
    let folder = try ReplayTool.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = folder.appendingPathComponent("dense.jsonl")
    var lines = [
      #"{"type":"app.launch","launch":"L1"}"#,
      #"{"t":0.001,"type":"scene.willConnect","session":"W1","role":"windowApplication"}"#,
      #"{"t":0.002,"type":"scene.willConnect","session":"W2","role":"windowApplication"}"#,
      #"{"t":0.003,"type":"scene.willEnterForeground","session":"W1"}"#,
      #"{"t":0.004,"type":"scene.willEnterForeground","session":"W2"}"#,
    ]
    var millisecond = 5
    func line(_ body: String) -> String {
      defer { millisecond += 1 }
      return #"{"t":\#(Double(millisecond) / 1000),\#(body)}"#
    }
    var round = 0
    while lines.count < 100_000 {
      let (first, second) = round % 2 == 0 ? ("W1", "W2") : ("W2", "W1")
      lines += [
        line(#""type":"scene.didBecomeActive","session":"\#(first)""#),
        line(#""type":"scene.didBecomeActive","session":"\#(first)""#),
        line(#""type":"state.write","key":"k","value":"\#(round)","session":"\#(first)""#),
        line(#""type":"state.render","session":"\#(second)","key":"k","value":"\#(round)""#),
        line(#""type":"scene.willResignActive","session":"\#(first)""#),
      ]
      round += 1
    }
    try (lines.joined(separator: "\n") + "\n").write(to: trace, atomically: true, encoding: .utf8)
    let loaded = try TraceFile.load(path: trace.path)
    #expect(loaded.events.count >= 100_000)
    let timeline = Timeline(events: loaded.events, loss: loaded.loss)
    #expect(timeline.findings.count > 1_000)
    #expect(timeline.links.count > 10_000)
    let (data, _) = try Self.svg(trace.path)
    #expect(data.count < 300_000, "\(data.count) bytes")
    let picture = try Picture(data)
    let markers = picture.groups("finding")
    #expect(markers.count < 3_000)
    let counted = markers.compactMap { $0.attributes["data-count"].flatMap { Int($0) } }
    #expect(counted.reduce(0, +) == timeline.findings.count)
  }

  @Test func theReadmePictureIsCurrent() throws {
    let (data, _) = try Self.svg("traces/setting-after-background-bug.jsonl")
    let kept = try Data(
      contentsOf: PackageFolders.root.appendingPathComponent(
        "docs/timeline-setting-after-background-bug.svg"))
    // Re-draw it with: replay timeline traces/setting-after-background-bug.jsonl -o
    // docs/timeline-setting-after-background-bug.svg
    #expect(data == kept, "docs/timeline-setting-after-background-bug.svg is out of date")
  }

}
