import Foundation
import SceneTraceTestSupport
import SceneTraceTesting
import Testing

@Suite("replay state")
struct StateCommandTests {
  @Test(arguments: Scenarios.all)
  func finalStateMatchesItsGoldenFile(trace: String) throws {
    let replayed = try ReplayedTrace(contentsOf: "../../traces/\(trace).jsonl")
    Golden.expect(replayed, as: .sceneState, matches: "traces/\(trace).state.txt")
    // `replay state` prints the same tree, after the seq and time it is at.
    let result = try ReplayTool.run("state", "traces/\(trace).jsonl")
    #expect(result.status == 0)
    let tree = result.output.split(separator: "\n", omittingEmptySubsequences: false)
      .dropFirst().prefix { !$0.isEmpty }
    var golden = ""
    Snapshotting<ReplayedTrace, String>.sceneState.snapshot(replayed).run { golden = $0 }
    let withoutSeqs = tree.joined(separator: "\n")
      .replacing(#/  \(written at seq \d+\)/#, with: "").replacing(#/ at seq \d+\)/#, with: ")")
    #expect(withoutSeqs + "\n" == golden)
  }

  @Test func sketchBugShowsBothWindowsRestoringTheSameSketch() throws {
    let result = try ReplayTool.run("state", "traces/sketch-restoration-bug.jsonl", "--json")
    let state = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let sessions = try #require(state["sessions"] as? [String: [String: Any]])
    for id in ["S1", "S2"] {
      let session = try #require(sessions[id])
      #expect(session["status"] as? String == "connected")
      let restoration = session["restoration"] as? [String: Any]
      #expect(restoration?["key"] as? String == "restoration:sketch.txt")
      let scene = try #require(session["scene"] as? [String: Any])
      #expect(scene["instance"] as? Int == 2)
      #expect(scene["content"] as? String == "sketch:tree")
      #expect(scene["state"] as? String == "foregroundActive")
    }
    let app = state["app"] as? [String: Any]
    #expect(app?["launch"] as? String == "L2")
    #expect(app?["keyScene"] as? String == "S2")
  }

  @Test func windowingStateShowsTheEnvironmentTheFrontmostSceneAndEachScenesWindow() throws {
    let lines = [
      #"{"t":0,"type":"app.launch","launch":"L1","os":"26.1","sdk":"26.0"}"#,
      #"{"t":0,"type":"app.environment","mode":"windowed","os":"26.1","sdk":"26.0"}"#,
      #"{"t":0.1,"type":"scene.willConnect","session":"A"}"#,
      #"{"t":0.2,"type":"scene.willEnterForeground","session":"A"}"#,
      #"{"t":0.2,"type":"scene.didBecomeActive","session":"A"}"#,
      #"{"t":0.3,"type":"scene.activeAppearance","session":"A","appearance":"active"}"#,
      #"{"t":0.3,"type":"scene.effectiveGeometry","session":"A","width":900,"height":800,"#
        + #""horizontalSizeClass":"regular","resizing":true,"screen":"main"}"#,
      #"{"t":0.3,"type":"scene.sizeRestrictions","session":"A","minimumWidth":320,"#
        + #""minimumHeight":480,"maximumWidth":2000,"maximumHeight":1500.5}"#,
      #"{"t":0.3,"type":"scene.layout","session":"A","horizontalSizeClass":"regular","#
        + #""layout":"split"}"#,
      #"{"t":0.4,"type":"scene.title","session":"A","title":"Groceries"}"#,
    ]
    let folder = TemporaryFile.url("state")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appending(path: "windowed.jsonl").path
    try (lines.joined(separator: "\n") + "\n").write(
      toFile: path, atomically: true, encoding: .utf8)
    let result = try ReplayTool.run("state", path)
    #expect(result.status == 0, "\(result.errors)")
    // The trace ends during a resize: one finding (geometry.resize-balance) follows the tree.
    #expect(
      result.output.hasPrefix(
        """
        seq 10  t 0.4s
        app  foregroundActive  launch L1  key scene none  frontmost A
          environment  windowed  iPadOS 26.1  SDK 26.0
        sessions
          A  connected  role unknown
            scene #1  foregroundActive
              appearance         active
              title              "Groceries"
              geometry           900×800 regular on main resizing
              size restrictions  320×480 to 2000×1500.5
              layout             for regular (split)
        shared  none

        1 finding up to here
        """), "\(result.output)")
  }

