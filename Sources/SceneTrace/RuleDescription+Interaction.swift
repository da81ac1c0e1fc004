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
  ]
}
