/// Why a trace could not be read: what is wrong, how to fix it, and where.
///
/// ``description`` reads like a compiler diagnostic, so it can be printed as is:
/// `traces/x.jsonl:7: field "session": expected a string, found a number`.
public struct TraceError: Error, CustomStringConvertible, Sendable {
  /// The kind of failure, for code that reacts to some kinds differently.
  ///
  /// New codes may be added in later versions: switch over codes with a default case.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    /// The code's name, such as `invalidJSON`.
    public let name: String

    private init(_ name: String) { self.name = name }

    /// The file could not be opened or read; the message holds the operating system's reason.
    public static let unreadableFile = Code("unreadableFile")
    /// The file holds no event.
    public static let emptyTrace = Code("emptyTrace")
    /// A line is not valid JSON, is not one JSON object, or is not valid UTF-8.
    public static let invalidJSON = Code("invalidJSON")
    /// A line's `"type"` names no event type this version knows.
    public static let unknownEventType = Code("unknownEventType")
    /// A field the event's type requires is absent.
    public static let missingField = Code("missingField")
    /// A field holds a value of the wrong kind or out of range.
    public static let invalidValue = Code("invalidValue")
    /// An event's time is earlier than the previous event's.
    public static let timeWentBackwards = Code("timeWentBackwards")
    /// The bytes are a format this version cannot read.
    public static let unsupportedFormat = Code("unsupportedFormat")
    /// The zstd-compressed data is damaged.
    public static let corruptCompression = Code("corruptCompression")
    /// The file needs libzstd and this build has none (iOS, or `SCENETRACE_WITHOUT_ZSTD=1`).
    public static let compressionUnavailable = Code("compressionUnavailable")
    /// The file is a `.sctrace` of a newer major format version than this reader knows, or a
    /// baseline (`FindingBaseline`) of a newer version.
    public static let unsupportedVersion = Code("unsupportedVersion")
    /// A `.sctrace` file is damaged where it must not be, such as in its header.
    public static let damagedTrace = Code("damagedTrace")
    /// The file is plainly something else, such as a gzip archive, an image or binary data.
    public static let notATrace = Code("notATrace")
    /// A trace could not be written; the message holds the operating system's reason.
    public static let unwritableFile = Code("unwritableFile")

    /// The code's name.
    public var description: String { name }
  }

  /// The kind of failure.
  public var code: Code
  /// What is wrong and how to fix it, without the location.
  public var message: String
  /// The file, as the caller named it.
  public var path: String?
  /// The 1-based physical line number in the (decompressed) file.
  public var line: Int?
  /// The JSON field at fault.
  public var field: String?
  /// The byte offset in the file, when the failure is about bytes rather than a line.
  public var byteOffset: Int?

  /// Creates an error.
  public init(
    code: Code, message: String, path: String? = nil, line: Int? = nil, field: String? = nil,
    byteOffset: Int? = nil
  ) {
    self.code = code
    self.message = message
    self.path = path
    self.line = line
    self.field = field
    self.byteOffset = byteOffset
  }

  /// The location, the field and the message, such as
  /// `traces/x.jsonl:7: field "session": expected a string, found a number`.
  public var description: String {
    var location = [path, line.map(String.init)].compactMap(\.self).joined(separator: ":")
    if let byteOffset {
      location += location.isEmpty ? "byte \(byteOffset)" : ": byte \(byteOffset)"
    }
    var text = location.isEmpty ? "" : location + ": "
    if let field { text += "field \"\(field)\": " }
    return text + message
  }
}

extension TraceError {
  /// The trace at `path` ended after `count` events on a later pass, where an earlier pass read
  /// `expected`: the file changed between them.
  package static func endedBeforeEarlierPass(after count: Int, expected: Int, path: String?)
    -> TraceError
  {
    TraceError(
      code: .unreadableFile,
      message:
        "the trace ended after \(count) events, before the \(expected) an earlier pass read: it "
        + "changed while it was read; read it again",
      path: path)
  }
}

extension String {
  /// The text shortened for an error message: at most `limit` characters, with `…` when cut.
  func abbreviated(to limit: Int = 60) -> String {
    count <= limit ? self : String(prefix(limit)) + "…"
  }
}
