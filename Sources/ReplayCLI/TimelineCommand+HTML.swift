import SceneTrace
import SceneTraceFile
import SceneTraceText

extension TimelineCommand {
  /// The HTML page of `window` of `timeline`, the timeline of the trace `streamed` read, with
  /// the state change of each finding's event that the page details, as `replay diff` prints
  /// it. The events the page shows are read again (only the frames or lines that hold them,
  /// where the file's index finds them), and the state replayed as far as the last event
  /// detailed.
  static func page(
    of streamed: StreamedTrace, reading options: ReadOptions, timeline: Timeline,
    window: TimelineText.Window, sessions: [SessionID]?
  ) throws(TraceError) -> String {
    let page = TimelineHTML(timeline, window: window, sessions: sessions, title: streamed.path)
    let (detailed, shown) = (page.detailedSeqs, page.seqsShown)
    let events = try TraceFile.events(
      inSeqs: shown.sorted().map { $0...$0 }, of: streamed, options: options)
    var changes: [Int: [String]] = [:]
    if let last = detailed.max() {
      var replay = Replay()
      _ = try TraceFile.stream(joining: streamed.files, options: options) { batch in
        for event in batch {
          guard event.seq <= last else { return false }
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
