import SceneTrace

extension InteractionModel {
  /// Advances the model by one event the generator emits, the way the reference says.
  mutating func apply(_ payload: Event.Payload) {
    switch payload {
    case .appKeyWindow(let session, _):
      keyScene = session
    case .sessionConfigure(let id, _, _):
      sessions[id] = .configuring
    case .sceneWillConnect(let id, _, _, _):
      sessions[id] = .connected
      scenes[id] = Scene()
    case .sceneWillEnterForeground(let id):
      scenes[id]?.state = .foregroundInactive
      scenes[id]?.activeSinceForeground = false
    case .sceneDidBecomeActive(let id):
      scenes[id]?.state = .foregroundActive
      scenes[id]?.activeSinceForeground = true
    case .sceneWillResignActive(let id):
      scenes[id]?.state = .foregroundInactive
    case .sceneDidEnterBackground(let id):
      scenes[id]?.state = .background
    case .sceneDidDisconnect(let id):
      scenes[id] = nil
      sessions[id] = .archived
      if keyScene == id { keyScene = nil }
    case .appDiscardSessions(let ids):
      for id in ids { sessions[id] = .discarded }
    case .sceneSaveRestoration(let id, _, let key):
      restorationKeys[id] = key
    case .keyPress(let id, let phase, let code, _, _):
      switch phase {
      case .began, .changed, .stationary: scenes[id]?.keysDown.insert(code)
      default: scenes[id]?.keysDown.remove(code)
      }
    case .responderFirst(let id, _, let responder):
      scenes[id]?.firstResponder = responder
    case .focusUpdate(let id, _, let to, _, _):
      scenes[id]?.focus = to
    case .pointerDrag(let id, let phase, _, _, _, let latching, let region):
      applyPointer(id, phase, latching, region)
    case .bandSelection(let id, let view, let state, _, let modifiers, let items):
      applyBand(id, view, state, modifiers, items ?? [])
    case .selectionChange(let id, let view, let items, _):
      scenes[id]?.selection[view] = Set(items)
    case .dragBegin(let drag, _, _):
      drags[drag.rawValue] = (true, false)
    case .dropPerform(let drag, _, _):
      drags[drag.rawValue]?.dropped = true
    case .dragEnd(let drag, _):
      drags[drag.rawValue]?.active = false
    case .stateWrite(let key, let value, let writer):
      if InteractionTrace.sharedKeys.contains(key) {
        formerValue[key] = shared[key]?.value ?? "initial"
      }
      shared[key] = (value, writer)
    case .stateDelete(let key, _):
      shared[key] = nil
    case .stateRender(let id, let key, let value):
      scenes[id]?.renders[key] = value
    case .contentDisplay(let id, let content, let exclusive):
      scenes[id]?.content = content
      scenes[id]?.contentExclusive = exclusive == true
    default:
      break
    }
  }

  private mutating func applyPointer(
    _ id: SessionID, _ phase: PointerPhase, _ latching: Latching?, _ region: String?
  ) {
    switch phase {
    case .began:
      scenes[id]?.pointerInFlight = true
      let latched = latching != nil && latching != Latching.none
      scenes[id]?.latchedRegion = latched ? region : nil
    case .ended, .cancelled:
      scenes[id]?.pointerInFlight = false
      scenes[id]?.latchedRegion = nil
    default:
      break
    }
  }

  private mutating func applyBand(
    _ id: SessionID, _ view: String, _ state: BandState, _ modifiers: ModifierFlags,
    _ items: [String]
  ) {
    switch state {
    case .began:
      let before = scenes[id]?.selection[view] ?? []
      scenes[id]?.band = (view, modifiers, before)
    case .ended:
      if let band = scenes[id]?.band {
        scenes[id]?.selection[view] = Self.bandResult(
          before: band.before, inside: Set(items), modifiers: band.modifiers)
      }
      scenes[id]?.band = nil
    default:
      break
    }
  }
}
