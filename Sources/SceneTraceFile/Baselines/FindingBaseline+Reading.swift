import SceneTrace
internal import SystemPackage

// A baseline file read a part at a time: its entries are handed on one by one as they are read,
// and nothing of the file is kept but the part being read. (Parsed whole into a tree of values,
// a baseline of 434,000 findings, 113 MB, took about 480 MB.)

extension FindingBaseline {
  /// Reads the baseline file at `path`, handing each of its entries to `body` in order, with
  /// the errors ``load(path:)`` gives; `partSize` is how many bytes are read at a time.
  ///
  /// When it throws, `body` may have had entries already, which the caller drops: a file is
  /// known to be a baseline whose entries are all good only once it is read to its end.
  package static func forEachEntry(
    inFileAt path: String, partSize: Int = 1 << 20, _ body: (Entry) -> Void
  ) throws(TraceError) {
    var reader = try PartReader(path: path, partSize: partSize)
    try reader.readDocument(path: path, body)
  }
}

/// The bytes of a file a part at a time, and a baseline document read from them.
///
/// Each step of the reading (a key, a value, an entry, a separator) parses the bytes held from
/// where the last step ended; where they end too soon for it, more of the file is read and the
/// step parsed again from its start. The bytes before the step are let go as more are read.
private struct PartReader {
  private let path: String
  private let partSize: Int
  /// The file, when it is read a part at a time; nil for one read whole (a pipe, read once).
  private var file: FileDescriptor?
  /// The bytes held, from the file offset `dropped`.
  private var bytes: [UInt8] = []
  /// Where a part is read into before it joins `bytes`.
  private var part: [UInt8] = []
  private var dropped = 0
  /// Where the next step starts in `bytes`.
  private var position = 0
  /// Whether `bytes` reach the end of the file.
  private var atEnd = false
  /// The lines the dropped bytes end, and the file offset of the line the last of them is on:
  /// for the line and column of an error.
  private var droppedLines = 0
  private var droppedLineStart = 0

  /// How many bytes before the end of those held a failure may be and still be for want of
  /// more: a token cut in the middle (a number, an escape, a UTF-8 sequence) fails within it.
  private static let cutTokenLength = 16

  init(path: String, partSize: Int) throws(TraceError) {
    self.path = path
    self.partSize = max(1, partSize)
    guard try FileBytes.isRegularFile(path) else {
      bytes = try FileBytes.contents(ofFile: path)
      atEnd = true
      return
    }
    do {
      file = try FileDescriptor.open(FilePath(path), .readOnly)
    } catch {
      throw FileBytes.failure(path, "cannot open the file", error)
    }
  }

  /// Closes the file, once read.
  private mutating func close() {
    try? file?.close()
    file = nil
  }

