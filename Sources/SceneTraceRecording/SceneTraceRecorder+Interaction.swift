import SceneTrace

// The hooks of this file are called at the rate of input (a key press, a focus move, a pointer
// sample, a render): they take what they record `consuming` and move it into the event, so that
// a caller's literal or default (`.changed`, `.none`, nil) is handed over without a retain and
// the hook makes no call to count a reference (`tools/check-hook-counts`). Taken as borrowed,
// each value was copied into the event, a retain apiece, most of them of nothing. A session's
// spelling is only read, to number it. The lifecycle and windowing hooks, called a few times a
// scene, take theirs as Swift passes them.
extension SceneTraceRecorder {
  // MARK: Keyboard, focus, pointer, selection

  /// In `pressesBegan`/`Changed`/`Ended`/`Cancelled`. Typed text is not recorded: `characters`
  /// is kept only while Command, Control or Option is held, unless the recording opts in.
  public func pressesDidChange(
    session: String, phase: consuming PressPhase, keyCode: Int,
    characters: consuming String? = nil, modifiers: consuming ModifierFlags = .none
  ) {
    guard let recordsTypedText = hooks?.recordsTypedText else { return }
    let isShortcut =
      modifiers.contains(.command) || modifiers.contains(.control) || modifiers.contains(.option)
    let kept = isShortcut || recordsTypedText ? consume characters : nil
    hooks?.record(
      .keyPress(
        session: SessionID(session), phase: consume phase, keyCode: keyCode, characters: kept,
        modifiers: consume modifiers))
  }

  /// Where a `UIKeyCommand`'s action runs (`target` nil: no responder could perform it).
  public func keyCommand(
    session: String, input: consuming String, modifiers: consuming ModifierFlags = .none,
    action: consuming String, title: consuming String? = nil, target: consuming String? = nil,
    chain: consuming [String]? = nil, wantsPriority: Bool? = nil
  ) {
    hooks?.record(
      .keyCommand(
        session: SessionID(session), input: consume input, modifiers: consume modifiers,
        action: consume action, title: consume title, target: consume target,
        chain: consume chain, wantsPriority: wantsPriority))
  }

  /// When a window's first responder changes (`responder` nil: none).
  public func firstResponderDidChange(
    session: String, window: consuming String? = nil, responder: consuming String? = nil
  ) {
    hooks?.record(
      .responderFirst(
        session: SessionID(session), window: consume window, responder: consume responder))
  }

  /// In `didUpdateFocus(in:with:)` or on `UIFocusSystem.didUpdateNotification`.
  public func focusDidUpdate(
    session: String, from: consuming String? = nil, to: consuming String? = nil,
    heading: consuming FocusHeading? = nil, group: consuming String? = nil
  ) {
    hooks?.record(
      .focusUpdate(
        session: SessionID(session), from: consume from, to: consume to,
        heading: consume heading, group: consume group))
  }

  /// A pointer drag sample, from a pan gesture or pointer interaction.
  public func pointerDrag(
    session: String, phase: consuming PointerPhase, x: Double, y: Double,
    modifiers: consuming ModifierFlags = .none, latching: consuming Latching? = nil,
    region: consuming String? = nil
  ) {
    hooks?.record(
      .pointerDrag(
        session: SessionID(session), phase: consume phase, x: x, y: y,
        modifiers: consume modifiers, latching: consume latching, region: consume region))
  }

  /// In a `UIBandSelectionInteraction` handler.
  public func bandSelection(
    session: String, view: consuming String, state: consuming BandState, rect: Rect? = nil,
    modifiers: consuming ModifierFlags = .none, items: consuming [String]? = nil
  ) {
    hooks?.record(
      .bandSelection(
        session: SessionID(session), view: consume view, state: consume state, rect: rect,
        modifiers: consume modifiers, items: consume items))
  }

  /// When a view's selection changes: `items` is the whole selection after the change.
  public func selectionDidChange(
    session: String, view: consuming String, items: consuming [String],
    cause: consuming SelectionCause? = nil
  ) {
    hooks?.record(
      .selectionChange(
        session: SessionID(session), view: consume view, items: consume items,
        cause: consume cause))
  }

  // MARK: Drag and drop

  /// In `dragInteraction(_:sessionWillBegin:)`.
  public func dragSessionWillBegin(
    drag: consuming String, session: String, activityType: consuming String? = nil
  ) {
    hooks?.record(
      .dragBegin(
        drag: DragID(consume drag), session: SessionID(session),
        activityType: consume activityType))
  }

  /// In `dragInteraction(_:session:didEndWith:)`.
  public func dragSessionDidEnd(
    drag: consuming String, operation: consuming DropOperation? = nil
  ) {
    hooks?.record(.dragEnd(drag: DragID(consume drag), operation: consume operation))
  }

  /// In `dropInteraction(_:performDrop:)` (`local`: the drag started in this app).
  public func performDrop(drag: consuming String, session: String, local: Bool) {
    hooks?.record(
      .dropPerform(drag: DragID(consume drag), session: SessionID(session), local: local))
  }

  // MARK: The app's shared state

  /// Where the app writes shared state: a setting, a file, a model object, restoration data.
  /// Keys with a meaning: `defaults:`, `file:`, `restoration:`, `model:`, `nav:`,
  /// `session:<id>/`.
  public func sharedStateDidWrite(
    key: consuming String, value: consuming String, session: String? = nil
  ) {
    hooks?.record(
      .stateWrite(
        key: consume key, value: consume value, session: session.map { SessionID($0) }))
  }

  /// Where the app deletes shared state.
  public func sharedStateDidDelete(key: consuming String, session: String? = nil) {
    hooks?.record(.stateDelete(key: consume key, session: session.map { SessionID($0) }))
  }

  /// Where a scene shows a value of shared state.
  public func sceneDidRender(session: String, key: consuming String, value: consuming String) {
    hooks?.record(
      .stateRender(session: SessionID(session), key: consume key, value: consume value))
  }

  /// Where a scene starts showing content (nil: nothing).
  public func sceneDidDisplay(
    session: String, content: consuming String?, exclusive: Bool? = nil
  ) {
    hooks?.record(
      .contentDisplay(
        session: SessionID(session), content: consume content, exclusive: exclusive))
  }

  /// A breadcrumb of the app's own.
  public func mark(_ label: consuming String) {
    hooks?.record(.appMark(label: consume label))
  }
}
