// The UIKit adapter: hooks that take UIKit objects. Compiled only where UIKit exists (iOS,
// iPadOS, Mac Catalyst); every value it reads goes through the platform-neutral mappings of
// UIKitValues.swift and ObjectNames, which the tests cover on every platform.
#if canImport(UIKit)
  import SceneTrace
  import UIKit

  extension SceneTraceRecorder {
    /// In `application(_:configurationForConnecting:options:)`.
    public func configurationForConnecting(
      _ session: UISceneSession, options: UIScene.ConnectionOptions
    ) {
      configurationForConnecting(
        session: session.persistentIdentifier,
        role: SceneRole(uiKitRawValue: session.role.rawValue),
        activityType: options.userActivities.first?.activityType)
    }

    /// In `application(_:didDiscardSceneSessions:)`.
    public func didDiscardSceneSessions(_ sessions: Set<UISceneSession>) {
      didDiscardSceneSessions(sessions.map(\.persistentIdentifier).sorted())
    }

    /// In `scene(_:willConnectTo:options:)`.
    public func sceneWillConnect(_ scene: UIScene, options: UIScene.ConnectionOptions) {
      sceneWillConnect(
        session: scene.session.persistentIdentifier,
        role: SceneRole(uiKitRawValue: scene.session.role.rawValue),
        activityType: options.userActivities.first?.activityType,
        hasRestorationActivity: scene.session.stateRestorationActivity != nil)
    }

    /// In `sceneWillEnterForeground(_:)`.
    public func sceneWillEnterForeground(_ scene: UIScene) {
      sceneWillEnterForeground(session: scene.session.persistentIdentifier)
    }

    /// In `sceneDidBecomeActive(_:)`.
    public func sceneDidBecomeActive(_ scene: UIScene) {
      sceneDidBecomeActive(session: scene.session.persistentIdentifier)
    }

    /// In `sceneWillResignActive(_:)`.
    public func sceneWillResignActive(_ scene: UIScene) {
      sceneWillResignActive(session: scene.session.persistentIdentifier)
    }

    /// In `sceneDidEnterBackground(_:)`.
    public func sceneDidEnterBackground(_ scene: UIScene) {
      sceneDidEnterBackground(session: scene.session.persistentIdentifier)
    }

    /// In `sceneDidDisconnect(_:)`.
    public func sceneDidDisconnect(_ scene: UIScene) {
      sceneDidDisconnect(session: scene.session.persistentIdentifier)
    }

    /// In `windowScene(_:didUpdate:interfaceOrientation:traitCollection:)`.
    public func windowSceneDidUpdateGeometry(_ scene: UIWindowScene) {
      let bounds = scene.coordinateSpace.bounds
      windowSceneDidUpdateGeometry(
        session: scene.session.persistentIdentifier, width: Double(bounds.width),
        height: Double(bounds.height),
        orientation: Orientation(uiKitRawValue: scene.interfaceOrientation.rawValue),
        horizontalSizeClass: SizeClass(
          uiKitRawValue: scene.traitCollection.horizontalSizeClass.rawValue))
    }

    /// On `UIWindow.didBecomeKeyNotification`.
    public func windowDidBecomeKey(_ window: UIWindow, names: ObjectNames) {
      guard let scene = window.windowScene else { return }
      windowDidBecomeKey(
        session: scene.session.persistentIdentifier, window: names.name(of: window))
    }

    /// In `pressesBegan`/`Changed`/`Ended`/`Cancelled` of a responder in `scene`.
    public func pressesDidChange(_ presses: Set<UIPress>, in scene: UIScene) {
      for press in presses {
        guard let key = press.key else { continue }
        pressesDidChange(
          session: scene.session.persistentIdentifier,
          phase: PressPhase(uiKitRawValue: press.phase.rawValue), keyCode: key.keyCode.rawValue,
          characters: key.characters,
          modifiers: ModifierFlags(uiKitRawValue: key.modifierFlags.rawValue))
      }
    }

    /// Where `command`'s action runs in `scene` (`target`: the responder that performs it).
    public func keyCommand(
      _ command: UIKeyCommand, in scene: UIScene, target: UIResponder?, names: ObjectNames
    ) {
      keyCommand(
        session: scene.session.persistentIdentifier, input: command.input ?? "",
        modifiers: ModifierFlags(uiKitRawValue: command.modifierFlags.rawValue),
        action: command.action.map { NSStringFromSelector($0) } ?? "",
        title: command.discoverabilityTitle ?? command.title,
        target: target.map { names.name(of: $0) },
        wantsPriority: command.wantsPriorityOverSystemBehavior)
    }

    /// In `didUpdateFocus(in:with:)` for `scene`'s focus system.
    public func focusDidUpdate(
      _ context: UIFocusUpdateContext, in scene: UIScene, names: ObjectNames
    ) {
      focusDidUpdate(
        session: scene.session.persistentIdentifier,
        from: context.previouslyFocusedItem.map { names.name(of: $0) },
        to: context.nextFocusedItem.map { names.name(of: $0) },
        heading: FocusHeading(uiKitBitmask: context.focusHeading.rawValue))
    }

    /// In a `UIBandSelectionInteraction` handler; `items` are the items inside the band now.
    public func bandSelectionDidChange(
      _ interaction: UIBandSelectionInteraction, in scene: UIScene, view: String,
      items: [String]? = nil
    ) {
      guard let state = BandState(uiKitRawValue: interaction.state.rawValue) else { return }
      bandSelection(
        session: scene.session.persistentIdentifier, view: view, state: state,
        rect: Self.rect(interaction.selectionRect),
        modifiers: ModifierFlags(uiKitRawValue: interaction.initialModifierFlags.rawValue),
        items: items)
    }

    /// In `dragInteraction(_:sessionWillBegin:)`.
    public func dragSessionWillBegin(
      _ session: UIDragSession, in scene: UIScene, activityType: String? = nil,
      names: ObjectNames
    ) {
      dragSessionWillBegin(
        drag: names.name(of: session), session: scene.session.persistentIdentifier,
        activityType: activityType)
    }

    /// In `dragInteraction(_:session:didEndWith:)`.
    public func dragSessionDidEnd(
      _ session: UIDragSession, operation: UIDropOperation, names: ObjectNames
    ) {
      dragSessionDidEnd(
        drag: names.name(of: session), operation: DropOperation(uiKitRawValue: operation.rawValue))
    }

    /// In `dropInteraction(_:performDrop:)`: a drop from this app names the same drag as its
    /// source, through `localDragSession`.
    public func performDrop(_ session: UIDropSession, in scene: UIScene, names: ObjectNames) {
      let local = session.localDragSession
      performDrop(
        drag: names.name(of: local ?? session), session: scene.session.persistentIdentifier,
        local: local != nil)
    }

    /// A rectangle, or nil for none (`CGRect.null`).
    private static func rect(_ rect: CGRect?) -> Rect? {
      guard let rect, !rect.isNull else { return nil }
      return Rect(
        x: Double(rect.origin.x), y: Double(rect.origin.y), width: Double(rect.width),
        height: Double(rect.height))
    }
  }
#endif
