import SceneTrace

/// The event streams the benchmark measures.
enum Workload {
  /// Long pointer drags over four scenes: 120 Hz samples with microsecond jitter, smooth motion.
  /// `pixelAligned` puts coordinates on the 0.5 pt pixel grid of a 2x screen (what UIKit
  /// reports for touches); otherwise they carry arbitrary sub-point precision (a trackpad),
  /// which the format stores as raw doubles.
  static func longDrag(samples: Int, pixelAligned: Bool, seed: UInt64 = 1) -> [Event] {
    var random = SplitMix64(seed: seed)
    var events: [Event] = []
    events.reserveCapacity(samples + 64)
    var time: Int64 = 0
    func add(_ payload: Event.Payload) {
      events.append(Event(seq: events.count + 1, time: TraceTime(nanoseconds: time), payload))
    }
    add(.appLaunch(launch: "L1", os: "17.4", supportsMultipleScenes: true))
    let scenes: [SessionID] = ["7D3F2A9C-1B4E-4C8A-9F00-3A5B6C7D8E9F", "scene-B", "scene-C", "D"]
    var scene = 0
    while events.count < samples {
      let session = scenes[scene % scenes.count]
      scene += 1
      var x = Double.random(in: 50...900, using: &random)
      var y = Double.random(in: 50...700, using: &random)
      var vx = Double.random(in: -6...6, using: &random)
      var vy = Double.random(in: -6...6, using: &random)
      let length = Int.random(in: 200...1200, using: &random)
      for step in 0..<length where events.count < samples {
        time += 8_333_333 + Int64.random(in: -40_000...40_000, using: &random)
        vx = max(-12, min(12, vx + Double.random(in: -0.6...0.6, using: &random)))
        vy = max(-12, min(12, vy + Double.random(in: -0.6...0.6, using: &random)))
        x += vx
        y += vy
        let px = pixelAligned ? (x * 2).rounded() / 2 : x
        let py = pixelAligned ? (y * 2).rounded() / 2 : y
        let phase: PointerPhase = step == 0 ? .began : step == length - 1 ? .ended : .changed
        add(.pointerDrag(session: session, phase: phase, x: px, y: py))
      }
      time += Int64.random(in: 100_000_000...900_000_000, using: &random)
    }
    return events
  }

  /// How the mixed session names its sessions.
  enum SessionNames {
    /// `S0`, `S1`, …: short names, as hand-written traces use.
    case short
    /// 36-character UUIDs, as UIKit's `persistentIdentifier` gives them.
    case uuid
  }

  /// A multi-window session with every event type: windows open and close, move through the
  /// lifecycle, take key commands, focus, drags, band selections, drag and drop, shared state.
  static func mixedSession(
    events count: Int, sessionNames: SessionNames = .short, seed: UInt64 = 2
  ) -> [Event] {
    var session = MixedSession(seed: seed, sessionNames: sessionNames)
    while session.events.count < count { session.step() }
    return Array(session.events.prefix(count))
  }

  /// The same mixed session as ``mixedSession(events:sessionNames:seed:)``, handed to `body` a
  /// few thousand events at a time: for traces too long to hold in memory at once.
  static func mixedSession(
    events count: Int, seed: UInt64 = 2, inChunks body: ([Event]) throws -> Void
  ) rethrows {
    var session = MixedSession(seed: seed, sessionNames: .short)
    while session.emitted < count {
      session.step()
      if session.events.count >= 4096 || session.emitted + session.events.count >= count {
        let chunk = session.events.prefix(count - session.emitted)
        try body(Array(chunk))
        session.emitted += chunk.count
        session.events.removeAll(keepingCapacity: true)
      }
    }
  }
}

/// The state of the mixed-session generator.
private struct MixedSession {
  var random: SplitMix64
  var events: [Event] = []
  /// How many events were handed out and removed from ``events``.
  var emitted = 0
  var time: Int64 = 0
  var launch = 0
  var connected: [SessionID] = []
  var nextSession = 0
  var nextDrag = 0
  var nextRequest = 0
  let sessionNames: Workload.SessionNames

  init(seed: UInt64, sessionNames: Workload.SessionNames) {
    random = SplitMix64(seed: seed)
    self.sessionNames = sessionNames
  }

  /// The name of the `number`th session: the same event stream whichever form it takes.
  func sessionID(_ number: Int) -> SessionID {
    switch sessionNames {
    case .short: return SessionID("S\(number)")
    case .uuid:
      // Its own generator, so that the workload's random choices do not change with the form.
      var digits = SplitMix64(seed: UInt64(number) &+ 0x5EED)
      let hex = Array("0123456789ABCDEF")
      let groups = [8, 4, 4, 4, 12].map { length in
        String((0..<length).map { _ in hex[Int(digits.next() % 16)] })
      }
      return SessionID(groups.joined(separator: "-"))
    }
  }

