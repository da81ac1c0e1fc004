import SceneTrace

// The body of each event type, read in the order `EventFrameEncoder+Payload.swift` writes it.

extension EventFrameDecoder {
  mutating func decodeBody(of type: EventType) throws(DecodingFailure) -> Event.Payload {
    switch type {
    case .appLaunch:
      let f = try flags(bits: 6)
      return .appLaunch(
        launch: try string(), os: try string(if: f.has(0)), sdk: try string(if: f.has(1)),
        supportsMultipleScenes: try optionalBool(f, present: 2, value: 3),
        activityTypes: try strings(if: f.has(4)), openSessions: try sessions(if: f.has(5)))
    case .appTerminate:
      return .appTerminate
    case .appKeyWindow:
      let f = try flags(bits: 2)
      return .appKeyWindow(session: try session(if: f.has(0)), window: try string(if: f.has(1)))
    case .sessionConfigure:
      let f = try flags(bits: 1)
      return .sessionConfigure(
        session: try session(), role: try enumeration(SceneRoleCodes.self),
        activityType: try string(if: f.has(0)))
    case .appDiscardSessions:
      return .appDiscardSessions(sessions: try sessions() ?? [])
    case .sceneWillConnect:
      let f = try flags(bits: 4)
      return .sceneWillConnect(
        session: try session(), role: try enumeration(SceneRoleCodes.self, if: f.has(0)),
        activityType: try string(if: f.has(1)),
        hasRestorationActivity: try optionalBool(f, present: 2, value: 3))
    case .sceneWillEnterForeground: return .sceneWillEnterForeground(session: try session())
    case .sceneDidBecomeActive: return .sceneDidBecomeActive(session: try session())
    case .sceneWillResignActive: return .sceneWillResignActive(session: try session())
    case .sceneDidEnterBackground: return .sceneDidEnterBackground(session: try session())
    case .sceneDidDisconnect: return .sceneDidDisconnect(session: try session())
    case .sceneSaveRestoration:
      let f = try flags(bits: 2)
      return .sceneSaveRestoration(
        session: try session(), activityType: try string(if: f.has(0)),
        key: try string(if: f.has(1)))
    case .sceneRestoreInteractionState:
      return .sceneRestoreInteractionState(session: try session())
    case .sceneExtendRestoration: return .sceneExtendRestoration(session: try session())
    case .sceneCompleteRestoration: return .sceneCompleteRestoration(session: try session())
    case .sceneGeometry:
      let f = try flags(bits: 4)
      return .sceneGeometry(
        session: try session(), width: try coordinate(isRaw: f.has(2)).value,
        height: try coordinate(isRaw: f.has(3)).value,
        orientation: try enumeration(OrientationCodes.self, if: f.has(0)),
        horizontalSizeClass: try enumeration(SizeClassCodes.self, if: f.has(1)))
    case .windowBecomeKey:
      return .windowBecomeKey(session: try session(), window: try string())
    case .requestActivate:
      let f = try flags(bits: 4)
      return .requestActivate(
        request: try string(), session: try session(if: f.has(0)),
        activityType: try string(if: f.has(1)),
        style: try enumeration(PresentationStyleCodes.self, if: f.has(2)),
        requester: try session(if: f.has(3)))
    case .requestFailed:
      return .requestFailed(request: try string(), code: try integer())
    case .requestDestroy:
      let f = try flags(bits: 1)
      return .requestDestroy(
        request: try string(), session: try session(),
        animation: try enumeration(DismissalAnimationCodes.self, if: f.has(0)))
    case .keyPress:
      let f = try flags(bits: 2)
      let session = try session()
      let phase = try enumeration(PressPhaseCodes.self)
      let keyCode = try integer()
      let modifiers = try modifiers(if: f.has(1))
      return .keyPress(
        session: session, phase: phase, keyCode: keyCode, characters: try string(if: f.has(0)),
        modifiers: modifiers)
    case .keyCommand:
      let f = try flags(bits: 6)
      let session = try session()
      let input = try string()
      let action = try string()
      return .keyCommand(
        session: session, input: input, modifiers: try modifiers(if: f.has(0)), action: action,
        title: try string(if: f.has(1)), target: try string(if: f.has(2)),
        chain: try strings(if: f.has(3)), wantsPriority: try optionalBool(f, present: 4, value: 5))
    case .responderFirst:
      let f = try flags(bits: 2)
      return .responderFirst(
        session: try session(), window: try string(if: f.has(0)),
        responder: try string(if: f.has(1)))
    case .focusUpdate:
      let f = try flags(bits: 4)
      return .focusUpdate(
        session: try session(), from: try string(if: f.has(0)), to: try string(if: f.has(1)),
        heading: try enumeration(FocusHeadingCodes.self, if: f.has(2)),
        group: try string(if: f.has(3)))
    case .pointerDrag:
      return try pointerDrag()
    case .bandSelection:
      return try bandSelection()
    case .selectionChange:
      let f = try flags(bits: 1)
      return .selectionChange(
        session: try session(), view: try string(), items: try strings(),
        cause: try enumeration(SelectionCauseCodes.self, if: f.has(0)))
    case .dragBegin:
      let f = try flags(bits: 1)
      return .dragBegin(
        drag: DragID(try string()), session: try session(),
        activityType: try string(if: f.has(0)))
    case .dragEnd:
      let f = try flags(bits: 1)
      return .dragEnd(
        drag: DragID(try string()),
        operation: try enumeration(DropOperationCodes.self, if: f.has(0)))
    case .dropPerform:
      let f = try flags(bits: 1)
      return .dropPerform(drag: DragID(try string()), session: try session(), local: f.has(0))
    case .stateWrite:
      let f = try flags(bits: 1)
      return .stateWrite(
        key: try string(), value: try string(), session: try session(if: f.has(0)))
    case .stateDelete:
      let f = try flags(bits: 1)
      return .stateDelete(key: try string(), session: try session(if: f.has(0)))
    case .stateRender:
      return .stateRender(session: try session(), key: try string(), value: try string())
    case .contentDisplay:
      let f = try flags(bits: 3)
      return .contentDisplay(
        session: try session(), content: try string(if: f.has(0)),
        exclusive: try optionalBool(f, present: 1, value: 2))
    case .traceGap:
      return .traceGap(dropped: try integer())
    case .appMark:
      return .appMark(label: try string())
    }
  }

