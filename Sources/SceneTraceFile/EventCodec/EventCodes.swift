import SceneTrace

// The numbers the `.sctrace` format gives to event types and to enumerated values. They are part
// of the format (see the "The .sctrace format" article) and never change: a new event type or
// value gets a new number in a new format version, and until then is written as its spelling.
// The tables (`EventCodes+Tables.swift`) come from the event table in `Sources/EventDescription`,
// not from `allCases` or `recognizedCases`, so that reordering a Swift declaration cannot change
// the files.

/// The record tags of an event frame.
enum EventTag {
  /// `0`: the next event's seq skips this many numbers (events not in the file).
  static let seqSkip: UInt64 = 0
  /// `64`: an event of a type added after format 1.0, with its length, so readers can skip it.
  static let extensionEvent: UInt64 = 64

  private static let tags: [EventType: UInt64] = Dictionary(
    uniqueKeysWithValues: types.enumerated().map { ($0.element, UInt64($0.offset + 1)) })

  /// The tag of `type`.
  static func tag(of type: EventType) -> UInt64 {
    tags[type] ?? extensionEvent
  }
}

/// The numbers of an enumerated value's recognized cases: case `values[n - 1]` is written as
/// `n`; `0` is followed by the value's spelling.
protocol EnumerationCodes {
  associatedtype Value: OpenEnumeration
  static var values: [Value] { get }
}

extension EnumerationCodes {
  /// The value's number, or 0 when it is written as its spelling.
  static func code(of value: Value) -> UInt64 {
    guard value.isRecognized, let index = values.firstIndex(of: value) else { return 0 }
    return UInt64(index + 1)
  }

  /// The value numbered `code`, nil for 0 or a number this version does not know.
  static func value(for code: UInt64) -> Value? {
    code >= 1 && code <= UInt64(values.count) ? values[Int(code - 1)] : nil
  }
}

/// Modifier flags: bit `n` of the modifier word is `bits[n]`; the word shifted right by 6 counts
/// the unrecognized modifiers that follow as strings. The bits are `ModifierFlags.recognizedBits`,
/// which the codec writes and reads as they are (a test holds the two orders equal).
enum ModifierBits {
  static let bits: [Modifier] = [.capsLock, .shift, .control, .option, .command, .numericPad]
}

/// Coordinates on the fixed grid of 1/256 point: a value v is on the grid when v × 256 is an
/// integer n with |n| ≤ 2^53 and v is not -0.0; it is then stored as n, otherwise as its raw
/// IEEE 754 bits.
enum CoordinateGrid {
  /// Grid steps per point.
  static let unitsPerPoint: Double = 256
  /// The largest |n| stored on the grid, so that n converts to a Double exactly.
  static let unitLimit: Int64 = 1 << 53

  /// The grid units of `value`, or nil when it is off the grid.
  static func units(of value: Double) -> Int64? {
    guard value.isFinite, !(value == 0 && value.sign == .minus) else { return nil }
    let scaled = value * unitsPerPoint
    guard scaled.isFinite, scaled.rounded(.towardZero) == scaled,
      scaled.magnitude <= Double(unitLimit)
    else { return nil }
    return Int64(scaled)
  }

  /// The grid units of a rectangle's x, y, width and height (each nil when off the grid).
  static func units(of rect: Rect?) -> [Int64?]? {
    rect.map { [$0.x, $0.y, $0.width, $0.height].map(units(of:)) }
  }

  /// The value of `units` grid steps.
  static func value(of units: Int64) -> Double {
    Double(units) / unitsPerPoint
  }
}
