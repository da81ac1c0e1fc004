import SceneTraceFile

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Telling a trace file's format from its first bytes, without reading the rest.
enum TraceInputFormat {
  /// The format of the file at `path`; an unreadable file is reported when it is loaded.
  static func of(_ path: String) -> TraceFileFormat {
    guard let file = fopen(path, "rb") else { return .jsonLines }
    defer { fclose(file) }
    var bytes = [UInt8](repeating: 0, count: 16)
    let count = fread(&bytes, 1, bytes.count, file)
    return TraceFile.format(of: Array(bytes.prefix(count)))
  }
}
