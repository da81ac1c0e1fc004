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

  // MARK: Windowing (iPadOS 26 and 27)

  extension SceneTraceRecorder {
    /// In `application(_:willFinishLaunchingWithOptions:)`, after
    /// `applicationWillFinishLaunching`: records `app.environment` with the OS version
    /// (`UIDevice.current.systemVersion`), the SDK the app was built with (`DTSDKName` of
    /// `bundle`'s Info.plist, which Xcode writes) and its `UIRequiresFullScreen`. No API reports
    /// the multitasking mode: pass it when the test or the device's setting says.
    @MainActor
    public func windowingEnvironmentAtLaunch(mode: WindowingMode? = nil, bundle: Bundle = .main) {
      let device = UIDevice.current
      windowingEnvironment(
        mode: mode,
        launch: LaunchEnvironment(
          systemVersion: device.systemVersion, infoDictionary: bundle.infoDictionary,
          isPad: device.userInterfaceIdiom == .pad))
    }

    /// Where the app has built `scene`'s layout for `traits` (`layout`: its name for it), such
    /// as in `viewWillLayoutSubviews` or a trait-change handler of the root view controller.
    /// Nothing is recorded while the horizontal size class is unspecified.
    @MainActor
    public func sceneDidLayOut(_ scene: UIScene, for traits: UITraitCollection, layout: String?) {
      guard let sizeClass = SizeClass(uiKitRawValue: traits.horizontalSizeClass.rawValue) else {
        return
      }
      sceneDidLayOut(session: scene.session.persistentIdentifier, for: sizeClass, layout: layout)
    }

    /// In the action method of `command` (`performer`: the responder whose method runs), or
    /// where the app finds that no responder performed it (`performer` nil). UIKit does not say
    /// whether a command came from its keyboard shortcut or the menu bar, so `origin` is the
    /// caller's. The scene is the performer's, else `scene`, else `chain`'s; `chain`, the
    /// focused scene's first responder, gives the responders along it that can perform the
    /// command (`canPerformAction(_:withSender:)`).
    @MainActor
    public func commandDidInvoke(
      _ command: UICommand, origin: CommandOrigin, performer: UIResponder?,
      chain: UIResponder? = nil, in scene: UIScene? = nil, names: ObjectNames
    ) {
      // `UICommand.action` is a Selector, `UIKeyCommand.action` an optional one.
      let selector: Selector? = command.action
      guard let action = selector else { return }
      let performerScene: UIScene? = performer.flatMap(Self.windowScene(of:))
      let chainScene: UIScene? = chain.flatMap(Self.windowScene(of:))
      let commandScene = performerScene ?? scene ?? chainScene
      let offeredBy = chain.map { first in
        ResponderChain.offering(
          from: first, next: { $0.next },
          canPerform: { $0.canPerformAction(action, withSender: command) },
          name: { names.name(of: $0) })
      }
      commandDidInvoke(
        session: commandScene?.session.persistentIdentifier, action: NSStringFromSelector(action),
        origin: origin, title: command.discoverabilityTitle ?? command.title,
        target: performer.map { names.name(of: $0) }, offeredBy: offeredBy)
    }

    /// The window scene of the first scene, window, view or loaded view controller along
    /// `responder`'s chain.
    @MainActor
    static func windowScene(of responder: UIResponder) -> UIWindowScene? {
      ResponderChain.first(from: responder, next: { $0.next }) { item -> UIWindowScene? in
        switch item {
        case let scene as UIWindowScene: return scene
        case let window as UIWindow: return window.windowScene
        case let view as UIView: return view.window?.windowScene
        case let controller as UIViewController: return controller.viewIfLoaded?.window?.windowScene
        default: return nil
        }
      }
    }

    /// Where the app calls `requestSceneSessionDestruction(_:options:errorHandler:)` for
    /// `session`; `request` names the request for `sceneRequestDidFail(_:request:)`.
    @MainActor
    public func requestSceneSessionDestruction(
      _ session: UISceneSession, options: UISceneDestructionRequestOptions?, request: String
    ) {
      let animation = (options as? UIWindowSceneDestructionRequestOptions).map {
        DismissalAnimation(uiKitRawValue: $0.windowDismissalAnimation.rawValue)
      }
      requestSceneSessionDestruction(
        request: request, session: session.persistentIdentifier, animation: animation)
    }

    /// In the error handler of the scene request named `request`.
    public func sceneRequestDidFail(_ error: any Error, request: String) {
      sceneRequestDidFail(request: request, code: (error as NSError).code)
    }

    /// Where the app sees the user close `scene`'s window: its handler of Perform Close (⌘W),
    /// or the close control (no document says which callback that makes).
    @MainActor
    public func sceneCloseRequested(_ scene: UIScene, via: CloseRequest) {
      sceneCloseRequested(session: scene.session.persistentIdentifier, via: via)
    }

    /// After the app sets `scene.title`, which the Window menu lists.
    @MainActor
    public func sceneTitleDidChange(_ scene: UIScene) {
      sceneTitleDidChange(session: scene.session.persistentIdentifier, title: scene.title)
    }
  }

  /// Records a window scene's `activeAppearance` and effective geometry for as long as it is
  /// kept: make one in `scene(_:willConnectTo:options:)`, keep it in the scene delegate, and
  /// call ``invalidate()`` in `sceneDidDisconnect(_:)`.
  ///
  /// It records the values it finds when made, registers for `UITraitActiveAppearance` on the
  /// scene, and observes `effectiveGeometry` (KVO, the way Apple recommends); an app that also
  /// implements `windowScene(_:didUpdateEffectiveGeometry:)` can call
  /// ``effectiveGeometryDidChange()`` there, and the repeated report is not recorded twice.
  /// `SceneWindowingReports` decides what is recorded.
  @available(iOS 17.0, *)
  @MainActor
  public final class SceneWindowingObserver {
    private weak var scene: UIWindowScene?
    private let recorder: SceneTraceRecorder
    private let names: ObjectNames
    private var reports: SceneWindowingReports
    private var geometryObservation: NSKeyValueObservation?
    private var traitRegistration: (any UITraitChangeRegistration)?

    /// Starts recording `scene`'s appearance and geometry into `recorder`, naming its screen
    /// with `names`.
    public init(
      scene: UIWindowScene, recorder: SceneTraceRecorder = SceneTraceRecorder(),
      names: ObjectNames
    ) {
      self.scene = scene
      self.recorder = recorder
      self.names = names
      reports = SceneWindowingReports(session: scene.session.persistentIdentifier)
      appearanceDidChange()
      effectiveGeometryDidChange()
      traitRegistration = scene.registerForTraitChanges([UITraitActiveAppearance.self]) {
        [weak self] (_: UIWindowScene, _: UITraitCollection) in
        MainActor.assumeIsolated {
          guard let self else { return }
          self.appearanceDidChange()
        }
      }
      geometryObservation = scene.observe(\.effectiveGeometry, options: []) {
        [weak self] _, _ in
        MainActor.assumeIsolated {
          guard let self else { return }
          self.effectiveGeometryDidChange()
        }
      }
    }

    /// Records the scene's geometry if it says something new: call it from
    /// `windowScene(_:didUpdateEffectiveGeometry:)` (iPadOS 26), and after changing the scene's
    /// `sizeRestrictions`.
    public func effectiveGeometryDidChange() {
      guard let scene else { return }
      let geometry = scene.effectiveGeometry
      let bounds: CGRect
      var resizing: Bool?
      var orientationLocked: Bool?
      if #available(iOS 26.0, *) {
        bounds = geometry.coordinateSpace.bounds
        resizing = geometry.isInteractivelyResizing
        orientationLocked = geometry.isInterfaceOrientationLocked
      } else {
        bounds = scene.coordinateSpace.bounds
      }
      let restrictions = scene.sizeRestrictions.map {
        SizeRestrictions(
          minimumWidth: Double($0.minimumSize.width), minimumHeight: Double($0.minimumSize.height),
          maximumWidth: Double($0.maximumSize.width), maximumHeight: Double($0.maximumSize.height))
      }
      reports.geometryDidChange(
        to: Geometry(
          width: Double(bounds.width), height: Double(bounds.height),
          orientation: Orientation(uiKitRawValue: geometry.interfaceOrientation.rawValue),
          horizontalSizeClass: SizeClass(
            uiKitRawValue: scene.traitCollection.horizontalSizeClass.rawValue),
          isInteractivelyResizing: resizing, isOrientationLocked: orientationLocked,
          screen: names.name(of: scene.screen)),
        restrictions: restrictions, recorder: recorder)
    }

    /// Stops observing the scene.
    public func invalidate() {
      geometryObservation?.invalidate()
      geometryObservation = nil
      if let traitRegistration, let scene { scene.unregisterForTraitChanges(traitRegistration) }
      traitRegistration = nil
    }

    private func appearanceDidChange() {
      guard let scene else { return }
      reports.appearanceDidChange(
        to: ActiveAppearance(uiKitRawValue: scene.traitCollection.activeAppearance.rawValue),
        recorder: recorder)
    }
  }
#endif
