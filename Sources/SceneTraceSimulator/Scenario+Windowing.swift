import SceneTrace

extension Scenario {
  private static let wordCount = ExampleApp.wordCountKey

  /// Windowed Apps on iPadOS 26 and 27: a clean session, the same clicks on iPadOS 17.4 and 26,
  /// and each windowing bug class of the example app with its fixed form.
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
      pair(
        "menu-command-broadcast",
        "menu-bar commands with three windows on screen, the frontmost one changed by a click",
        bug: .keyCommandBroadcast, rules: ["command.not-frontmost"],
        environment: .windowedApps26,
        script: { system in
          system.launch()
          let first = system.openWindow()
          _ = system.openWindow()
          _ = system.openWindow()
          system.wait(1)
          system.menuBarCommand("newNote:", title: "New Note")
          system.wait(1)
          system.focusWindow(first)
          system.menuBarCommand("toggleBold:", title: "Bold")
        }),
      pair(
        "close-frontmost-window",
        "⌘W after a click moved the focus to the window opened first",
        bug: .closesLastActivatedWindow, rules: ["close.wrong-scene"],
        environment: .windowedApps26,
        script: { system in
          system.launch()
          let first = system.openWindow()
          _ = system.openWindow()
          system.wait(1)
          system.focusWindow(first)
          system.type("done")
          system.performClose()
          system.wait(1)
          system.type("next")
        }),
      pair(
        "discard-at-launch",
        "after a relaunch, UIKit's discard names a window it has just restored",
        bug: .trustsDiscardedSessions, rules: ["session.destroy-live"],
        systemRules: ["session.discard-live"], environment: .windowedApps26,
        script: { system in
          system.launch()
          let first = system.openWindow()
          _ = system.openWindow()
          system.wait(2)
          system.goHome()
          system.wait(10)
          system.killProcess()
          system.wait(60)
          system.launch()
          system.reportDiscardedSessions([first])
          system.wait(1)
          system.focusWindow(first)
          system.type("still here")
        }),
      pair(
        "layout-after-resize",
        "a window resized from a regular to a compact width",
        bug: .layoutChosenOnce, rules: ["geometry.stale-layout"],
        environment: .windowedApps26,
        script: { system in
          system.launch()
          let window = system.openWindow()
          system.type("wide")
          system.resizeWindow(window, width: 480, height: 700)
          system.type("narrow")
          system.wait(1)
        }),
      pair(
        "setting-after-click",
        "the word-count setting changed in one window, then a click into the other",
        bug: .settingRefreshedOnActivation, rules: ["shared.stale-render"],
        environment: .windowedApps26,
        script: { system in
          system.launch()
          let first = system.openWindow()
          let second = system.openWindow()
          system.focusWindow(first)
          system.wait(1)
          system.changeSetting(in: first, key: wordCount, value: "true")
          system.wait(1)
          system.focusWindow(second)
          system.wait(1)
          system.type("where is the count")
        }),
      pair(
        "menu-without-focus",
        "a menu-bar pick on iPadOS 27, which reaches no focused window, then its shortcut",
        bug: .menuWithoutFallback, rules: ["command.unhandled-menu"],
        environment: .windowedApps27,
        script: { system in
          system.launch()
          let first = system.openWindow()
          _ = system.openWindow()
          system.focusWindow(first)
          system.wait(1)
          system.menuBarCommand("newNote:", title: "New Note")
          system.wait(1)
          system.keyCommand("n", [.command])
        }),
      pair(
        "appearance-from-activation",
        "two windows on screen and a click between them, the frontmost one recorded by the app",
        bug: .appearanceFromActivation, rules: ["appearance.frontmost"],
        environment: .windowedApps26,
        script: { system in
          system.launch()
          let first = system.openWindow()
          _ = system.openWindow()
          system.wait(1)
          system.focusWindow(first)
          system.type("front")
        }),
      pair(
        "resize-end",
        "a window made larger by a live resize that stays in the regular width",
        bug: .geometryFilteredByBounds, rules: ["geometry.resize-balance"],
        environment: .windowedApps26,
        script: { system in
          system.launch()
          let window = system.openWindow()
          system.resizeWindow(window, width: 1000, height: 760)
          system.type("bigger")
          system.wait(1)
        }),
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
