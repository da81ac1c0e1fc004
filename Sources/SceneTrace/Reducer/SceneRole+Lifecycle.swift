// What a session's role says about its scene's lifecycle: which off-path transitions are the
// normal path for the role (reference §2.5 and rows L9 and L11 of §2.7.1).
//
// Each built-in rule, reviewed against each role (app window, screen mirroring, CarPlay, a role
// this version does not know, a role never recorded), so that a clean recording of a device
// gives no warning:
//
// - lifecycle.irregular: app windows, CarPlay and unrecorded roles as the table says;
//   mirroring: L9 and L11 are its normal life, no finding; unknown roles: lifecycle.info.
// - lifecycle.order, lifecycle.info (L10), lifecycle.unknown-scene: every role alike; UIKit
//   moves every scene through the same activation states. A mirroring scene that becomes
//   active is not reported: nothing documents that UIKit never does it.
// - session.*: every role alike; the session machine does not depend on the role.
// - event.unknown-value: an unknown role is an info finding on each event that names it.
// - key.noninteractive-scene: mirroring roles only (key window, key, focus or drop events).
// - key.*, focus.*, pointer.*, band.*, drag.sequence: every role alike. Their events come from
//   scenes that take input; in a mirroring scene the event itself is the error above.
// - navigation.shared-state: not for a mirroring scene, which shows another window's
//   navigation by design.
// - shared.render-before-write, content.exclusive, restoration.*, session.data-*,
//   activity.undeclared: every role alike; they judge the app's own data.
// - shared.stale-render: a scene out of the foreground at a write has a second from becoming
//   active to show the new value; a mirroring scene, which never becomes active, has a second
//   from entering the foreground, and only leaving the screen ends that second early.

extension SceneRole {
  /// How scenes of a role move through the lifecycle, as far as SceneTrace knows.
  public enum LifecycleKind: Hashable, Sendable {
    /// A scene the user works in: it becomes active when it is in front, and the lifecycle
    /// table applies as written. `windowApplication`, `carTemplateApplication`, and a session
    /// whose role the trace never recorded (most sessions are app windows).
    case interactive
    /// A scene that shows content on another screen and never receives events:
    /// `windowExternalDisplayNonInteractive`, and `windowExternalDisplay`, its name before
    /// iPadOS 16. It enters the foreground when its display attaches and stays
    /// foregroundInactive, leaves it without ever having become active, and disconnects when
    /// the display detaches, wherever it is. Those paths are its normal life.
    case mirroring
    /// A role this version does not know (a newer OS or platform): whether it becomes active
    /// is unknown, so the paths off the window lifecycle are noted as information only.
    case unknown
  }

  /// How scenes of this role move through the lifecycle.
  ///
  /// The operating system version in `app.launch` does not change the answer: the deprecated
  /// `windowExternalDisplay` names the same kind of scene as its replacement (an app linked
  /// against an SDK before 16 may still see it on a later system), and no role moved from
  /// one kind to another between versions.
  public var lifecycleKind: LifecycleKind {
    switch self {
    case .windowApplication, .carTemplateApplication: .interactive
    case .windowExternalDisplayNonInteractive, .windowExternalDisplay: .mirroring
    case .unrecognized: .unknown
    }
  }
}

extension LifecycleTransition {
  /// The row for `callback` arriving in a scene in `state` of a session of `role` (nil when the
  /// trace did not record it, judged as an app window).
  ///
  /// The role changes only the two irregular rows. For a mirroring scene (see
  /// ``SceneRole/LifecycleKind/mirroring``) L11, entering the background without having become
  /// active, and L9, disconnecting from foregroundInactive, are its normal path: legal. For a
  /// role SceneTrace does not know they are notable (an info finding), not irregular. Every
  /// transition UIKit never makes stays illegal whatever the role: UIKit moves every scene
  /// through the same activation states.
  public static func of(
    _ callback: LifecycleCallback, in state: SceneActivation,
    activeSinceEnteringForeground: Bool, role: SceneRole?
  ) -> LifecycleTransition {
    var row = of(callback, in: state, activeSinceEnteringForeground: activeSinceEnteringForeground)
    guard row.verdict == .irregular, let role else { return row }
    switch role.lifecycleKind {
    case .interactive:
      break
    case .mirroring:
      row.verdict = .legal
      row.reason =
        callback == .didEnterBackground
        ? "a scene of role \(role) is shown without ever becoming active, by design"
        : "a scene of role \(role) disconnects when its display detaches, wherever it is"
    case .unknown:
      row.verdict = .notable
      row.reason += "; SceneTrace does not know whether scenes of role \(role) become active"
    }
    return row
  }
}
