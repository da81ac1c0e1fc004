import SceneTrace
import SceneTraceFile
import SceneTraceText

extension TimelineCommand {
  /// Hands `write`, a part at a time, the HTML page of `window` of `timeline`, the timeline of
  /// the trace `streamed` read, with the state change of each finding's event that the page
  /// details, as `replay diff` prints it. The trace is read again as far as the last event
  /// detailed, replaying the state and keeping the events shown; the events shown after it are
  /// read where the file's index finds them (only the frames or lines that hold them), not from
  /// the start again.
  static func page(
    of streamed: StreamedTrace, reading options: ReadOptions, timeline: Timeline,
    window: TimelineText.Window, sessions: [SessionID]?, write: @escaping (String) -> Void
  ) throws(TraceError) {
    let page = TimelineHTML(timeline, window: window, sessions: sessions, title: streamed.path)
    let (detailed, shown) = (page.detailedSeqs, page.seqsShown)
    let lastDetailed = detailed.max() ?? 0
    var events: [Event] = []
    var changes: [Int: [String]] = [:]
    if lastDetailed > 0 {
      // Only the states are compared: the findings are counted, and let go batch by batch (a
      // page of the end of 10^7 mixed events kept 422,000 findings with their messages).
      var replay = Replay(reducer: TraceReducer().countingFindings)
      replay.noteEveryChange()
      _ = try TraceFile.stream(joining: streamed.files, options: options) { batch in
        defer { _ = replay.takeFindings() }
        for event in batch {
          guard event.seq <= lastDetailed else { return false }
          if shown.contains(event.seq) { events.append(event) }
          guard detailed.contains(event.seq) else {
            replay.apply(event)
            continue
          }
          changes[event.seq] = ChangeText.render(replay.applyTellingChanges(event))
        }
        return true
      }
    }
    let later = shown.filter { $0 > lastDetailed }.sorted().map { $0...$0 }
    events += try TraceFile.events(inSeqs: later, of: streamed, options: options)
    page.render(events: events, stateChanges: changes, write: write)
  }
}
