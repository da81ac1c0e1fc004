// Band selection: began → selecting* → ended per view, and the selection it gives (reference
// §6.2, R-BAND-1 and R-BAND-2).

extension BuiltInReducer {
  /// `band.selection`: per view (each view's interaction has its own), `selecting` and `ended`
  /// need a band in flight, `began` none.
  func bandSelection(
    _ id: SessionID, view: String, _ bandState: BandState, rect: Rect?,
    modifiers: ModifierFlags, items: consuming [String]?, in state: inout TraceState,
    log: inout FindingLog
  ) {
    let seq = log.seq
    // Sorted where the event kept them, which the reducer handed over.
    let inside: [String]? =
      switch consume items {
      case .some(let items): items.inScalarOrder()
      case nil: nil
      }
    func follow(_ scene: inout SceneState) {
      scene.trackBand(
        view: view, state: bandState, rect: rect, modifiers: modifiers, inside: inside, at: seq)
    }
    // Checked and followed in one visit to the scene. The check is handed the scene's bands,
    // not the scene: passed from the closure's `inout`, the scene was copied at every event.
    let visited: Void? = state.updateScene(id) { scene in
      checkBand(
        id, view: view, bandState, bands: scene.bands, startedMidLife: scene.startedMidLife,
        &log)
      follow(&scene)
    }
    // A scene the trace has not connected is reported and met mid-life, then followed.
    if visited == nil { withScene(id, in: &state, log: &log, follow) }
  }

  private func checkBand(
    _ id: SessionID, view: String, _ bandState: BandState, bands: [String: BandInFlight],
    startedMidLife: Bool, _ log: inout FindingLog
  ) {
    switch bandState {
    case .began:
      // Copied out only when there is one to report.
      guard let flight = bands[view] else { return }
      let since = flight.began.map { " (began at seq \($0))" } ?? ""
      log.report(
        .bandSequence, .error, session: id,
        "band.selection began in \(view) while its band\(since) is still "
          + "\(flight.progress.state); a band ends before the view's next one begins",
        related: flight.began.map { [$0] } ?? [])
    case .selecting, .ended:
      // A scene met mid-life may have been banding before the trace started. Asked by index:
      // no copy of the band in flight.
      if bands.index(forKey: view) == nil, !startedMidLife {
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
    // The selection before is listed only where the message names it.
    var before: FindingMessage { list(outcome.before) }
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
