// The lifecycle and session rules: the scene and session tables of the reference (§2.7).

extension RuleDescription {
  /// The lifecycle, session and event rules.
  static let lifecycleRules: [RuleDescription] = [
    RuleDescription(
      id: .eventUnknownValue, severity: .info,
      summary: "an enumerated field holds a value this version of SceneTrace does not know",
      explanation: """
        A role, phase, heading or other enumerated value that this version does not recognize \
        is kept exactly as recorded and reported once per event. It usually means the trace \
        came from a newer recorder or OS; the value round-trips through import and export, but \
        rules that depend on it treat it as neutral. Update SceneTrace if the value is real, \
        or fix the recorder if it is a typo.
        """),
    RuleDescription(
      id: .lifecycleInfo, severity: .info,
      summary: "a legal but notable scene transition, such as a scene disconnected before "
        + "its first transition (row L10)",
      explanation: """
        The transition is legal, but worth seeing when you chase a bug: a scene that connected \
        and disconnected without ever reaching the foreground or the background was connected \
        by the system (a refresh or a background connect) and released again. Code that sets \
        up UI only in sceneWillEnterForeground never ran for it; code that tears down in \
        sceneDidDisconnect did. The paths of rows L9 and L11 are reported here too, for a \
        scene whose role SceneTrace does not know (it may never become active).
        """),
    RuleDescription(
      id: .lifecycleIrregular, severity: .warning,
      summary: "a transition seen in the wild but off UIKit's documented path "
        + "(rows L9 and L11), in a scene that is not screen mirroring",
      explanation: """
        Two transitions contradict the documentation but have been observed, for example when \
        the user kills a window in the app switcher: a scene disconnecting from \
        foregroundInactive without didEnterBackground (L9), and a scene entering the \
        background without having become active since it entered the foreground (L11). Apps \
        that save state or release resources only in sceneDidEnterBackground, or that assume \
        willEnterForeground is always followed by didBecomeActive, lose work on these paths. \
        Save in sceneWillResignActive as well, and make teardown in sceneDidDisconnect \
        complete on its own. The rule depends on the session's role: a screen-mirroring scene \
        (windowExternalDisplayNonInteractive, or windowExternalDisplay before iPadOS 16) is \
        never made active by design and disconnects when its display detaches, so both paths \
        are its normal life and give no finding; for a role SceneTrace does not know they are \
        reported as lifecycle.info; app windows, CarPlay scenes and sessions whose role was \
        not recorded are judged as written.
        """),
    RuleDescription(
      id: .lifecycleOrder, severity: .error,
      summary: "a scene transition UIKit never makes (any pair the lifecycle table does not "
        + "list as legal)",
      explanation: """
        UIKit moves a scene unattached → foregroundInactive ⇄ foregroundActive, and \
        foregroundInactive ⇄ background, with didDisconnect from the background (or, \
        irregularly, from foregroundInactive). A scene that becomes active from the \
        background, enters the background while still active, disconnects while active, or \
        receives the same transition twice did not get these events from UIKit: the recorder \
        missed events, the app forwards callbacks itself (often both the UIScene delegate and \
        a notification observer), or events of two scenes were attributed to one session. \
        Check that every hook names the session of the scene it was called for, and that \
        each callback is recorded exactly once. After this finding the scene takes the state \
        the event names, so one slip gives one finding. It applies to every role: UIKit moves \
        every scene, an external display's included, through the same activation states.
        """),
    RuleDescription(
      id: .lifecycleUnknownScene, severity: .error,
      summary: "a scene event for a session with no connected scene",
      explanation: """
        Every scene event needs a connected scene: a willConnect in this launch that has not \
        been followed by didDisconnect. Usually the trace started after the scene connected \
        (recording began late), events were dropped, or a hook passed the wrong session \
        identifier. SceneTrace creates the scene in the state the event implies (unknown for \
        events that imply none) and goes on, so a trace that starts mid-life yields one such \
        finding per scene. Start recording in application(_:willFinishLaunchingWithOptions:) \
        to avoid it.
        """),
    RuleDescription(
      id: .sessionAfterDiscard, severity: .error,
      summary: "an event names a session that was discarded",
      explanation: """
        A discarded session never comes back (row J2): application(_:didDiscardSceneSessions:) \
        is the end of its life. An event naming it afterwards means the app kept the \
        identifier (in a restoration key, a request, a cache) and used it again, or the \
        recorder attributed an event to the wrong session. Delete per-session data in \
        didDiscardSceneSessions and drop every reference to the session there. This finding \
        suppresses every other finding on its event.
        """),
    RuleDescription(
      id: .sessionIrregular, severity: .warning,
      summary: "an unexpected but survivable session transition (rows J3, J5), or a session "
        + "still configuring when the app launched again",
      explanation: """
        A connected session discarded without its scene disconnecting first (J3), a session \
        configured again after it connected (J5; configurationForConnecting is for new \
        sessions only), or a session configured and never connected before the next launch \
        or termination. The first usually means a dropped didDisconnect; the second, an app \
        that calls its own configuration code for restored sessions; the third, a crash or \
        kill between configuration and connection.
        """),
    RuleDescription(
      id: .sessionOneScene, severity: .error,
      summary: "a second willConnect while the session's scene is still connected (row J1)",
      explanation: """
        A session has at most one connected scene. A second willConnect without a \
        didDisconnect in between means the recorder missed the disconnect, or two scenes \
        report the same session identifier (an app that caches a session object and reuses \
        it for another scene). SceneTrace treats the second connect as a new scene instance.
        """),
    RuleDescription(
      id: .sessionOrder, severity: .error,
      summary: "session.configure again for a session still configuring (row J4)",
      explanation: """
        configurationForConnecting is called once for a new session, followed by its \
        willConnect. A second configuration before the connect means a duplicated hook call \
        or a recorder that replays the configuration.
        """),
  ]
}
