import SceneTrace

/// Reads JSON Lines text into events, line by line.
///
/// Blank lines and `//` comment lines are skipped and do not count; every other line is an event
/// line, and takes the seq after the previous event line's (an unknown type or a line that cannot
/// be read, skipped leniently, still counts), so that in a file without `"seq"` members event line
/// N is seq N. A line's own `"seq"` (as `replay export` writes) is its seq when it comes after the
/// previous line's: the seqs it jumps over are absent from the file, and a seq that does not come
/// after the previous one is an error. A last line without a newline that ends before its JSON
/// does is reported as cut, not as an error.
///
/// The text may come in pieces (``read(_:isLast:)``), so that a long file is read a chunk at a
/// time; the line numbers, seqs and times go on from one piece to the next.
struct JSONLinesReader {
  /// A last line that ends before its JSON does: the file was cut while it was being written.
  struct CutLine {
    /// Its 1-based line number.
    var line: Int
    /// How many bytes of it the file holds (all dropped).
    var byteCount: Int
  }

  let path: String
  let options: ReadOptions
  /// The events read since ``takeEvents()`` last took them.
  private(set) var events: [Event] = []
  /// One warning per event skipped.
  private(set) var warnings: [String] = []
  /// The seq of each event skipped, ascending.
  private(set) var skippedSeqs: [Int] = []
  /// The seq the next event line takes unless it has its own.
  private var nextSeq = 1
  /// The seq the current line claimed with its `"seq"`, if it did.
  private var claimedSeq: Int?
  private var previousTime = TraceTime.zero
  private var previousTimeLine: Int?
  /// The number of the last line read.
  private var lineNumber = 0
  /// Whether nothing was read yet: the text may start with a byte order mark.
  private var isAtStart = true
  /// Which seqs to make events of, when not all: the lines of others are read for their seq and
  /// time only (see ``init(path:options:at:wanting:)``).
  private var wanted: ((Int) -> Bool)?
  /// The time of the last line skimmed, as text, and its line: made the previous time when a
  /// line read whole needs it.
  private var skimmedTime: (text: String, line: Int)?

  init(path: String, options: ReadOptions) {
    self.path = path
    self.options = options
  }

  /// What the reader carries from one line to the next: where a read of the text from a line
  /// on starts over, so that it gives the events, seqs, times and line numbers a read from the
  /// start gave them.
  struct Position: Sendable {
    fileprivate var nextSeq = 1
    fileprivate var previousTime = TraceTime.zero
    fileprivate var previousTimeLine: Int?
    fileprivate var lineNumber = 0
    fileprivate var isAtStart = true
  }

  /// Where the reader is: before the first line it has not read.
  var position: Position {
    Position(
      nextSeq: nextSeq, previousTime: previousTime, previousTimeLine: previousTimeLine,
      lineNumber: lineNumber, isAtStart: isAtStart)
  }

  /// A reader of the text from `position` on, as the reader that was there would read it, that
  /// makes events only of the seqs `wanted` is true of: unless `options` are lenient, the other
  /// lines are read for their seq and time, which the lines after them may take, and their
  /// other members are skipped.
  init(
    path: String, options: ReadOptions, at position: Position,
    wanting wanted: @escaping (Int) -> Bool
  ) {
    self.init(path: path, options: options)
    self.wanted = wanted
    nextSeq = position.nextSeq
    previousTime = position.previousTime
    previousTimeLine = position.previousTimeLine
    lineNumber = position.lineNumber
    isAtStart = position.isAtStart
  }

