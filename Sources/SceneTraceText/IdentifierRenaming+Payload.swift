import SceneTrace

extension IdentifierRenaming {
  /// `payload` with its sessions, launch, drag and request renamed, and the identifiers inside
  /// its keys, window names and content.
  mutating func renamed(_ payload: Event.Payload) -> Event.Payload {
    switch payload {
    case .appLaunch(let launch, let os, let sdk, let multiple, let types, let open):
      return .appLaunch(
        launch: launches[launch] ?? launch, os: os, sdk: sdk, supportsMultipleScenes: multiple,
        activityTypes: types, openSessions: open?.map { renamed($0) })
    case .appTerminate, .traceGap, .appMark:
      return payload
    case .appKeyWindow(let session, let window):
      return .appKeyWindow(session: session.map { renamed($0) }, window: window.map { text($0) })
    case .sessionConfigure(let session, let role, let type):
      return .sessionConfigure(session: renamed(session), role: role, activityType: type)
    case .appDiscardSessions(let sessions):
      return .appDiscardSessions(sessions: sessions.map { renamed($0) })
    case .sceneWillConnect(let session, let role, let type, let restoring):
      return .sceneWillConnect(
        session: renamed(session), role: role, activityType: type,
        hasRestorationActivity: restoring)
    case .sceneWillEnterForeground(let session):
      return .sceneWillEnterForeground(session: renamed(session))
    case .sceneDidBecomeActive(let session):
      return .sceneDidBecomeActive(session: renamed(session))
    case .sceneWillResignActive(let session):
      return .sceneWillResignActive(session: renamed(session))
    case .sceneDidEnterBackground(let session):
      return .sceneDidEnterBackground(session: renamed(session))
    case .sceneDidDisconnect(let session):
      return .sceneDidDisconnect(session: renamed(session))
    case .sceneSaveRestoration(let session, let type, let key):
      return .sceneSaveRestoration(
        session: renamed(session), activityType: type, key: key.map { text($0) })
    case .sceneRestoreInteractionState(let session):
      return .sceneRestoreInteractionState(session: renamed(session))
    case .sceneExtendRestoration(let session):
      return .sceneExtendRestoration(session: renamed(session))
    case .sceneCompleteRestoration(let session):
      return .sceneCompleteRestoration(session: renamed(session))
    case .sceneGeometry(let session, let width, let height, let orientation, let sizeClass):
      return .sceneGeometry(
        session: renamed(session), width: width, height: height, orientation: orientation,
        horizontalSizeClass: sizeClass)
    case .windowBecomeKey(let session, let window):
      return .windowBecomeKey(session: renamed(session), window: text(window))
    case .requestActivate(let request, let session, let type, let style, let requester):
      return .requestActivate(
        request: requests[request] ?? request, session: session.map { renamed($0) },
        activityType: type, style: style, requester: requester.map { renamed($0) })
    case .requestFailed(let request, let code):
      return .requestFailed(request: requests[request] ?? request, code: code)
    case .requestDestroy(let request, let session, let animation):
      return .requestDestroy(
        request: requests[request] ?? request, session: renamed(session), animation: animation)
    case .keyPress(let session, let phase, let code, let characters, let modifiers):
      return .keyPress(
        session: renamed(session), phase: phase, keyCode: code, characters: characters,
        modifiers: modifiers)
    case .keyCommand(
      let session, let input, let modifiers, let action, let title, let target, let chain,
      let priority):
      return .keyCommand(
        session: renamed(session), input: input, modifiers: modifiers, action: action,
        title: title, target: target, chain: chain, wantsPriority: priority)
    case .responderFirst(let session, let window, let responder):
      return .responderFirst(
        session: renamed(session), window: window.map { text($0) }, responder: responder)
    case .focusUpdate(let session, let from, let to, let heading, let group):
      return .focusUpdate(
        session: renamed(session), from: from, to: to, heading: heading, group: group)
    case .pointerDrag(let session, let phase, let x, let y, let modifiers, let latching, let region):
      return .pointerDrag(
        session: renamed(session), phase: phase, x: x, y: y, modifiers: modifiers,
        latching: latching, region: region)
    case .bandSelection(let session, let view, let state, let rect, let modifiers, let items):
      return .bandSelection(
        session: renamed(session), view: view, state: state, rect: rect, modifiers: modifiers,
        items: items)
    case .selectionChange(let session, let view, let items, let cause):
      return .selectionChange(session: renamed(session), view: view, items: items, cause: cause)
    case .dragBegin(let drag, let session, let type):
      return .dragBegin(drag: renamed(drag), session: renamed(session), activityType: type)
    case .dragEnd(let drag, let operation):
      return .dragEnd(drag: renamed(drag), operation: operation)
    case .dropPerform(let drag, let session, let local):
      return .dropPerform(drag: renamed(drag), session: renamed(session), local: local)
    case .stateWrite(let key, let value, let session):
      return .stateWrite(key: text(key), value: value, session: session.map { renamed($0) })
    case .stateDelete(let key, let session):
      return .stateDelete(key: text(key), session: session.map { renamed($0) })
    case .stateRender(let session, let key, let value):
      return .stateRender(session: renamed(session), key: text(key), value: value)
    case .contentDisplay(let session, let content, let exclusive):
      return .contentDisplay(
        session: renamed(session), content: content.map { text($0) }, exclusive: exclusive)
    case .appEnvironment:
      return payload
    case .sceneActiveAppearance(let session, let appearance):
      return .sceneActiveAppearance(session: renamed(session), appearance: appearance)
    case .sceneEffectiveGeometry(
      let session, let width, let height, let orientation, let sizeClass, let resizing,
      let locked, let screen):
      return .sceneEffectiveGeometry(
        session: renamed(session), width: width, height: height, orientation: orientation,
        horizontalSizeClass: sizeClass, resizing: resizing, orientationLocked: locked,
        screen: screen)
    case .sceneSizeRestrictions(
      let session, let minimumWidth, let minimumHeight, let maximumWidth, let maximumHeight):
      return .sceneSizeRestrictions(
        session: renamed(session), minimumWidth: minimumWidth, minimumHeight: minimumHeight,
        maximumWidth: maximumWidth, maximumHeight: maximumHeight)
    case .sceneLayout(let session, let sizeClass, let layout):
      return .sceneLayout(session: renamed(session), horizontalSizeClass: sizeClass, layout: layout)
    case .commandInvoke(let session, let action, let origin, let title, let target, let offered):
      return .commandInvoke(
        session: session.map { renamed($0) }, action: action, origin: origin, title: title,
        target: target, offeredBy: offered)
    case .sceneTitle(let session, let title):
      return .sceneTitle(session: renamed(session), title: title.map { text($0) })
    case .sceneClose(let session, let via):
      return .sceneClose(session: renamed(session), via: via)
    }
  }

  private mutating func text(_ string: String) -> String {
    renamedText(string)
  }
}
