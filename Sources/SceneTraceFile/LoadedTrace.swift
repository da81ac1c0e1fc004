import SceneTrace

/// The kinds of trace file, told apart by their first bytes.
public enum TraceFileFormat: String, Hashable, Sendable, CustomStringConvertible {
  /// JSON Lines text (`.jsonl`).
  case jsonLines
  /// zstd-compressed JSON Lines (`.jsonl.zst`).
  case compressedJSONLines
  /// The binary `.sctrace` format.
  case sctrace

  /// `JSON Lines`, `zstd-compressed JSON Lines`, `.sctrace`.
  public var description: String {
    switch self {
    case .jsonLines: "JSON Lines"
    case .compressedJSONLines: "zstd-compressed JSON Lines"
    case .sctrace: ".sctrace"
    }
  }
}

/// The events of a trace file, with what reading it had to drop or skip.
public struct LoadedTrace: Sendable {
  /// The file, as the caller named it.
  public var path: String
  /// The events, in file order; event N has seq N, where N counts event lines.
  public var events: [Event]
  /// `nil` when the file is intact; otherwise what was lost at its end, in one sentence.
  public var truncation: String?
  /// What reading skipped (events of unknown types read leniently), each naming its line.
  public var warnings: [String]
  /// The parts of a `.sctrace` file that could not be read, each with its byte offset and the
  /// events lost with it; reading went on after each.
  public var damage: [TraceDamage]
  /// The file's format.
  public var format: TraceFileFormat
  /// The header of a `.sctrace` file; nil for JSON Lines, or when the header is damaged.
  public var header: TraceHeader?

  /// Creates a loaded trace.
  public init(
    path: String, events: [Event], truncation: String? = nil, warnings: [String] = [],
    damage: [TraceDamage] = [], format: TraceFileFormat = .jsonLines, header: TraceHeader? = nil
  ) {
    self.path = path
    self.events = events
    self.truncation = truncation
    self.warnings = warnings
    self.damage = damage
    self.format = format
    self.header = header
  }

  /// Whether the file was read whole: nothing cut off, nothing damaged.
  public var isIntact: Bool { truncation == nil && damage.isEmpty }
}
