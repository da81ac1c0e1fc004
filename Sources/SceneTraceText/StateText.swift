import SceneTrace

/// The state as a readable tree, for `replay state` without `--json` and for golden files.
package enum StateText {
  /// The tree of `state`. With `positions`, it starts with the seq and time of the state and
  /// says at which seq each shared value was written; without, it holds only what the state
  /// means, so that it reads the same when unrelated events are added before it.
  package static func render(_ state: TraceState, positions: Bool = true) -> String {
    var lines: [String] = []
    let app = state.app
    if positions { lines.append("seq \(state.seq)  t \(state.time)s") }
    var appLine = "app  \(state.appActivation.rawValue)"
    appLine += "  launch \(app.launch ?? "none")"
    appLine += "  key scene \(app.keyScene?.rawValue ?? "none")"
    if let frontmost = app.frontmostScene { appLine += "  frontmost \(frontmost)" }
    if app.terminated { appLine += "  terminated" }
    lines.append(appLine)
    if let environment = app.environment { lines.append("  " + describe(environment)) }

    lines.append(state.sessions.isEmpty ? "sessions  none" : "sessions")
    for id in state.sessions.keys.naturallySorted() {
      guard let session = state.sessions[id] else { continue }
      lines += sessionLines(id, session)
    }

    if !state.drags.isEmpty {
      lines.append("drags")
      let drags = Array(state.drags)
      for position in positionsInScalarOrder(count: drags.count, name: { drags[$0].key.rawValue }) {
        let (id, drag) = drags[position]
        var line = "  \(id)  \(drag.phase.rawValue)  from \(drag.source)"
        if let target = drag.target { line += "  dropped in \(target)" }
        if let operation = drag.operation { line += "  \(operation.rawValue)" }
        if let opened = drag.newSession { line += "  opened \(opened)" }
        lines.append(line)
      }
    }

    lines.append(state.shared.isEmpty ? "shared  none" : "shared")
    let shared = Array(state.shared)
    for position in positionsInScalarOrder(count: shared.count, name: { shared[$0].key }) {
      let (key, value) = shared[position]
      var origin = value.writer.map { "by \($0)" } ?? ""
      if positions { origin += (origin.isEmpty ? "" : " ") + "at seq \(value.seq)" }
      let written = origin.isEmpty ? "" : "  (written \(origin))"
      lines.append("  \(key) = \(quoted(value.value))\(written)")
    }
    return lines.joined(separator: "\n")
  }

  private static func sessionLines(_ id: SessionID, _ session: SessionState) -> [String] {
    var lines = ["  \(id)  \(session.status.rawValue)  \(session.role?.rawValue ?? "role unknown")"]
    if let restoration = session.restoration {
      let type = restoration.activityType ?? "no activity type"
      let key = restoration.key.map { " → \($0)" } ?? ""
      lines.append("    restoration  \(type)\(key)")
    }
    guard let scene = session.scene else { return lines }
    lines.append("    scene #\(scene.instance)  \(scene.state?.rawValue ?? "state unknown")")
    var rows: [(String, String)] = []
    if let window = scene.keyWindow { rows.append(("key window", window)) }
    if let responder = scene.firstResponder { rows.append(("first responder", responder)) }
    if let focus = scene.focus { rows.append(("focus", focus)) }
    if let appearance = scene.appearance { rows.append(("appearance", appearance.rawValue)) }
    if let title = scene.title { rows.append(("title", quoted(title))) }
    if let geometry = scene.geometry { rows.append(("geometry", describe(geometry))) }
    if let restrictions = scene.sizeRestrictions {
      rows.append(("size restrictions", describe(restrictions)))
    }
    if let layout = scene.layout {
      rows.append(
        ("layout", "for \(layout.horizontalSizeClass)" + (layout.name.map { " (\($0))" } ?? "")))
    }
    if let content = scene.content {
      rows.append(("content", content + (scene.contentIsExclusive ? " (exclusive)" : "")))
    }
    for view in scene.selection.keys.sorted(by: { $0.precedesInScalarOrder($1) }) {
      let items = scene.selection[view] ?? []
      rows.append(
        ("selection", "\(view): \(items.isEmpty ? "none" : items.joined(separator: ", "))"))
    }
    if let band = scene.band {
      let rect = band.rect.map { " \($0)" } ?? ""
      rows.append(
        (
          "band",
          "\(band.view) \(band.state.rawValue)\(rect) modifiers \(band.modifiers), "
            + "\(band.items.count) items inside"
        ))
    }
    if let drag = scene.drag {
      let latching =
        (drag.latching.map { " latching \($0.rawValue)" } ?? "")
        + (drag.region.map { " in region \($0)" } ?? "")
      rows.append(
        (
          "pointer drag",
          "\(drag.phase.rawValue) at (\(drag.x.compactDescription), "
            + "\(drag.y.compactDescription))\(latching)"
        ))
    }
    for key in scene.renders.keys.sorted(by: { $0.precedesInScalarOrder($1) }) {
      rows.append(("renders", "\(key) = \(quoted(scene.renders[key] ?? ""))"))
    }
    for code in scene.presses.keys.sorted() {
      rows.append(("key down", "\(code) \(scene.presses[code]?.phase.rawValue ?? "")"))
    }
    let width = rows.map(\.0.count).max() ?? 0
    lines += rows.map { "      \($0.0.rightPadded(to: width))  \($0.1)" }
    return lines
  }

  private static func describe(_ geometry: Geometry) -> String {
    var text = "\(geometry.width.compactDescription)×\(geometry.height.compactDescription)"
    if let orientation = geometry.orientation { text += " \(orientation.rawValue)" }
    if let sizeClass = geometry.horizontalSizeClass { text += " \(sizeClass.rawValue)" }
    if geometry.isOrientationLocked == true { text += " orientation locked" }
    if let screen = geometry.screen { text += " on \(screen)" }
    if geometry.isInteractivelyResizing == true { text += " resizing" }
    return text
  }

  private static func describe(_ restrictions: SizeRestrictions) -> String {
    let minimum = [restrictions.minimumWidth, restrictions.minimumHeight]
    let maximum = [restrictions.maximumWidth, restrictions.maximumHeight]
    return "\(minimum.map(\.compactDescription).joined(separator: "×")) to "
      + "\(maximum.map(\.compactDescription).joined(separator: "×"))"
  }

  private static func describe(_ environment: WindowingEnvironment) -> String {
    var parts = ["environment"]
    if let mode = environment.mode { parts.append(mode.rawValue) }
    if environment.requiresFullScreen == true { parts.append("UIRequiresFullScreen") }
    if let os = environment.os { parts.append("iPadOS \(os)") }
    if let sdk = environment.sdk { parts.append("SDK \(sdk)") }
    return parts.joined(separator: "  ")
  }

  private static func quoted(_ value: String) -> String {
    "\"\(value)\""
  }
}
