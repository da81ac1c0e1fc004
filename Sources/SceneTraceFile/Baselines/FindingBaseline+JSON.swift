import SceneTrace

// The baseline file: versioned JSON, one entry a line, so that people can read it and review
// its changes.
//
// {
//   "sceneTraceBaseline": 1,
//   "findings": [
//     {"rule": "lifecycle.order", "role": "windowApplication", "fingerprint": "…", …}
//   ]
// }

extension FindingBaseline {
  /// The version of the baseline file this version writes, and the newest it reads.
  static let fileVersion = 1
  /// The member that holds the version, and marks the document as a baseline.
  static let versionKey = "sceneTraceBaseline"

  /// The baseline as its file's JSON: `{"sceneTraceBaseline": 1, "findings": [entry, …]}`, each
  /// entry `{"rule", "role", "fingerprint", "message"}` (`role` null when there is none), in the
  /// order of ``entries``.
  package var json: JSONValue {
    [
      Self.versionKey: JSONValue(Self.fileVersion),
      "findings": .array(entries.map(\.json)),
    ]
  }

  /// Reads a baseline from its file's JSON; `path` names the file in errors.
  ///
  /// A document that is not a baseline is an `unsupportedFormat` error, a baseline of a newer
  /// version an `unsupportedVersion` error, and an entry without its rule or fingerprint, or
  /// with a value of the wrong kind, an error naming the field (`findings[2].rule`). Members this
  /// version does not know are ignored; an absent `role` is none and an absent `message` empty.
  package init(json: JSONValue, path: String) throws(TraceError) {
    guard case .object(let object) = json else { throw Self.notABaseline(path: path) }
    try Self.checkVersion(object[Self.versionKey], path: path)
    let items = try Self.findingItems(object["findings"], path: path)
    var entries: [Entry] = []
    entries.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
      entries.append(try Entry(json: item, field: "findings[\(index)]", path: path))
    }
    self.init(entries: entries)
  }

  /// The error of a document that is not a baseline: not an object, or one without a version.
  static func notABaseline(path: String) -> TraceError {
    TraceError(
      code: .unsupportedFormat,
      message:
        "this is not a SceneTrace baseline: it has no \"\(Self.versionKey)\" version; "
        + "`replay check --write-baseline FILE` writes one",
      path: path)
  }

  /// Checks a baseline's version, `version` the value of its member (nil: it has none).
  static func checkVersion(_ version: JSONValue?, path: String) throws(TraceError) {
    guard let version else { throw notABaseline(path: path) }
    guard case .number(let text) = version, let number = DecimalNumber(text)?.exactInteger,
      number >= 1
    else {
      throw TraceError(
        code: .invalidValue,
        message: "expected a version number such as \(Self.fileVersion), found "
          + version.serialized().abbreviated(),
        path: path, field: Self.versionKey)
    }
    guard number <= Self.fileVersion else {
      throw TraceError(
        code: .unsupportedVersion,
        message:
          "this baseline is version \(number), which this version cannot read: it reads "
          + "version \(Self.fileVersion); update SceneTrace, or write the baseline again with "
          + "`replay check --write-baseline`",
        path: path)
    }
  }

  /// The elements of a baseline's `findings` member (nil: it has none), which must be an array.
  @discardableResult
  static func findingItems(_ findings: JSONValue?, path: String) throws(TraceError) -> [JSONValue] {
    guard case .array(let items)? = findings else {
      throw TraceError(
        code: findings == nil ? .missingField : .invalidValue,
        message: "expected an array of findings, found \(findings?.kindDescription ?? "nothing")",
        path: path, field: "findings")
    }
    return items
  }

  /// Reads the baseline file at `path`.
  ///
  /// An unreadable file is an `unreadableFile` error, text that is not JSON an `invalidJSON`
  /// error naming the line and column, and the rest as ``init(json:path:)`` says.
  public static func load(path: String) throws(TraceError) -> FindingBaseline {
    var entries: [Entry] = []
    try forEachEntry(inFileAt: path) { entries.append($0) }
    return FindingBaseline(entries: entries)
  }

  /// Writes the baseline to the file at `path`, created or replaced: ``json`` with one entry a
  /// line, ending with a newline.
  public func write(to path: String) throws(TraceError) {
    var parts = self.parts
    try Self.write(to: path) { parts.next() }
  }

  /// Writes a baseline file to `path`, created or replaced, of the entries `nextPart` hands
  /// over a part at a time, in order (nil: no more), as ``write(to:)`` writes ``entries``.
  package static func write(
    to path: String, parts nextPart: () throws(TraceError) -> [Entry]?
  ) throws(TraceError) {
    let sink = try FileByteSink(path: path)
    try writeText(parts: nextPart) { (text) throws(TraceError) in
      try sink.write(Array(text.utf8))
    }
    try sink.close()
  }

  /// The file's text: the version, then each entry on a line of its own.
  var fileText: String {
    var (text, parts) = ("", self.parts)
    Self.writeText(parts: { parts.next() }) { text += $0 }
    return text
  }

  /// How many entries a part of the file's text holds.
  package static let entriesPerPart = 4096

  /// ``entries`` a part at a time.
  private var parts: some IteratorProtocol<[Entry]> {
    stride(from: 0, to: entries.count, by: Self.entriesPerPart).lazy.map { [entries] start in
      Array(entries[start..<min(start + Self.entriesPerPart, entries.count)])
    }.makeIterator()
  }

  /// Hands `write` the file's text of the entries `nextPart` hands over, a part at a time: the
  /// text of a baseline of 434,000 findings was 113 MB, held twice as it was written (as a
  /// string, then its bytes).
  private static func writeText<Failure: Error>(
    parts nextPart: () throws(Failure) -> [Entry]?, _ write: (String) throws(Failure) -> Void
  ) throws(Failure) {
    try write("{\n  \"\(Self.versionKey)\": \(Self.fileVersion),\n  \"findings\": ")
    var isFirst = true
    while let part = try nextPart() {
      guard !part.isEmpty else { continue }
      let lines = part.map { "    " + $0.line }.joined(separator: ",\n")
      try write((isFirst ? "[\n" : ",\n") + lines)
      isFirst = false
    }
    try write(isFirst ? "[]\n}\n" : "\n  ]\n}\n")
  }
}

