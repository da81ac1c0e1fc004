import SceneTrace

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

  /// Creates a loaded trace.
  public init(path: String, events: [Event], truncation: String? = nil, warnings: [String] = []) {
    self.path = path
    self.events = events
    self.truncation = truncation
    self.warnings = warnings
  }
}
