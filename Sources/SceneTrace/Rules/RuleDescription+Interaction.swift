// The interaction rules: focus, pointer drags, band selection, drag and drop (reference §5–§7,
// R-FOC, R-PTR, R-BAND and R-DND).

extension RuleDescription {
  /// The focus, pointer, band selection and drag-and-drop rules.
  static let interactionRules: [RuleDescription] = [
    RuleDescription(
      id: .focusContinuity, severity: .error,
      summary: "a focus update whose from is not the scene's focused item",
      explanation: """
        Each window scene has one focus system, and only one item has focus in it at a time: \
        every focus update moves focus from the item the previous update moved it to \
        (nothing, after the scene connects). An update from another item means focus \
        updates of this scene were lost, or updates of two scenes were attributed to one \
        (an app that observes UIFocusSystem.didUpdateNotification without checking which \
        scene's focus system posted it). Observe the notification per scene (object: the \
        scene's focusSystem) and record the session of that scene.
        """),
    RuleDescription(
      id: .focusInactiveScene, severity: .warning,
      summary: "a focus update in a scene that is not in the foreground",
      explanation: """
        Focus moves when the user navigates with the keyboard, or when the app asks for a \
        focus update, in a scene on screen. A focus update in a background (or not yet \
        shown) scene usually comes from code that requests focus in every window when \
        something changes (a notification handled by each scene), which leaves a background \
        window with a focus the user never chose and takes the keyboard context away when \
        it returns. Request focus updates only in the scene the user acts in.
        """),
    RuleDescription(
      id: .pointerSequence, severity: .error,
      summary: "a pointer drag out of order in a scene: changed, ended or cancelled with no "
        + "drag in flight, or a second began while one is",
      explanation: """
        A pointer drag in a scene goes began → changed* → (ended | cancelled), one at a time. \
        A sample without a began usually means the recorder started a gesture handler late \
        or dropped events, or samples of two scenes were attributed to one session (a \
        gesture recognizer shared between windows). Give each window its own recognizers and \
        record the session of the view's window scene.
        """),
    RuleDescription(
      id: .pointerLatching, severity: .info,
      summary: "a sample of a latched pointer drag names another region than the one it "
        + "latched to",
      explanation: """
        While the primary button is down in a region with latchingAxes, the pointer style \
        locks in: the pointer follows the latched axes freely, rubber-bands on the others, \
        and does not leave the region until the button is released. A drag sample in another \
        region means the app's regionFor(request:) returned a different region during the \
        drag, which UIKit ignores, so the app's idea of the hovered element and what the user \
        sees disagree. Keep the region identifier stable for the whole drag.
        """),
    RuleDescription(
      id: .bandModifiers, severity: .warning,
      summary: "the selection the app reports after a band selection differs from the one "
        + "UIKit's semantics give: the selection at began replaced by the items at ended, or "
        + "unioned with them (Shift), or their symmetric difference (Command; Command wins "
        + "over Shift)",
      explanation: """
        When a band selection ends, SceneTrace sets the view's selection from the modifiers \
        held at began: no modifier replaces the selection with the items inside the band, \
        Shift adds them to it, Command toggles them (Command wins when both are held). The \
        first selection.change of that view afterwards is compared with that selection and \
        then becomes the state; the finding relates the band's began and ended. A \
        difference usually means the app reads the modifier flags at the end of the \
        interaction instead of initialModifierFlags, ignores them and always replaces the \
        selection, or applies the items to a selection captured before another change. Use \
        the interaction's initialModifierFlags and the selection at began.
        """),
    RuleDescription(
      id: .bandSequence, severity: .error,
      summary: "a band selection out of order: selecting or ended before began, or two began",
      explanation: """
        A band selection interaction goes possible → began → selecting* → ended, once per \
        interaction and one at a time in a scene; there is no cancelled state. Selecting or \
        ended without a began, or a began while a band is in flight, means the handler was \
        installed late, events were dropped, or two interactions (in two views or two \
        windows) report under one identity. Record every state change of every interaction \
        with its view.
        """),
    RuleDescription(
      id: .dragSequence, severity: .error,
      summary: "a drag ended twice, a drop for an unknown or ended drag, a drop whose local "
        + "disagrees with a live drag",
      explanation: """
        A drag session begins in its source scene, is dropped at most once (performDrop), \
        and ends once (session(_:didEndWith:)); a drop comes before its drag ends. A drop is \
        local exactly when the drag began in this app (UIDropSession.localDragSession is \
        non-nil), even when source and target are two different windows: a drop of a live \
        drag of this app marked not local, or a local drop of a drag that never began, \
        means the app or the recorder lost the link between the two scenes, usually by \
        keying drags per window instead of by session. A non-local drop of an unknown drag \
        is a drag from another app and is fine. Key drag state by the drag session, and \
        read localDragSession in the target.
        """),
    RuleDescription(
      id: .activityUndeclared, severity: .warning,
      summary: "a scene saves its restoration activity, or starts a drag, with an activity "
        + "type the launch does not declare in NSUserActivityTypes",
      explanation: """
        UIKit persists a scene's restoration activity, and opens a new window for a dragged \
        activity, only when the activity type is listed under NSUserActivityTypes in the \
        app's Info.plist; otherwise it drops the activity without a word, so the window \
        comes back empty after a relaunch, or the drag cannot open a window. Checked when \
        app.launch records activityTypes. Add the type to NSUserActivityTypes.
        """),
  ]
}
