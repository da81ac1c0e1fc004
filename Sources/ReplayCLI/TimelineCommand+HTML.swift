import SceneTrace
import SceneTraceFile
import SceneTraceText

extension TimelineCommand {
  /// The HTML page of `window` of `timeline`, the timeline of `trace`, with the state change
  /// of each finding's event that the page details, as `replay diff` prints it.
  static func page(
    trace: LoadedTrace, timeline: Timeline, window: TimelineText.Window,
    sessions: [SessionID]?
  ) -> String {
    let page = TimelineHTML(timeline, window: window, sessions: sessions, title: trace.path)
    let wanted = page.detailedSeqs
    var changes: [Int: [String]] = [:]
    var replay = Replay()
    if let last = wanted.max() {
      for event in trace.events {
        guard event.seq <= last else { break }
        guard wanted.contains(event.seq) else {
          replay.apply(event)
          continue
        }
        let before = replay.state.comparableJSON
        replay.apply(event)
        changes[event.seq] = ChangeText.render(before.changes(to: replay.state.comparableJSON))
      }
    }
    return page.render(events: trace.events, stateChanges: changes)
  }
}
