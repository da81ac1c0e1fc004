// Band selection: began → selecting* → ended per view, and the selection it gives (reference
// §6.2, R-BAND-1 and R-BAND-2).

extension TraceReducer {
  /// `band.selection`: per view (each view's interaction has its own), `selecting` and `ended`
  /// need a band in flight, `began` none.
  func bandSelection(
    _ id: SessionID, view: String, _ bandState: BandState, rect: Rect?,
    modifiers: ModifierFlags, items: [String]?, in state: inout TraceState,
    log: inout FindingLog
  ) {
    state.updateScene(id) { checkBand(id, view: view, bandState, scene: $0, &log) }
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
    let flight = scene.bands[view]
    switch bandState {
    case .began:
      guard let flight else { return }
      let since = flight.began.map { " (began at seq \($0))" } ?? ""
      log.report(
        .bandSequence, .error, session: id,
        "band.selection began in \(view) while its band\(since) is still "
          + "\(flight.progress.state); a band ends before the view's next one begins",
        related: flight.began.map { [$0] } ?? [])
    case .selecting, .ended:
      // A scene met mid-life may have been banding before the trace started.
      if flight == nil, !scene.startedMidLife {
        log.report(
          .bandSequence, .error, session: id,
          "band.selection \(bandState) in \(view) before any began: a band goes began → "
            + "selecting* → ended")
      }
    case .unrecognized:
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
    if let outcome = state.updateScene(id, { $0.bandOutcomes[view] }) ?? nil,
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

  private static func derivation(_ outcome: BandOutcome) -> FindingMessage {
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

  private static func list(_ items: [String]) -> FindingMessage {
    "[\(joining: items, separator: ", ")]"
  }
}
