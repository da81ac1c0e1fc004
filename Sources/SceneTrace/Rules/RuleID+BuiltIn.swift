/// The identifiers of the built-in rules; `RuleDescription.builtIn` describes each.
extension RuleID {
  /// A scene transition UIKit never makes.
  public static let lifecycleOrder: RuleID = "lifecycle.order"
  /// A transition seen in the wild, off the documented path (rows L9 and L11).
  public static let lifecycleIrregular: RuleID = "lifecycle.irregular"
  /// A legal but notable transition (row L10).
  public static let lifecycleInfo: RuleID = "lifecycle.info"
  /// A scene event for a session with no connected scene.
  public static let lifecycleUnknownScene: RuleID = "lifecycle.unknown-scene"
  /// A second willConnect while the session's scene is connected (row J1).
  public static let sessionOneScene: RuleID = "session.one-scene"
  /// session.configure again for a session still configuring (row J4).
  public static let sessionOrder: RuleID = "session.order"
  /// An unexpected but survivable session transition (rows J3, J5).
  public static let sessionIrregular: RuleID = "session.irregular"
  /// An event naming a discarded session (row J2).
  public static let sessionAfterDiscard: RuleID = "session.after-discard"
  /// An enumerated value this version does not know.
  public static let eventUnknownValue: RuleID = "event.unknown-value"
  /// Events the trace could not see: recorder drops, damaged or missing parts, a cut end,
  /// events skipped by a lenient read (see ``LostStretch``).
  public static let traceEventsLost: RuleID = "trace.events-lost"

  /// A key press or key command outside the foreground-active key scene.
  public static let keyInactiveScene: RuleID = "key.inactive-scene"
  /// A key's press phases out of order in a scene.
  public static let keyPressBalance: RuleID = "key.press-balance"
  /// A key command performed by a responder outside the chain it walked.
  public static let keyTargetChain: RuleID = "key.target-chain"
  /// A key command whose walk did not start at the focused item or first responder.
  public static let keyChainStart: RuleID = "key.chain-start"
  /// A key command on Tab or an arrow that the focus system should have taken.
  public static let keyReservedInput: RuleID = "key.reserved-input"
  /// Key window, key, focus or drop events in a non-interactive external-display scene.
  public static let keyNonInteractiveScene: RuleID = "key.noninteractive-scene"

  /// A focus update whose `from` is not the scene's focused item.
  public static let focusContinuity: RuleID = "focus.continuity"
  /// A focus update in a scene that is not in the foreground.
  public static let focusInactiveScene: RuleID = "focus.inactive-scene"

  /// A pointer drag phase out of order in a scene.
  public static let pointerSequence: RuleID = "pointer.sequence"
  /// A latched pointer drag reported in another region.
  public static let pointerLatching: RuleID = "pointer.latching"
  /// A band selection out of order in a view.
  public static let bandSequence: RuleID = "band.sequence"
  /// A selection after a band selection that differs from UIKit's band semantics.
  public static let bandModifiers: RuleID = "band.modifiers"

  /// A drag ended twice, or a drop for an unknown or ended drag, or with a wrong local flag.
  public static let dragSequence: RuleID = "drag.sequence"
  /// An activity type used for restoration or a drag that the launch does not declare.
  public static let activityUndeclared: RuleID = "activity.undeclared"

  /// Two sessions storing restoration state under one key.
  public static let restorationSharedStorage: RuleID = "restoration.shared-storage"
  /// A scene still showing an older value of a shared key when it should show the new one.
  public static let sharedStaleRender: RuleID = "shared.stale-render"
  /// A scene rendering a value of a shared key that no write stored.
  public static let sharedRenderBeforeWrite: RuleID = "shared.render-before-write"
  /// Exclusive content shown by two connected scenes at once.
  public static let contentExclusive: RuleID = "content.exclusive"
  /// A session's data deleted while the session is archived but not discarded.
  public static let sessionDataDeletedEarly: RuleID = "session.data-deleted-early"
  /// A discarded session's data written, or still stored at the next launch.
  public static let sessionDataLeaked: RuleID = "session.data-leaked"
  /// Navigation state one session wrote, rendered by another.
  public static let navigationSharedState: RuleID = "navigation.shared-state"

  /// Two scenes with the active appearance, or the frontmost scene not the key window's.
  public static let appearanceFrontmost: RuleID = "appearance.frontmost"
  /// A command from the keyboard or the menu bar performed in a scene that is not frontmost.
  public static let commandNotFrontmost: RuleID = "command.not-frontmost"
  /// A menu-bar command no responder performed while the focused scene's chain offers it.
  public static let commandUnhandledMenu: RuleID = "command.unhandled-menu"
  /// A discard naming a session whose scene is connected (iPadOS 26 and later).
  public static let sessionDiscardLive: RuleID = "session.discard-live"
  /// The app destroying a connected session because a discard named it.
  public static let sessionDestroyLive: RuleID = "session.destroy-live"
  /// Another scene closed after the user closed one with its close control or ⌘W.
  public static let closeWrongScene: RuleID = "close.wrong-scene"
  /// An interactive resize that never ended.
  public static let geometryResizeBalance: RuleID = "geometry.resize-balance"
  /// A scene laid out for a size class it no longer has.
  public static let geometryStaleLayout: RuleID = "geometry.stale-layout"
  /// A non-interactive external display scene configured the pre-27 way in an iPadOS 27 trace.
  public static let sessionExternalDisplayAccessory: RuleID =
    "session.external-display-accessory"
}
