import SceneTrace

/// A SwiftUI `ScenePhase`, as the trace sees it.
public enum ScenePhaseValue: Hashable, Sendable {
  case active, inactive, background
}

/// Turns one scene's SwiftUI `scenePhase` changes into the UIKit lifecycle callbacks they stand
/// for, so a SwiftUI app records the same events as a UIKit one.
///
/// SwiftUI reports phases, not transitions, and may skip one (background straight to active);
/// the tracker fills in the callbacks UIKit made on the way: background → active is
/// willEnterForeground then didBecomeActive, active → background is willResignActive then
/// didEnterBackground. The first phase of a scene follows its connection.
public struct ScenePhaseTracker: Hashable, Sendable {
  /// The last phase seen; nil before the first.
  public private(set) var phase: ScenePhaseValue?

  /// A tracker for a scene that has just connected.
  public init() {}

  /// The callbacks that lead from the last phase to `next`, and remembers `next`.
  public mutating func callbacks(to next: ScenePhaseValue) -> [LifecycleCallback] {
    defer { phase = next }
    switch (phase, next) {
    case (nil, .active), (.background?, .active):
      return [.willEnterForeground, .didBecomeActive]
    case (nil, .inactive), (.background?, .inactive):
      return [.willEnterForeground]
    case (nil, .background), (.inactive?, .background):
      return [.didEnterBackground]
    case (.inactive?, .active):
      return [.didBecomeActive]
    case (.active?, .inactive):
      return [.willResignActive]
    case (.active?, .background):
      return [.willResignActive, .didEnterBackground]
    case (.active?, .active), (.inactive?, .inactive), (.background?, .background):
      return []
    }
  }
}

extension SceneTraceRecorder {
  /// Records a lifecycle callback for the scene of `session`.
  public func lifecycle(_ callback: LifecycleCallback, session: String) {
    switch callback {
    case .willEnterForeground: sceneWillEnterForeground(session: session)
    case .didBecomeActive: sceneDidBecomeActive(session: session)
    case .willResignActive: sceneWillResignActive(session: session)
    case .didEnterBackground: sceneDidEnterBackground(session: session)
    case .didDisconnect: sceneDidDisconnect(session: session)
    }
  }
}
