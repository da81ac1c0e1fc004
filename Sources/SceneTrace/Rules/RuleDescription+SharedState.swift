// The shared-state rules: the multi-window bug classes of the reference's §10 that the v1
// events can carry.

extension RuleDescription {
  /// The shared-state rules.
  static let sharedStateRules: [RuleDescription] = [
    RuleDescription(
      id: .contentExclusive, severity: .error,
      summary: "content marked exclusive shown by two connected scenes at once",
      explanation: """
        Some content must live in one window only: a document being edited, a compose \
        sheet, a settings or sync page. When a content.display marks it exclusive (either \
        display counts), a second connected scene showing it is a bug: edits in one window \
        overwrite the other's, or the user finds two copies of one page. Reported once per \
        pair of scene instances, at the display that made the pair. The fix is routing: \
        before opening such content, look for a session already showing it (through \
        UISceneActivationConditions and targetContentIdentifier, or the app's own record of \
        which session shows what) and activate that session instead of creating a scene.
        """),
    RuleDescription(
      id: .navigationSharedState, severity: .error,
      summary: "a scene renders a nav: key with the value another session wrote: navigation "
        + "state is shared between windows",
      explanation: """
        Navigation state (the selected tab, the pushed screens, the open sidebar item) \
        belongs to one session: each window navigates on its own. A scene rendering a nav: \
        key exactly as another session wrote it means the app keeps navigation in a shared \
        object (a singleton router, one @AppStorage or UserDefaults key, an app-level \
        environment object), so navigating in one window moves the others: "all windows \
        show the same thing". Reported once per pair of sessions. Keep navigation state per \
        scene (scene storage, the scene's own view model, NSUserActivity for restoration), \
        keyed by the session. A screen-mirroring scene \
        (windowExternalDisplayNonInteractive, or windowExternalDisplay before iPadOS 16) \
        shows what another window navigated to by design, so its renders are not reported.
        """),
    RuleDescription(
      id: .restorationSharedStorage, severity: .error,
      summary: "two sessions, neither discarded, store restoration state under the same key "
        + "(scene.saveRestoration.key, or a state.write of a restoration: key naming a "
        + "session), anywhere in the trace",
      explanation: """
        Restoration state belongs to its session: after a relaunch, each window restores \
        its own. When two live sessions store under one key, the last writer wins and every \
        window restores the same thing; this is the sketch-pad bug of WWDC 2019's \
        "Introducing Multiple Windows on iPad", where the app saved the drawing to one file. \
        Reported once per pair of sessions, at the store that made the pair, relating the \
        other session's latest store. Save restoration state in the session's \
        stateRestorationActivity or under a key that contains \
        session.persistentIdentifier, and delete it when the session is discarded.
        """),
    RuleDescription(
      id: .sessionDataDeletedEarly, severity: .warning,
      summary: "a session:<id>/ key deleted while session <id> is archived but not discarded",
      explanation: """
        An archived session has no scene, but it is still open: the user sees it in the \
        app switcher and may bring it back, and then its scene connects again expecting \
        its data. Deleting per-session data in sceneDidDisconnect (which also runs when \
        UIKit merely reclaims memory) loses the window's state. Delete it in \
        application(_:didDiscardSceneSessions:), which is the end of a session's life.
        """),
    RuleDescription(
      id: .sessionDataLeaked, severity: .warning,
      summary: "a session:<id>/ key written for a discarded session, or still stored at a "
        + "launch after its session was discarded",
      explanation: """
        A discarded session never comes back, so data keyed by it is dead weight that \
        grows with every window the user ever closed. It leaks when the app does not \
        implement application(_:didDiscardSceneSessions:), forgets sessions discarded while \
        it was not running (UIKit reports those shortly after the next launch), or writes \
        for a session it cached after the discard. Delete the data in \
        didDiscardSceneSessions and drop every reference to the session there.
        """),
    RuleDescription(
      id: .sharedRenderBeforeWrite, severity: .warning,
      summary: "a scene renders a value of a shared key that differs from the latest write and "
        + "that the key never held",
      explanation: """
        Model changes should flow one way: the app writes the shared model, and every scene \
        that shows it renders from the model (WWDC 2019's "Architecting Your App for \
        Multiple Windows", the chat example). A scene that shows a value no write stored has \
        changed its own view first: the view controller that sent a message appends it to \
        its own list, then writes the model, and the other windows depend on a notification \
        that may never come. Checked once a key has been written (an older value is \
        shared.stale-render instead); the render settles nothing the scene owes. Write the \
        model first, and update the sending scene from the model like every other scene.
        """),
    RuleDescription(
      id: .sharedStaleRender, severity: .error,
      summary: "after a write to a shared key, a scene that renders it still shows an older "
        + "value when it should show the new one",
      explanation: """
        Shared state (every key but nav:, restoration: and session:<id>/ keys) must look \
        the same in every window. After a state.write, each connected scene that renders \
        the key must show the new value: a foreground scene before its next lifecycle event \
        or 1 s of trace time after the write, whichever comes first; a scene out of the \
        foreground before its next lifecycle event after it becomes active, or 1 s after \
        becoming active (a screen-mirroring scene, which never becomes active: 1 s after it \
        enters the foreground, unless it leaves the screen first). A render of an older value after the write (one the key held, or a \
        scene showed, before it) is stale at once, which covers a newly connected scene \
        whose first render is older; a value not written yet (a window showing its own \
        change before the model) is shared.render-before-write instead. The finding's seq is \
        where staleness became certain, and related holds the write and the scene's last \
        render; a scene that still owes the render when the trace ends (a background window \
        that never came back, or a recording stopped within the second) is reported by the \
        finish step at the last event. This is the word-count setting bug of WWDC 2019's "Introducing Multiple \
        Windows on iPad": the window that toggled the setting updated itself and the other \
        window, beside it in Split View or back from the background, kept the old value. \
        Observe the value instead of reading it once (key-value observing with the .initial \
        option, a notification, or an observable model every scene subscribes to), and \
        update every scene from the model, never from the control that changed it.
        """),
  ]
}
