// Each state type's fields for ``StateCodable``, under their `Codable` keys and in the scalar
// order of those keys: the order a canonical text has them in. A field added to a type and not
// listed here makes the state tests fail (its text is compared with the `Codable` form's).
// `SessionTable` and `RestorationStores` list theirs beside their private storage.

extension TraceState: StateCodable {
  package static var blank: TraceState { TraceState() }

  package mutating func code(with coder: inout some StateCoder) throws(StateCodingError) {
    try coder.beginFields()
    try coder.field("app", &app)
    try coder.field("drags", &dragTable)
    try coder.field("memory", &memory)
    try coder.field("nonInteractiveSessions", &nonInteractiveSessions)
    try coder.field("notes", &notes)
    try coder.field("reportsAppKeyWindow", &reportsAppKeyWindow)
    try coder.field("seq", &seq)
    try coder.field("sessions", &sessions)
    try coder.field("shared", &shared)
    try coder.field("staleLayoutSessions", &staleLayoutSessions)
    try coder.field("time", &time)
    try coder.endFields()
  }
}

extension AppState: StateCodable {
  package static var blank: AppState { AppState() }

  package mutating func code(with coder: inout some StateCoder) throws(StateCodingError) {
    try coder.beginFields()
    try coder.field("appearanceChangedAt", &appearanceChangedAt)
    try coder.field("declaredActivityTypes", &declaredActivityTypes)
    try coder.field("environment", &environment)
    try coder.field("frontmostScene", &frontmostScene)
    try coder.field("keyScene", &keyScene)
    try coder.field("keySceneSince", &keySceneSince)
    try coder.field("launch", &launch)
    try coder.field("launchSeq", &launchSeq)
    try coder.field("osMajorVersion", &osMajorVersion)
    try coder.field("pendingClose", &pendingClose)
    try coder.field("sdkMajorVersion", &sdkMajorVersion)
    try coder.field("terminated", &terminated)
    try coder.endFields()
  }
}

extension WindowingEnvironment: StateCodable {
  package static var blank: WindowingEnvironment { WindowingEnvironment() }

  package mutating func code(with coder: inout some StateCoder) throws(StateCodingError) {
    try coder.beginFields()
    try coder.field("mode", &mode)
    try coder.field("os", &os)
    try coder.field("requiresFullScreen", &requiresFullScreen)
    try coder.field("sdk", &sdk)
    try coder.endFields()
  }
}

extension PendingClose: StateCodable {
  static var blank: PendingClose { PendingClose(session: .blank, via: .blank, seq: 0) }

  mutating func code(with coder: inout some StateCoder) throws(StateCodingError) {
    try coder.beginFields()
    try coder.field("seq", &seq)
    try coder.field("session", &session)
    try coder.field("via", &via)
    try coder.endFields()
  }
}

extension SessionState: StateCodable {
  package static var blank: SessionState { SessionState(status: .blank) }

  package mutating func code(with coder: inout some StateCoder) throws(StateCodingError) {
    try coder.beginFields()
    try coder.field("closedAt", &closedAt)
    try coder.field("connections", &connections)
    try coder.field("restoration", &restoration)
    try coder.field("role", &role)
    try coder.field("scene", &scene)
    try coder.field("status", &status)
    try coder.endFields()
  }
}

extension Restoration: StateCodable {
  package static var blank: Restoration { Restoration(activityType: nil, key: nil) }

  package mutating func code(with coder: inout some StateCoder) throws(StateCodingError) {
    try coder.beginFields()
    try coder.field("activityType", &activityType)
    try coder.field("key", &key)
    try coder.endFields()
  }
}

extension SceneState: StateCodable {
  package static var blank: SceneState { SceneState(instance: 0, state: nil, connectedAt: 0) }

