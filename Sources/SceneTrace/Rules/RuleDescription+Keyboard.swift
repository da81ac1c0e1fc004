// The keyboard rules: key events in the key scene, press balance and the responder chain
// (reference §4.3, R-KEY-1 to R-KEY-4, and R-SES-3).

extension RuleDescription {
  /// The keyboard rules.
  static let keyboardRules: [RuleDescription] = [
    RuleDescription(
      id: .keyInactiveScene, severity: .error,
      summary: "a key press or key command in a scene that is not foreground-active, or (when "
        + "the key scene is known) not the key scene",
      explanation: """
        UIKit sends hardware key events to the first responder of the key window, and there \
        is one app-level key window across all scenes; a foregroundInactive or background \
        scene receives no events at all. A key event recorded in another scene usually means \
        that a key command was rebroadcast (through NotificationCenter or a shared \
        coordinator) to every window, so a shortcut acts in a window the user is not looking \
        at; or that the recorder named the wrong session. Handle key commands in the \
        responder chain of the scene that received them, and find the scene from the \
        responder (view.window.windowScene), never from "the first connected scene". A \
        key.press cancelled after its scene resigned is not reported: UIKit cancels presses \
        on the way out.
        """),
    RuleDescription(
      id: .keyChainStart, severity: .warning,
      summary: "a key command's recorded chain does not start at the scene's focused item, or "
        + "at its first responder when nothing is focused",
      explanation: """
        Key commands are matched from a start responder up the responder chain: the focused \
        item when the iPadOS 15 focus system has one, otherwise the first responder of the \
        key window. A chain that starts elsewhere means the focus or first-responder events \
        were not recorded (the state is stale), or the command was dispatched by hand from a \
        responder the user was not in, so validation and the HUD show a different target \
        than the one that runs. Record responder.first and focus.update for every window, \
        and let UIKit dispatch commands.
        """),
    RuleDescription(
      id: .keyNonInteractiveScene, severity: .error,
      summary: "a scene of a non-interactive external-display role is made key, or receives a "
        + "key press, a key command, a focus update or a drop",
      explanation: """
        A windowExternalDisplayNonInteractive scene (windowExternalDisplay before iPadOS 16) \
        mirrors content to a connected display: it is never key and never receives key, \
        focus or drop events (rule R-SES-3). Seeing one means the recorder attributed the \
        event to the wrong session, or the app made a window on the external display key \
        (makeKeyAndVisible on every window it creates). Call makeKeyAndVisible only for \
        windows of interactive scenes, and use isHidden = false for the external display.
        """),
    RuleDescription(
      id: .keyPressBalance, severity: .warning,
      summary: "a key's press phases out of order in a scene: a second began while the key is "
        + "down, or changed, stationary, ended or cancelled without a began",
      explanation: """
        Each press of a key goes began → (changed | stationary)* → (ended | cancelled), per \
        key code and scene, and UIKit cancels every press in flight when the scene leaves \
        foregroundActive (SceneTrace keeps such presses as cancelled until the trace reports \
        the cancellation). An unbalanced press usually comes from a responder that overrides \
        some of pressesBegan, pressesChanged, pressesEnded and pressesCancelled but not all \
        four, or does not call super for presses it does not handle, so a later responder \
        sees only half of a press; or from code that treats pressesEnded as the only way a \
        press finishes and leaves a key stuck down after an interruption. Override all four \
        and forward what you do not handle.
        """),
    RuleDescription(
      id: .keyReservedInput, severity: .warning,
      summary: "a key command on Tab, Shift-Tab or an arrow ran while the scene's focus system "
        + "had a focused item, without wantsPriorityOverSystemBehavior, in an app linked "
        + "against SDK 15 or later",
      explanation: """
        With the iOS 15 SDK the focus system takes Tab and the arrow keys first when it has \
        a focused item; a key command on those keys runs only when it sets \
        wantsPriorityOverSystemBehavior (apps linked against SDK 14 or earlier keep the old \
        order). A command recorded anyway means the recording misses wantsPriority, or the \
        app handles the key in pressesBegan and fakes the command, fighting keyboard \
        navigation. Set wantsPriorityOverSystemBehavior on commands that must win, or move \
        them to other keys.
        """),
    RuleDescription(
      id: .keyTargetChain, severity: .error,
      summary: "a key command was performed by a target that is not in the responder chain it "
        + "recorded",
      explanation: """
        UIKit resolves a key command's target by walking the responder chain from the start \
        responder and asking each responder canPerformAction; the target is always one of \
        the responders walked. A target outside the recorded chain means another object ran \
        the action: typically an app-wide singleton or a NotificationCenter observer that \
        each window registered, so the action runs for the wrong window (or for all of \
        them). Implement the action on a responder of the scene (a view controller) and act \
        on that scene's state only.
        """),
  ]
}
