// The windowing rules of iPadOS 26 and 27: frontmost is not active, commands, closing windows,
// discards of live sessions, live resize and the external display (reference
// ipados26-windowing.md). A rule is an error where Apple documents the behaviour and a warning
// where a field report does; each explanation names its source.

extension RuleDescription {
  /// The windowing rules.
  static let windowingRules: [RuleDescription] = [
    RuleDescription(
      id: .appearanceFrontmost, severity: .error,
      summary: "once a click's appearance and key-window changes have all come, more than one "
        + "scene has the active appearance, or the frontmost scene is not the key window's",
      explanation: """
        With several windows on screen (Windowed Apps, Stage Manager), every visible scene may \
        stay foregroundActive; the frontmost one is the scene of the focused (key) window, \
        and only its activeAppearance trait is .active. A trace with two frontmost scenes, or \
        a frontmost scene other than the key window's, means the recorder registered for the \
        trait on the wrong scene, or the app keeps its own idea of "the active window" (the \
        last scene that became active) that no longer matches the system's. Since a click \
        changes the trait of two scenes and the key window in an order UIKit does not \
        document, the check waits for the first event that is none of these. Use \
        activeAppearance to know which window is frontmost and the activation state to know \
        when to save. Source: Apple, UITraitCollection.activeAppearance ("the value is \
        .active when the window is focused (the key window)"); the HIG, Multitasking.
        """),
    RuleDescription(
      id: .commandNotFrontmost, severity: .error,
      summary: "a command from a keyboard shortcut or the menu bar (command.invoke, or a "
        + "key.command when the key scene is not recorded) performed in a scene that is not "
        + "frontmost",
      explanation: """
        Keyboard shortcuts and menu-bar commands go to the responder chain of the focused \
        window, and the focused window's scene is the frontmost one. On iPadOS 26 the other \
        windows of the app stay foregroundActive, so a check for "is my scene active" no \
        longer tells a window whether a command is its own: apps that broadcast commands \
        (NotificationCenter, a shared coordinator) run them in every window. Handle the \
        command in the responder chain, or check that the scene is frontmost \
        (activeAppearance). Context-menu commands are not judged: they belong to the scene \
        the menu was opened in. Source: Apple, UIKeyCommand (the responder chain of the key \
        window) and UITraitCollection.activeAppearance; the broadcast bug is reported in \
        SwiftUI-Keyboard-Demo #3.
        """),
    RuleDescription(
      id: .commandUnhandledMenu, severity: .warning,
      summary: "a menu-bar command that no responder performed while responders of the "
        + "focused scene's chain offer it",
      explanation: """
        A menu-bar pick goes to the responder chain of the focused window. On iPadOS 27 some \
        picks reach no focused window (the chain is empty) and go unhandled, while the same \
        keyboard shortcut works. Seeing it means the command was lost between the menu and \
        your responders; the reported fix is to fall back to targeting the application \
        (UIApplication.sendAction with a nil target, or a window-scoped notification) when \
        responder-chain dispatch fails. Source: field reports (rootshell #456 and #457, \
        iPadOS 27); no Apple document describes the behaviour.
        """),
    RuleDescription(
      id: .sessionDiscardLive, severity: .warning,
      summary: "in a trace from iPadOS 26 or later, app.discardSessions names a session whose "
        + "scene is connected; the session stays live",
      explanation: """
        UIKit reports sessions the user closed while the app was not running shortly after \
        launch, and in a field report one such identifier named the session driving the app \
        at that moment. SceneTrace flags the discard once and keeps the session live: its \
        later events are not errors. The app must not trust the identifier alone: check that \
        no connected scene has the session (UIApplication.openSessions, connectedScenes) \
        before deleting its data or destroying it. In traces from earlier systems the \
        discard closes the scene, as session.irregular (row J3) says. Source: field report \
        (NativeScript PR #11376); Apple, application(_:didDiscardSceneSessions:).
        """),
    RuleDescription(
      id: .sessionDestroyLive, severity: .error,
      summary: "the app requested the destruction of a session whose scene is connected after "
        + "a discard named it",
      explanation: """
        The app acted on a discard that named its own live session (session.discard-live) and \
        destroyed the window the user is working in. Treat didDiscardSceneSessions as a \
        report about sessions that have no scene, and ignore identifiers that match a \
        connected scene. Source: field report (NativeScript PR #11376, where matching by \
        persistentIdentifier alone destroyed the live window).
        """),
    RuleDescription(
      id: .closeWrongScene, severity: .error,
      summary: "after the user closed a window (scene.close: its close control or ⌘W), "
        + "another scene was disconnected, discarded or destroyed while the closed one stayed "
        + "open",
      explanation: """
        Perform Close (⌘W) closes the window scene it was sent to, and the close control \
        closes its own window. An app that closes "the current window" from its own notion of \
        the current scene (the last one that became active, the first connected one) closes \
        a different window than the one the user meant, which on iPadOS 26 is common since \
        every visible window stays active. Close the scene the command or control came from: \
        requestSceneSessionDestruction for view.window.windowScene.session. The check ends \
        when the closed scene disconnects or is discarded or destroyed (no document says \
        which callbacks the close control makes; any of these counts). Source: Apple, WWDC25 \
        "What's new in UIKit" (Perform Close "closes the window scene by default"), and the \
        HIG, Multitasking (window controls).
        """),
    RuleDescription(
      id: .geometryResizeBalance, severity: .warning,
      summary: "an interactive resize (scene.effectiveGeometry resizing) that did not end "
        + "before the scene entered the background, disconnected, or the trace ended",
      explanation: """
        While the user drags a window's edge, the scene's effective geometry reports \
        isInteractivelyResizing; the resize ends with a geometry that is no longer resizing, \
        and Apple recommends deferring expensive layout until then. A resize that never ends \
        in the trace means the recorder missed the last geometry callback (observe \
        effectiveGeometry, not only windowScene(_:didUpdateEffectiveGeometry:)), or the app \
        deferred work to an end it never saw. Source: Apple, UIWindowScene.Geometry \
        isInteractivelyResizing and WWDC25 "Make your UIKit app more flexible"; that every \
        resize ends with isInteractivelyResizing false is inferred, not documented.
        """),
    RuleDescription(
      id: .geometryStaleLayout, severity: .warning,
      summary: "a scene laid out (scene.layout) for a horizontal size class it no longer has, "
        + "seen at its next event after the geometry settled, or at the end of the trace",
      explanation: """
        Windows resize freely on iPadOS 26, across size classes. An app that chooses its \
        layout once, from the size class it launched with, shows a regular layout in a \
        compact window (or the reverse) after the user resizes it. The app reports the size \
        class each layout was built for with scene.layout; SceneTrace compares it with the \
        scene's settled geometry once a resize ends, and reports the first event of the \
        scene after that which still finds the old layout. Rebuild the layout on trait \
        changes (registerForTraitChanges) or in didUpdateEffectiveGeometry when the resize \
        ends. Source: field report (woocommerce-ios PR #17336); Apple, WWDC25 "Make your \
        UIKit app more flexible".
        """),
    RuleDescription(
      id: .sessionExternalDisplayAccessory, severity: .error,
      summary: "in a trace from iPadOS 27 (with the iOS 27 SDK when recorded), a "
        + "windowExternalDisplayNonInteractive session is configured through "
        + "configurationForConnecting",
      explanation: """
        From iPadOS 27 the system no longer connects the non-interactive external display \
        scene automatically; apps register a UISceneAccessory instead. A trace of 27 in which \
        UIKit asks the app to configure such a session (session.configure) shows the old \
        path: the recorder or the app is out of date, and on a device the external display \
        stays dark. No document says which callbacks the accessory path makes; SceneTrace \
        takes session.configure of this role as the old path. Source: Apple, "Transitioning \
        to the UIKit scene-based life cycle" (iPadOS 27 revision).
        """),
  ]
}