  package mutating func code(with coder: inout some StateCoder) throws(StateCodingError) {
    try coder.beginFields()
    try coder.field("activeSinceEnteringForeground", &activeSinceEnteringForeground)
    try coder.field("appearance", &appearance)
    try coder.field("appearanceSince", &appearanceSince)
    try coder.field("band", &band)
    try coder.field("bandOutcomes", &bandOutcomes)
    try coder.field("bands", &bands)
    try coder.field("connectedAt", &connectedAt)
    try coder.field("content", &content)
    try coder.field("contentIsExclusive", &contentIsExclusive)
    try coder.field("contentSince", &contentSince)
    try coder.field("drag", &drag)
    try coder.field("dragBegan", &dragBegan)
    try coder.field("firstResponder", &firstResponder)
    try coder.field("focus", &focus)
    try coder.field("focusSince", &focusSince)
    try coder.field("geometry", &geometry)
    try coder.field("instance", &instance)
    try coder.field("keyWindow", &keyWindow)
    try coder.field("lastLifecycleSeq", &lastLifecycleSeq)
    try coder.field("layout", &layout)
    try coder.field("layoutStaleSince", &layoutStaleSince)
    try coder.field("pendingRenders", &pendingRenders)
    try coder.field("presses", &presses)
    try coder.field("renderedAt", &renderedAt)
    try coder.field("renders", &renders)
    try coder.field("resizeBegan", &resizeBegan)
    try coder.field("selection", &selection)
    try coder.field("sizeRestrictions", &sizeRestrictions)
    try coder.field("startedMidLife", &startedMidLife)
    try coder.field("state", &state)
    try coder.field("title", &title)
    try coder.endFields()
  }
}

extension Geometry: StateCodable {
  package static var blank: Geometry {
    Geometry(width: 0, height: 0, orientation: nil, horizontalSizeClass: nil)
  }

  package mutating func code(with coder: inout some StateCoder) throws(StateCodingError) {
    try coder.beginFields()
    try coder.field("height", &height)
    try coder.field("horizontalSizeClass", &horizontalSizeClass)
    try coder.field("isInteractivelyResizing", &isInteractivelyResizing)
    try coder.field("isOrientationLocked", &isOrientationLocked)
    try coder.field("orientation", &orientation)
    try coder.field("screen", &screen)
    try coder.field("width", &width)
    try coder.endFields()
  }
}

extension SizeRestrictions: StateCodable {
  package static var blank: SizeRestrictions {
    SizeRestrictions(minimumWidth: 0, minimumHeight: 0, maximumWidth: 0, maximumHeight: 0)
  }

  package mutating func code(with coder: inout some StateCoder) throws(StateCodingError) {
    try coder.beginFields()
    try coder.field("maximumHeight", &maximumHeight)
    try coder.field("maximumWidth", &maximumWidth)
    try coder.field("minimumHeight", &minimumHeight)
    try coder.field("minimumWidth", &minimumWidth)
    try coder.endFields()
  }
}

extension SceneLayout: StateCodable {
  package static var blank: SceneLayout { SceneLayout(horizontalSizeClass: .blank, name: nil) }

  package mutating func code(with coder: inout some StateCoder) throws(StateCodingError) {
    try coder.beginFields()
    try coder.field("horizontalSizeClass", &horizontalSizeClass)
    try coder.field("name", &name)
    try coder.endFields()
  }
}

extension BandProgress: StateCodable {
  package static var blank: BandProgress {
    BandProgress(view: "", state: .blank, rect: nil, modifiers: [], items: [], before: [])
  }

  package mutating func code(with coder: inout some StateCoder) throws(StateCodingError) {
    try coder.beginFields()
    try coder.field("before", &before)
    try coder.field("items", &items)
    try coder.field("modifiers", &modifiers)
    try coder.field("rect", &rect)
    try coder.field("state", &state)
    try coder.field("view", &view)
    try coder.endFields()
  }
}

extension Rect: StateCodable {
  package static var blank: Rect { Rect(x: 0, y: 0, width: 0, height: 0) }

  package mutating func code(with coder: inout some StateCoder) throws(StateCodingError) {
    try coder.beginFields()
    try coder.field("height", &height)
    try coder.field("width", &width)
    try coder.field("x", &x)
    try coder.field("y", &y)
    try coder.endFields()
  }
}

extension PointerDragProgress: StateCodable {
  package static var blank: PointerDragProgress {
    PointerDragProgress(phase: .blank, x: 0, y: 0, latching: nil)
  }

  package mutating func code(with coder: inout some StateCoder) throws(StateCodingError) {
    try coder.beginFields()
    try coder.field("latching", &latching)
    try coder.field("phase", &phase)
    try coder.field("region", &region)
    try coder.field("x", &x)
    try coder.field("y", &y)
    try coder.endFields()
  }
}

extension DragState: StateCodable {
  package static var blank: DragState { DragState(source: .blank, began: 0) }

