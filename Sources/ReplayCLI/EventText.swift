import SceneTrace
import SceneTraceFile

/// Events as one readable line each: seq, time, type, then the fields as `name=value`.
struct EventText {
  /// The width of the widest seq, so that columns line up.
  let seqWidth: Int

  init(lastSeq: Int) {
    seqWidth = String(max(lastSeq, 1)).count
  }

  /// `    12  3.25  scene.didBecomeActive  session=B`, with `marker` before the seq.
  func line(_ event: Event, marker: String = "  ") -> String {
    let seq = String(event.seq).leftPadded(to: seqWidth)
    let time = event.time.description.rightPadded(to: 10)
    let type = event.type.rawValue.rightPadded(to: 28)
    return "\(marker)\(seq)  \(time)  \(type)  \(fields(of: event))"
      .trimmingTrailingSpaces()
  }

  /// The event's fields as `name=value`, in the order of the export form.
  func fields(of event: Event) -> String {
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
  func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }

  func rightPadded(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }

  func trimmingTrailingSpaces() -> String {
    var result = self
    while result.last == " " { result.removeLast() }
    return result
  }

  /// Whether the string reads unambiguously without quotes.
  fileprivate var isBareWord: Bool {
    !isEmpty
      && unicodeScalars.allSatisfy {
        $0.properties.isAlphabetic || $0.properties.numericType != nil
          || "-_.:/@#+".unicodeScalars.contains($0)
      }
  }
}
