import Foundation
import SceneTraceTestSupport
import Testing

/// The scenarios in `traces/`: each has golden files (`NAME.check.txt`, `NAME.state.txt`) and a
/// row in README.md's table.
enum Scenarios {
  static let all = [
    "two-windows-clean", "sketch-restoration-bug", "sketch-restoration-fixed",
    "setting-one-window-bug", "setting-one-window-fixed", "setting-after-background-bug",
    "setting-after-background-fixed", "session-data-cleanup-bug", "session-data-cleanup-fixed",
    "chat-sent-message-bug", "chat-sent-message-fixed", "missed-foreground-hook",
    "switcher-kill", "shortcut-in-every-window-bug", "shortcut-in-every-window-fixed",
    "stuck-key-after-alert-bug", "stuck-key-after-alert-fixed", "sidebar-focus-bug",
    "sidebar-focus-fixed", "band-selection-shift-bug", "band-selection-shift-fixed",
    "drag-to-other-window-bug", "drag-to-other-window-fixed", "exclusive-page-bug",
    "exclusive-page-fixed", "mirrored-navigation-bug", "mirrored-navigation-fixed",
    "external-display-bug", "external-display-fixed", "windowed-apps-clean",
    "menu-command-broadcast-bug", "menu-command-broadcast-fixed", "setting-after-click-bug",
    "setting-after-click-fixed", "close-frontmost-window-bug", "close-frontmost-window-fixed",
  ]
}

@Suite("scenarios in traces/")
struct ScenarioListTests {
  @Test func everyTraceInTracesIsAScenarioWithGoldenFiles() throws {
    let folder = PackageFolders.root.appendingPathComponent("traces")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    let traces = names.filter { $0.hasSuffix(".jsonl") }.map { String($0.dropLast(6)) }
    #expect(Set(traces) == Set(Scenarios.all))
    #expect(Scenarios.all.count == Set(Scenarios.all).count)
  }

  @Test func everyScenarioHasARowInTheReadme() throws {
    let readme = try String(
      contentsOf: PackageFolders.root.appendingPathComponent("README.md"), encoding: .utf8)
    for name in Scenarios.all {
      #expect(readme.contains("| `\(name).jsonl` |"), "README.md has no row for \(name)")
    }
  }

  @Test(arguments: Scenarios.all)
  func everyScenarioStartsWithCommentLinesSayingWhatItShows(_ name: String) throws {
    let text = try String(
      contentsOf: PackageFolders.root.appendingPathComponent("traces/\(name).jsonl"),
      encoding: .utf8)
    #expect(text.hasPrefix("// "))
  }
}