  @Test func atZeroIsTheInitialState() throws {
    let result = try ReplayTool.run(
      "state", "traces/two-windows-clean.jsonl", "--at", "0", "--json")
    #expect(result.status == 0)
    let state = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
    #expect(state?["seq"] as? Int == 0)
    #expect((state?["sessions"] as? [String: Any])?.isEmpty == true)
    let app = state?["app"] as? [String: Any]
    #expect(app?["state"] as? String == "background")
    #expect(app?["launch"] is NSNull)
  }

  @Test func atStopsAfterThatEvent() throws {
    // Seq 20 is B's didBecomeActive: both windows active, A still the key scene until seq 21.
    let result = try ReplayTool.run("state", "traces/two-windows-clean.jsonl", "--at", "20")
    #expect(result.status == 0)
    #expect(
      result.output.hasPrefix("seq 20  t 2.1s\napp  foregroundActive  launch L1  key scene A\n"))
    #expect(
      result.output.contains("  B  connected  windowApplication\n    scene #1  foregroundActive\n"))
  }

  @Test func atTimeTakesTheLastEventAtOrBeforeIt() throws {
    let byTime = try ReplayTool.run(
      "state", "traces/two-windows-clean.jsonl", "--at-time", "2.105", "--json")
    let bySeq = try ReplayTool.run(
      "state", "traces/two-windows-clean.jsonl", "--at", "20", "--json")
    #expect(byTime.status == 0)
    #expect(byTime.output == bySeq.output)
  }

  @Test func atPastTheEndIsAnErrorThatNamesTheLastSeq() throws {
    let result = try ReplayTool.run("state", "traces/switcher-kill.jsonl", "--at", "11")
    #expect(result.status == 2)
    #expect(result.output.isEmpty)
    #expect(result.errors.contains("--at 11 is past the end"))
    #expect(result.errors.contains("seq 10"))
  }

  @Test func atAndAtTimeTogetherIsAUsageError() throws {
    let result = try ReplayTool.run(
      "state", "traces/switcher-kill.jsonl", "--at", "3", "--at-time", "1")
    #expect(result.status == 2)
  }
}

@Suite("replay on the .sctrace files in traces/")
struct ShippedSctraceTests {
  @Test(arguments: ["two-windows-clean.sctrace", "two-windows-clean.uncompressed.sctrace"])
  func stateAndCheckMatchThoseOfTheJSONLinesTrace(file: String) throws {
    let state = try ReplayTool.run("state", "traces/\(file)", "--json")
    #expect(state.status == 0)
    let jsonLines = try ReplayTool.run("state", "traces/two-windows-clean.jsonl", "--json")
    #expect(state.output == jsonLines.output)
    let replayed = try ReplayedTrace(contentsOf: "../../traces/\(file)")
    Golden.expect(replayed, as: .sceneState, matches: "traces/two-windows-clean.state.txt")
    let check = try ReplayTool.run("check", "traces/\(file)")
    let checkGolden = try String(
      contentsOf: PackageFolders.root.appendingPathComponent(
        "traces/two-windows-clean.check.txt"),
      encoding: .utf8)
    #expect(
      check.output
        == checkGolden.replacingOccurrences(
          of: "traces/two-windows-clean.jsonl", with: "traces/\(file)"))
    let verify = try ReplayTool.run("verify", "traces/\(file)")
    #expect(verify.status == 0)
  }
}
