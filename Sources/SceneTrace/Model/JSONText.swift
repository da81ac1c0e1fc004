/// JSON text under construction, as UTF-8 bytes: appending to a byte array costs a fraction of
/// appending to a `String`, which checks and updates its storage's flags at every append.
///
/// The bytes are written into an array kept as long as its room (its first ``byteCount`` bytes
/// are the text), so that an append is a copy into storage the text owns: `Array.append` and
/// `append(contentsOf:)` cost about 30 and 120 instructions a call, and a report or a JSON line
/// makes tens of appends of a few bytes each.
package struct JSONText {
  /// The text, then room for more.
  private var storage: [UInt8]
  /// How many bytes the text holds.
  package private(set) var byteCount = 0

  /// Empty text, with room for `capacity` bytes.
  package init(reservingCapacity capacity: Int = 128) {
    storage = capacity > 0 ? [UInt8](repeating: 0, count: capacity) : []
  }

  /// The text, without a copy: for a text that is done.
  package consuming func takeBytes() -> [UInt8] {
    storage.removeLast(storage.count - byteCount)
    return storage
  }

  /// Runs `body` on the text's bytes where they are stored.
  package func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    storage.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<byteCount])) }
  }

  /// The text as a string.
  package var string: String { String(decoding: storage[..<byteCount], as: UTF8.self) }

  /// Empties the text, keeping its room.
  package mutating func removeAll() {
    byteCount = 0
  }

  /// How many bytes a text written a part at a time holds before it is handed over.
  package static let partSize = 1 << 16

  /// Hands the text to `part` and empties it, if it holds `size` bytes or more (by default, any):
  /// a long text written a part at a time. Returns how many bytes it handed over.
  @discardableResult
  package mutating func handOver(atLeast size: Int = 1, to part: (borrowing JSONText) -> Void)
    -> Int
  {
    let count = byteCount
    guard count > 0, count >= size else { return 0 }
    part(self)
    removeAll()
    return count
  }

  /// Keeps the first `count` bytes of the text and drops the rest.
  package mutating func shorten(to count: Int) {
    precondition(count <= byteCount, "a text shortened past its end")
    byteCount = count
  }

  /// Appends one byte.
  @inline(__always)
  private mutating func write(_ byte: UInt8) {
    if byteCount == storage.count { grow(toHold: byteCount + 1) }
    storage.withUnsafeMutableBufferPointer { $0[byteCount] = byte }
    byteCount += 1
  }

  /// Appends `source`.
  private mutating func write(_ source: UnsafeBufferPointer<UInt8>) {
    guard let base = source.baseAddress, !source.isEmpty else { return }
    write(upTo: source.count) { room in
      room.update(from: base, count: source.count)
      return source.count
    }
  }

  /// Appends what `body` writes at the end of the text, at most `limit` bytes: a line of many
  /// pieces written with one check of the room, where an append of each (a call into this
  /// module, Array's check that its storage is unique) cost 50 to 120 instructions. `body`
  /// returns how many bytes it wrote.
  package mutating func appendWriting(
    upTo limit: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int
  ) {
    write(upTo: limit, body)
  }

  /// Appends what `body` writes at the end of the text, at most `count` bytes: a few pieces
  /// written with one check of the room. `body` returns how many bytes it wrote.
  @inline(__always)
  private mutating func write(
    upTo count: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int
  ) {
    // Nothing to write into an empty text's storage, which may have no address.
    guard count > 0 else { return }
    let end = byteCount + count
    if end > storage.count { grow(toHold: end) }
    let written = storage.withUnsafeMutableBufferPointer { room in
      body(room.baseAddress.unsafelyUnwrapped + byteCount)
    }
    byteCount += written
  }

  /// Doubles the room (to 64 bytes at least) until `count` bytes fit. The new room is made
  /// zeroed at once and the text copied into it: appending the zeros one element at a time
  /// cost a canonical encoding, whose texts start empty and mostly stay small, a twentieth of
  /// its instructions.
  private mutating func grow(toHold count: Int) {
    var grown = [UInt8](repeating: 0, count: Swift.max(count, 2 * storage.count, 64))
    if byteCount > 0 {
      // As raw bytes, so that the copy is libc's `memcpy`: typed, it was a loop of a byte at a
      // time (a report's text of a few megabytes grown in doubling steps: a tenth of `check`).
      grown.withUnsafeMutableBytes { room in
        storage.withUnsafeBytes { text in
          room.baseAddress.unsafelyUnwrapped.copyMemory(
            from: text.baseAddress.unsafelyUnwrapped, byteCount: byteCount)
        }
      }
    }
    storage = grown
  }

  /// Appends `literal` as it is.
  package mutating func append(_ literal: StaticString) {
    // Most literals are one byte (a comma, a colon, a quote): appended as a byte, not a buffer.
    if literal.hasPointerRepresentation, literal.utf8CodeUnitCount == 1 {
      write(literal.utf8Start.pointee)
    } else {
      literal.withUTF8Buffer { write($0) }
    }
  }

  /// Appends `bytes` as they are.
  package mutating func appendRaw(_ bytes: UnsafeBufferPointer<UInt8>) {
    write(bytes)
  }

  /// Appends `text` as it is: text already in JSON's form, such as a number's.
  package mutating func appendRaw(_ text: String) {
    text.withUTF8Bytes { write($0) }
  }

  /// Appends the name of session `id` as it is, from the table of names (a text of another
  /// module that asked the table itself called it unspecialized: about 700 instructions).
  package mutating func appendRaw(_ id: SessionID) {
    NameTable.sessions.withName(id.number) { write($0) }
  }

  /// Appends the bytes of `other` in `range`.
  package mutating func append(_ other: borrowing JSONText, range: Range<Int>) {
    precondition(range.upperBound <= other.byteCount, "a range past the end of the text")
    other.storage.withUnsafeBufferPointer { write(UnsafeBufferPointer(rebasing: $0[range])) }
  }

  /// Appends `count` spaces (none when it is not positive).
  package mutating func appendSpaces(_ count: Int) {
    guard count > 0 else { return }
    write(upTo: count) { room in
      room.initialize(repeating: UInt8(ascii: " "), count: count)
      return count
    }
  }

  /// Appends `prefix`, `key` and `suffix` as they are, with one check of the room: a member's
  /// key (`,"key":`, ` key=`).
  package mutating func appendKey(
    _ key: StaticString, prefix: StaticString, suffix: StaticString
  ) {
    let (before, count, after) =
      (prefix.utf8CodeUnitCount, key.utf8CodeUnitCount, suffix.utf8CodeUnitCount)
    write(upTo: before + count + after) { room in
      // The prefix and suffix (a byte or two) byte by byte: a call to `memmove` for each cost
      // more than the copy.
      for index in 0..<before { room[index] = prefix.utf8Start[index] }
      (room + before).update(from: key.utf8Start, count: count)
      for index in 0..<after { room[before + count + index] = suffix.utf8Start[index] }
      return before + count + after
    }
  }

  /// Removes the spaces at the end of the text, but none of its first `start` bytes.
  package mutating func removeTrailingSpaces(after start: Int) {
    while byteCount > start, storage[byteCount - 1] == UInt8(ascii: " ") { byteCount -= 1 }
  }

  /// Appends `value` in decimal, its digits written where they go: written on the stack and
  /// copied, with a call to copy them, an integer took 170 instructions.
  package mutating func appendInteger(_ value: Int) {
    let magnitude = UInt64(value.magnitude)
    let sign = value < 0 ? 1 : 0
    let count = sign + magnitude.decimalDigitCount
    write(upTo: count) { room in
      if sign == 1 { room.pointee = UInt8(ascii: "-") }
      _ = UnsafeMutableRawBufferPointer(start: room, count: count).writeDigits(
        of: magnitude, endingAt: count)
      return count
    }
  }

  /// Appends `text` as a JSON string literal: `"` and `\` escaped, control characters as
  /// `\u00XX`, every other character as its UTF-8.
  package mutating func appendString(_ text: String) {
    // In place, not through `withUTF8`, which is `mutating` and so would copy (retain) `text`.
    text.withUTF8Bytes { utf8 in
      let escapes = { (byte: UInt8) in byte == 0x22 || byte == 0x5C || byte < 0x20 }
      // Most strings hold nothing to escape: written with their quotes in one piece.
      guard utf8.contains(where: escapes) else {
        write(upTo: utf8.count + 2) { room in
          room[0] = UInt8(ascii: "\"")
          if let base = utf8.baseAddress { (room + 1).update(from: base, count: utf8.count) }
          room[utf8.count + 1] = UInt8(ascii: "\"")
          return utf8.count + 2
        }
        return
      }
      write(UInt8(ascii: "\""))
      var runStart = 0
      for (index, byte) in utf8.enumerated() where escapes(byte) {
        write(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        appendEscape(byte)
        runStart = index + 1
      }
      write(UnsafeBufferPointer(rebasing: utf8[runStart...]))
      write(UInt8(ascii: "\""))
    }
  }

  private mutating func appendEscape(_ byte: UInt8) {
    switch byte {
    case 0x22: append("\\\"")
    case 0x5C: append("\\\\")
    default:
      let hex: StaticString = "0123456789abcdef"
      append("\\u00")
      write(hex.utf8Start[Int(byte >> 4)])
      write(hex.utf8Start[Int(byte & 0xF)])
    }
  }

  /// Appends a newline and `indent` levels of two spaces.
  package mutating func appendLineBreak(indent: Int) {
    write(UInt8(ascii: "\n"))
    appendSpaces(2 * indent)
  }
}