  /// Reads the complete lines of `bytes` (those that end in a newline) and, when `isLast`, the
  /// rest as the last line. Returns how many bytes it read: the start of a line that goes on
  /// past them is not read, and is to be given again with the bytes that follow it. At the end,
  /// returns the last line if it was cut. Line numbers go on from one call to the next.
  mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, isLast: Bool) throws(TraceError)
    -> (byteCount: Int, cut: CutLine?)
  {
    var lineStart = 0
    if isAtStart {
      // A byte order mark is only looked for once three bytes (or all there are) have come.
      guard bytes.count >= 3 || isLast else { return (0, nil) }
      if Self.hasByteOrderMark(bytes) { lineStart = 3 }
      isAtStart = false
    }
    while lineStart < bytes.count {
      let newline = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n"))
      guard newline != nil || isLast else { return (lineStart, nil) }
      lineNumber += 1
      let lineEnd = newline ?? bytes.count
      defer { lineStart = lineEnd + 1 }
      guard Self.holdsEvent(bytes, lineStart..<lineEnd) else { continue }
      claimedSeq = nil
      do throws(TraceError) {
        // A line takes the next seq unless it claims a later one: when the next is not wanted,
        // the line is read for its seq and time alone, and whole if it claims a wanted seq or
        // the quick read cannot tell (a key with an escape). Not leniently: a line skipped as
        // unreadable may have taken neither.
        if !options.lenient, let wanted, !wanted(nextSeq) {
          var parser = JSONParser(bytes: bytes, range: lineStart..<lineEnd)
          let text = { (range: Range<Int>) in
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
          }
          if let (seq, time) = parser.numberMembers("seq", "t"),
            try skim(
              seq: seq.map { .number(text($0)) }, time: time.map(text), line: lineNumber,
              wanted: wanted)
          {
            continue
          }
        }
        var parser = JSONParser(bytes: bytes, range: lineStart..<lineEnd)
        let value: JSONValue
        do throws(JSONSyntaxError) {
          value = try parser.parseDocument(keeping: Self.keptKeys)
        } catch {
          if newline == nil, error.isAtEnd {
            return (bytes.count, CutLine(line: lineNumber, byteCount: lineEnd - lineStart))
          }
          throw TraceError(
            code: .invalidJSON,
            message: "invalid JSON at column \(error.offset - lineStart + 1): \(error.message)",
            path: path, line: lineNumber)
        }
        try readEvent(value, line: lineNumber)
      } catch {
        guard options.lenient else { throw error }
        // Leniently, a line that cannot be read is skipped like an event of an unknown type:
        // it keeps its seq, and the read reports it as lost.
        let seq = claimedSeq ?? takeSeq()
        warnings.append(
          "line \(lineNumber): skipped a line that cannot be read (\(error.message)); it keeps "
            + "seq \(seq)")
        skippedSeqs.append(seq)
      }
    }
    return (bytes.count, nil)
  }

  /// The events read since the last call, which the reader no longer holds.
  mutating func takeEvents() -> [Event] {
    defer { events = [] }
    return events
  }

  /// The event types by their wire names: `EventType(rawValue:)` compares a name with each
  /// type's in turn, about 770 instructions a line of the mixed session.
  private static let eventTypes = [String: EventType](
    uniqueKeysWithValues: EventType.allCases.map { ($0.rawValue, $0) })

  /// The members of an event line that are read: the fields of the event types, its type, its
  /// time and its seq. Any other member is checked as JSON and dropped unread.
  private static let keptKeys = JSONKeySet(Event.Payload.fieldKeys.union(["type", "t", "seq"]))

  /// Reads an event line of a seq not `wanted` for its seq (`"seq"`) and the text of its time
  /// (`"t"`, a number), and returns true; returns false, having read nothing, when it claims a
  /// seq that is wanted. Its time is made a ``TraceTime`` only when a line after it needs it.
  private mutating func skim(
    seq: JSONValue?, time: String?, line: Int, wanted: (Int) -> Bool
  ) throws(TraceError) -> Bool {
    let (seqBefore, claimedBefore) = (nextSeq, claimedSeq)
    try claimSeq(seq, line: line)
    if let claimed = claimedSeq, wanted(claimed) {
      (nextSeq, claimedSeq) = (seqBefore, claimedBefore)
      return false
    }
    if claimedSeq == nil { nextSeq += 1 }
    if let time { skimmedTime = (time, line) }
    return true
  }

  /// Makes the time of the last line ``skim(seq:time:line:wanted:)`` read the previous time.
  private mutating func settleSkimmedTime() throws(TraceError) {
    guard let (text, line) = skimmedTime else { return }
    skimmedTime = nil
    advanceTime(to: try time(.number(text), line: line), line: line)
  }

  /// Whether the line is neither blank nor a `//` comment.
  private static func holdsEvent(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
    guard
      let first = bytes[range].firstIndex(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D })
    else { return false }
    let isComment =
      bytes[first] == UInt8(ascii: "/") && first + 1 < range.upperBound
      && bytes[first + 1] == UInt8(ascii: "/")
    return !isComment
  }

  private static func hasByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
  }

  // MARK: Events

  /// Reads one event line's JSON value.
  private mutating func readEvent(_ value: JSONValue, line: Int) throws(TraceError) {
    try settleSkimmedTime()
    guard case .object(let object) = value else {
      throw TraceError(
        code: .invalidJSON,
        message: "expected one JSON object on the line, found \(value.kindDescription)",
        path: path, line: line)
    }
    let name = try typeName(object, line: line)
    try claimSeq(object["seq"], line: line)
    guard let type = Self.eventTypes[name] else {
      guard options.lenient else { throw unknownType(name, line: line) }
      advanceTime(to: try time(object["t"], line: line), line: line)
      let seq = claimedSeq ?? takeSeq()
      warnings.append(
        "line \(line): skipped an event of unknown type \"\(name.abbreviated())\" "
          + "(it keeps seq \(seq))")
      skippedSeqs.append(seq)
      return
    }
    let time = try time(object["t"], line: line)
    let fields = EventFields(object: object, typeName: name, path: path, line: line)
    let payload = try Event.Payload(type: type, fields: fields)
    events.append(Event(seq: claimedSeq ?? takeSeq(), time: time, payload))
    advanceTime(to: time, line: line)
  }

  // MARK: Seq

  /// The seq after the previous event line's, for a line without its own.
  private mutating func takeSeq() -> Int {
    defer { nextSeq += 1 }
    return nextSeq
  }

  /// Takes the line's own `"seq"`, when it has one, as its seq: the seqs between the previous
  /// event line's and it are absent from the file (the loaded trace's loss says so).
  private mutating func claimSeq(_ value: JSONValue?, line: Int) throws(TraceError) {
    let text: String
    switch value {
    case nil, .null?: return
    case .number(let number)?: text = number
    case let other?:
      throw TraceError(
        code: .invalidValue,
        message: "expected a seq (a whole number), found \(other.kindDescription)",
        path: path, line: line, field: "seq")
    }
    guard let seq = Int(text), seq >= 1, seq < Int.max else {
      throw TraceError(
        code: .invalidValue,
        message: "expected a seq, a whole number from 1 to \(Int.max - 1), found \(text)",
        path: path, line: line, field: "seq")
    }
    guard seq >= nextSeq else {
      throw TraceError(
        code: .invalidValue,
        message:
          "seq \(seq) does not come after seq \(nextSeq - 1), the previous event line's; event "
          + "lines must be in seq order",
        path: path, line: line, field: "seq")
    }
    nextSeq = seq + 1
    claimedSeq = seq
  }

  private func typeName(_ object: JSONObject, line: Int) throws(TraceError) -> String {
    switch object["type"] {
    case .string(let name)?:
      return name
    case nil, .null?:
      throw TraceError(
        code: .missingField,
        message: "absent or null, but every event needs one, such as \"scene.didBecomeActive\"",
        path: path, line: line, field: "type")
    case let other?:
      throw TraceError(
        code: .invalidValue, message: "expected a string, found \(other.kindDescription)",
        path: path, line: line, field: "type")
    }
  }

  private func unknownType(_ name: String, line: Int) -> TraceError {
    var message = "unknown event type \"\(name.abbreviated())\""
    if let closest = EventType.closest(to: name) {
      message += " (did you mean \"\(closest.rawValue)\"?)"
    }
    message +=
      "; if the trace comes from a newer recorder, read it with --lenient, which skips such "
      + "events with a warning"
    return TraceError(
      code: .unknownEventType, message: message, path: path, line: line, field: "type")
  }

  // MARK: Time

  /// The event's time: `"t"` in seconds, exact to the nanosecond, or the previous event's.
  private func time(_ value: JSONValue?, line: Int) throws(TraceError) -> TraceTime {
    let text: String
    switch value {
    case nil, .null?: return previousTime
    case .number(let number)?: text = number
    case let other?:
      throw invalidTime("expected a number of seconds, found \(other.kindDescription)", line)
    }
    let time: TraceTime
    do {
      time = try TraceTime(secondsText: text)
    } catch {
      throw invalidTime(error.message, line)
    }
    if time < previousTime {
      let previous = previousTimeLine.map { " (line \($0))" } ?? ""
      throw TraceError(
        code: .timeWentBackwards,
        message:
          "time went backwards: \(time) s is earlier than \(previousTime) s, the time of the "
          + "previous event\(previous); events must be in time order",
        path: path, line: line, field: "t")
    }
    return time
  }

  private mutating func advanceTime(to time: TraceTime, line: Int) {
    previousTime = time
    previousTimeLine = line
  }

  private func invalidTime(_ message: String, _ line: Int) -> TraceError {
    TraceError(code: .invalidValue, message: message, path: path, line: line, field: "t")
  }
}
