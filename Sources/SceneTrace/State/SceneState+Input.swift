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

/// A band selection in flight in one view, with the seqs that explain it.
struct BandInFlight: Hashable, Sendable, Codable {
  /// The band as the state shows it.
  var progress: BandProgress
  /// The seq of its `began`, if the trace has it.
  var began: Int?
  /// The seq of its latest event.
  var changed: Int

  /// Follows a `selecting` (or unknown) event at `seq`: a rect or items it leaves out keep the
  /// band's.
  mutating func follow(_ state: BandState, rect: Rect?, items: consuming [String]?, at seq: Int) {
    progress.follow(state, rect: rect, items: items)
    changed = seq
  }
}

extension BandProgress {
  /// Follows a `selecting` (or unknown) event: a rect or items it leaves out keep the band's.
  fileprivate mutating func follow(_ state: BandState, rect: Rect?, items: consuming [String]?) {
    self.state = state
    if let rect { self.rect = rect }
    if let items { self.items = items }
  }
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
      // Changed where it is stored, through optional chaining (nil when no drag is in flight):
      // moved out and back, the progress was copied into the scene and the local destroyed;
      // made anew, the old one's strings were copied and released.
      if drag?.follow(phase: phase, x: x, y: y, latching, region: region) == nil {
        drag = PointerDragProgress(phase: phase, x: x, y: y, latching: latching, region: region)
      }
      dragBegan = dragBegan ?? seq
    }
  }

  /// Follows a band selection in `view`; each view has its own. When it ends, the view's
  /// selection becomes the one UIKit's band semantics give (see
  /// `BandProgress.selection(endingWith:)`), and that selection waits for the view's next
  /// `selection.change`. An `ended` for a view with no band in flight changes nothing.
  /// `inside` are the event's items in scalar order, without repeats.
  mutating func trackBand(
    view: String, state bandState: BandState, rect: Rect?, modifiers: ModifierFlags,
    inside: [String]?, at seq: Int
  ) {
    switch bandState {
    case .began:
      let progress = BandProgress(
        view: view, state: .began, rect: rect, modifiers: modifiers, items: inside ?? [],
        before: selection[view] ?? [])
      bands[view] = BandInFlight(progress: progress, began: seq, changed: seq)
    case .selecting, .unrecognized:
      // Changed where the dictionary stores it: copied out and assigned back, the flight (its
      // view, items and selection before) was retained, hashed for again and released. Not
      // through `bands[view, default: ...]`, whose default, an autoclosure passed on to the
      // subscript's accessor, had its context put in two heap boxes at every call.
      if let index = bands.index(forKey: view) {
        bands.values[index].follow(bandState, rect: rect, items: inside, at: seq)
      } else {
        var flight = BandInFlight(
          progress: BandProgress(
            view: view, state: bandState, rect: rect, modifiers: modifiers, items: [],
            before: selection[view] ?? []),
          began: nil, changed: seq)
        flight.follow(bandState, rect: rect, items: inside, at: seq)
        bands[view] = flight
      }
      // The band followed is the one changed latest. When it is the only one in flight and
      // the scene shows it already (nearly every `selecting`; the scene's band is always the
      // progress of its latest flight, as this method alone sets either), it is followed where
      // the scene shows it too: assigned whole, the band it replaced was destroyed through the
      // generic witness of its optional type, about 360 instructions.
      if bands.count == 1, band?.view == view {
        band!.follow(bandState, rect: rect, items: inside)
        return
      }
    case .ended:
      if let flight = bands[view] {
        let ending = inside ?? flight.progress.items
        let derived = flight.progress.selection(endingWith: ending)
        selection[view] = derived
        bandOutcomes[view] = BandOutcome(
          selection: derived, before: flight.progress.before, inside: ending,
          modifiers: flight.progress.modifiers, began: flight.began, ended: seq)
        bands[view] = nil
      }
    }
    band = bands.values.max { $0.changed < $1.changed }?.progress
  }
}

extension PointerDragProgress {
  /// Follows a sample of the drag, keeping the latching and region a sample leaves out.
  fileprivate mutating func follow(
    phase: PointerPhase, x: Double, y: Double, _ latching: Latching?, region: String?
  ) {
    self.phase = phase
    self.x = x
    self.y = y
    if let latching { self.latching = latching }
    if let region { self.region = region }
  }
}
