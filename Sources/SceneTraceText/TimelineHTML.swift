import SceneTrace
import SceneTraceFile

/// A ``Timeline`` drawn as one self-contained HTML page that a browser opens without a
/// network: the timeline's data embedded as JSON in the page, drawn by an inline script on a
/// canvas that zooms (wheel, buttons) and pans (drag), with hover text and a details panel.
///
/// The data stays small whatever the trace's length: a lane's items of one kind (state spans,
/// key commands, findings, links…) are embedded one by one up to ``itemLimit``, and beyond
/// that as counts per ``buckets``th of the time drawn, so a 10^6-event trace makes a page of
/// a few hundred kilobytes that draws at once.
package struct TimelineHTML {
  /// How many slices of the time drawn the items of a dense kind are counted in.
  package static let buckets = 2_400
  /// How many items of one kind a lane holds one by one before they are counted per bucket.
  package static let itemLimit = 2_000
  /// How many findings the details panel can show in full (event, related events, state
  /// change); the rest show their message.
  package static let detailedFindings = 300

  let timeline: Timeline
  let window: TimelineText.Window
  let lanes: [Timeline.Lane]
  let showsAppRow: Bool
  let title: String?

  /// Prepares the page for `window` of `timeline`, showing the lanes of `sessions` (all the
  /// lanes with a scene in the window when nil), headed by `title` (such as the trace's path).
  package init(
    _ timeline: Timeline, window: TimelineText.Window, sessions: [SessionID]? = nil,
    title: String? = nil
  ) {
    self.timeline = timeline
    self.window = window
    self.title = title
    lanes = timeline.lanes(drawnIn: window, sessions: sessions)
    showsAppRow =
      sessions == nil
      && timeline.marks.contains { mark in
        guard mark.session == nil, window.seqs.contains(mark.seq) else { return false }
        switch mark.kind {
        case .finding, .appMark: return true
        default: return false
        }
      }
  }

  /// The findings drawn, in seq order: those in the window on a lane drawn.
  var drawnFindings: [(mark: Timeline.Mark, finding: Finding)] {
    let sessions = Set(lanes.map(\.session))
    return timeline.marks.compactMap { mark in
      guard case .finding(let finding) = mark.kind, window.seqs.contains(mark.seq) else {
        return nil
      }
      if let session = mark.session, !sessions.contains(session) { return nil }
      if mark.session == nil, !showsAppRow { return nil }
      return (mark, finding)
    }
  }

  /// The seqs of the findings whose details the page shows in full, for the caller to give
  /// the state change each one's event caused.
  package var detailedSeqs: Set<Int> {
    Set(drawnFindings.prefix(Self.detailedFindings).map(\.mark.seq))
  }

  /// The page. `events` holds the events of ``seqsShown`` that the trace has, in seq order, or
  /// the whole trace; `stateChanges` holds, by seq, the lines that say how the event at that
  /// seq changed the state (as `replay diff` prints them), for the seqs of ``detailedSeqs``.
  package func render(events: [Event], stateChanges: [Int: [String]]) -> String {
    var page = ""
    render(events: events, stateChanges: stateChanges) { page += $0 }
    return page
  }

  /// ``render(events:stateChanges:)`` handed to `write` a part at a time (the data in parts of
  /// about 64 KiB), for a page too long to hold whole: the page of 10^7 events was 188 MB, held
  /// four times over as it was made and written.
  package func render(
    events: [Event], stateChanges: [Int: [String]], write: @escaping (String) -> Void
  ) {
    var page = Self.head
    page += "<title>\(TimelineSVG.escaped(title.map { "\($0): timeline" } ?? "timeline"))"
    page += "</title>\n<style>\n\(Self.style)</style>\n</head>\n<body>\n"
    page += Self.body
    page += "<script type=\"application/json\" id=\"timeline-data\">"
    write(page)
    // Inside a script element, "<" never appears raw, so no "</script>" or "<!--" ends it early.
    var writer = JSONObjectWriter { write($0.replacingAll("<", with: "\\u003c")) }
    writeDocument(
      eventAt: { events.event(atSeq: $0) }, stateChanges: stateChanges, to: &writer)
    writer.finish()
    write("</script>\n<script>\n\(Self.script)</script>\n</body>\n</html>\n")
  }
}

extension String {
  /// The string with every `target` (an ASCII character) replaced by `replacement`, byte by
  /// byte: a page's data of tens of megabytes read character by character (each a grapheme
  /// cluster, found by the Unicode rules) took a fifth of `replay timeline -o OUT.html`.
  fileprivate func replacingAll(_ target: Unicode.Scalar, with replacement: StaticString) -> String
  {
    let byte = UInt8(ascii: target)
    guard utf8.contains(byte) else { return self }
    var result: [UInt8] = []
    result.reserveCapacity(utf8.count + 64)
    for next in utf8 {
      if next == byte {
        replacement.withUTF8Buffer { result.append(contentsOf: $0) }
      } else {
        result.append(next)
      }
    }
    return String(decoding: result, as: UTF8.self)
  }
}
