// How pointer drags and band selections change a scene's state.

extension SceneState {
  /// Follows a pointer drag: in flight from `began` until `ended` or `cancelled`.
  mutating func trackPointer(phase: PointerPhase, x: Double, y: Double, _ latching: Latching?) {
    switch phase {
    case .ended, .cancelled:
      drag = nil
    case .began, .changed, .unrecognized:
      drag = PointerDragProgress(
        phase: phase, x: x, y: y, latching: latching ?? drag?.latching)
    }
  }

  /// Follows a band selection in `view`. When it ends, the view's selection becomes the one
  /// UIKit's band semantics give (see `BandProgress.selection(endingWith:)`).
  mutating func trackBand(
    view: String, state bandState: BandState, rect: Rect?, modifiers: ModifierFlags,
    items: [String]?
  ) {
    let inside = items.map { $0.sortedInScalarOrder() }
    switch bandState {
    case .began:
      band = BandProgress(
        view: view, state: .began, rect: rect, modifiers: modifiers, items: inside ?? [],
        before: selection[view] ?? [])
    case .selecting, .unrecognized:
      var progress =
        band.flatMap { $0.view == view ? $0 : nil }
        ?? BandProgress(
          view: view, state: bandState, rect: rect, modifiers: modifiers, items: [],
          before: selection[view] ?? [])
      progress.state = bandState
      progress.rect = rect ?? progress.rect
      progress.items = inside ?? progress.items
      band = progress
    case .ended:
      if let progress = band, progress.view == view {
        selection[view] = progress.selection(endingWith: inside ?? progress.items)
      }
      band = nil
    }
  }
}
