// How pointer drags and band selections change a scene's state.

/// The selection a band selection derived when it ended, kept until the view's next
/// `selection.change` is compared with it (`band.modifiers`).
struct BandOutcome: Hashable, Sendable, Codable {
  /// The selection UIKit's band semantics give.
  var selection: [String]
  /// The view's selection when the band began.
  var before: [String]
  /// The items inside the band when it ended.
  var inside: [String]
  /// The modifiers held when the band began.
  var modifiers: ModifierFlags
  /// The seq of the band's `began`, if the trace has it.
  var began: Int?
  /// The seq of the band's `ended`.
  var ended: Int
}

extension SceneState {
  /// Follows a pointer drag: in flight from `began` until `ended` or `cancelled`. A sample
  /// without latching or region keeps the drag's.
  mutating func trackPointer(
    phase: PointerPhase, x: Double, y: Double, _ latching: Latching?, region: String?,
    at seq: Int
  ) {
    switch phase {
    case .ended, .cancelled:
      drag = nil
      dragBegan = nil
    case .began:
      drag = PointerDragProgress(phase: phase, x: x, y: y, latching: latching, region: region)
      dragBegan = seq
    case .changed, .unrecognized:
      drag = PointerDragProgress(
        phase: phase, x: x, y: y, latching: latching ?? drag?.latching,
        region: region ?? drag?.region)
      dragBegan = dragBegan ?? seq
    }
  }

  /// Follows a band selection in `view`. When it ends, the view's selection becomes the one
  /// UIKit's band semantics give (see `BandProgress.selection(endingWith:)`), and that
  /// selection waits for the view's next `selection.change`. An `ended` for a view with no band
  /// in flight changes nothing.
  mutating func trackBand(
    view: String, state bandState: BandState, rect: Rect?, modifiers: ModifierFlags,
    items: [String]?, at seq: Int
  ) {
    let inside = items.map { $0.sortedInScalarOrder() }
    switch bandState {
    case .began:
      band = BandProgress(
        view: view, state: .began, rect: rect, modifiers: modifiers, items: inside ?? [],
        before: selection[view] ?? [])
      bandBegan = seq
    case .selecting, .unrecognized:
      var progress =
        band.flatMap { $0.view == view ? $0 : nil }
        ?? BandProgress(
          view: view, state: bandState, rect: rect, modifiers: modifiers, items: [],
          before: selection[view] ?? [])
      if band?.view != view { bandBegan = nil }
      progress.state = bandState
      progress.rect = rect ?? progress.rect
      progress.items = inside ?? progress.items
      band = progress
    case .ended:
      guard let progress = band, progress.view == view else { return }
      let ending = inside ?? progress.items
      let derived = progress.selection(endingWith: ending)
      selection[view] = derived
      bandOutcomes[view] = BandOutcome(
        selection: derived, before: progress.before, inside: ending,
        modifiers: progress.modifiers, began: bandBegan, ended: seq)
      band = nil
      bandBegan = nil
    }
  }
}