extension FindingBaseline.Entry {
  /// The members of the entry's JSON, in order.
  private var members: [(String, JSONValue)] {
    [
      ("rule", .string(rule.rawValue)),
      ("role", JSONValue(role)),
      ("fingerprint", .string(fingerprint)),
      ("message", .string(message)),
    ]
  }

  /// `{"rule", "role", "fingerprint", "message"}`.
  var json: JSONValue {
    .object(JSONObject(members))
  }

  /// The entry's JSON on one line, with a space after each colon and comma.
  var line: String {
    let text = members.map { JSONValue.string($0.0).serialized() + ": " + $0.1.serialized() }
    return "{" + text.joined(separator: ", ") + "}"
  }

  /// Reads the entry at `field` (`findings[2]`) of the baseline at `path`.
  init(json: JSONValue, field: String, path: String) throws(TraceError) {
    guard case .object(let object) = json else {
      throw TraceError(
        code: .invalidValue, message: "expected a finding object, found \(json.kindDescription)",
        path: path, field: field)
    }
    func optionalString(_ key: String) throws(TraceError) -> String? {
      switch object[key] {
      case nil, .null?: return nil
      case .string(let text)?: return text
      case let other?:
        throw TraceError(
          code: .invalidValue, message: "expected a string, found \(other.kindDescription)",
          path: path, field: "\(field).\(key)")
      }
    }
    func requiredString(_ key: String) throws(TraceError) -> String {
      guard let text = try optionalString(key) else {
        throw TraceError(
          code: .missingField, message: "expected a string, found nothing", path: path,
          field: "\(field).\(key)")
      }
      return text
    }
    let rule = try requiredString("rule")
    let fingerprint = try requiredString("fingerprint")
    guard fingerprint.utf8.count == 16, fingerprint.utf8.allSatisfy(\.isLowercaseHexDigit) else {
      throw TraceError(
        code: .invalidValue,
        message: "expected 16 lowercase hexadecimal digits, found \"\(fingerprint.abbreviated())\"",
        path: path, field: "\(field).fingerprint")
    }
    self.init(
      rule: RuleID(rule), role: try optionalString("role"), fingerprint: fingerprint,
      message: try optionalString("message") ?? "")
  }
}

extension UInt8 {
  /// Whether the byte is an ASCII digit or a letter `a` to `f`.
  var isLowercaseHexDigit: Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
      || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
  }
}
