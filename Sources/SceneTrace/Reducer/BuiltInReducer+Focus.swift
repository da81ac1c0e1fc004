// Focus: one focused item per scene's focus system (reference §5, R-FOC-1).

extension BuiltInReducer {
  /// `focus.update`: the move must start from the scene's focused item, in a scene on screen.
  func focusUpdate(
    _ id: SessionID, from: String?, to item: String?, in state: inout TraceState,
    log: inout FindingLog
  ) {
    reportNonInteractive(id, "receives a focus update", state, &log)
    state.updateScene(id) { scene in
      if let current = scene.state, current == .background || current == .unattached {
        log.report(
          .focusInactiveScene, .warning, session: id,
          "focus.update in scene \(id), which is \(current.rawValue); focus moves in a scene "
            + "on screen, usually because the user pressed a key in it",
          related: [scene.lastLifecycleSeq])
      }
      // A scene met mid-life had a focused item the trace never saw, until its first update.
      let known = !scene.startedMidLife || scene.focusSince != nil
      if known, from != scene.focus {
        let since: FindingMessage = scene.focusSince.map { " since seq \($0)" } ?? ""
        log.report(
          .focusContinuity, .error, session: id,
          """
          focus.update from \(Self.describe(from)), but the scene's focused item is \
          \(Self.describe(scene.focus))\(since); each move starts where the previous one ended
          """,
          related: [scene.focusSince ?? scene.connectedAt])
      }
    }
    let seq = log.seq
    withScene(id, in: &state, log: &log) {
      $0.focus = item
      $0.focusSince = seq
    }
  }

  private static func describe(_ item: String?) -> FindingMessage {
    item.map { "\"\($0)\"" } ?? "nothing"
  }
}
