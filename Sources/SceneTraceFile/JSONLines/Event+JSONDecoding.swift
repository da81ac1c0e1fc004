import SceneTrace

extension Event.Payload {
  /// Reads the fields of an event of `type`, as the v1 event table lists them.
  ///
  /// One exhaustive switch, so that a new event type cannot be forgotten here.
  init(type: EventType, fields f: EventFields) throws(TraceError) {
    switch type {
    case .appLaunch:
      self = .appLaunch(
        launch: try f.string("launch"), os: try f.optionalString("os"),
        sdk: try f.optionalString("sdk"),
        supportsMultipleScenes: try f.optionalBool("supportsMultipleScenes"),
        activityTypes: try f.optionalStrings("activityTypes"),
        openSessions: try f.optionalSessions("openSessions"))
    case .appTerminate:
      self = .appTerminate
    case .appKeyWindow:
      self = .appKeyWindow(
        session: try f.optionalSession("session"), window: try f.optionalString("window"))
    case .sessionConfigure:
      self = .sessionConfigure(
        session: try f.session("session"), role: try f.enumeration("role"),
        activityType: try f.optionalString("activityType"))
    case .appDiscardSessions:
      self = .appDiscardSessions(sessions: try f.sessions("sessions"))
    case .sceneWillConnect:
      self = .sceneWillConnect(
        session: try f.session("session"), role: try f.optionalEnumeration("role"),
        activityType: try f.optionalString("activityType"),
        hasRestorationActivity: try f.optionalBool("hasRestorationActivity"))
    case .sceneWillEnterForeground:
      self = .sceneWillEnterForeground(session: try f.session("session"))
    case .sceneDidBecomeActive:
      self = .sceneDidBecomeActive(session: try f.session("session"))
    case .sceneWillResignActive:
      self = .sceneWillResignActive(session: try f.session("session"))
    case .sceneDidEnterBackground:
      self = .sceneDidEnterBackground(session: try f.session("session"))
    case .sceneDidDisconnect:
      self = .sceneDidDisconnect(session: try f.session("session"))
    case .sceneSaveRestoration:
      self = .sceneSaveRestoration(
        session: try f.session("session"), activityType: try f.optionalString("activityType"),
        key: try f.optionalString("key"))
    case .sceneRestoreInteractionState:
      self = .sceneRestoreInteractionState(session: try f.session("session"))
    case .sceneExtendRestoration:
      self = .sceneExtendRestoration(session: try f.session("session"))
    case .sceneCompleteRestoration:
      self = .sceneCompleteRestoration(session: try f.session("session"))
    case .sceneGeometry:
      self = .sceneGeometry(
        session: try f.session("session"), width: try f.double("width"),
        height: try f.double("height"), orientation: try f.optionalEnumeration("orientation"),
        horizontalSizeClass: try f.optionalEnumeration("horizontalSizeClass"))
    case .windowBecomeKey:
      self = .windowBecomeKey(session: try f.session("session"), window: try f.string("window"))
    case .requestActivate:
      self = .requestActivate(
        request: try f.string("request"), session: try f.optionalSession("session"),
        activityType: try f.optionalString("activityType"),
        style: try f.optionalEnumeration("style"), requester: try f.optionalSession("requester"))
    case .requestFailed:
      self = .requestFailed(request: try f.string("request"), code: try f.integer("code"))
    case .requestDestroy:
      self = .requestDestroy(
        request: try f.string("request"), session: try f.session("session"),
        animation: try f.optionalEnumeration("animation"))
    case .keyPress:
      self = .keyPress(
        session: try f.session("session"), phase: try f.enumeration("phase"),
        keyCode: try f.integer("keyCode"), characters: try f.optionalString("characters"),
        modifiers: try f.modifiers("modifiers"))
    case .keyCommand:
      self = .keyCommand(
        session: try f.session("session"), input: try f.string("input"),
        modifiers: try f.modifiers("modifiers"), action: try f.string("action"),
        title: try f.optionalString("title"), target: try f.optionalString("target"),
        chain: try f.optionalStrings("chain"), wantsPriority: try f.optionalBool("wantsPriority"))
    case .responderFirst:
      self = .responderFirst(
        session: try f.session("session"), window: try f.optionalString("window"),
        responder: try f.optionalString("responder"))
    case .focusUpdate:
      self = .focusUpdate(
        session: try f.session("session"), from: try f.optionalString("from"),
        to: try f.optionalString("to"), heading: try f.optionalEnumeration("heading"),
        group: try f.optionalString("group"))
    case .pointerDrag:
      self = .pointerDrag(
        session: try f.session("session"), phase: try f.enumeration("phase"),
        x: try f.double("x"), y: try f.double("y"), modifiers: try f.modifiers("modifiers"),
        latching: try f.optionalEnumeration("latching"), region: try f.optionalString("region"))
    case .bandSelection:
      self = .bandSelection(
        session: try f.session("session"), view: try f.string("view"),
        state: try f.enumeration("state"), rect: try f.optionalRect("rect"),
        modifiers: try f.modifiers("modifiers"), items: try f.optionalStrings("items"))
    case .selectionChange:
      self = .selectionChange(
        session: try f.session("session"), view: try f.string("view"),
        items: try f.strings("items"), cause: try f.optionalEnumeration("cause"))
    case .dragBegin:
      self = .dragBegin(
        drag: DragID(try f.string("drag")), session: try f.session("session"),
        activityType: try f.optionalString("activityType"))
    case .dragEnd:
      self = .dragEnd(
        drag: DragID(try f.string("drag")), operation: try f.optionalEnumeration("operation"))
    case .dropPerform:
      self = .dropPerform(
        drag: DragID(try f.string("drag")), session: try f.session("session"),
        local: try f.bool("local"))
    case .stateWrite:
      self = .stateWrite(
        key: try f.string("key"), value: try f.string("value"),
        session: try f.optionalSession("session"))
    case .stateDelete:
      self = .stateDelete(key: try f.string("key"), session: try f.optionalSession("session"))
    case .stateRender:
      self = .stateRender(
        session: try f.session("session"), key: try f.string("key"), value: try f.string("value"))
    case .contentDisplay:
      self = .contentDisplay(
        session: try f.session("session"), content: try f.optionalString("content"),
        exclusive: try f.optionalBool("exclusive"))
    case .traceGap:
      self = .traceGap(dropped: try f.integer("dropped"))
    case .appMark:
      self = .appMark(label: try f.string("label"))
    }
  }
}
