import SceneTrace
import SceneTraceFile
import SceneTraceText

extension TimelineCommand {
  /// The HTML page of `window` of `timeline`, the timeline of the trace of `files` (named
  /// `title`), with the state change of each finding's event that the page details, as
  /// `replay diff` prints it. The trace is read again, as far as the last event the page
  /// shows or details: the events the page shows are kept, and the state is replayed to tell
  /// each detailed event's change.
  static func page(
    of files: [String], reading options: ReadOptions, titled title: String, timeline: Timeline,
    window: TimelineText.Window, sessions: [SessionID]?
  ) throws(TraceError) -> String {
    let page = TimelineHTML(timeline, window: window, sessions: sessions, title: title)
    let (detailed, shown) = (page.detailedSeqs, page.seqsShown)
    let lastDetailed = detailed.max() ?? 0
    let last = max(lastDetailed, shown.max() ?? 0)
    var events: [Event] = []
    var changes: [Int: [String]] = [:]
    var replay = Replay()
    if last > 0 {
      _ = try TraceFile.stream(joining: files, options: options) { batch in
        for event in batch {
          guard event.seq <= last else { return false }
          if shown.contains(event.seq) { events.append(event) }
          guard event.seq <= lastDetailed else { continue }
          guard detailed.contains(event.seq) else {
            replay.apply(event)
            continue
          }
          let before = replay.state.comparableJSON
          replay.apply(event)
          changes[event.seq] = ChangeText.render(before.changes(to: replay.state.comparableJSON))
        }
        return true
      }
    }
    return page.render(events: events, stateChanges: changes)
  }
}
