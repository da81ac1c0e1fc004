import SceneTrace
import SceneTraceFile

/// Events as one readable line each: seq, time, type, then the fields as `name=value`.
package struct EventText {
  /// The width of the widest seq, so that columns line up.
  package private(set) var seqWidth: Int
  /// The width of the time column.
  package private(set) var timeWidth: Int
  /// The width of the type column.
  package private(set) var typeWidth: Int

  /// Columns wide enough for seqs up to `lastSeq`, and widths for the time and the type that
  /// most events fit; widen them (``widened(toFit:)``) to the events a block shows.
  package init(lastSeq: Int) {
    seqWidth = String(max(lastSeq, 1)).count
    timeWidth = 10
    typeWidth = 28
  }

  /// Columns exactly as wide as the widest seq, time and type of `events`.
  package init(columnsFor events: some Sequence<Event>) {
    seqWidth = 1
    timeWidth = 1
    typeWidth = 1
    widen(toFit: events)
  }

  /// Widens the columns to fit the seqs, times and types of `events` too.
  package mutating func widen(toFit events: some Sequence<Event>) {
    for event in events { widen(seq: event.seq, time: event.time, type: event.type) }
  }

  /// These columns, widened to fit the seqs, times and types of `events` too: the lines of one
  /// block of a report line up, whatever the trace's times (`12.342672256` takes 12
  /// characters) and types.
  package func widened(toFit events: ArraySlice<Event>) -> EventText {
    var text = self
    // Read where the events are stored (a report widens each finding's block): a loop over the
    // slice hands out a copy of each event, its strings retained and released.
    for index in events.indices {
      text.widen(seq: events[index].seq, time: events[index].time, type: events[index].type)
    }
    return text
  }

  /// Widens the columns to one event's seq, time and type; a time's width is that of the text
  /// a line writes (`TraceTime.withSecondsText`), made on the stack.
  private mutating func widen(seq: Int, time: TraceTime, type: EventType) {
    seqWidth = max(seqWidth, Self.decimalCount(seq))
    timeWidth = max(timeWidth, time.withSecondsText(\.count))
    typeWidth = max(typeWidth, type.rawValue.utf8.count)
  }

  /// `    12  3.25  scene.didBecomeActive  session=B`, with `marker` before the seq.
  package func line(_ event: Event, marker: String = "  ") -> String {
    var text = JSONText(reservingCapacity: 128)
    appendLine(event, marker: marker, to: &text)
    return text.string
  }

  /// Appends ``line(_:marker:)`` to `text`.
  package func appendLine(_ event: Event, marker: String = "  ", to text: inout JSONText) {
    let start = text.byteCount
    appendColumns(of: event, marker: marker, to: &text)
    event.writeFields(to: &text)
    text.removeTrailingSpaces(after: start)
  }

  /// Appends ``line(_:marker:)`` to `text`, the event's fields copied from bytes `range` of
  /// `fields`, where `Event.writeFields(to:)` wrote them before: a report shows an event in
  /// the block of every finding around it or related to it.
  package func appendLine(
    _ event: Event, fieldsIn fields: borrowing JSONText, range: Range<Int>,
    marker: String = "  ", to text: inout JSONText
  ) {
    let start = text.byteCount
    appendColumns(of: event, marker: marker, to: &text)
    text.append(fields, range: range)
    text.removeTrailingSpaces(after: start)
  }

  /// Appends the marker, the seq, the time and the type of `event`'s line, each padded to its
  /// column.
  private func appendColumns(of event: Event, marker: String, to text: inout JSONText) {
    // Written as UTF-8 bytes: a report prints tens of thousands of lines, and string appends
    // and padding cost more than the event's fields. The seq, time and type are ASCII, so their
    // widths are their byte counts.
    text.appendRaw(marker)
    text.appendSpaces(seqWidth - Self.decimalCount(event.seq))
    text.appendInteger(event.seq)
    text.appendSpaces(2)
    let time = text.byteCount
    text.appendSeconds(event.time)
    text.appendSpaces(max(timeWidth - (text.byteCount - time), 0) + 2)
    let type = event.type.rawValue
    text.appendRaw(type)
    text.appendSpaces(max(typeWidth - type.utf8.count, 0) + 2)
  }

  /// `scene.didBecomeActive session=B`: what the event says, without its seq and time, so that
  /// it reads the same wherever the event stands in a trace.
  package static func summary(of event: Event) -> String {
    let fields = fields(of: event)
    return fields.isEmpty ? event.type.rawValue : "\(event.type.rawValue) \(fields)"
  }

  /// The event's fields as `name=value`, in the order of the export form.
  package static func fields(of event: Event) -> String {
    var text = JSONText(reservingCapacity: 64)
    event.writeFields(to: &text)
    return text.string
  }

  /// How many characters `value` takes in decimal, with its sign.
  private static func decimalCount(_ value: Int) -> Int {
    var count = value < 0 ? 2 : 1
    var rest = value.magnitude
    while rest >= 10 {
      rest /= 10
      count += 1
    }
    return count
  }
}

extension String {
  /// The string with spaces before it, `width` characters at least.
  package func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }

  /// The string with spaces after it, `width` characters at least.
  package func rightPadded(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
