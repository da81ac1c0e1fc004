// Pointer drags: one in flight per scene, from began to ended or cancelled, and latched regions
// (reference §6.1, R-PTR-2).

extension BuiltInReducer {
  /// `pointer.drag`: `changed`, `ended` and `cancelled` need a drag in flight, `began` none;
  /// a latched drag stays in its region. `knownPosition` is where the scene of `id` is stored
  /// (`SessionTable.scenePosition(of:)`) when the caller knows it already.
  func pointerDrag(
    _ id: SessionID, phase: PointerPhase, x: Double, y: Double, latching: Latching?,
    region: String?, at knownPosition: Int? = nil, in state: inout TraceState,
    log: inout FindingLog
  ) {
    let seq = log.seq
    guard let position = knownPosition ?? state.sessions.scenePosition(of: id) else {
      // A scene the trace has not connected is reported and met mid-life, then followed.
      withScene(id, in: &state, log: &log) { scene in
        scene.trackPointer(phase: phase, x: x, y: y, latching, region: region, at: seq)
      }
      return
    }
    // Checked and followed where the scene is stored, with no closure around the check: a
    // closure's context took copies of the sample's phase, latching and region (retained and
    // released, even when they hold no string). The three fields the check reads are handed
    // over, not the scene (about 600 bytes), copied out where the scene is stored (a test holds
    // a long region to the drag).
    let (drag, began, startedMidLife) = state.sessions.pointerDrag(at: position)
    checkPointer(
      id, phase: phase, region: region, drag: drag, began: began,
      startedMidLife: startedMidLife, &log)
    state.sessions[sceneAt: position].trackPointer(
      phase: phase, x: x, y: y, latching, region: region, at: seq)
  }

  private func checkPointer(
    _ id: SessionID, phase: PointerPhase, region: String?, drag: PointerDragProgress?,
    began dragBegan: Int?, startedMidLife: Bool, _ log: inout FindingLog
  ) {
    // Made only for a finding: an array at every sample cost an allocation per event.
    var began: [Int] { dragBegan.map { [$0] } ?? [] }
    // A message reads what it needs of the drag from locals bound where it is reported: a
    // message that read the drag itself made every sample copy the drag out of its scene, for
    // the message's context (about 12 instructions a sample).
    switch (phase, drag) {
    case (.began, let drag?):
      let dragPhase = drag.phase
      log.report(
        .pointerSequence, .error, session: id,
        "pointer.drag began while the drag that began at seq \(dragBegan ?? 0) is still "
          + "\(dragPhase); a drag ends or is cancelled before the next one begins",
        related: began)
    case (.changed, nil), (.ended, nil), (.cancelled, nil):
      // A scene met mid-life may have been dragging before the trace started.
      if !startedMidLife {
        log.report(
          .pointerSequence, .error, session: id,
          "pointer.drag \(phase) with no drag in flight in this scene: no began since the last "
            + "ended or cancelled")
      }
    case (_, let drag?) where drag.isLatched && phase != .began:
      if let region, let latched = drag.region, region != latched {
        let latching = drag.latching?.rawValue ?? ""
        log.report(
          .pointerLatching, .info, session: id,
          "pointer.drag \(phase) in region \(region), but the drag latched to region "
            + "\(latched) (latching \(latching)); a latched region keeps "
            + "the pointer until the button is released",
          related: began)
      }
    default:
      break
    }
  }
}
