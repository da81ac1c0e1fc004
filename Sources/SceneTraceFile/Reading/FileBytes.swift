internal import SystemPackage

/// Reading a whole file through swift-system, with the operating system's reason when that fails.
enum FileBytes {
  /// The bytes of the file at `path`.
  static func contents(ofFile path: String) throws(TraceError) -> [UInt8] {
    let file: FileDescriptor
    do {
      file = try FileDescriptor.open(FilePath(path), .readOnly)
    } catch {
      throw failure(path, "cannot open the file", error)
    }
    do {
      return try file.closeAfter {
        // From the current position: a pipe cannot be read by offset.
        let size = (try? file.stat().size).map { Int($0) } ?? 0
        return try file.readToEnd(from: nil, expectedCount: max(size, 0))
      }
    } catch {
      throw failure(path, "cannot read the file", error)
    }
  }

  /// Whether the file at `path` is a regular file (which can be read by offset).
  static func isRegularFile(_ path: String) throws(TraceError) -> Bool {
    do {
      return try Stat(FilePath(path)).type == .regular
    } catch {
      throw failure(path, "cannot open the file", error)
    }
  }

  /// The size of the file at `path`.
  static func size(ofFile path: String) throws(TraceError) -> Int {
    do {
      return Int(try Stat(FilePath(path)).size)
    } catch {
      throw failure(path, "cannot open the file", error)
    }
  }

  /// An `unreadableFile` error with the operating system's reason (`strerror`'s text).
  static func failure(_ path: String, _ action: String, _ error: any Error) -> TraceError {
    TraceError(
      code: .unreadableFile,
      message: "\(action): \(error); check the path and the file's permissions", path: path)
  }
}
