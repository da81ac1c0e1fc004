/// One of the five scene lifecycle callbacks.
public enum LifecycleCallback: CaseIterable, Hashable, Sendable {
  case willEnterForeground, didBecomeActive, willResignActive, didEnterBackground, didDisconnect

  /// The state the callback puts the scene in; nil for `didDisconnect`, which ends the scene.
  public var resultingState: SceneActivation? {
    switch self {
    case .willEnterForeground, .willResignActive: .foregroundInactive
    case .didBecomeActive: .foregroundActive
    case .didEnterBackground: .background
    case .didDisconnect: nil
    }
  }

  /// The event type that reports the callback.
  public var eventType: EventType {
    switch self {
    case .willEnterForeground: .sceneWillEnterForeground
    case .didBecomeActive: .sceneDidBecomeActive
    case .willResignActive: .sceneWillResignActive
    case .didEnterBackground: .sceneDidEnterBackground
    case .didDisconnect: .sceneDidDisconnect
    }
  }
}

/// A row of the scene lifecycle table: what a callback means in a given state.
///
/// Rows L1–L12 are transitions UIKit makes (L9 and L11 only off the documented path, L10 worth a
/// note); rows I1–I8 are transitions it never makes. `replay explain lifecycle.order` prints the
/// whole table.
public struct LifecycleTransition: Hashable, Sendable {
  /// How UIKit's documentation and observed behaviour judge the transition.
  public enum Verdict: Hashable, Sendable {
    /// The documented path.
    case legal
    /// Legal, and worth an info finding.
    case notable
    /// Seen in the wild, off the documented path: a warning.
    case irregular
    /// A transition UIKit never makes: an error.
    case illegal
  }

  /// The row's label in the table, such as `L4` or `I1`; empty for pairs the table leaves out,
  /// which are illegal.
  public var row: String
  /// How the transition is judged.
  public var verdict: Verdict
  /// Why the transition is judged so, for findings.
  public var reason: String

  /// The row for `callback` arriving in a scene in `state`.
  ///
  /// `activeSinceEnteringForeground` tells a foregroundInactive scene that was active (and is on
  /// its way to the background, L6) from one that never became active since it entered the
  /// foreground (L11).
  public static func of(
    _ callback: LifecycleCallback, in state: SceneActivation,
    activeSinceEnteringForeground: Bool
  ) -> LifecycleTransition {
    switch (state, callback) {
    case (.unattached, .willEnterForeground):
      LifecycleTransition("L2", .legal, "a newly connected scene enters the foreground")
    case (.unattached, .didEnterBackground):
      LifecycleTransition("L3", .legal, "a scene connected by the system stays in the background")
    case (.unattached, .didDisconnect):
      LifecycleTransition(
        "L10", .notable,
        "the scene disconnected before its first transition (released after a background connect)")
    case (.unattached, .didBecomeActive):
      LifecycleTransition("I4", .illegal, "a new scene passes foregroundInactive first")
    case (.foregroundInactive, .didBecomeActive):
      LifecycleTransition("L4", .legal, "an inactive foreground scene becomes active")
    case (.foregroundActive, .willResignActive):
      LifecycleTransition("L5", .legal, "an active scene resigns")
    case (.foregroundInactive, .didEnterBackground) where activeSinceEnteringForeground:
      LifecycleTransition("L6", .legal, "an inactive foreground scene enters the background")
    case (.foregroundInactive, .didEnterBackground):
      LifecycleTransition(
        "L11", .irregular,
        "the scene entered the background without becoming active since it entered the "
          + "foreground; UIKit documents willEnterForeground as invariably followed by "
          + "didBecomeActive, but this is seen when windows are killed in the switcher")
    case (.background, .willEnterForeground):
      LifecycleTransition("L7", .legal, "a background scene returns to the foreground")
    case (.background, .didDisconnect):
      LifecycleTransition("L8", .legal, "a background scene disconnects")
    case (.foregroundInactive, .didDisconnect):
      LifecycleTransition(
        "L9", .irregular,
        "the scene disconnected from foregroundInactive without entering the background, "
          + "as seen when a window is killed in the switcher")
    case (.background, .didBecomeActive):
      LifecycleTransition(
        "I1", .illegal, "willEnterForeground precedes every move to the foreground")
    case (.foregroundActive, .didEnterBackground):
      LifecycleTransition(
        "I2", .illegal, "willResignActive is called before a scene enters the background")
    case (.foregroundActive, .didDisconnect):
      LifecycleTransition("I3", .illegal, "an active scene resigns before it disconnects")
    case (.foregroundInactive, .willResignActive):
      LifecycleTransition("I7", .illegal, "the scene is not active")
    case (.foregroundInactive, .willEnterForeground), (.foregroundActive, .didBecomeActive),
      (.background, .didEnterBackground):
      LifecycleTransition("I6", .illegal, "the scene is already in the state this event produces")
    case (.foregroundActive, .willEnterForeground):
      LifecycleTransition("", .illegal, "the scene is already in the foreground")
    case (.background, .willResignActive), (.unattached, .willResignActive):
      LifecycleTransition("", .illegal, "the scene is not active")
    }
  }

  /// The callbacks that are not illegal in `state`, in the order of the lifecycle.
  public static func allowed(
    in state: SceneActivation, activeSinceEnteringForeground: Bool
  ) -> [LifecycleCallback] {
    LifecycleCallback.allCases.filter {
      of($0, in: state, activeSinceEnteringForeground: activeSinceEnteringForeground).verdict
        != .illegal
    }
  }

  private init(_ row: String, _ verdict: Verdict, _ reason: String) {
    self.row = row
    self.verdict = verdict
    self.reason = reason
  }
}
