/// The wire name of each event type, as in the `"type"` field of JSON Lines.
public enum EventType: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  case appLaunch = "app.launch"
  case appTerminate = "app.terminate"
  case appKeyWindow = "app.keyWindow"
  case sessionConfigure = "session.configure"
  case appDiscardSessions = "app.discardSessions"
  case sceneWillConnect = "scene.willConnect"
  case sceneWillEnterForeground = "scene.willEnterForeground"
  case sceneDidBecomeActive = "scene.didBecomeActive"
  case sceneWillResignActive = "scene.willResignActive"
  case sceneDidEnterBackground = "scene.didEnterBackground"
  case sceneDidDisconnect = "scene.didDisconnect"
  case sceneSaveRestoration = "scene.saveRestoration"
  case sceneRestoreInteractionState = "scene.restoreInteractionState"
  case sceneExtendRestoration = "scene.extendRestoration"
  case sceneCompleteRestoration = "scene.completeRestoration"
  case sceneGeometry = "scene.geometry"
  case windowBecomeKey = "window.becomeKey"
  case requestActivate = "request.activate"
  case requestFailed = "request.failed"
  case requestDestroy = "request.destroy"
  case keyPress = "key.press"
  case keyCommand = "key.command"
  case responderFirst = "responder.first"
  case focusUpdate = "focus.update"
  case pointerDrag = "pointer.drag"
  case bandSelection = "band.selection"
  case selectionChange = "selection.change"
  case dragBegin = "drag.begin"
  case dragEnd = "drag.end"
  case dropPerform = "drop.perform"
  case stateWrite = "state.write"
  case stateDelete = "state.delete"
  case stateRender = "state.render"
  case contentDisplay = "content.display"
  case traceGap = "trace.gap"
  case appMark = "app.mark"

  public var description: String { rawValue }
}

extension Event.Payload {
  /// The event's wire type.
  public var type: EventType {
    switch self {
    case .appLaunch: .appLaunch
    case .appTerminate: .appTerminate
    case .appKeyWindow: .appKeyWindow
    case .sessionConfigure: .sessionConfigure
    case .appDiscardSessions: .appDiscardSessions
    case .sceneWillConnect: .sceneWillConnect
    case .sceneWillEnterForeground: .sceneWillEnterForeground
    case .sceneDidBecomeActive: .sceneDidBecomeActive
    case .sceneWillResignActive: .sceneWillResignActive
    case .sceneDidEnterBackground: .sceneDidEnterBackground
    case .sceneDidDisconnect: .sceneDidDisconnect
    case .sceneSaveRestoration: .sceneSaveRestoration
    case .sceneRestoreInteractionState: .sceneRestoreInteractionState
    case .sceneExtendRestoration: .sceneExtendRestoration
    case .sceneCompleteRestoration: .sceneCompleteRestoration
    case .sceneGeometry: .sceneGeometry
    case .windowBecomeKey: .windowBecomeKey
    case .requestActivate: .requestActivate
    case .requestFailed: .requestFailed
    case .requestDestroy: .requestDestroy
    case .keyPress: .keyPress
    case .keyCommand: .keyCommand
    case .responderFirst: .responderFirst
    case .focusUpdate: .focusUpdate
    case .pointerDrag: .pointerDrag
    case .bandSelection: .bandSelection
    case .selectionChange: .selectionChange
    case .dragBegin: .dragBegin
    case .dragEnd: .dragEnd
    case .dropPerform: .dropPerform
    case .stateWrite: .stateWrite
    case .stateDelete: .stateDelete
    case .stateRender: .stateRender
    case .contentDisplay: .contentDisplay
    case .traceGap: .traceGap
    case .appMark: .appMark
    }
  }

  /// The scene the event happens in, for events that belong to one scene.
  ///
  /// Such an event for a session with no connected scene is a `lifecycle.unknown-scene` finding.
  public var scene: SessionID? {
    switch self {
    case .sceneWillEnterForeground(let session), .sceneDidBecomeActive(let session),
      .sceneWillResignActive(let session), .sceneDidEnterBackground(let session),
      .sceneDidDisconnect(let session), .sceneSaveRestoration(let session, _, _),
      .sceneRestoreInteractionState(let session), .sceneExtendRestoration(let session),
      .sceneCompleteRestoration(let session), .sceneGeometry(let session, _, _, _, _),
      .windowBecomeKey(let session, _), .keyPress(let session, _, _, _, _),
      .keyCommand(let session, _, _, _, _, _, _, _), .responderFirst(let session, _, _),
      .focusUpdate(let session, _, _, _, _), .pointerDrag(let session, _, _, _, _, _, _),
      .bandSelection(let session, _, _, _, _, _), .selectionChange(let session, _, _, _),
      .dragBegin(_, let session, _), .dropPerform(_, let session, _),
      .stateRender(let session, _, _), .contentDisplay(let session, _, _):
      session
    case .appLaunch, .appTerminate, .appKeyWindow, .sessionConfigure, .appDiscardSessions,
      .sceneWillConnect, .requestActivate, .requestFailed, .requestDestroy, .stateWrite,
      .dragEnd, .stateDelete, .traceGap, .appMark:
      nil
    }
  }

  /// Every session the event names, in the order of its fields.
  public var sessions: [SessionID] {
    switch self {
    case .appLaunch(_, _, _, _, _, let open): open ?? []
    case .appKeyWindow(let session, _): session.map { [$0] } ?? []
    case .sessionConfigure(let session, _, _), .sceneWillConnect(let session, _, _, _),
      .requestDestroy(_, let session, _), .stateRender(let session, _, _):
      [session]
    case .appDiscardSessions(let sessions): sessions
    case .requestActivate(_, let session, _, _, let requester):
      [session, requester].compactMap(\.self)
    case .stateWrite(_, _, let session), .stateDelete(_, let session): session.map { [$0] } ?? []
    default: scene.map { [$0] } ?? []
    }
  }

  /// The enumerated values of the event this version does not recognize, as (field, value).
  ///
  /// Selection causes are open by design and never count as unrecognized.
  public var unrecognizedValues: [(field: String, value: String)] {
    var found: [(field: String, value: String)] = []
    func check<Value: OpenEnumeration>(_ field: String, _ value: Value?) {
      if let value, !value.isRecognized { found.append((field, value.rawValue)) }
    }
    func check(_ field: String, _ modifiers: ModifierFlags) {
      for modifier in modifiers.members where !modifier.isRecognized {
        found.append((field, modifier.rawValue))
      }
    }
    switch self {
    case .sessionConfigure(_, let role, _): check("role", role)
    case .sceneWillConnect(_, let role, _, _): check("role", role)
    case .sceneGeometry(_, _, _, let orientation, let sizeClass):
      check("orientation", orientation)
      check("horizontalSizeClass", sizeClass)
    case .requestActivate(_, _, _, let style, _): check("style", style)
    case .requestDestroy(_, _, let animation): check("animation", animation)
    case .keyPress(_, let phase, _, _, let modifiers):
      check("phase", phase)
      check("modifiers", modifiers)
    case .keyCommand(_, _, let modifiers, _, _, _, _, _): check("modifiers", modifiers)
    case .focusUpdate(_, _, _, let heading, _): check("heading", heading)
    case .pointerDrag(_, let phase, _, _, let modifiers, let latching, _):
      check("phase", phase)
      check("modifiers", modifiers)
      check("latching", latching)
    case .bandSelection(_, _, let state, _, let modifiers, _):
      check("state", state)
      check("modifiers", modifiers)
    case .dragEnd(_, let operation): check("operation", operation)
    default: break
    }
    return found
  }
}