  mutating func add(_ payload: Event.Payload, after nanoseconds: ClosedRange<Int64>) {
    time += Int64.random(in: nanoseconds, using: &random)
    events.append(
      Event(seq: emitted + events.count + 1, time: TraceTime(nanoseconds: time), payload))
  }

  mutating func pick<T>(_ values: [T]) -> T {
    values[Int.random(in: 0..<values.count, using: &random)]
  }

  mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

  mutating func step() {
    if connected.isEmpty {
      relaunch()
      return
    }
    let scene = pick(connected)
    switch Int.random(in: 0..<100, using: &random) {
    case 0..<30: pointerBurst(in: scene)
    case 30..<45: keyInput(in: scene)
    case 45..<55: focus(in: scene)
    case 55..<63: sharedState(from: scene)
    case 63..<68: band(in: scene)
    case 68..<72: dragAndDrop(from: scene)
    case 72..<76: openWindow(requestedBy: scene)
    case 76..<79: closeWindow(scene)
    case 79..<85: backgroundAndReturn(scene)
    case 85..<90:
      add(
        .sceneGeometry(
          session: scene, width: pick([1024, 694, 507.5, 1366]),
          height: pick([1366, 1024, 768]), orientation: pick([.portrait, .landscapeLeft]),
          horizontalSizeClass: pick([.regular, .compact])), after: 1_000_000...50_000_000)
    case 90..<94:
      add(
        .contentDisplay(
          session: scene, content: "doc-\(Int.random(in: 1...40, using: &random))",
          exclusive: chance(30) ? true : nil), after: 1_000_000...90_000_000)
    case 94..<96:
      add(
        .appMark(label: pick(["export", "sync done", "tap toolbar"])),
        after: 1_000_000...9_000_000)
    case 96: add(.traceGap(dropped: Int.random(in: 1...40, using: &random)), after: 1...1000)
    case 97:
      add(
        .requestFailed(request: "r\(nextRequest)", code: pick([0, 1, 2])),
        after: 1_000_000...5_000_000)
    default:
      add(
        .sceneSaveRestoration(
          session: scene, activityType: "com.example.notes.doc",
          key: "restoration:\(scene).json"), after: 1_000_000...5_000_000)
    }
  }

  mutating func relaunch() {
    launch += 1
    if launch > 1 { add(.appTerminate, after: 100_000_000...900_000_000) }
    let open = (0..<nextSession).map { sessionID($0) }
    add(
      .appLaunch(
        launch: "L\(launch)", os: "17.4", sdk: "17.2", supportsMultipleScenes: true,
        activityTypes: ["com.example.notes.doc"], openSessions: open.isEmpty ? nil : open),
      after: 500_000_000...2_000_000_000)
    if open.count > 3 {
      add(.appDiscardSessions(sessions: Array(open.prefix(2))), after: 1_000_000...3_000_000)
    }
    openWindow(requestedBy: nil)
  }

  mutating func openWindow(requestedBy requester: SessionID?) {
    guard connected.count < 4 else { return }
    let id = sessionID(nextSession)
    nextSession += 1
    if let requester {
      nextRequest += 1
      add(
        .requestActivate(
          request: "r\(nextRequest)", activityType: "com.example.notes.doc",
          style: .standard, requester: requester), after: 1_000_000...20_000_000)
    }
    add(.sessionConfigure(session: id, role: .windowApplication), after: 1_000_000...5_000_000)
    add(
      .sceneWillConnect(session: id, role: .windowApplication, hasRestorationActivity: false),
      after: 100_000...2_000_000)
    add(.sceneWillEnterForeground(session: id), after: 1_000_000...10_000_000)
    add(.sceneDidBecomeActive(session: id), after: 1_000_000...10_000_000)
    add(.windowBecomeKey(session: id, window: "\(id).main"), after: 100_000...1_000_000)
    add(.appKeyWindow(session: id, window: "\(id).main"), after: 100_000...1_000_000)
    connected.append(id)
  }

  mutating func closeWindow(_ scene: SessionID) {
    guard connected.count > 1 else { return }
    nextRequest += 1
    add(
      .requestDestroy(request: "r\(nextRequest)", session: scene, animation: .standard),
      after: 1_000_000...30_000_000)
    add(.sceneWillResignActive(session: scene), after: 1_000_000...5_000_000)
    add(.sceneDidEnterBackground(session: scene), after: 1_000_000...5_000_000)
    add(.sceneDidDisconnect(session: scene), after: 1_000_000...5_000_000)
    connected.removeAll { $0 == scene }
  }

  mutating func backgroundAndReturn(_ scene: SessionID) {
    add(.sceneWillResignActive(session: scene), after: 10_000_000...900_000_000)
    add(.sceneDidEnterBackground(session: scene), after: 1_000_000...5_000_000)
    add(.sceneWillEnterForeground(session: scene), after: 100_000_000...3_000_000_000)
    add(.sceneRestoreInteractionState(session: scene), after: 100_000...1_000_000)
    add(.sceneDidBecomeActive(session: scene), after: 1_000_000...5_000_000)
  }

