import SceneTrace

extension Event {
  /// The event in the JSON Lines export form, without a trailing newline:
  /// `{"seq":4,"t":3.25,"type":"scene.didBecomeActive","session":"A"}`.
  ///
  /// `"seq"` and `"t"` come first, then `"type"`, then the fields in the order of the event
  /// table; absent fields (nil optionals, no modifiers) are left out. Reading the line back gives
  /// this event again.
  public var jsonLine: String {
    JSONValue.object(jsonObject).serialized()
  }

  /// The event as a JSON object, in the export form of ``jsonLine``.
  public var json: JSONValue {
    .object(jsonObject)
  }

  private var jsonObject: JSONObject {
    var fields = ExportFields()
    fields.add("seq", seq)
    fields.add("t", JSONValue(time))
    fields.add("type", type.rawValue)
    payload.export(to: &fields)
    return fields.object
  }
}

extension Event.Payload {
  /// Adds the payload's present fields in the order of the event table.
  ///
  /// One exhaustive switch, so that a new event type cannot be forgotten here.
  fileprivate func export(to f: inout ExportFields) {
    switch self {
    case .appLaunch(let launch, let os, let sdk, let multipleScenes, let activityTypes, let open):
      f.add("launch", launch)
      f.add("os", os)
      f.add("sdk", sdk)
      f.add("supportsMultipleScenes", multipleScenes)
      f.add("activityTypes", activityTypes)
      f.add("openSessions", open)
    case .appTerminate:
      break
    case .appKeyWindow(let session, let window):
      f.add("session", session)
      f.add("window", window)
    case .sessionConfigure(let session, let role, let activityType):
      f.add("session", session)
      f.add("role", role)
      f.add("activityType", activityType)
    case .appDiscardSessions(let sessions):
      f.add("sessions", sessions)
    case .sceneWillConnect(let session, let role, let activityType, let hasRestoration):
      f.add("session", session)
      f.add("role", role)
      f.add("activityType", activityType)
      f.add("hasRestorationActivity", hasRestoration)
    case .sceneWillEnterForeground(let session), .sceneDidBecomeActive(let session),
      .sceneWillResignActive(let session), .sceneDidEnterBackground(let session),
      .sceneDidDisconnect(let session), .sceneRestoreInteractionState(let session),
      .sceneExtendRestoration(let session), .sceneCompleteRestoration(let session):
      f.add("session", session)
    case .sceneSaveRestoration(let session, let activityType, let key):
      f.add("session", session)
      f.add("activityType", activityType)
      f.add("key", key)
    case .sceneGeometry(let session, let width, let height, let orientation, let sizeClass):
      f.add("session", session)
      f.add("width", width)
      f.add("height", height)
      f.add("orientation", orientation)
      f.add("horizontalSizeClass", sizeClass)
    case .windowBecomeKey(let session, let window):
      f.add("session", session)
      f.add("window", window)
    case .requestActivate(let request, let session, let activityType, let style, let requester):
      f.add("request", request)
      f.add("session", session)
      f.add("activityType", activityType)
      f.add("style", style)
      f.add("requester", requester)
    case .requestFailed(let request, let code):
      f.add("request", request)
      f.add("code", code)
    case .requestDestroy(let request, let session, let animation):
      f.add("request", request)
      f.add("session", session)
      f.add("animation", animation)
    case .keyPress(let session, let phase, let keyCode, let characters, let modifiers):
      f.add("session", session)
      f.add("phase", phase)
      f.add("keyCode", keyCode)
      f.add("characters", characters)
      f.add("modifiers", modifiers)
    case .keyCommand(
      let session, let input, let modifiers, let action, let title, let target, let chain,
      let wantsPriority):
      f.add("session", session)
      f.add("input", input)
      f.add("modifiers", modifiers)
      f.add("action", action)
      f.add("title", title)
      f.add("target", target)
      f.add("chain", chain)
      f.add("wantsPriority", wantsPriority)
    case .responderFirst(let session, let window, let responder):
      f.add("session", session)
      f.add("window", window)
      f.add("responder", responder)
    case .focusUpdate(let session, let from, let to, let heading, let group):
      f.add("session", session)
      f.add("from", from)
      f.add("to", to)
      f.add("heading", heading)
      f.add("group", group)
    case .pointerDrag(
      let session, let phase, let x, let y, let modifiers, let latching, let region):
      f.add("session", session)
      f.add("phase", phase)
      f.add("x", x)
      f.add("y", y)
      f.add("modifiers", modifiers)
      f.add("latching", latching)
      f.add("region", region)
    case .bandSelection(let session, let view, let state, let rect, let modifiers, let items):
      f.add("session", session)
      f.add("view", view)
      f.add("state", state)
      f.add("rect", rect)
      f.add("modifiers", modifiers)
      f.add("items", items)
    case .selectionChange(let session, let view, let items, let cause):
      f.add("session", session)
      f.add("view", view)
      f.add("items", items)
      f.add("cause", cause)
    case .dragBegin(let drag, let session, let activityType):
      f.add("drag", drag.rawValue)
      f.add("session", session)
      f.add("activityType", activityType)
    case .dragEnd(let drag, let operation):
      f.add("drag", drag.rawValue)
      f.add("operation", operation)
    case .dropPerform(let drag, let session, let local):
      f.add("drag", drag.rawValue)
      f.add("session", session)
      f.add("local", local)
    case .stateWrite(let key, let value, let session):
      f.add("key", key)
      f.add("value", value)
      f.add("session", session)
    case .stateDelete(let key, let session):
      f.add("key", key)
      f.add("session", session)
    case .stateRender(let session, let key, let value):
      f.add("session", session)
      f.add("key", key)
      f.add("value", value)
    case .contentDisplay(let session, let content, let exclusive):
      f.add("session", session)
      f.add("content", content)
      f.add("exclusive", exclusive)
    case .traceGap(let dropped):
      f.add("dropped", dropped)
    case .appMark(let label):
      f.add("label", label)
    }
  }
}

/// An export object under construction: each `add` appends a member unless the value is absent.
private struct ExportFields {
  var object = JSONObject(reservingCapacity: 10)

  mutating func add(_ key: String, _ value: JSONValue) {
    object.appendUnchecked(key, value)
  }

  mutating func add(_ key: String, _ value: String?) {
    if let value { add(key, .string(value)) }
  }

  mutating func add(_ key: String, _ value: SessionID?) {
    if let value { add(key, .string(value.rawValue)) }
  }

  mutating func add(_ key: String, _ value: Int) {
    add(key, JSONValue(value))
  }

  mutating func add(_ key: String, _ value: Double) {
    add(key, JSONValue(value))
  }

  mutating func add(_ key: String, _ value: Bool?) {
    if let value { add(key, .bool(value)) }
  }

  mutating func add(_ key: String, _ values: [String]?) {
    if let values { add(key, JSONValue(values)) }
  }

  mutating func add(_ key: String, _ values: [SessionID]?) {
    if let values { add(key, JSONValue(values.map(\.rawValue))) }
  }

  mutating func add(_ key: String, _ value: (some OpenEnumeration)?) {
    if let value { add(key, .string(value.rawValue)) }
  }

  mutating func add(_ key: String, _ modifiers: ModifierFlags) {
    if !modifiers.isEmpty { add(key, JSONValue(modifiers.members.map(\.rawValue))) }
  }

  mutating func add(_ key: String, _ rect: Rect?) {
    if let rect {
      add(key, .array([rect.x, rect.y, rect.width, rect.height].map { JSONValue($0) }))
    }
  }
}
