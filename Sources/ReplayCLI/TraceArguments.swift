import SceneTrace
import SceneTraceFile
import SceneTraceText

/// Checking the arguments that name parts of a trace against the trace itself, so that a typo
/// is an error listing what exists rather than an empty answer.
///
/// Seqs: a positive number is that seq; a negative number counts from the end, `-1` being the
/// last event (`--at -1`, `--from -10`); `0` is before the first event.
enum TraceArguments {
  /// The seq that `value`, given as `option`, names in a trace whose last event is `lastSeq`:
  /// an error when it is past the end or counts back past the start.
  static func seq(_ value: Int, option: String, lastSeq: Int, path: String) throws -> Int {
    if value > lastSeq {
      throw UsageError(
        "\(option) \(value) is past the end of \(path), whose last event is seq \(lastSeq)")
    }
    guard value < 0 else { return value }
    let seq = lastSeq + 1 + value
    guard seq >= 1 else {
      throw UsageError(
        "\(option) \(value) counts back past the first event of \(path), whose events are seq "
          + "1 to \(lastSeq) (-1 is the last event, -\(lastSeq) the first)")
    }
    return seq
  }

  /// The seq of the event a `--from` (`isEnd` false) or `--to` (`isEnd` true) value names
  /// among `events` (a whole trace's, in seq order): a seq as ``seq(_:option:lastSeq:path:)``
  /// reads it, or a time in seconds ending in `s` (`2.5s`): from the first event at or after
  /// it, to the last event at or before it.
  static func bound(
    _ value: String, option: String, isEnd: Bool, in events: SeqTimes, path: String
  ) throws -> Int {
    let lastSeq = events.last?.seq ?? 0
    if let seq = Int(value) {
      return try self.seq(seq, option: option, lastSeq: lastSeq, path: path)
    }
    guard value.hasSuffix("s"), let time = Self.time(String(value.dropLast())) else {
      throw UsageError(
        "\(option) \(value) is neither a seq (such as 120, or -10 for the tenth from the end) "
          + "nor a time in seconds ending in s (such as 2.5s)")
    }
    let first = events.first?.time ?? .zero
    let last = events.last?.time ?? .zero
    let found =
      isEnd
      ? events.indices.last { events.time(at: $0) <= time }
      : events.indices.first { events.time(at: $0) >= time }
    guard let found else {
      throw UsageError(
        "\(option) \(value) is \(isEnd ? "before the first" : "after the last") event of "
          + "\(path), whose events are from \(first) s to \(last) s")
    }
    return events.seq(at: found)
  }

  /// `2.5` read as seconds, digit by digit (at most nanoseconds), or nil.
  private static func time(_ text: String) -> TraceTime? {
    let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let digits: (Substring) -> Bool = { $0.allSatisfy { $0.isASCII && $0.isNumber } }
    guard let whole = parts.first, !whole.isEmpty, digits(whole), whole.count <= 9,
      let seconds = Int64(whole)
    else { return nil }
    var nanoseconds = seconds * 1_000_000_000
    if parts.count == 2 {
      let fraction = parts[1]
      guard !fraction.isEmpty, fraction.count <= 9, digits(fraction),
        let value = Int64(fraction + String(repeating: "0", count: 9 - fraction.count))
      else { return nil }
      nanoseconds += value
    }
    return TraceTime(nanoseconds: nanoseconds)
  }

  /// Throws unless `sessions`, those a trace's events name, hold `session`, listing them.
  static func checkSession(_ session: String, among sessions: Set<SessionID>, path: String)
    throws
  {
    guard !sessions.contains(SessionID(session)) else { return }
    let names = sessions.naturallySorted().map(\.rawValue)
    throw UsageError(
      "no session \(session) in \(path); sessions: "
        + (names.isEmpty ? "none" : names.listed()))
  }

  /// Throws unless some type of `present`, those a trace's events have, starts with `prefix`,
  /// listing them.
  static func checkTypePrefix(_ prefix: String, among present: Set<EventType>, path: String)
    throws
  {
    guard !present.contains(where: { $0.rawValue.hasPrefix(prefix) }) else { return }
    let names = EventType.allCases.filter(present.contains).map(\.rawValue)
    let known = EventType.allCases.contains { $0.rawValue.hasPrefix(prefix) }
    throw UsageError(
      (known
        ? "no event in \(path) has a type starting with \(prefix)"
        : "no event type starts with \(prefix)") + "; types in \(path): \(names.listed())")
  }
}