  /// Lets go of the bytes before `position` and reads the next part of the file after the rest:
  /// `partSize` bytes, or as many as are held, when a step needs more than a part (a value of
  /// many parts is then parsed again as often as the bytes held double, not at every part).
  private mutating func readMore() throws(TraceError) {
    guard let file else { return atEnd = true }
    let gone = bytes[..<position]
    if let last = gone.lastIndex(of: UInt8(ascii: "\n")) {
      droppedLines += gone.count { $0 == UInt8(ascii: "\n") }
      droppedLineStart = dropped + last + 1
    }
    bytes.removeSubrange(..<position)
    dropped += position
    position = 0
    let size = max(partSize, bytes.count)
    if part.count < size { part = Array(repeating: 0, count: size) }
    let read: Int
    do {
      read = try part.withUnsafeMutableBytes {
        try file.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[..<size]))
      }
    } catch {
      close()
      throw FileBytes.failure(path, "cannot read the file", error)
    }
    bytes += part[..<read]
    if read == 0 {
      atEnd = true
      close()
    }
  }

  /// Runs `step` on the bytes from where the last step ended and moves past what it read.
  /// Where it fails, or ends, at the end of the bytes held (or a token's length before), and the
  /// file has more, it runs again on more.
  private mutating func step<Value>(
    _ step: (inout JSONParser) throws(JSONSyntaxError) -> Value
  ) throws(TraceError) -> Value {
    while true {
      let (result, end) = bytes.withUnsafeBufferPointer { buffer in
        var parser = JSONParser(bytes: buffer, range: position..<buffer.count)
        let result = Result { () throws(JSONSyntaxError) in try step(&parser) }
        return (result, parser.position)
      }
      switch result {
      case .success(let value) where end < bytes.count || atEnd:
        position = end
        return value
      case .failure(let error) where atEnd || error.offset < bytes.count - Self.cutTokenLength:
        throw traceError(error)
      default:
        try readMore()
      }
    }
  }

  /// `error`, at an offset in the bytes held, as an `invalidJSON` error naming its line and
  /// column in the file.
  private func traceError(_ error: JSONSyntaxError) -> TraceError {
    let before = bytes[..<min(error.offset, bytes.count)]
    var line = droppedLines + 1
    var lineStart = droppedLineStart
    if let last = before.lastIndex(of: UInt8(ascii: "\n")) {
      line += before.count { $0 == UInt8(ascii: "\n") }
      lineStart = dropped + last + 1
    }
    return error.traceError(line: line, column: dropped + error.offset - lineStart + 1, path: path)
  }

  // MARK: The document

  /// Reads the baseline document, as `FindingBaseline(json:path:)` reads it parsed whole and
  /// with the same errors, in the same order: the text's first, then the version's, then the
  /// findings' member, then the first bad entry's.
  mutating func readDocument(
    path: String, _ body: (FindingBaseline.Entry) -> Void
  ) throws(TraceError) {
    defer { close() }
    let opening = try step { (parser) throws(JSONSyntaxError) in
      parser.skipWhitespace()
      guard parser.position < parser.end else { throw parser.endFailure("a value") }
      return parser.bytes[parser.position]
    }
    guard opening == UInt8(ascii: "{") else {
      _ = try step { (parser) throws(JSONSyntaxError) in try parser.parseValue(depth: 0) }
      try readEnd()
      throw FindingBaseline.notABaseline(path: path)
    }
    var (version, findings, badEntry): (JSONValue?, JSONValue?, TraceError?) = (nil, nil, nil)
    var (keys, seen): ([String], Set<String>) = ([], [])
    try readMembers { (reader, key) throws(TraceError) in
      keys.append(key)
      let isFirst = seen.insert(key).inserted
      if key == "findings", isFirst, try reader.nextIsArray() {
        findings = .array([])  // Its entries are handed on as they are read, not kept.
        badEntry = try reader.readEntries(path: path, body)
        return
      }
      let value = try reader.step { (parser) throws(JSONSyntaxError) in
        try parser.parseValue(depth: 1)
      }
      guard isFirst else { return }
      if key == "findings" { findings = value }
      if key == FindingBaseline.versionKey { version = value }
    } closing: { (parser) throws(JSONSyntaxError) in
      let object = JSONObject(
        uncheckedKeys: keys, values: Array(repeating: .null, count: keys.count))
      if let key = object.repeatedKey {
        throw parser.failure("the key \"\(key)\" appears twice in one object")
      }
    }
    try readEnd()
    try FindingBaseline.checkVersion(version, path: path)
    try FindingBaseline.findingItems(findings, path: path)
    if let badEntry { throw badEntry }
  }

  /// Reads the members of an object from its `{`, handing each key to `member`, which reads the
  /// value; `closing` checks the object at its `}`.
  private mutating func readMembers(
    _ member: (inout PartReader, String) throws(TraceError) -> Void,
    closing: (JSONParser) throws(JSONSyntaxError) -> Void
  ) throws(TraceError) {
    guard try !readOpening(depth: 1, closedBy: "}") else { return }
    while true {
      let key = try step { (parser) throws(JSONSyntaxError) in try parser.parseMemberKey() }
      try member(&self, key)
      if try readSeparator(closedBy: "}", after: "a member", closing) { return }
    }
  }

  /// Reads the `{` or `[` that opens an object or an array at `depth`, and the byte that closes
  /// it when it follows at once: whether it did (the object or array is empty).
  private mutating func readOpening(depth: Int, closedBy closing: Unicode.Scalar)
    throws(TraceError) -> Bool
  {
    try step { (parser) throws(JSONSyntaxError) in
      try parser.checkDepth(depth)
      parser.position += 1
      parser.skipWhitespace()
      guard parser.position < parser.end, parser.bytes[parser.position] == UInt8(ascii: closing)
      else { return false }
      parser.position += 1
      return true
    }
  }

  /// Reads the `,` after a member or an element (`what`), or the byte that closes the object or
  /// array: whether it was that one. `check` runs on the object or array at its closing byte.
  private mutating func readSeparator(
    closedBy closing: Unicode.Scalar, after what: String,
    _ check: (JSONParser) throws(JSONSyntaxError) -> Void = { _ in }
  ) throws(TraceError) -> Bool {
    try step { (parser) throws(JSONSyntaxError) in
      parser.skipWhitespace()
      guard parser.position < parser.end else { throw parser.endFailure("',' or '\(closing)'") }
      switch parser.bytes[parser.position] {
      case UInt8(ascii: ","):
        parser.position += 1
        return false
      case UInt8(ascii: closing):
        try check(parser)
        parser.position += 1
        return true
      default: throw parser.unexpected(expecting: "',' or '\(closing)' after \(what)")
      }
    }
  }

  /// Whether the next value is an array, read up to its `[`.
  private mutating func nextIsArray() throws(TraceError) -> Bool {
    try step { (parser) throws(JSONSyntaxError) in
      parser.skipWhitespace()
      guard parser.position < parser.end else { throw parser.endFailure("a value") }
      return parser.bytes[parser.position] == UInt8(ascii: "[")
    }
  }

  /// Reads the array of findings from its `[`, handing each entry to `body` until one is bad;
  /// returns the first bad one's error.
  private mutating func readEntries(
    path: String, _ body: (FindingBaseline.Entry) -> Void
  ) throws(TraceError) -> TraceError? {
    var badEntry: TraceError?
    var isLast = try readOpening(depth: 2, closedBy: "]")
    var index = 0
    while !isLast {
      let value = try step { (parser) throws(JSONSyntaxError) in try parser.parseValue(depth: 2) }
      if badEntry == nil {
        do {
          body(try FindingBaseline.Entry(json: value, field: "findings[\(index)]", path: path))
        } catch {
          badEntry = error
        }
      }
      index += 1
      isLast = try readSeparator(closedBy: "]", after: "an element")
    }
    return badEntry
  }

  /// Reads the whitespace after the document to the end of the file.
  private mutating func readEnd() throws(TraceError) {
    try step { (parser) throws(JSONSyntaxError) in
      parser.skipWhitespace()
      if parser.position < parser.end {
        throw parser.failure(
          "unexpected \(parser.describeByte(parser.bytes[parser.position])) after the end of "
            + "the value")
      }
    }
  }
}
