import SceneTrace
import SceneTraceFile

/// The state as a readable tree, for `replay state` without `--json` and for golden files.
///
/// Written as UTF-8 bytes, a line after another: the state of a long trace holds tens of
/// thousands of sessions and drags, and a line built by `String` interpolation and joined cost
/// about 9,000 instructions (`replay state --at` of 10^4 sessions spent 320 M making its text).
package enum StateText {
  /// The tree of `state`. With `positions`, it starts with the seq and time of the state and
  /// says at which seq each shared value was written; without, it holds only what the state
  /// means, so that it reads the same when unrelated events are added before it.
  package static func render(_ state: TraceState, positions: Bool = true) -> String {
    var text = JSONText(reservingCapacity: 1 << 12)
    append(state, positions: positions, to: &text)
    // Without the newline after the last line.
    text.shorten(to: text.byteCount - 1)
    return text.string
  }

  /// Appends ``render(_:positions:)``'s text and a newline to `out`: the command's output,
  /// written as it is made, without a string of it.
  package static func append(
    _ state: TraceState, positions: Bool = true, to out: inout JSONText
  ) {
    let app = state.app
    if positions {
      out.append("seq ")
      out.appendInteger(state.seq)
      out.append("  t ")
      out.appendSeconds(state.time)
      out.appendLine("s")
    }
    out.append("app  ")
    out.appendRaw(state.appActivation.rawValue)
    out.append("  launch ")
    out.appendRaw(app.launch ?? "none")
    out.append("  key scene ")
    out.appendName(app.keyScene, or: "none")
    if let frontmost = app.frontmostScene {
      out.append("  frontmost ")
      out.appendRaw(frontmost)
    }
    if app.terminated { out.append("  terminated") }
    out.endLine()
    if let environment = app.environment { out.appendLine("  " + describe(environment)) }

    out.appendLine(state.sessions.isEmpty ? "sessions  none" : "sessions")
    var rows = Rows()
    for id in state.sessions.keys.naturallySorted() {
      guard let session = state.sessions[id] else { continue }
      appendSession(id, session, to: &out, rows: &rows)
    }

    if !state.drags.isEmpty {
      out.appendLine("drags")
      let drags = Array(state.drags)
      for position in positionsInScalarOrder(count: drags.count, name: { drags[$0].key.rawValue }) {
        let (id, drag) = drags[position]
        out.append("  ")
        out.appendRaw(id.rawValue)
        out.append("  ")
        out.appendRaw(drag.phase.rawValue)
        out.append("  from ")
        out.appendRaw(drag.source)
        if let target = drag.target {
          out.append("  dropped in ")
          out.appendRaw(target)
        }
        if let operation = drag.operation {
          out.append("  ")
          out.appendRaw(operation.rawValue)
        }
        if let opened = drag.newSession {
          out.append("  opened ")
          out.appendRaw(opened)
        }
        out.endLine()
      }
    }

    out.appendLine(state.shared.isEmpty ? "shared  none" : "shared")
    let shared = Array(state.shared)
    for position in positionsInScalarOrder(count: shared.count, name: { shared[$0].key }) {
      let (key, value) = shared[position]
      out.append("  ")
      out.appendRaw(key)
      out.append(" = ")
      appendQuoted(value.value, to: &out)
      if value.writer != nil || positions {
        out.append("  (written ")
        if let writer = value.writer {
          out.append("by ")
          out.appendRaw(writer)
          if positions { out.append(" ") }
        }
        if positions {
          out.append("at seq ")
          out.appendInteger(value.seq)
        }
        out.append(")")
      }
      out.endLine()
    }
  }

  /// A session's lines: its status and role, its restoration, and its scene's rows.
  private static func appendSession(
    _ id: SessionID, _ session: SessionState, to out: inout JSONText, rows: inout Rows
  ) {
    out.append("  ")
    out.appendRaw(id)
    out.append("  ")
    out.appendRaw(session.status.rawValue)
    out.append("  ")
    out.appendRaw(session.role?.rawValue ?? "role unknown")
    out.endLine()
    if let restoration = session.restoration {
      out.append("    restoration  ")
      out.appendRaw(restoration.activityType ?? "no activity type")
      if let key = restoration.key {
        out.append(" → ")
        out.appendRaw(key)
      }
      out.endLine()
    }
    guard let scene = session.scene else { return }
    out.append("    scene #")
    out.appendInteger(scene.instance)
    out.append("  ")
    out.appendRaw(scene.state?.rawValue ?? "state unknown")
    out.endLine()

    rows.removeAll()
    if let window = scene.keyWindow { rows.add("key window") { $0.appendRaw(window) } }
    if let responder = scene.firstResponder {
      rows.add("first responder") { $0.appendRaw(responder) }
    }
    if let focus = scene.focus { rows.add("focus") { $0.appendRaw(focus) } }
    if let appearance = scene.appearance {
      rows.add("appearance") { $0.appendRaw(appearance.rawValue) }
    }
    if let title = scene.title { rows.add("title") { appendQuoted(title, to: &$0) } }
    if let geometry = scene.geometry {
      rows.add("geometry") { $0.appendRaw(describe(geometry)) }
    }
    if let restrictions = scene.sizeRestrictions {
      rows.add("size restrictions") { $0.appendRaw(describe(restrictions)) }
    }
    if let layout = scene.layout {
      rows.add("layout") {
        $0.appendRaw("for \(layout.horizontalSizeClass)")
        if let name = layout.name { $0.appendRaw(" (\(name))") }
      }
    }
    if let content = scene.content {
      rows.add("content") {
        $0.appendRaw(content)
        if scene.contentIsExclusive { $0.append(" (exclusive)") }
      }
    }
    for view in scene.selection.keys.sorted(by: { $0.precedesInScalarOrder($1) }) {
      let items = scene.selection[view] ?? []
      rows.add("selection") {
        $0.appendRaw(view)
        $0.append(": ")
        guard !items.isEmpty else { return $0.append("none") }
        for (index, item) in items.enumerated() {
          if index > 0 { $0.append(", ") }
          $0.appendRaw(item)
        }
      }
    }
    if let band = scene.band {
      rows.add("band") {
        $0.appendRaw(band.view)
        $0.append(" ")
        $0.appendRaw(band.state.rawValue)
        if let rect = band.rect { $0.appendRaw(" \(rect)") }
        $0.appendRaw(" modifiers \(band.modifiers), ")
        $0.appendInteger(band.items.count)
        $0.append(" items inside")
      }
    }
    if let drag = scene.drag {
      rows.add("pointer drag") {
        $0.appendRaw(drag.phase.rawValue)
        $0.append(" at (")
        $0.appendRaw(drag.x.compactDescription)
        $0.append(", ")
        $0.appendRaw(drag.y.compactDescription)
        $0.append(")")
        if let latching = drag.latching {
          $0.append(" latching ")
          $0.appendRaw(latching.rawValue)
        }
        if let region = drag.region {
          $0.append(" in region ")
          $0.appendRaw(region)
        }
      }
    }
    for key in scene.renders.keys.sorted(by: { $0.precedesInScalarOrder($1) }) {
      rows.add("renders") {
        $0.appendRaw(key)
        $0.append(" = ")
        appendQuoted(scene.renders[key] ?? "", to: &$0)
      }
    }
    for code in scene.presses.keys.sorted() {
      rows.add("key down") {
        $0.appendInteger(code)
        $0.append(" ")
        $0.appendRaw(scene.presses[code]?.phase.rawValue ?? "")
      }
    }
    rows.appendLines(to: &out)
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

  /// `value` between double quotes, as it is.
  private static func appendQuoted(_ value: String, to text: inout JSONText) {
    text.append("\"")
    text.appendRaw(value)
    text.append("\"")
  }
}

extension JSONText {
  /// Appends `text` and ends the line.
  fileprivate mutating func appendLine(_ text: String) {
    appendRaw(text)
    endLine()
  }

  fileprivate mutating func appendLine(_ text: StaticString) {
    append(text)
    endLine()
  }

  fileprivate mutating func endLine() {
    append("\n")
  }

  /// Appends `id`'s name, or `absent` when there is none.
  fileprivate mutating func appendName(_ id: SessionID?, or absent: StaticString) {
    if let id { appendRaw(id) } else { append(absent) }
  }
}

/// A scene's rows: a label, padded to the widest of them, then a value.
private struct Rows {
  private var labels: [StaticString] = []
  /// Where each row's value ends in `values`; it starts where the one before ended.
  private var ends: [Int] = []
  private var values = JSONText(reservingCapacity: 256)

  mutating func removeAll() {
    labels.removeAll(keepingCapacity: true)
    ends.removeAll(keepingCapacity: true)
    values.removeAll()
  }

  /// Adds the row of `label` whose value `write` appends.
  mutating func add(_ label: StaticString, _ write: (inout JSONText) -> Void) {
    labels.append(label)
    write(&values)
    ends.append(values.byteCount)
  }

  /// Appends the rows as lines, indented and with their labels padded to the widest.
  func appendLines(to out: inout JSONText) {
    // The labels are ASCII: their widths are their byte counts.
    let width = labels.map(\.utf8CodeUnitCount).max() ?? 0
    var start = 0
    for (label, end) in zip(labels, ends) {
      out.append("      ")
      out.append(label)
      out.appendSpaces(width - label.utf8CodeUnitCount + 2)
      out.append(values, range: start..<end)
      out.endLine()
      start = end
    }
  }
}
