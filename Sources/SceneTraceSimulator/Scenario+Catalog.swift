import SceneTrace

extension Scenario {
  /// Every scenario: each bug class of the example app with its fixed form, then long, clean
  /// sessions for benchmarks.
  public static let all: [Scenario] = bugClasses + windowedApps + longSessions

  private static let wordCount = ExampleApp.wordCountKey
  private static let toggleWordCount: (String, ModifierFlags) = ("w", [.shift, .command])

  /// Each bug class twice: the app with the bug, and the fixed app on the same script.
  static let bugClasses: [Scenario] = [
    pair(
      "two-windows", "a second window beside the first, work in both, home and back",
      bug: nil, rules: [], script: twoWindows),
    pair(
      "sketch-restoration",
      "two windows save their restoration state; the app is killed and relaunched",
      bug: .sharedRestorationFile, rules: ["restoration.shared-storage"],
      script: { system in
        system.launch()
        let first = system.openWindow()
        system.open("note:house", in: first)
        system.wait(2)
        let second = system.openWindow()
        system.open("note:tree", in: second)
        system.wait(3)
        system.goHome()
        system.wait(60)
        system.killProcess()
        system.wait(600)
        system.launch()
        system.wait(1)
      }),
    pair(
      "setting-split-view",
      "the word-count setting toggled in one of two windows side by side",
      bug: .settingReadOnce, rules: ["shared.stale-render"],
      script: { system in
        system.launch()
        let first = system.openWindow()
        let second = system.openWindow()
        system.focusWindow(first)
        system.wait(1)
        system.keyCommand(toggleWordCount.0, toggleWordCount.1)
        system.wait(2)
        system.focusWindow(second)
        system.type("still no count")
      }),
    pair(
      "setting-after-background",
      "the word-count setting toggled while the other window is in the background",
      bug: .settingReadOnce, rules: ["shared.stale-render"],
      script: { system in
        system.launch()
        let first = system.openWindow()
        let second = system.openWindow(besideKeyWindow: false)
        system.wait(1)
        system.changeSetting(in: second, key: wordCount, value: "true")
        system.wait(5)
        system.focusWindow(first)
        system.wait(2)
        system.type("where is it")
      }),
    pair(
      "key-command-broadcast",
      "a key command in one window while another is beside it and a third in the background",
      bug: .keyCommandBroadcast, rules: ["key.inactive-scene"],
      script: { system in
        system.launch()
        let first = system.openWindow()
        _ = system.openWindow(besideKeyWindow: false)
        _ = system.openWindow()
        system.wait(1)
        system.keyCommand("n", [.command])
        system.wait(1)
        system.focusWindow(first)
        system.keyCommand("f", [.command])
      }),
    pair(
      "focus-per-scene",
      "keyboard focus moves in one window, then in a second one",
      bug: .globalFocusTracker, rules: ["focus.continuity"],
      script: { system in
        system.launch()
        _ = system.openWindow()
        system.moveFocus(.next)
        system.moveFocus(.next)
        system.wait(1)
        _ = system.openWindow()
        system.moveFocus(.next)
        system.moveFocus(.next)
      }),
    pair(
      "session-data-lifetime",
      "a background window's scene is reclaimed, later another window is closed",
      bug: .deletesSessionDataOnDisconnect, rules: ["session.data-deleted-early"],
      script: { system in
        system.launch()
        let first = system.openWindow()
        let second = system.openWindow(besideKeyWindow: false)
        system.wait(30)
        system.reclaim(first)
        system.wait(5)
        let third = system.openWindow()
        system.closeWindow(third)
        system.focusWindow(second)
      }),
    pair(
      "exclusive-content",
      "the settings page, meant for one window, opened from two windows",
      bug: .duplicatesExclusiveContent, rules: ["content.exclusive"],
      script: { system in
        system.launch()
        let first = system.openWindow()
        system.open(ExampleApp.exclusiveContent, in: first)
        system.wait(2)
        let second = system.openWindow()
        system.open(ExampleApp.exclusiveContent, in: second)
        system.wait(1)
      }),
    pair(
      "band-with-shift",
      "a Shift band selection that should add to the selection",
      bug: .bandIgnoresModifiers, rules: ["band.modifiers"],
      script: { system in
        system.launch()
        let window = system.openWindow()
        system.tap(in: window, view: "grid", item: "item-1")
        system.wait(1)
        system.bandSelect(
          in: window, view: "grid", rect: Rect(x: 100, y: 200, width: 300, height: 160),
          modifiers: [.shift], inside: ["item-3", "item-4"])
        system.wait(1)
        system.bandSelect(
          in: window, view: "grid", rect: Rect(x: 80, y: 180, width: 200, height: 100),
          modifiers: [.command], inside: ["item-1", "item-5"])
      }),
  ].flatMap { $0 }