  mutating func pointerBurst(in scene: SessionID) {
    var x = (Double.random(in: 0...1000, using: &random) * 2).rounded() / 2
    var y = (Double.random(in: 0...700, using: &random) * 2).rounded() / 2
    let samples = Int.random(in: 5...60, using: &random)
    for step in 0..<samples {
      x += Double(Int.random(in: -8...8, using: &random)) / 2
      y += Double(Int.random(in: -8...8, using: &random)) / 2
      let phase: PointerPhase = step == 0 ? .began : step == samples - 1 ? .ended : .changed
      add(
        .pointerDrag(
          session: scene, phase: phase, x: x, y: y,
          modifiers: chance(5) ? [.shift] : .none, latching: step == 0 ? Latching.none : nil,
          region: step == 0 ? "canvas" : nil), after: 8_000_000...8_700_000)
    }
  }

  mutating func keyInput(in scene: SessionID) {
    let key = pick([
      ("s", 22, "save:"), ("n", 17, "newWindow:"), ("f", 9, "find:"),
      ("z", 29, "undo:"),
    ])
    add(
      .keyPress(
        session: scene, phase: .began, keyCode: key.1, characters: key.0,
        modifiers: [.command]), after: 50_000_000...900_000_000)
    add(
      .keyCommand(
        session: scene, input: key.0, modifiers: [.command], action: key.2,
        title: String(key.2.dropLast()), target: "NoteViewController",
        chain: ["editor", "NoteViewController", "\(scene).main", "UIApplication"],
        wantsPriority: nil), after: 100_000...1_000_000)
    add(
      .keyPress(session: scene, phase: .ended, keyCode: key.1, modifiers: [.command]),
      after: 30_000_000...120_000_000)
  }

  mutating func focus(in scene: SessionID) {
    let from = "cell-\(Int.random(in: 0...30, using: &random))"
    add(
      .focusUpdate(
        session: scene, from: from, to: "cell-\(Int.random(in: 0...30, using: &random))",
        heading: pick([.down, .up, .next]), group: "list"), after: 50_000_000...500_000_000)
    add(
      .responderFirst(
        session: scene, window: "\(scene).main", responder: pick(["editor", "search", "list"])),
      after: 100_000...5_000_000)
  }

  mutating func sharedState(from scene: SessionID) {
    let key = pick(["defaults:showWordCount", "defaults:theme", "model:doc-7", "nav:\(scene)/path"])
    let value = "\(Int.random(in: 0...99, using: &random))"
    add(.stateWrite(key: key, value: value, session: scene), after: 10_000_000...400_000_000)
    for other in connected {
      add(.stateRender(session: other, key: key, value: value), after: 100_000...20_000_000)
    }
    if chance(10) { add(.stateDelete(key: key, session: scene), after: 1_000_000...5_000_000) }
  }

  mutating func band(in scene: SessionID) {
    let before = (0..<Int.random(in: 0...3, using: &random)).map { "item-\($0)" }
    add(
      .bandSelection(
        session: scene, view: "grid", state: .began,
        rect: Rect(x: 40, y: 80, width: 0, height: 0), modifiers: chance(30) ? [.shift] : .none,
        items: []), after: 50_000_000...300_000_000)
    var items: [String] = []
    for step in 1...Int.random(in: 2...10, using: &random) {
      items = (0..<step).map { "item-\($0 * 3)" }
      add(
        .bandSelection(
          session: scene, view: "grid", state: .selecting,
          rect: Rect(x: 40, y: 80, width: Double(step * 24), height: Double(step * 16)),
          items: items), after: 8_000_000...9_000_000)
    }
    add(
      .bandSelection(session: scene, view: "grid", state: .ended, items: items),
      after: 8_000_000...9_000_000)
    add(
      .selectionChange(
        session: scene, view: "grid", items: (before + items).sorted(),
        cause: .band), after: 100_000...2_000_000)
  }

  mutating func dragAndDrop(from scene: SessionID) {
    nextDrag += 1
    let drag = DragID("drag-\(nextDrag)")
    add(
      .dragBegin(drag: drag, session: scene, activityType: "com.example.notes.doc"),
      after: 100_000_000...900_000_000)
    let target = pick(connected)
    if chance(80) {
      add(
        .dropPerform(drag: drag, session: target, local: true), after: 200_000_000...2_000_000_000)
      add(
        .dragEnd(drag: drag, operation: target == scene ? .move : .copy), after: 100_000...1_000_000
      )
    } else {
      add(.dragEnd(drag: drag, operation: .cancel), after: 200_000_000...2_000_000_000)
    }
  }
}
