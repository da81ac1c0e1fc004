import SceneTrace

extension SceneTraceRecorder {
  // MARK: Keyboard, focus, pointer, selection

  /// In `pressesBegan`/`Changed`/`Ended`/`Cancelled`. Typed text is not recorded: `characters`
  /// is kept only while Command, Control or Option is held, unless the recording opts in.
  public func pressesDidChange(
    session: String, phase: PressPhase, keyCode: Int, characters: String? = nil,
    modifiers: ModifierFlags = .none
  ) {
    guard let hooks else { return }
    let isShortcut =
      modifiers.contains(.command) || modifiers.contains(.control) || modifiers.contains(.option)
    let kept = isShortcut || hooks.recordsTypedText ? characters : nil
    hooks.record(
      .keyPress(
        session: SessionID(session), phase: phase, keyCode: keyCode, characters: kept,
        modifiers: modifiers))
  }

  /// Where a `UIKeyCommand`'s action runs (`target` nil: no responder could perform it).
  public func keyCommand(
    session: String, input: String, modifiers: ModifierFlags = .none, action: String,
    title: String? = nil, target: String? = nil, chain: [String]? = nil,
    wantsPriority: Bool? = nil
  ) {
    hooks?.record(
      .keyCommand(
        session: SessionID(session), input: input, modifiers: modifiers, action: action,
        title: title, target: target, chain: chain, wantsPriority: wantsPriority))
  }

  /// When a window's first responder changes (`responder` nil: none).
  public func firstResponderDidChange(
    session: String, window: String? = nil, responder: String? = nil
  ) {
    hooks?.record(
      .responderFirst(session: SessionID(session), window: window, responder: responder))
  }

  /// In `didUpdateFocus(in:with:)` or on `UIFocusSystem.didUpdateNotification`.
  public func focusDidUpdate(
    session: String, from: String? = nil, to: String? = nil, heading: FocusHeading? = nil,
    group: String? = nil
  ) {
    hooks?.record(
      .focusUpdate(
        session: SessionID(session), from: from, to: to, heading: heading, group: group))
  }

  /// A pointer drag sample, from a pan gesture or pointer interaction.
  public func pointerDrag(
    session: String, phase: PointerPhase, x: Double, y: Double,
    modifiers: ModifierFlags = .none, latching: Latching? = nil, region: String? = nil
  ) {
    hooks?.record(
      .pointerDrag(
        session: SessionID(session), phase: phase, x: x, y: y, modifiers: modifiers,
        latching: latching, region: region))
  }

  /// In a `UIBandSelectionInteraction` handler.
  public func bandSelection(
    session: String, view: String, state: BandState, rect: Rect? = nil,
    modifiers: ModifierFlags = .none, items: [String]? = nil
  ) {
    hooks?.record(
      .bandSelection(
        session: SessionID(session), view: view, state: state, rect: rect,
        modifiers: modifiers, items: items))
  }

  /// When a view's selection changes: `items` is the whole selection after the change.
  public func selectionDidChange(
    session: String, view: String, items: [String], cause: SelectionCause? = nil
  ) {
    hooks?.record(
      .selectionChange(session: SessionID(session), view: view, items: items, cause: cause))
  }

  // MARK: Drag and drop

  /// In `dragInteraction(_:sessionWillBegin:)`.
  public func dragSessionWillBegin(drag: String, session: String, activityType: String? = nil) {
    hooks?.record(
      .dragBegin(drag: DragID(drag), session: SessionID(session), activityType: activityType))
  }

  /// In `dragInteraction(_:session:didEndWith:)`.
  public func dragSessionDidEnd(drag: String, operation: DropOperation? = nil) {
    hooks?.record(.dragEnd(drag: DragID(drag), operation: operation))
  }

  /// In `dropInteraction(_:performDrop:)` (`local`: the drag started in this app).
  public func performDrop(drag: String, session: String, local: Bool) {
    hooks?.record(.dropPerform(drag: DragID(drag), session: SessionID(session), local: local))
  }

  // MARK: The app's shared state

  /// Where the app writes shared state: a setting, a file, a model object, restoration data.
  /// Keys with a meaning: `defaults:`, `file:`, `restoration:`, `model:`, `nav:`,
  /// `session:<id>/`.
  public func sharedStateDidWrite(key: String, value: String, session: String? = nil) {
    hooks?.record(.stateWrite(key: key, value: value, session: session.map { SessionID($0) }))
  }

  /// Where the app deletes shared state.
  public func sharedStateDidDelete(key: String, session: String? = nil) {
    hooks?.record(.stateDelete(key: key, session: session.map { SessionID($0) }))
  }

  /// Where a scene shows a value of shared state.
  public func sceneDidRender(session: String, key: String, value: String) {
    hooks?.record(.stateRender(session: SessionID(session), key: key, value: value))
  }

  /// Where a scene starts showing content (nil: nothing).
  public func sceneDidDisplay(session: String, content: String?, exclusive: Bool? = nil) {
    hooks?.record(
      .contentDisplay(session: SessionID(session), content: content, exclusive: exclusive))
  }

  /// A breadcrumb of the app's own.
  public func mark(_ label: String) {
    hooks?.record(.appMark(label: label))
  }
}
