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

  /// These columns, widened to fit the seqs, times and types of the events `indices` points to
  /// in `parts` too, whose parts are written there now if they were not.
  package func widened(toFit indices: Range<Int>, in parts: inout EventLineParts) -> EventText {
    var text = self
    for index in indices {
      let place = parts.place(of: index)
      text.widen(
        seqCount: place.seq.count, timeCount: place.time.count, typeCount: place.type.count)
    }
    return text
  }

  /// Widens the columns to one event's seq, time and type; a time's width is that of the text
  /// a line writes (`TraceTime.withSecondsText`), made on the stack. For a caller that widens
  /// them event by event, from the event's fields: a generic sequence of one event
  /// (unspecialized across the module) cost more than the event's line, and an event handed
  /// over is copied.
  package mutating func widen(seq: Int, time: TraceTime, type: EventType) {
    widen(
      seqCount: Self.decimalCount(seq), timeCount: time.withSecondsText(\.count),
      typeCount: type.rawValue.utf8.count)
  }

  private mutating func widen(seqCount: Int, timeCount: Int, typeCount: Int) {
    seqWidth = max(seqWidth, seqCount)
    timeWidth = max(timeWidth, timeCount)
    typeWidth = max(typeWidth, typeCount)
  }

  /// `    12  3.25  scene.didBecomeActive  session=B`, with `marker` before the seq.
  package func line(_ event: Event, marker: String = "  ") -> String {
    var text = JSONText(reservingCapacity: 128)
    appendLine(event, marker: marker, to: &text)
    return text.string
  }

  /// Appends ``line(_:marker:)`` to `text`.
  package func appendLine(_ event: Event, marker: String = "  ", to text: inout JSONText) {
    // Written as UTF-8 bytes: a report prints tens of thousands of lines, and string appends
    // and padding cost more than the event's fields.
    let start = text.byteCount
    appendColumns(marker: marker, seqCount: Self.decimalCount(event.seq), to: &text) {
      column, text in
      switch column {
      case .seq: text.appendInteger(event.seq)
      case .time: text.appendSeconds(event.time)
      case .type: text.appendRaw(event.type.rawValue)
      }
    }
    event.writeFields(to: &text)
    text.removeTrailingSpaces(after: start)
  }

  /// Appends the line of the event `index` points to in `parts`, as ``line(_:marker:)`` writes
  /// it, copied from its parts (written there now if they were not), after `lead` (an indent
  /// and the marker: `"  > "`) and with a newline after it.
  ///
  /// Written with one check of the text's room, each part copied and each column padded where
  /// the line stands: a report copies tens of thousands of lines, and an append of each of a
  /// line's twelve pieces cost 50 to 120 instructions (about 800 a line).
  package func appendLine(
    _ index: Int, in parts: inout EventLineParts, lead: StaticString, to text: inout JSONText
  ) {
    let place = parts.place(of: index)
    let leadCount = lead.utf8CodeUnitCount
    let seqPadding = Swift.max(seqWidth - place.seq.count, 0)
    let timePadding = Swift.max(timeWidth - place.time.count, 0) + 2
    let typePadding = Swift.max(typeWidth - place.type.count, 0) + 2
    let limit =
      leadCount + seqPadding + place.seq.count + 2 + place.time.count + timePadding
      + place.type.count + typePadding + place.fields.count + 1
    parts.text.withBytes { source in
      let source = source.baseAddress.unsafelyUnwrapped
      text.appendWriting(upTo: limit) { line in
        var end = line
        func copy(_ range: Range<Int>) {
          end.update(from: source + range.lowerBound, count: range.count)
          end += range.count
        }
        func pad(_ count: Int) {
          end.initialize(repeating: UInt8(ascii: " "), count: count)
          end += count
        }
        end.update(from: lead.utf8Start, count: leadCount)
        end += leadCount
        pad(seqPadding)
        copy(place.seq)
        pad(2)
        copy(place.time)
        pad(timePadding)
        copy(place.type)
        pad(typePadding)
        copy(place.fields)
        // No spaces at its end (an event without fields ends at its type).
        while end > line, end[-1] == UInt8(ascii: " ") { end -= 1 }
        end.pointee = UInt8(ascii: "\n")
        return end + 1 - line
      }
    }
  }

  /// A column of a line.
  private enum Column { case seq, time, type }

  /// Appends `marker`, then the seq (`seqCount` characters), the time and the type of a line,
  /// each written by `write` and padded to its column: seq, time and type are ASCII, so their
  /// widths are their byte counts.
  private func appendColumns(
    marker: String, seqCount: Int, to text: inout JSONText,
    _ write: (Column, inout JSONText) -> Void
  ) {
    text.appendRaw(marker)
    text.appendSpaces(seqWidth - seqCount)
    write(.seq, &text)
    text.appendSpaces(2)
    let time = text.byteCount
    write(.time, &text)
    text.appendSpaces(max(timeWidth - (text.byteCount - time), 0) + 2)
    let type = text.byteCount
    write(.type, &text)
    text.appendSpaces(max(typeWidth - (text.byteCount - type), 0) + 2)
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

/// The text of the lines of some events apart from their padding (each event's seq, time, type
/// and fields) written once, for lines that copy it: a report shows an event in the block of
/// every finding around it or related to it (in a mixed session, each event it shows more than
/// twice), each time padded to that block's columns.
package struct EventLineParts {
  /// Where one event's parts are in ``text``.
  fileprivate struct Place {
    let seq: Range<Int>
    let time: Range<Int>
    let type: Range<Int>
    let fields: Range<Int>
  }

  /// The events.
  fileprivate private(set) var events: [Event]
  /// The parts written so far, one event's after another's.
  fileprivate private(set) var text = JSONText(reservingCapacity: 1 << 14)
  /// Where the parts of each event are, once written.
  private var places: [Place?]

  /// Parts of the lines of `events`, each written when first asked for.
  package init(_ events: [Event] = []) {
    self.events = events
    places = Array(repeating: nil, count: events.count)
  }

  /// Parts of the lines of `events` from now on, none written yet, in the room the parts of
  /// the events before took: a report written batch after batch grows it once, where a new
  /// text for each batch grew from a few kilobytes to megabytes, zeroing and copying its room
  /// at each doubling.
  package mutating func reset(_ events: [Event]) {
    self.events = events
    text.removeAll()
    places.removeAll(keepingCapacity: true)
    places.append(contentsOf: repeatElement(nil, count: events.count))
  }

  /// Where the parts of `events[index]` are, written now if they were not.
  fileprivate mutating func place(of index: Int) -> Place {
    if let place = places[index] { return place }
    let seq = text.byteCount
    text.appendInteger(events[index].seq)
    let time = text.byteCount
    text.appendSeconds(events[index].time)
    let type = text.byteCount
    text.appendRaw(events[index].type.rawValue)
    let fields = text.byteCount
    events[index].writeFields(to: &text)
    let place = Place(
      seq: seq..<time, time: time..<type, type: type..<fields, fields: fields..<text.byteCount)
    places[index] = place
    return place
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
