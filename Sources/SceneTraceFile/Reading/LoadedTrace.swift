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
  /// Every stretch of the trace that could not be seen, in seq order: the recorder's drops
  /// (`trace.gap` events), damaged or unreadable parts that held events, a cut end, and events
  /// skipped by a lenient read. Empty when the trace holds everything that was recorded.
  public var loss: [LostStretch]

  /// Creates a loaded trace. Without `loss`, the loss is worked out from the other facts: the
  /// drops among `events`, the `damage` that lost events, a `truncation` at the end, and
  /// `skippedSeqs`, the seqs of events skipped by a lenient read.
  package init(
    path: String, events: [Event], truncation: String? = nil, warnings: [String] = [],
    damage: [TraceDamage] = [], format: TraceFileFormat = .jsonLines, header: TraceHeader? = nil,
    skippedSeqs: [Int] = [], loss: [LostStretch]? = nil
  ) {
    self.path = path
    self.events = events
    self.truncation = truncation
    self.warnings = warnings
    self.damage = damage
    self.format = format
    self.header = header
    self.loss =
      loss
      ?? Self.loss(
        events: events, damage: damage, truncation: truncation, skippedSeqs: skippedSeqs,
        warnings: warnings)
  }

  /// Whether the file was read whole: nothing cut off, nothing damaged. The recorder may still
  /// have dropped events: see ``loss``.
  public var isIntact: Bool { truncation == nil && damage.isEmpty }

  /// The findings of ``RuleID/traceEventsLost``, one per stretch of ``loss``, in report order.
  public var lossFindings: [Finding] { loss.map(\.finding) }

  /// Which stretch of ``loss`` may explain a finding, if any: the last one before it in its
  /// launch (``LostStretch/mayExplain(_:launchSeqs:)`` says when).
  package var lossExplanations: LossExplanations {
    LossExplanations(
      loss: loss, launchSeqs: loss.isEmpty ? [] : LostStretch.launchSeqs(in: events))
  }
}
