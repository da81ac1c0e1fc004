// Every event type of format 1, once. Adding an event type is one entry here (a new tag, never
// a reused one), then `swift run generate-events`, then its reducer logic. A field's order is
// its order in Swift, in JSON and in the flags word; its optional and defaulted fields take the
// first flag bits, then raw-coordinate bits follow. Tags and enumeration numbers never change.

/// The open enumerations of format 1, in the order of the format article's table of numbers.
public enum Enumerations {
  public static let sceneRole = EnumerationDescription(
    "SceneRole", label: "`role`",
    [
      "windowApplication", "windowExternalDisplayNonInteractive", "windowExternalDisplay",
      "carTemplateApplication",
    ])
  public static let pressPhase = EnumerationDescription(
    "PressPhase", label: "`phase` of `key.press`",
    ["began", "changed", "stationary", "ended", "cancelled"])
  public static let pointerPhase = EnumerationDescription(
    "PointerPhase", label: "`phase` of `pointer.drag`", ["began", "changed", "ended", "cancelled"])
  public static let bandState = EnumerationDescription(
    "BandState", label: "`state` of `band.selection`", ["began", "selecting", "ended"])
  public static let focusHeading = EnumerationDescription(
    "FocusHeading", label: "`heading`",
    ["up", "down", "left", "right", "next", "previous", "first", "last"])
  public static let latching = EnumerationDescription(
    "Latching", label: "`latching`", ["none", "horizontal", "vertical", "both"])
  public static let sizeClass = EnumerationDescription(
    "SizeClass", label: "`horizontalSizeClass`", ["compact", "regular"])
  public static let orientation = EnumerationDescription(
    "Orientation", label: "`orientation`",
    ["portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight"])
  public static let presentationStyle = EnumerationDescription(
    "PresentationStyle", label: "`style`", ["automatic", "standard", "prominent"])
  public static let dismissalAnimation = EnumerationDescription(
    "DismissalAnimation", label: "`animation`", ["standard", "commit", "decline"])
  public static let dropOperation = EnumerationDescription(
    "DropOperation", label: "`operation`", ["cancel", "copy", "move", "forbidden"])
  /// Apps name causes of their own: an unknown cause is not unusual.
  public static let selectionCause = EnumerationDescription(
    "SelectionCause", label: "`cause`", ["tap", "keyboard", "band", "programmatic", "focus"],
    reportsUnrecognized: false)
  /// Modifier names; stored as bits of a word (`ModifierBits`), not as numbers.
  public static let modifier = EnumerationDescription(
    "Modifier", label: "modifier",
    ["capsLock", "shift", "control", "option", "command", "numericPad"])
  public static let windowingMode = EnumerationDescription(
    "WindowingMode", label: "`mode` of `app.environment`",
    ["fullScreen", "windowed", "stageManager"])
  public static let activeAppearance = EnumerationDescription(
    "ActiveAppearance", label: "`appearance`", ["unspecified", "inactive", "active"])
  public static let commandOrigin = EnumerationDescription(
    "CommandOrigin", label: "`origin`", ["keyboardShortcut", "menuBar", "contextMenu"])
  public static let closeRequest = EnumerationDescription(
    "CloseRequest", label: "`via`", ["closeControl", "performClose"])

  /// The enumerations stored as numbers, in the order of the format article's table.
  public static let numbered: [EnumerationDescription] = [
    sceneRole, pressPhase, pointerPhase, bandState, focusHeading, latching, sizeClass,
    orientation, presentationStyle, dismissalAnimation, dropOperation, selectionCause,
    windowingMode, activeAppearance, commandOrigin, closeRequest,
  ]
}

