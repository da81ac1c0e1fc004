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

  /// Columns wide enough for seqs up to `lastSeq`, and fixed widths for the time and the type.
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
    var seq = 1
    for event in events {
      seq = max(seq, event.seq)
      timeWidth = max(timeWidth, event.time.description.count)
      typeWidth = max(typeWidth, event.type.rawValue.count)
    }
    seqWidth = max(seqWidth, String(seq).count)
  }

  /// `    12  3.25  scene.didBecomeActive  session=B`, with `marker` before the seq.
  package func line(_ event: Event, marker: String = "  ") -> String {
    // Built as UTF-8 bytes and made a string once: a report prints tens of thousands of lines,
    // and string appends and `String(repeating:count:)` padding cost more than the event's
    // fields. The seq, time and type are ASCII, so their widths are their byte counts.
    var line: [UInt8] = []
    line.reserveCapacity(96)
    line.append(contentsOf: marker.utf8)
    let seq = String(event.seq)
    Self.appendSpaces(seqWidth - seq.utf8.count, to: &line)
    line.append(contentsOf: seq.utf8)
    Self.appendSpaces(2, to: &line)
    let time = event.time.description
    line.append(contentsOf: time.utf8)
    Self.appendSpaces(max(timeWidth - time.utf8.count, 0) + 2, to: &line)
    let type = event.type.rawValue
    line.append(contentsOf: type.utf8)
    Self.appendSpaces(max(typeWidth - type.utf8.count, 0) + 2, to: &line)
    Self.appendFields(of: event, to: &line)
    while line.last == UInt8(ascii: " ") { line.removeLast() }
    return String(decoding: line, as: UTF8.self)
  }

  /// `scene.didBecomeActive session=B`: what the event says, without its seq and time, so that
  /// it reads the same wherever the event stands in a trace.
  package static func summary(of event: Event) -> String {
    let fields = fields(of: event)
    return fields.isEmpty ? event.type.rawValue : "\(event.type.rawValue) \(fields)"
  }

  /// The event's fields as `name=value`, in the order of the export form.
  package static func fields(of event: Event) -> String {
    var text: [UInt8] = []
    appendFields(of: event, to: &text)
    return String(decoding: text, as: UTF8.self)
  }

  /// Appends ``fields(of:)`` to `text`, as UTF-8.
  private static func appendFields(of event: Event, to text: inout [UInt8]) {
    let fields = event.jsonFields
    for (index, key) in fields.keys.enumerated() {
      if index > 0 { text.append(UInt8(ascii: " ")) }
      text.append(contentsOf: key.utf8)
      text.append(UInt8(ascii: "="))
      text.append(contentsOf: Self.text(of: fields.values[index]).utf8)
    }
  }

  /// Appends `count` spaces (none when it is not positive).
  private static func appendSpaces(_ count: Int, to text: inout [UInt8]) {
    guard count > 0 else { return }
    text.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
  }

  /// A field value: bare when it is a simple word, JSON otherwise.
  private static func text(of value: JSONValue) -> String {
    if case .string(let string) = value, string.isBareWord { return string }
    return value.serialized()
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

  /// Whether the string reads unambiguously without quotes: letters, digits and `-_.:/@#+`.
  fileprivate var isBareWord: Bool {
    guard !isEmpty else { return false }
    // Nearly every value in a trace is ASCII: its bytes are checked one by one, without looking
    // up each scalar's Unicode properties (a report prints tens of thousands of such lines).
    var isASCII = true
    for byte in utf8 {
      guard byte < 0x80 else {
        isASCII = false
        break
      }
      guard byte.isBareWordASCII else { return false }
    }
    return isASCII
      || unicodeScalars.allSatisfy {
        $0.properties.isAlphabetic || $0.properties.numericType != nil
          || "-_.:/@#+".unicodeScalars.contains($0)
      }
  }
}

extension UInt8 {
  /// Whether this ASCII byte is a letter, a digit or one of `-_.:/@#+`: the ASCII scalars
  /// `isBareWord` accepts.
  fileprivate var isBareWordASCII: Bool {
    switch self {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"),
      UInt8(ascii: "/"), UInt8(ascii: "@"), UInt8(ascii: "#"), UInt8(ascii: "+"):
      true
    default: false
    }
  }
}