  private mutating func pointerDrag() throws(DecodingFailure) -> Event.Payload {
    let f = try flags(bits: 5)
    let session = try stringEntry()
    let phase = try enumeration(PointerPhaseCodes.self)
    let position = try pointerPosition(
      xIsRaw: f.has(3), yIsRaw: f.has(4), sessionIndex: session.index)
    return .pointerDrag(
      session: SessionID(session.value), phase: phase, x: position.x, y: position.y,
      modifiers: try modifiers(if: f.has(0)),
      latching: try enumeration(LatchingCodes.self, if: f.has(1)),
      region: try string(if: f.has(2)))
  }

  private mutating func bandSelection() throws(DecodingFailure) -> Event.Payload {
    let f = try flags(bits: 7)
    let session = try session()
    let view = try string()
    let state = try enumeration(BandStateCodes.self)
    var rect: Rect?
    if f.has(0) {
      rect = Rect(
        x: try coordinate(isRaw: f.has(3)).value, y: try coordinate(isRaw: f.has(4)).value,
        width: try coordinate(isRaw: f.has(5)).value,
        height: try coordinate(isRaw: f.has(6)).value)
    } else if f >> 3 != 0 {
      throw .invalid("a band selection without a rect flags its coordinates", at: reader.offset)
    }
    return .bandSelection(
      session: session, view: view, state: state, rect: rect,
      modifiers: try modifiers(if: f.has(1)), items: try strings(if: f.has(2)))
  }
}
