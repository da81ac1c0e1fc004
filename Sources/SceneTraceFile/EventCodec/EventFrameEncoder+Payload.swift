import SceneTrace

// The body of each event type after its tag and time delta. Optional fields are announced by a
// flags word written first; the fields then follow in the order given here, which is the order
// of the format article's table. One exhaustive switch, so a new event type cannot be forgotten.

extension EventFrameEncoder {
  mutating func encodeBody(of payload: Event.Payload) {
    switch payload {
    case .appLaunch(let launch, let os, let sdk, let multipleScenes, let activityTypes, let open):
      output.varint(
        flag(0, os != nil) | flag(1, sdk != nil) | flag(2, multipleScenes != nil)
          | flag(3, multipleScenes == true) | flag(4, activityTypes != nil) | flag(5, open != nil))
      string(launch)
      string(os)
      string(sdk)
      strings(activityTypes)
      sessions(open)
    case .appTerminate:
      break
    case .appKeyWindow(let session, let window):
      output.varint(flag(0, session != nil) | flag(1, window != nil))
      self.session(session)
      string(window)
    case .sessionConfigure(let session, let role, let activityType):
      output.varint(flag(0, activityType != nil))
      self.session(session)
      enumeration(role, SceneRoleCodes.self)
      string(activityType)
    case .appDiscardSessions(let sessions):
      self.sessions(sessions)
    case .sceneWillConnect(let session, let role, let activityType, let hasRestoration):
      output.varint(
        flag(0, role != nil) | flag(1, activityType != nil) | flag(2, hasRestoration != nil)
          | flag(3, hasRestoration == true))
      self.session(session)
      enumeration(role, SceneRoleCodes.self)
      string(activityType)
    case .sceneWillEnterForeground(let session), .sceneDidBecomeActive(let session),
      .sceneWillResignActive(let session), .sceneDidEnterBackground(let session),
      .sceneDidDisconnect(let session), .sceneRestoreInteractionState(let session),
      .sceneExtendRestoration(let session), .sceneCompleteRestoration(let session):
      self.session(session)
    case .sceneSaveRestoration(let session, let activityType, let key):
      output.varint(flag(0, activityType != nil) | flag(1, key != nil))
      self.session(session)
      string(activityType)
      string(key)
    case .sceneGeometry(let session, let width, let height, let orientation, let sizeClass):
      let widthUnits = CoordinateGrid.units(of: width)
      let heightUnits = CoordinateGrid.units(of: height)
      output.varint(
        flag(0, orientation != nil) | flag(1, sizeClass != nil) | flag(2, widthUnits == nil)
          | flag(3, heightUnits == nil))
      self.session(session)
      coordinate(width, units: widthUnits)
      coordinate(height, units: heightUnits)
      enumeration(orientation, OrientationCodes.self)
      enumeration(sizeClass, SizeClassCodes.self)
    case .windowBecomeKey(let session, let window):
      self.session(session)
      string(window)
    case .requestActivate(let request, let session, let activityType, let style, let requester):
      output.varint(
        flag(0, session != nil) | flag(1, activityType != nil) | flag(2, style != nil)
          | flag(3, requester != nil))
      string(request)
      self.session(session)
      string(activityType)
      enumeration(style, PresentationStyleCodes.self)
      self.session(requester)
    case .requestFailed(let request, let code):
      string(request)
      integer(code)
    case .requestDestroy(let request, let session, let animation):
      output.varint(flag(0, animation != nil))
      string(request)
      self.session(session)
      enumeration(animation, DismissalAnimationCodes.self)
    case .keyPress(let session, let phase, let keyCode, let characters, let modifiers):
      output.varint(flag(0, characters != nil) | flag(1, !modifiers.isEmpty))
      self.session(session)
      enumeration(phase, PressPhaseCodes.self)
      integer(keyCode)
      if !modifiers.isEmpty { self.modifiers(modifiers) }
      string(characters)
    case .keyCommand(
      let session, let input, let modifiers, let action, let title, let target, let chain,
      let wantsPriority):
      output.varint(
        flag(0, !modifiers.isEmpty) | flag(1, title != nil) | flag(2, target != nil)
          | flag(3, chain != nil) | flag(4, wantsPriority != nil) | flag(5, wantsPriority == true))
      self.session(session)
      string(input)
      string(action)
      if !modifiers.isEmpty { self.modifiers(modifiers) }
      string(title)
      string(target)
      strings(chain)
    case .responderFirst(let session, let window, let responder):
      output.varint(flag(0, window != nil) | flag(1, responder != nil))
      self.session(session)
      string(window)
      string(responder)
    case .focusUpdate(let session, let from, let to, let heading, let group):
      output.varint(
        flag(0, from != nil) | flag(1, to != nil) | flag(2, heading != nil) | flag(3, group != nil))
      self.session(session)
      string(from)
      string(to)
      enumeration(heading, FocusHeadingCodes.self)
      string(group)
    case .pointerDrag(
      let session, let phase, let x, let y, let modifiers, let latching, let region):
      let xUnits = CoordinateGrid.units(of: x)
      let yUnits = CoordinateGrid.units(of: y)
      output.varint(
        flag(0, !modifiers.isEmpty) | flag(1, latching != nil) | flag(2, region != nil)
          | flag(3, xUnits == nil) | flag(4, yUnits == nil))
      let sessionIndex = string(session.rawValue)
      enumeration(phase, PointerPhaseCodes.self)
      pointerPosition(x: x, xUnits: xUnits, y: y, yUnits: yUnits, sessionIndex: sessionIndex)
      if !modifiers.isEmpty { self.modifiers(modifiers) }
      enumeration(latching, LatchingCodes.self)
      string(region)
    case .bandSelection(let session, let view, let state, let rect, let modifiers, let items):
      let units = rect.map { rect in
        [rect.x, rect.y, rect.width, rect.height].map(CoordinateGrid.units(of:))
      }
      output.varint(
        flag(0, rect != nil) | flag(1, !modifiers.isEmpty) | flag(2, items != nil)
          | flag(3, units?[0] == nil && rect != nil) | flag(4, units?[1] == nil && rect != nil)
          | flag(5, units?[2] == nil && rect != nil) | flag(6, units?[3] == nil && rect != nil))
      self.session(session)
      string(view)
      enumeration(state, BandStateCodes.self)
      if let rect, let units {
        coordinate(rect.x, units: units[0])
        coordinate(rect.y, units: units[1])
        coordinate(rect.width, units: units[2])
        coordinate(rect.height, units: units[3])
      }
      if !modifiers.isEmpty { self.modifiers(modifiers) }
      strings(items)
    case .selectionChange(let session, let view, let items, let cause):
      output.varint(flag(0, cause != nil))
      self.session(session)
      string(view)
      strings(items)
      enumeration(cause, SelectionCauseCodes.self)
    case .dragBegin(let drag, let session, let activityType):
      output.varint(flag(0, activityType != nil))
      string(drag.rawValue)
      self.session(session)
      string(activityType)
    case .dragEnd(let drag, let operation):
      output.varint(flag(0, operation != nil))
      string(drag.rawValue)
      enumeration(operation, DropOperationCodes.self)
    case .dropPerform(let drag, let session, let local):
      output.varint(flag(0, local))
      string(drag.rawValue)
      self.session(session)
    case .stateWrite(let key, let value, let session):
      output.varint(flag(0, session != nil))
      string(key)
      string(value)
      self.session(session)
    case .stateDelete(let key, let session):
      output.varint(flag(0, session != nil))
      string(key)
      self.session(session)
    case .stateRender(let session, let key, let value):
      self.session(session)
      string(key)
      string(value)
    case .contentDisplay(let session, let content, let exclusive):
      output.varint(
        flag(0, content != nil) | flag(1, exclusive != nil) | flag(2, exclusive == true))
      self.session(session)
      string(content)
    case .traceGap(let dropped):
      integer(dropped)
    case .appMark(let label):
      string(label)
    }
  }
}
