/// A finding's message as the rules write it: a string literal with interpolations, or pieces
/// of one joined by `+`, whose text is the message a `String` literal would make.
///
/// The pieces are appended as UTF-8 bytes to one buffer and the string is made once at the end.
/// A `String` interpolation appends each piece through the string's own growth checks (about
/// 400 instructions a piece); a report at every key event of a scene in the wrong state made
/// building messages a tenth of a replay.
struct FindingMessage: ExpressibleByStringInterpolation {
  /// The message's UTF-8 bytes.
  fileprivate var bytes: [UInt8]

  /// A message of `text` as it is: one a custom rule or a helper made already.
  init(_ text: String) {
    bytes = Array(text.utf8)
  }

  @inline(never)
  init(stringLiteral literal: StaticString) {
    bytes = []
    bytes.reserveCapacity(Swift.max(literal.utf8CodeUnitCount, Self.typicalLength))
    bytes.append(literal)
  }

  /// Room for a whole message, made once: a message joined from pieces by `+` grows its first
  /// piece, which a room of its own length made grow (and copy) at nearly every piece.
  fileprivate static let typicalLength = 256

  @inline(never)
  init(stringInterpolation: StringInterpolation) {
    bytes = stringInterpolation.bytes
  }

  /// The message as a string.
  var text: String { String(decoding: bytes, as: UTF8.self) }

  /// The two messages one after the other, as `String`'s `+` would join them.
  @inline(never)
  static func + (lhs: consuming FindingMessage, rhs: FindingMessage) -> FindingMessage {
    lhs.bytes += rhs.bytes
    return lhs
  }

  /// The pieces of a literal, appended as they come. The overloads of `appendInterpolation`
  /// are those of `DefaultStringInterpolation`, so that every value reads as it does in a
  /// `String` literal.
  ///
  /// Each is a call, never inlined: a rule's messages are built only for a finding, and
  /// inlined into the rule they made it too large to be inlined in turn into the reducer's
  /// visit of the scene (a pointer sample paid about 40 instructions more for it).
  struct StringInterpolation: StringInterpolationProtocol {
    fileprivate var bytes: [UInt8] = []

    @inline(never)
    init(literalCapacity: Int, interpolationCount: Int) {
      // Most interpolated values are identifiers and short names.
      bytes.reserveCapacity(
        Swift.max(literalCapacity + 16 * interpolationCount, FindingMessage.typicalLength))
    }

    @inline(never)
    mutating func appendLiteral(_ literal: StaticString) {
      bytes.append(literal)
    }

    @inline(never)
    mutating func appendInterpolation(_ string: String) {
      bytes.append(string)
    }

    /// A session's name, copied from the table of names: its `description` made a string of
    /// it, a heap object for a UUID, at every message that names a scene.
    @inline(never)
    mutating func appendInterpolation(_ id: SessionID) {
      NameTable.sessions.withName(id.number) { bytes.append(contentsOf: $0) }
    }

    /// `string` in quotes, escaped as its `debugDescription` writes it (`"it\'s"`).
    @inline(never)
    mutating func appendInterpolation(quoted string: String) {
      bytes.appendQuoted(string)
    }

    /// A piece of a message a helper made: a clause several findings share.
    @inline(never)
    mutating func appendInterpolation(_ message: FindingMessage) {
      bytes += message.bytes
    }

    /// `items` one after the other with `separator` between them, as `joined(separator:)`
    /// writes them.
    @inline(never)
    mutating func appendInterpolation(joining items: [String], separator: StaticString) {
      for (index, item) in items.enumerated() {
        if index > 0 { bytes.append(separator) }
        bytes.append(item)
      }
    }

    @inline(never)
    mutating func appendInterpolation(_ value: Int) {
      bytes.appendDecimal(value)
    }

    @inline(never)
    mutating func appendInterpolation<T: TextOutputStreamable & CustomStringConvertible>(
      _ value: T
    ) {
      appendWritten(value)
    }

    @inline(never)
    mutating func appendInterpolation<T: TextOutputStreamable>(_ value: T) {
      appendWritten(value)
    }

    @inline(never)
    mutating func appendInterpolation<T: CustomStringConvertible>(_ value: T) {
      bytes.append(value.description)
    }

    @inline(never)
    mutating func appendInterpolation<T>(_ value: T) {
      bytes.append(String(describing: value))
    }

    /// Appends what `value` writes of itself to a text stream.
    private mutating func appendWritten(_ value: some TextOutputStreamable) {
      var text = ""
      value.write(to: &text)
      bytes.append(text)
    }
  }
}

extension [UInt8] {
  fileprivate mutating func append(_ literal: StaticString) {
    if literal.hasPointerRepresentation {
      append(
        contentsOf: UnsafeBufferPointer(
          start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    } else {
      append(contentsOf: literal.description.utf8)
    }
  }

  fileprivate mutating func append(_ string: String) {
    string.withUTF8Bytes { append(contentsOf: $0) }
  }

  /// Appends `string`'s `debugDescription`. Nearly every value a message quotes is printable
  /// ASCII that needs no escape, which is copied as it is between quotes (`debugDescription`
  /// looks at every scalar's properties: about 2,000 instructions for a short name).
  fileprivate mutating func appendQuoted(_ string: String) {
    let plain = string.withUTF8Bytes { bytes in
      guard bytes.allSatisfy(\.isUnescapedInQuotes) else { return false }
      append(UInt8(ascii: "\""))
      append(contentsOf: bytes)
      append(UInt8(ascii: "\""))
      return true
    }
    if !plain { append(string.debugDescription) }
  }

  /// Appends `value` in decimal, as its `description` writes it.
  fileprivate mutating func appendDecimal(_ value: Int) {
    if value < 0 { append(UInt8(ascii: "-")) }
    value.magnitude.withDecimalDigits { append(contentsOf: $0) }
  }
}

extension UInt8 {
  /// Whether this byte is printable ASCII that `debugDescription` writes as it is: neither a
  /// control character nor a quote or a backslash, which it escapes.
  fileprivate var isUnescapedInQuotes: Bool {
    (0x20...0x7E).contains(self) && self != UInt8(ascii: "\"") && self != UInt8(ascii: "'")
      && self != UInt8(ascii: "\\")
  }
}
