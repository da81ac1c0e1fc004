/// A finding's message as the rules write it: a string literal with interpolations, or pieces
/// of one joined by `+`, whose text is the message a `String` literal would make.
///
/// The pieces are appended as UTF-8 bytes to one buffer and the string is made once at the end.
/// A `String` interpolation appends each piece through the string's own growth checks (about
/// 400 instructions a piece); a report at every key event of a scene in the wrong state made
/// building messages a tenth of a replay.
struct FindingMessage: ExpressibleByStringInterpolation {
  /// The message's UTF-8 bytes.
  fileprivate var bytes: MessageBytes

  /// A message of `text` as it is: one a custom rule or a helper made already.
  init(_ text: String) {
    bytes = MessageBytes(capacity: text.utf8.count)
    bytes.append(text)
  }

  @inline(never)
  init(stringLiteral literal: StaticString) {
    bytes = MessageBytes(capacity: Swift.max(literal.utf8CodeUnitCount, Self.typicalLength))
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
  var text: String { bytes.string }

  /// The two messages one after the other, as `String`'s `+` would join them.
  @inline(never)
  static func + (lhs: consuming FindingMessage, rhs: FindingMessage) -> FindingMessage {
    lhs.bytes.append(rhs.bytes)
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
    fileprivate var bytes: MessageBytes

    @inline(never)
    init(literalCapacity: Int, interpolationCount: Int) {
      // Most interpolated values are identifiers and short names.
      bytes = MessageBytes(
        capacity: Swift.max(
          literalCapacity + 16 * interpolationCount, FindingMessage.typicalLength))
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
      NameTable.sessions.withName(id.number) { bytes.append($0) }
    }

    /// `string` in quotes, escaped as its `debugDescription` writes it (`"it\'s"`).
    @inline(never)
    mutating func appendInterpolation(quoted string: String) {
      bytes.appendQuoted(string)
    }

    /// A piece of a message a helper made: a clause several findings share.
    @inline(never)
    mutating func appendInterpolation(_ message: FindingMessage) {
      bytes.append(message.bytes)
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

/// A message's UTF-8 bytes, appended where they go: one allocation holding the count, the room
/// and the bytes, shared by copies of a message until one of them appends. An array's
/// `append(contentsOf:)` cost about 80 instructions a piece and its room, reserved through the
/// standard library's unspecialized entry, about 500 a message: together a twentieth of
/// replaying a session in which a tenth of the events have a finding.
private struct MessageBytes {
  /// How many bytes the message holds, and how many its buffer has room for.
  private struct Header {
    var count: Int
    var capacity: Int
  }

  private var buffer: ManagedBuffer<Header, UInt8>

  /// An empty message with room for `capacity` bytes.
  init(capacity: Int) {
    buffer = Self.buffer(capacity: capacity)
  }

  private static func buffer(capacity: Int) -> ManagedBuffer<Header, UInt8> {
    .create(minimumCapacity: capacity) { _ in Header(count: 0, capacity: capacity) }
  }

  /// The bytes as a string.
  var string: String {
    buffer.withUnsafeMutablePointers { header, base in
      String(decoding: UnsafeBufferPointer(start: base, count: header.pointee.count), as: UTF8.self)
    }
  }

  /// Appends the bytes of `source`.
  mutating func append(_ source: UnsafeRawBufferPointer) {
    guard let start = source.baseAddress, !source.isEmpty else { return }
    makeRoom(for: source.count)
    buffer.withUnsafeMutablePointers { header, base in
      UnsafeMutableRawPointer(base + header.pointee.count).copyMemory(
        from: start, byteCount: source.count)
      header.pointee.count += source.count
    }
  }

  mutating func append(_ source: UnsafeBufferPointer<UInt8>) {
    append(UnsafeRawBufferPointer(source))
  }

  mutating func append(_ literal: StaticString) {
    literal.withUTF8Buffer { append($0) }
  }

  mutating func append(_ string: String) {
    string.withUTF8Bytes { append($0) }
  }

  mutating func append(_ other: MessageBytes) {
    other.buffer.withUnsafeMutablePointers { header, base in
      append(UnsafeBufferPointer(start: base, count: header.pointee.count))
    }
  }

  /// Appends `string`'s `debugDescription`. Nearly every value a message quotes is printable
  /// ASCII that needs no escape, which is copied as it is between quotes (`debugDescription`
  /// looks at every scalar's properties: about 2,000 instructions for a short name).
  mutating func appendQuoted(_ string: String) {
    let plain = string.withUTF8Bytes { bytes in
      guard bytes.allSatisfy(\.isUnescapedInQuotes) else { return false }
      append("\"")
      append(bytes)
      append("\"")
      return true
    }
    if !plain { append(string.debugDescription) }
  }

  /// Appends `value` in decimal, as its `description` writes it.
  mutating func appendDecimal(_ value: Int) {
    if value < 0 { append("-") }
    value.magnitude.withDecimalDigits { append($0) }
  }

  /// Makes room for `count` more bytes in a buffer this message alone holds: a new one when a
  /// copy of the message holds the buffer too, twice as large at least when the room is short.
  private mutating func makeRoom(for count: Int) {
    let (held, capacity) = buffer.withUnsafeMutablePointerToHeader {
      ($0.pointee.count, $0.pointee.capacity)
    }
    let fits = capacity - held >= count
    if fits, isKnownUniquelyReferenced(&buffer) { return }
    let grown = Self.buffer(capacity: fits ? capacity : Swift.max(held + count, 2 * capacity))
    grown.withUnsafeMutablePointers { header, base in
      buffer.withUnsafeMutablePointerToElements { base.initialize(from: $0, count: held) }
      header.pointee.count = held
    }
    buffer = grown
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
