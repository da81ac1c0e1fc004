// The SwiftUI helper: records a scene's `scenePhase` changes as the UIKit lifecycle callbacks
// they stand for. Compiled only where SwiftUI exists; the phase-to-callback logic is
// ScenePhaseTracker, which the tests cover on every platform.
#if canImport(SwiftUI) && canImport(UIKit)
  import SceneTrace
  import SwiftUI

  @available(iOS 15, *)
  struct ScenePhaseRecording: ViewModifier {
    @Environment(\.scenePhase) private var scenePhase
    @State private var tracker = ScenePhaseTracker()
    let session: String
    let recorder: SceneTraceRecorder

    func body(content: Content) -> some View {
      content
        .onAppear { record(scenePhase) }
        .onChange(of: scenePhase) { record($0) }
    }

    private func record(_ phase: ScenePhase) {
      let value: ScenePhaseValue
      switch phase {
      case .active: value = .active
      case .inactive: value = .inactive
      case .background: value = .background
      @unknown default: return
      }
      for callback in tracker.callbacks(to: value) {
        recorder.lifecycle(callback, session: session)
      }
    }
  }

  @available(iOS 15, *)
  extension View {
    /// Records this scene's `scenePhase` changes as lifecycle events of `session`: put it on the
    /// root view of a `WindowGroup`, with an identifier that stays with the window (for
    /// example a UUID kept in `@SceneStorage`).
    public func recordsScenePhase(
      session: String, recorder: SceneTraceRecorder = SceneTraceRecorder()
    ) -> some View {
      modifier(ScenePhaseRecording(session: session, recorder: recorder))
    }
  }
#endif
