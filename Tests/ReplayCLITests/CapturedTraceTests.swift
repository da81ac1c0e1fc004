import Foundation
import SceneTraceTestSupport
import Testing

/// The traces in traces/captured, recorded through the whole recording path by
/// `replay simulate`: hooks, buffer, writer thread, `.sctrace` file.
@Suite("captured traces")
struct CapturedTraceTests {
  static let traces = [
    "two-windows", "sketch-restoration-bug", "sketch-restoration-fixed",
    "setting-split-view-bug", "setting-split-view-fixed", "setting-after-background-bug",
    "setting-after-background-fixed", "key-command-broadcast-bug", "key-command-broadcast-fixed",
    "focus-per-scene-bug", "focus-per-scene-fixed", "session-data-lifetime-bug",
    "session-data-lifetime-fixed", "exclusive-content-bug", "exclusive-content-fixed",
    "band-with-shift-bug", "band-with-shift-fixed", "long-pointer-drag",
    // The windowing of iPadOS 26 and 27.
    "windowed-apps", "window-focus-ipados17", "window-focus-ipados26",
    "menu-command-broadcast-bug", "menu-command-broadcast-fixed", "close-frontmost-window-bug",
    "close-frontmost-window-fixed", "discard-at-launch-bug", "discard-at-launch-fixed",
    "layout-after-resize-bug", "layout-after-resize-fixed", "setting-after-click-bug",
    "setting-after-click-fixed", "menu-without-focus-bug", "menu-without-focus-fixed",
    "appearance-from-activation-bug", "appearance-from-activation-fixed", "resize-end-bug",
    "resize-end-fixed",
  ]

  /// The fixed runs that keep a finding of the system's own doing: the fixed app cannot stop
  /// UIKit from reporting a live session as discarded.
  static let systemFindings = ["discard-at-launch-fixed": "warning[session.discard-live]"]

  @Test(arguments: traces)
  func capturedTraceVerifiesAndItsCheckMatchesItsGoldenFile(name: String) throws {
    let path = "traces/captured/\(name).sctrace"
    let verify = try ReplayTool.run("verify", path)
    #expect(verify.status == 0, "\(verify.output)")
    let check = try ReplayTool.run("check", path)
    // Exit 1 exactly when an error is reported; a fixed app's trace reports nothing at all.
    #expect(check.status == (check.output.contains("\nerror[") ? 1 : 0))
    if let kept = Self.systemFindings[name] {
      #expect(check.status == 0)
      #expect(check.output.contains(kept), "\(check.output)")
    } else if !name.hasSuffix("-bug") {
      #expect(check.output.contains(": no findings in "))
    }
    Golden.expect(check.output, matches: "traces/captured/\(name).check.txt")
  }

  @Test(arguments: traces)
  func capturedTraceHoldsWhatTheSimulatorRecordsToday(name: String) throws {
    // A change to the simulator or the recorder shows here: re-capture on purpose with
    // `replay simulate NAME -o traces/captured/NAME.sctrace`.
    let fresh = TemporaryFile.url(name, "jsonl").path
    #expect(try ReplayTool.run("simulate", name, "-o", fresh).status == 0)
    let captured = try ReplayTool.run("export", "traces/captured/\(name).sctrace")
    let simulated = try String(contentsOfFile: fresh, encoding: .utf8)
    #expect(captured.output == simulated)
  }

}
