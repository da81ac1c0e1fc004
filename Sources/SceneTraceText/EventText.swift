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
    let seq = String(event.seq).leftPadded(to: seqWidth)
    let time = event.time.description.rightPadded(to: timeWidth)
    let type = event.type.rawValue.rightPadded(to: typeWidth)
    return "\(marker)\(seq)  \(time)  \(type)  \(Self.fields(of: event))"
      .trimmingTrailingSpaces()
  }

  /// `scene.didBecomeActive session=B`: what the event says, without its seq and time, so that
  /// it reads the same wherever the event stands in a trace.
  package static func summary(of event: Event) -> String {
    let fields = fields(of: event)
    return fields.isEmpty ? event.type.rawValue : "\(event.type.rawValue) \(fields)"
  }

  /// The event's fields as `name=value`, in the order of the export form.
  package static func fields(of event: Event) -> String {
    guard case .object(let object) = event.json else { return "" }
    return object.pairs
      .filter { !["seq", "t", "type"].contains($0.key) }
      .map { "\($0.key)=\(Self.text(of: $0.value))" }
      .joined(separator: " ")
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

  /// The string without spaces at its end.
  package func trimmingTrailingSpaces() -> String {
    var result = self
    while result.last == " " { result.removeLast() }
    return result
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
