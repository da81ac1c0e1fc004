// Drag and drop across scenes: drags by identifier, drops, and drags that open a new window
// (reference §7, R-DND-1, R-DND-2 and R-DND-4).

extension BuiltInReducer {
  /// How long after a drag ends a new session with its activity type still counts as opened by
  /// it: the order of the drag's end and the new scene's connection is not documented.
  static let dragToNewWindowGrace = TraceTime(seconds: 1)

  /// `drag.begin`: a new drag in the source scene.
  func dragBegin(
    _ drag: DragID, in id: SessionID, activityType: String?, state: inout TraceState,
    log: inout FindingLog
  ) {
    withScene(id, in: &state, log: &log) { _ in }
    if let existing = state.dragTable[drag], existing.phase == .active {
      log.report(
        .dragSequence, .error, session: id,
        "drag.begin for drag \(drag), which began at seq \(existing.began) and has not ended; "
          + "each drag session has its own identifier",
        related: [existing.began])
    }
    if let activityType {
      reportUndeclared(activityType, id, "starts a drag carrying the activity type", state, &log)
    }
    state.dragTable[drag] = DragState(source: id, began: log.seq, activityType: activityType)
  }

  /// `drag.end`: a drag ends once.
  func dragEnd(
    _ drag: DragID, operation: DropOperation?, state: inout TraceState, log: inout FindingLog
  ) {
    guard var record = state.dragTable[drag] else {
      log.report(
        .dragSequence, .error, session: nil,
        "drag.end for drag \(drag), which never began in this launch; the source scene's "
          + "drag.begin is missing")
      return
    }
    if record.phase == .ended {
      log.report(
        .dragSequence, .error, session: record.source,
        "drag.end for drag \(drag), which already ended at seq \(record.endedSeq ?? 0); a drag "
          + "session ends once",
        related: [record.began, record.endedSeq].compactMap(\.self))
      record.operation = operation
    } else {
      record.phase = .ended
      record.operation = operation
      record.endedSeq = log.seq
      record.endedAt = log.eventTime
    }
    state.dragTable[drag] = record
  }

  /// `drop.perform`: a drop of a live drag of this app is local; a drop of an unknown drag
  /// comes from another app and is not.
  func dropPerform(
    _ drag: DragID, in id: SessionID, local: Bool, state: inout TraceState,
    log: inout FindingLog
  ) {
    withScene(id, in: &state, log: &log) { _ in }
    reportNonInteractive(id, "receives a drop", state, &log)
    guard var record = state.dragTable[drag] else {
      if local {
        log.report(
          .dragSequence, .error, session: id,
          "drop.perform of drag \(drag) marked local, but no drag \(drag) began in this "
            + "launch; a local drop needs a live drag of this app")
      }
      return
    }
    if record.phase == .ended {
      log.report(
        .dragSequence, .error, session: id,
        "drop.perform of drag \(drag), which ended at seq \(record.endedSeq ?? 0); performDrop "
          + "comes before the drag session ends",
        related: [record.began, record.endedSeq].compactMap(\.self))
    } else if !local {
      log.report(
        .dragSequence, .error, session: id,
        "drop.perform of drag \(drag) marked not local, but it began in scene "
          + "\(record.source) of this app at seq \(record.began); a drag between two scenes "
          + "of one app is local",
        related: [record.began])
    }
    if let dropped = record.droppedSeq {
      log.report(
        .dragSequence, .error, session: id,
        "drop.perform of drag \(drag), already dropped at seq \(dropped); a drag is dropped "
          + "once",
        related: [dropped])
    }
    record.target = id
    record.droppedSeq = record.droppedSeq ?? log.seq
    state.dragTable[drag] = record
  }

  /// A new session configured or connected with `activityType`: if a drag carrying that type
  /// is in flight, or ended within `dragToNewWindowGrace` without a drop, it opened the
  /// session (the latest such drag, each drag opening one session).
  func linkDrag(toNewSession id: SessionID, _ activityType: String, in state: inout TraceState) {
    let latest = state.dragTable.latestDrag(
      opening: id, carrying: activityType, at: state.time, grace: Self.dragToNewWindowGrace)
    guard let latest else { return }
    state.dragTable[latest]?.newSession = id
  }

  /// Reports an activity type the launch does not declare in `NSUserActivityTypes`.
  func reportUndeclared(
    _ activityType: String, _ id: SessionID, _ what: String, _ state: TraceState,
    _ log: inout FindingLog
  ) {
    guard let declared = state.app.declaredActivityTypes, !declared.contains(activityType)
    else { return }
    let list = declared.isEmpty ? "none" : declared.joined(separator: ", ")
    log.report(
      .activityUndeclared, .warning, session: id,
      "scene \(id) \(what) \(activityType), which the launch does not declare in "
        + "NSUserActivityTypes (declared: \(list)); UIKit silently drops such activities",
      related: state.app.launchSeq.map { [$0] } ?? [])
  }
}
