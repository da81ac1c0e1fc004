// Band selection: began → selecting* → ended per view, and the selection it gives (reference
// §6.2, R-BAND-1 and R-BAND-2).

extension TraceReducer {
  /// `band.selection`: `selecting` and `ended` need a band in flight in the view, `began` none
  /// in the scene (one pointer drives one band at a time).
  func bandSelection(
    _ id: SessionID, view: String, _ bandState: BandState, rect: Rect?,
    modifiers: ModifierFlags, items: [String]?, in state: inout TraceState,
    log: inout FindingLog
  ) {
    if let scene = state.sessions[id]?.scene {
      checkBand(id, view: view, bandState, scene: scene, &log)
    }
    let seq = log.seq
    withScene(id, in: &state, log: &log) {
      $0.trackBand(
        view: view, state: bandState, rect: rect, modifiers: modifiers, items: items, at: seq)
    }
  }

  private func checkBand(
    _ id: SessionID, view: String, _ bandState: BandState, scene: SceneState,
    _ log: inout FindingLog
  ) {
    let began = scene.bandBegan.map { [$0] } ?? []
    switch (bandState, scene.band) {
    case (.began, let band?):
      let since = scene.bandBegan.map { " (began at seq \($0))" } ?? ""
      log.report(
        .bandSequence, .error, session: id,
        "band.selection began in \(view) while the band in \(band.view)\(since) is still "
          + "\(band.state); a band ends before the next one begins",
        related: began)
    case (.selecting, let band), (.ended, let band):
      if let band, band.view != view {
        log.report(
          .bandSequence, .error, session: id,
          "band.selection \(bandState) in \(view), where no band began; the band in flight is "
            + "in \(band.view)",
          related: began)
      } else if band == nil, !scene.startedMidLife {
        log.report(
          .bandSequence, .error, session: id,
          "band.selection \(bandState) in \(view) before any began: a band goes began → "
            + "selecting* → ended")
      }
    default:
      break
    }
  }

  /// `selection.change`: the view's selection becomes the items; the first change after a
  /// band ended is compared with the selection the band gives (`band.modifiers`).
  func selectionChange(
    _ id: SessionID, view: String, items: [String], in state: inout TraceState,
    log: inout FindingLog
  ) {
    let reported = items.sortedInScalarOrder()
    if let outcome = state.sessions[id]?.scene?.bandOutcomes[view],
      reported != outcome.selection
    {
      log.report(
        .bandModifiers, .warning, session: id,
        "selection.change of \(view) reports \(Self.list(reported)) after the band that ended "
          + "at seq \(outcome.ended), but UIKit's band semantics give "
          + "\(Self.list(outcome.selection)): \(Self.derivation(outcome))",
        related: [outcome.began, outcome.ended].compactMap(\.self))
    }
    withScene(id, in: &state, log: &log) {
      $0.selection[view] = reported
      $0.bandOutcomes[view] = nil
    }
  }

  private static func derivation(_ outcome: BandOutcome) -> String {
    let before = list(outcome.before)
    let inside = list(outcome.inside)
    if outcome.modifiers.contains(.command) {
      return "with Command the items inside (\(inside)) toggle the selection before (\(before))"
    }
    if outcome.modifiers.contains(.shift) {
      return "with Shift the items inside (\(inside)) are added to the selection before "
        + "(\(before))"
    }
    return "without Shift or Command the items inside (\(inside)) replace the selection"
  }

  private static func list(_ items: [String]) -> String {
    "[" + items.joined(separator: ", ") + "]"
  }
}
