import SceneTraceFile

/// Telling a trace file's format from its first bytes, without reading the rest.
enum TraceInputFormat {
  /// The format of the file at `path`; an unreadable file is reported when it is loaded.
  static func of(_ path: String) -> TraceFileFormat {
    (try? TraceFile.formatFromStart(ofFile: path)) ?? .jsonLines
  }
}
