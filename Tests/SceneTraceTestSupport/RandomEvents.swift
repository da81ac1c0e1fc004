import SceneTrace

// The values `RandomEvents+Payload.swift` (generated from the event table) draws each field from.

/// Random events of every type, with edge values in every field.
package struct RandomEvents {
  package var generator: SplitMix64
  /// When set, sessions and drags are named from this list, as a real app names them.
  package var identifiers: [String]?
  /// Whether enumerated values are sometimes spellings this version does not know.
  package var drawsUnknownValues = true

  private static let texts = [
    "", "A", "B", "scene-1", "\"quoted\"", "back\\slash", "line\nbreak", "tab\there", "\u{0}",
    "\u{1F}", "é", "e\u{301}", "日本語", "🎉", "👩‍👩‍👧", "\u{7F}", "\u{2028}", "/slash/",
    "restoration:A.txt", "session:A/draft", "{\"json\":[1]}", String(repeating: "x", count: 300),
  ]

  private static let doubles: [Double] = [
    0, -0.0, 1, -1, 0.1, 0.5, 1024, 768.5, -3.25, 1e15, 1e16, 123_456_789.123_456_78, 1e-7,
    Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude, -1e300,
    Double.leastNormalMagnitude, 0.3,
  ]

  package init(seed: UInt64, identifiers: [String]? = nil) {
    generator = SplitMix64(seed: seed)
    self.identifiers = identifiers
  }

  /// A session or drag name: from ``identifiers`` when set, any text otherwise.
  package mutating func identifier() -> String {
    identifiers?.randomElement(using: &generator) ?? text()
  }

  package mutating func bool() -> Bool { Bool.random(using: &generator) }

  package mutating func int() -> Int {
    switch Int.random(in: 0..<4, using: &generator) {
    case 0: [0, -1, 1, Int.max, Int.min].randomElement(using: &generator) ?? 0
    case 1: Int.random(in: -100...100, using: &generator)
    default: Int.random(in: Int.min...Int.max, using: &generator)
    }
  }

  /// A count, drawn as `int()` is and folded onto the values that are not negative (-1 is 0,
  /// `Int.min` is `Int.max`), so that every other draw of a seeded sequence stays as it was.
  package mutating func count() -> Int {
    let value = int()
    return value < 0 ? ~value : value
  }

  package mutating func double() -> Double {
    switch Int.random(in: 0..<4, using: &generator) {
    case 0: return Self.doubles.randomElement(using: &generator) ?? 0
    case 1: return Double(Int.random(in: -5000...5000, using: &generator)) / 8
    case 2: return Double.random(in: -1e6...1e6, using: &generator)
    default:
      // Any finite bit pattern.
      var value = Double(bitPattern: generator.next())
      while !value.isFinite { value = Double(bitPattern: generator.next()) }
      return value
    }
  }

  package mutating func text() -> String {
    if Int.random(in: 0..<5, using: &generator) == 0 {
      let scalars = (0..<Int.random(in: 0...8, using: &generator)).compactMap { _ in
        Unicode.Scalar(UInt32.random(in: 0...0x10FFFF, using: &generator))
      }
      return String(String.UnicodeScalarView(scalars))
    }
    return Self.texts.randomElement(using: &generator) ?? ""
  }

  package mutating func maybe<T>(_ make: (inout Self) -> T) -> T? {
    bool() ? make(&self) : nil
  }

  package mutating func session() -> SessionID { SessionID(identifier()) }
  package mutating func drag() -> DragID { DragID(identifier()) }
  package mutating func texts() -> [String] {
    (0..<Int.random(in: 0...4, using: &generator)).map { _ in text() }
  }
  package mutating func sessions() -> [SessionID] {
    (0..<Int.random(in: 0...4, using: &generator)).map { _ in session() }
  }

  /// A known value, or (one time in four) an unknown spelling.
  package mutating func value<Value: OpenEnumeration>(_ type: Value.Type = Value.self) -> Value {
    if drawsUnknownValues, Int.random(in: 0..<4, using: &generator) == 0 {
      return Value(rawValue: "future-" + text())
    }
    return Value.recognizedCases.randomElement(using: &generator) ?? Value(rawValue: "")
  }

  package mutating func modifiers() -> ModifierFlags {
    ModifierFlags((0..<Int.random(in: 0...4, using: &generator)).map { _ in value(Modifier.self) })
  }

  package mutating func rect() -> Rect {
    Rect(x: double(), y: double(), width: double(), height: double())
  }

  /// The event types of format 1.0, written with their own record tags; the later ones are
  /// extension records.
  package static let format10Types = Array(EventType.allCases.prefix(36))

  /// `count` events cycling through `types` (every type by default), at non-decreasing random
  /// times.
  package mutating func events(count: Int, of types: [EventType] = EventType.allCases) -> [Event] {
    var time: Int64 = 0
    return (0..<count).map { index in
      switch Int.random(in: 0..<4, using: &generator) {
      case 0: break
      case 1: time += Int64.random(in: 0...1_000_000_000, using: &generator)
      case 2: time += Int64.random(in: 0...1000, using: &generator)
      default: time += Int64.random(in: 0...(Int64.max - time) / 1000, using: &generator)
      }
      let type = types[index % types.count]
      return Event(seq: index + 1, time: TraceTime(nanoseconds: time), payload(type))
    }
  }
}
