import SceneTrace

extension Scenario {
  /// Windowed Apps on iPadOS 26 and 27: a clean session, and the same clicks on iPadOS 17.4 and
  /// 26.
  static let windowedApps: [Scenario] =
    [
      pair(
        "windowed-apps",
        "three windows on screen, focus moved by clicks, a live resize across size classes, a "
          + "menu command, the close control and ⌘W",
        bug: nil, rules: [], environment: .windowedApps26, script: windowedApps),
      [
        Scenario(
          name: "window-focus-ipados17",
          summary: "a second window opened in place of the first, then clicks between them, on "
            + "iPadOS 17.4", script: windowFocus),
        Scenario(
          name: "window-focus-ipados26",
          summary: "the steps of window-focus-ipados17 on iPadOS 26.1 in Windowed Apps",
          environment: .windowedApps26, script: windowFocus),
      ],
    ].flatMap { $0 }

  private static func windowedApps(_ system: SimulatedSystem) {
    system.launch()
    let first = system.openWindow()
    system.type("plan")
    let second = system.openWindow()
    let third = system.openWindow()
    system.wait(1)
    system.focusWindow(first)
    system.keyCommand("w", [.shift, .command])
    system.wait(1)
    system.focusWindow(second)
    system.resizeWindow(second, width: 480, height: 700)
    system.type("narrow")
    system.menuBarCommand("newNote:", title: "New Note")
    system.resizeWindow(second, width: 1000, height: 760)
    system.keyCommand("f", [.command])
    system.clickCloseControl(third)
    system.wait(1)
    system.performClose()
    system.wait(1)
    system.type("last")
  }

  /// A second window opened in place of the first, then clicks between the two: on iPadOS 17.4
  /// the first window goes to the background and comes back; in Windowed Apps it stays active.
  private static func windowFocus(_ system: SimulatedSystem) {
    system.launch()
    let first = system.openWindow()
    system.type("one")
    let second = system.openWindow(besideKeyWindow: false)
    system.type("two")
    system.focusWindow(first)
    system.type("three")
    system.focusWindow(second)
    system.type("four")
    system.keyCommand("f", [.command])
  }
}