  /// Long sessions of a careful app, for benchmarks: minutes of trace time each.
  static let longSessions: [Scenario] = [
    Scenario(
      name: "long-pointer-drag",
      summary: "ten minutes of pointer drags at 120 Hz across two windows (about 72K samples)",
      script: { system in
        system.launch()
        let windows = [system.openWindow(), system.openWindow()]
        var random = SeededRandom(seed: 0x5CE7_D4A6)
        for index in 0..<300 {
          let window = windows[index % 2]
          let start = (random.double(in: 0...590), random.double(in: 0...820))
          let end = (random.double(in: 0...590), random.double(in: 0...820))
          system.dragPointer(in: window, from: start, to: end, duration: 2)
        }
      }),
    Scenario(
      name: "typing-with-shortcuts",
      summary: "ten minutes of typing with shortcuts and focus moves in two windows",
      script: { system in
        system.launch()
        let windows = [system.openWindow(), system.openWindow()]
        var random = SeededRandom(seed: 0x5CE7_7E57)
        let words = ["the", "scene", "window", "focus", "notes", "draft", "split", "view"]
        for round in 0..<400 {
          if round % 25 == 0 { system.focusWindow(windows[(round / 25) % 2]) }
          let sentence = (0..<random.int(in: 2...5)).map { _ in random.element(of: words) }
          system.type(sentence.joined(separator: " ") + " ")
          switch random.int(in: 0...5) {
          case 0: system.keyCommand("b", [.command])
          case 1: system.moveFocus(.next)
          case 2: system.keyCommand("f", [.command])
          default: break
          }
          system.wait(random.double(in: 0.1...1))
        }
      }),
    Scenario(
      name: "window-switching",
      summary: "windows opened, switched, sent home and closed, settings toggled, for minutes",
      script: { system in
        system.launch()
        var windows = [system.openWindow()]
        var random = SeededRandom(seed: 0x5CE7_5717)
        for round in 0..<300 {
          switch random.int(in: 0...9) {
          case 0 where windows.count < 4:
            windows.append(system.openWindow(besideKeyWindow: random.int(in: 0...1) == 0))
          case 1 where windows.count > 1:
            let closing = windows.remove(at: random.int(in: 0...(windows.count - 1)))
            system.closeWindow(closing)
          case 2:
            system.goHome()
            system.wait(random.double(in: 1...30))
            system.returnToApp()
          case 3:
            system.keyCommand(toggleWordCount.0, toggleWordCount.1)
          case 4:
            system.open("note:\(round)", in: random.element(of: windows))
          default:
            system.focusWindow(random.element(of: windows))
          }
          system.wait(random.double(in: 0.2...2))
        }
      }),
  ]

  /// The scenario `name` with the bug (`name-bug`) and without it (`name-fixed`); a scenario
  /// without a bug is one clean run named `name`. `systemRules` are broken by the system
  /// itself, so by both runs; the bug's run also breaks `rules`.
  static func pair(
    _ name: String, _ summary: String, bug: ExampleApp.Bugs?, rules: Set<RuleID>,
    systemRules: Set<RuleID> = [], environment: SimulatedEnvironment = .iPadOS17,
    script: @escaping @Sendable (SimulatedSystem) -> Void
  ) -> [Scenario] {
    guard let bug else {
      return [
        Scenario(
          name: name, summary: summary, expectedRules: systemRules, environment: environment,
          script: script)
      ]
    }
    return [
      Scenario(
        name: "\(name)-bug", summary: summary + " (the app with the bug)", bugs: bug,
        expectedRules: rules.union(systemRules), environment: environment, script: script),
      Scenario(
        name: "\(name)-fixed", summary: summary + " (the fixed app)",
        expectedRules: systemRules, environment: environment, script: script),
    ]
  }

  private static func twoWindows(_ system: SimulatedSystem) {
    system.launch()
    let first = system.openWindow()
    system.wait(1)
    system.moveFocus(.next)
    system.type("hello")
    let second = system.openWindow(activityType: "com.example.notes.open")
    system.wait(1)
    system.type("world")
    system.tap(in: first, view: "list", item: "note:1")
    system.keyCommand("f", [.command])
    system.dragItem("note:1", from: first, to: second)
    system.goHome()
    system.wait(30)
    system.returnToApp()
    system.wait(1)
  }
}

/// A small seeded generator (SplitMix64), so that long scenarios vary yet repeat exactly.
struct SeededRandom {
  private var generator: SplitMix64

  init(seed: UInt64) { generator = SplitMix64(seed: seed) }

  mutating func next() -> UInt64 { generator.next() }

  mutating func double(in range: ClosedRange<Double>) -> Double {
    let unit = Double(next() >> 11) / Double(1 << 53)
    // On the quarter-point grid, like the coordinates a touch screen reports.
    return ((range.lowerBound + (range.upperBound - range.lowerBound) * unit) * 4).rounded() / 4
  }

  mutating func int(in range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.count))
  }

  mutating func element<T>(of items: [T]) -> T {
    items[int(in: 0...(items.count - 1))]
  }
}
