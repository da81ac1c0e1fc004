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

  /// Records a SwiftUI scene's frontmost state (`appearsActive`) and, on iPadOS 26, its size,
  /// horizontal size class and live resizes (`onInteractiveResizeChange`), through the same
  /// decisions as the UIKit adapter (`SceneWindowingReports`).
  @available(iOS 18, *)
  struct WindowingRecording: ViewModifier {
    @Environment(\.appearsActive) private var appearsActive
    @Environment(\.horizontalSizeClass) private var horizontalSizeClass
    @State private var reports: SceneWindowingReports
    @State private var size: CGSize?
    @State private var isResizing: Bool?
    let recorder: SceneTraceRecorder

    init(session: String, recorder: SceneTraceRecorder) {
      _reports = State(initialValue: SceneWindowingReports(session: session))
      self.recorder = recorder
    }

    func body(content: Content) -> some View {
      observingResize(content)
        .background {
          GeometryReader { proxy in
            Color.clear.onChange(of: proxy.size, initial: true) { _, new in
              size = new
              recordGeometry()
            }
          }
          .ignoresSafeArea()
        }
        .onChange(of: appearsActive, initial: true) { _, active in
          reports.appearanceDidChange(to: active ? .active : .inactive, recorder: recorder)
        }
        .onChange(of: horizontalSizeClass) { _, _ in recordGeometry() }
    }

    @ViewBuilder private func observingResize(_ content: Content) -> some View {
      if #available(iOS 26, *) {
        content.onInteractiveResizeChange { resizing in
          isResizing = resizing
          recordGeometry()
        }
      } else {
        content
      }
    }

    private func recordGeometry() {
      guard let size else { return }
      let sizeClass: SizeClass? =
        switch horizontalSizeClass {
        case .compact?: .compact
        case .regular?: .regular
        default: nil
        }
      reports.geometryDidChange(
        to: Geometry(
          width: Double(size.width), height: Double(size.height), orientation: nil,
          horizontalSizeClass: sizeClass, isInteractivelyResizing: isResizing),
        recorder: recorder)
    }
  }

  @available(iOS 18, *)
  extension View {
    /// Records the scene's frontmost state (`appearsActive`) and, on iPadOS 26, the size of this
    /// view, its horizontal size class and live resizes, as events of `session`: put it on the
    /// root view of a `WindowGroup`, next to `recordsScenePhase(session:recorder:)`. The size is
    /// the root view's, not the scene's `effectiveGeometry`: an app with a scene delegate
    /// records that with `SceneWindowingObserver` instead.
    public func recordsWindowing(
      session: String, recorder: SceneTraceRecorder = SceneTraceRecorder()
    ) -> some View {
      modifier(WindowingRecording(session: session, recorder: recorder))
    }
  }
#endif