  package mutating func code(with coder: inout some StateCoder) throws(StateCodingError) {
    try coder.beginFields()
    try coder.field("activityType", &activityType)
    try coder.field("began", &began)
    try coder.field("droppedSeq", &droppedSeq)
    try coder.field("endedAt", &endedAt)
    try coder.field("endedSeq", &endedSeq)
    try coder.field("newSession", &newSession)
    try coder.field("operation", &operation)
    try coder.field("phase", &phase)
    try coder.field("source", &source)
    try coder.field("target", &target)
    try coder.endFields()
  }
}

extension SharedValue: StateCodable {
  package static var blank: SharedValue { SharedValue(value: "", writer: nil, seq: 0) }

  package mutating func code(with coder: inout some StateCoder) throws(StateCodingError) {
    try coder.beginFields()
    try coder.field("seq", &seq)
    try coder.field("value", &value)
    try coder.field("writer", &writer)
    try coder.endFields()
  }
}

extension BandOutcome: StateCodable {
  static var blank: BandOutcome {
    BandOutcome(selection: [], before: [], inside: [], modifiers: [], began: nil, ended: 0)
  }

  mutating func code(with coder: inout some StateCoder) throws(StateCodingError) {
    try coder.beginFields()
    try coder.field("before", &before)
    try coder.field("began", &began)
    try coder.field("ended", &ended)
    try coder.field("inside", &inside)
    try coder.field("modifiers", &modifiers)
    try coder.field("selection", &selection)
    try coder.endFields()
  }
}

extension BandInFlight: StateCodable {
  static var blank: BandInFlight { BandInFlight(progress: .blank, began: nil, changed: 0) }

  mutating func code(with coder: inout some StateCoder) throws(StateCodingError) {
    try coder.beginFields()
    try coder.field("began", &began)
    try coder.field("changed", &changed)
    try coder.field("progress", &progress)
    try coder.endFields()
  }
}

extension KeyPress: StateCodable {
  package static var blank: KeyPress { KeyPress(phase: .blank, began: 0) }

  package mutating func code(with coder: inout some StateCoder) throws(StateCodingError) {
    try coder.beginFields()
    try coder.field("began", &began)
    try coder.field("cancelledAt", &cancelledAt)
    try coder.field("phase", &phase)
    try coder.endFields()
  }
}

extension RuleMemory: StateCodable {
  static var blank: RuleMemory { RuleMemory() }

  mutating func code(with coder: inout some StateCoder) throws(StateCodingError) {
    try coder.beginFields()
    try coder.field("discardedWhileConnected", &discardedWhileConnected)
    try coder.field("formerValues", &formerValues)
    try coder.field("renderDeadline", &renderDeadline)
    try coder.field("reportedPairs", &reportedPairs)
    try coder.field("restorationStores", &restorationStores)
    try coder.endFields()
  }
}

/// The entries in scalar order, as its `Codable` form.
extension ReportedPairs: StateCodable {
  static var blank: ReportedPairs { ReportedPairs() }

  mutating func code(with coder: inout some StateCoder) throws(StateCodingError) {
    var sorted: [String] = []
    if !coder.isReading {
      let entries = Array(entries)
      sorted = positionsInScalarOrder(count: entries.count) { entries[$0] }.map { entries[$0] }
    }
    try sorted.code(with: &coder)
    if coder.isReading { entries = Set(sorted) }
  }
}

extension PendingRender: StateCodable {
  static var blank: PendingRender {
    PendingRender(value: "", firstWrite: 0, writtenAt: .zero, latestWrite: 0)
  }

  mutating func code(with coder: inout some StateCoder) throws(StateCodingError) {
    try coder.beginFields()
    try coder.field("activatedAt", &activatedAt)
    try coder.field("deadline", &deadline)
    try coder.field("firstWrite", &firstWrite)
    try coder.field("latestWrite", &latestWrite)
    try coder.field("value", &value)
    try coder.field("writtenAt", &writtenAt)
    try coder.endFields()
  }
}

/// The drags alone, as its `Codable` form: the places to look are rebuilt when needed.
extension DragTable: StateCodable {
  static var blank: DragTable { DragTable() }

  mutating func code(with coder: inout some StateCoder) throws(StateCodingError) {
    guard coder.isReading else {
      var records = records
      return try records.code(with: &coder)
    }
    var records: [DragID: DragState] = [:]
    try records.code(with: &coder)
    self = DragTable(records)
  }
}