/// Every event type of format 1, in tag order.
public let eventTable: [EventTypeDescription] = {
  typealias E = EventTypeDescription
  typealias F = FieldDescription
  let e = Enumerations.self
  /// An event of one scene whose only field is its session.
  func sceneCallback(_ wireName: String, _ caseName: String, tag: Int, _ summary: String) -> E {
    E(wireName, caseName, tag: tag, summary, scene: "session", [.session("session")])
  }
  return [
    E(
      "app.launch", "appLaunch", tag: 1,
      "A process started: a new launch closes every scene of the previous one.",
      [
        .string("launch"), .string("os", .optional), .string("sdk", .optional),
        F("supportsMultipleScenes", .bool, .optional), F("activityTypes", .strings, .optional),
        F("openSessions", .sessions, .optional),
      ]),
    E("app.terminate", "appTerminate", tag: 2, "The process is terminating; every scene closes."),
    E(
      "app.keyWindow", "appKeyWindow", tag: 3,
      "The application-level key window changed (`session` nil: no key window).",
      [.session("session", .optional), .string("window", .optional)]),
    E(
      "session.configure", "sessionConfigure", tag: 4,
      "`application(_:configurationForConnecting:options:)`: called for new sessions only.",
      [.session("session"), .enumeration("role", e.sceneRole), .string("activityType", .optional)]
    ),
    E(
      "app.discardSessions", "appDiscardSessions", tag: 5,
      "`application(_:didDiscardSceneSessions:)`.", [F("sessions", .sessions)]),
    E(
      "scene.willConnect", "sceneWillConnect", tag: 6, "`scene(_:willConnectTo:options:)`.",
      [
        .session("session"), .enumeration("role", e.sceneRole, .optional),
        .string("activityType", .optional), F("hasRestorationActivity", .bool, .optional),
      ]),
    sceneCallback(
      "scene.willEnterForeground", "sceneWillEnterForeground", tag: 7,
      "`sceneWillEnterForeground(_:)`."),
    sceneCallback(
      "scene.didBecomeActive", "sceneDidBecomeActive", tag: 8, "`sceneDidBecomeActive(_:)`."),
    sceneCallback(
      "scene.willResignActive", "sceneWillResignActive", tag: 9, "`sceneWillResignActive(_:)`."),
    sceneCallback(
      "scene.didEnterBackground", "sceneDidEnterBackground", tag: 10,
      "`sceneDidEnterBackground(_:)`."),
    sceneCallback(
      "scene.didDisconnect", "sceneDidDisconnect", tag: 11, "`sceneDidDisconnect(_:)`."),
    E(
      "scene.saveRestoration", "sceneSaveRestoration", tag: 12,
      "`stateRestorationActivity(for:)`: the scene saved its restoration state (under `key`).",
      scene: "session",
      [
        .session("session"), .string("activityType", .optional),
        .string("key", .optional, sensitivity: .key),
      ]),
    sceneCallback(
      "scene.restoreInteractionState", "sceneRestoreInteractionState", tag: 13,
      "`scene(_:restoreInteractionStateWith:)`."),
    sceneCallback(
      "scene.extendRestoration", "sceneExtendRestoration", tag: 14,
      "`UIScene.extendStateRestoration()`."),
    sceneCallback(
      "scene.completeRestoration", "sceneCompleteRestoration", tag: 15,
      "`UIScene.completeStateRestoration()`."),
    E(
      "scene.geometry", "sceneGeometry", tag: 16,
      "The scene's size, orientation or size class changed.", scene: "session",
      [
        .session("session"), F("width", .coordinate), F("height", .coordinate),
        .enumeration("orientation", e.orientation, .optional),
        .enumeration("horizontalSizeClass", e.sizeClass, .optional),
      ]),
    E(
      "window.becomeKey", "windowBecomeKey", tag: 17,
      "A window became the scene's own key window (per scene since iPadOS 15).",
      scene: "session", [.session("session"), .string("window")]),
    E(
      "request.activate", "requestActivate", tag: 18,
      "The app asked for a scene to be activated (`session` nil: a new session).",
      [
        .string("request"), .session("session", .optional), .string("activityType", .optional),
        .enumeration("style", e.presentationStyle, .optional),
        .session("requester", .optional),
      ]),
    E(
      "request.failed", "requestFailed", tag: 19,
      "A scene request failed with UIKit's error `code`.",
      [.string("request"), F("code", .integer)]),
    E(
      "request.destroy", "requestDestroy", tag: 20,
      "The app asked for a session to be destroyed.",
      [
        .string("request"), .session("session"),
        .enumeration("animation", e.dismissalAnimation, .optional),
      ]),
    E(
      "key.press", "keyPress", tag: 21, "A hardware key press changed phase.", scene: "session",
      storedOrder: ["session", "phase", "keyCode", "modifiers", "characters"],
      [
        .session("session"), .enumeration("phase", e.pressPhase), F("keyCode", .integer),
        .string("characters", .optional, sensitivity: .text), .modifiers(),
      ]),
    E(
      "key.command", "keyCommand", tag: 22,
      "A key command was dispatched (`target` nil: no responder could perform it).",
      scene: "session",
      storedOrder: [
        "session", "input", "action", "modifiers", "title", "target", "chain", "wantsPriority",
      ],
      [
        .session("session"), .string("input"), .modifiers(), .string("action"),
        .string("title", .optional, sensitivity: .text), .string("target", .optional),
        F("chain", .strings, .optional), F("wantsPriority", .bool, .optional),
      ]),
    E(
      "responder.first", "responderFirst", tag: 23,
      "The first responder of a window of the scene changed (`responder` nil: none).",
      scene: "session",
      [.session("session"), .string("window", .optional), .string("responder", .optional)]),
    E(
      "focus.update", "focusUpdate", tag: 24, "The scene's focus system moved focus.",
      scene: "session",
      [
        .session("session"), .string("from", .optional), .string("to", .optional),
        .enumeration("heading", e.focusHeading, .optional), .string("group", .optional),
      ]),
    E(
      "pointer.drag", "pointerDrag", tag: 25, "A pointer drag sample.", scene: "session",
      [
        .session("session"), .enumeration("phase", e.pointerPhase),
        F("x", .pointerCoordinate), F("y", .pointerCoordinate), .modifiers(),
        .enumeration("latching", e.latching, .optional), .string("region", .optional),
      ]),
    E(
      "band.selection", "bandSelection", tag: 26, "A band selection in `view` changed state.",
      scene: "session",
      [
        .session("session"), .string("view"), .enumeration("state", e.bandState),
        F("rect", .rect, .optional), .modifiers(), F("items", .strings, .optional),
      ]),
    E(
      "selection.change", "selectionChange", tag: 27, "The selection of `view` is now `items`.",
      scene: "session",
      [
        .session("session"), .string("view"), F("items", .strings),
        .enumeration("cause", e.selectionCause, .optional),
      ]),
    E(
      "drag.begin", "dragBegin", tag: 28, "A drag session began in the `session` scene.",
      scene: "session",
      [F("drag", .drag), .session("session"), .string("activityType", .optional)]),
    E(
      "drag.end", "dragEnd", tag: 29, "A drag session ended.",
      [F("drag", .drag), .enumeration("operation", e.dropOperation, .optional)]),
    E(
      "drop.perform", "dropPerform", tag: 30,
      "A drag was dropped in the `session` scene (`local`: it started in this app).",
      scene: "session", [F("drag", .drag), .session("session"), F("local", .bool)]),
    E(
      "state.write", "stateWrite", tag: 31,
      "The app wrote shared state (`session`: the scene that wrote it).",
      [
        .string("key", sensitivity: .key), .string("value", sensitivity: .value),
        .session("session", .optional),
      ]),
    E(
      "state.delete", "stateDelete", tag: 32, "The app deleted shared state.",
      [.string("key", sensitivity: .key), .session("session", .optional)]),
    E(
      "state.render", "stateRender", tag: 33, "The scene now shows `value` for `key`.",
      scene: "session",
      [
        .session("session"), .string("key", sensitivity: .key),
        .string("value", sensitivity: .value),
      ]),
    E(
      "content.display", "contentDisplay", tag: 34, "The scene now shows `content` (nil: nothing).",
      scene: "session",
      [
        .session("session"), .string("content", .optional, sensitivity: .text),
        F("exclusive", .bool, .optional),
      ]),
    E(
      "trace.gap", "traceGap", tag: 35, "The recorder had to drop `dropped` events here.",
      [F("dropped", .count)]),
    E(
      "app.mark", "appMark", tag: 36, "A breadcrumb the app added.",
      [.string("label", sensitivity: .text)]),
    // Format 1.2: iPadOS 26 and 27 windowing. Written as extension records (tag 64).
    E(
      "app.environment", "appEnvironment", tag: 37,
      "Where the app runs, at launch and whenever it changes: the multitasking `mode`, "
        + "`UIRequiresFullScreen`, and the OS and SDK versions.",
      [
        .enumeration("mode", e.windowingMode, .optional),
        F("requiresFullScreen", .bool, .optional), .string("os", .optional),
        .string("sdk", .optional),
      ]),
    E(
      "scene.activeAppearance", "sceneActiveAppearance", tag: 38,
      "The scene's `activeAppearance` trait changed: `active` while its window is the focused "
        + "(key) one. Not its activation state.",
      scene: "session",
      [.session("session"), .enumeration("appearance", e.activeAppearance)]),
    E(
      "scene.effectiveGeometry", "sceneEffectiveGeometry", tag: 39,
      "`windowScene(_:didUpdateEffectiveGeometry:)` (iPadOS 26): the scene's bounds and traits, "
        + "and whether the user is resizing it.",
      scene: "session",
      [
        .session("session"), F("width", .coordinate), F("height", .coordinate),
        .enumeration("orientation", e.orientation, .optional),
        .enumeration("horizontalSizeClass", e.sizeClass, .optional),
        F("resizing", .bool, .optional), F("orientationLocked", .bool, .optional),
        .string("screen", .optional),
      ]),
    E(
      "scene.sizeRestrictions", "sceneSizeRestrictions", tag: 40,
      "The scene's `sizeRestrictions`: sizes the app prefers, which the system may not honour.",
      scene: "session",
      [
        .session("session"), F("minimumWidth", .coordinate), F("minimumHeight", .coordinate),
        F("maximumWidth", .coordinate), F("maximumHeight", .coordinate),
      ]),
    E(
      "scene.layout", "sceneLayout", tag: 41,
      "The app laid the scene out for `horizontalSizeClass` (`layout`: its name for the layout).",
      scene: "session",
      [
        .session("session"), .enumeration("horizontalSizeClass", e.sizeClass),
        .string("layout", .optional),
      ]),
    E(
      "command.invoke", "commandInvoke", tag: 42,
      "A command from a keyboard shortcut, the menu bar or a context menu. `session`: the scene "
        + "whose responder chain it went to (nil: no scene was focused); `target`: the responder "
        + "that performed it (nil: none); `offeredBy`: the responders of the focused scene's "
        + "chain that can perform it.",
      [
        .session("session", .optional), .string("action"),
        .enumeration("origin", e.commandOrigin), .string("title", .optional, sensitivity: .text),
        .string("target", .optional), F("offeredBy", .strings, .optional),
      ]),
    E(
      "scene.title", "sceneTitle", tag: 43,
      "The scene's `title` changed (nil: none); the Window menu lists it.", scene: "session",
      [.session("session"), .string("title", .optional, sensitivity: .text)]),
    E(
      "scene.close", "sceneClose", tag: 44,
      "The user asked to close the scene's window: its close control, or Perform Close (⌘W).",
      scene: "session", [.session("session"), .enumeration("via", e.closeRequest)]),
  ]
}()
