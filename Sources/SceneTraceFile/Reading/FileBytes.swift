import Dispatch
internal import SystemPackage

/// Reading a whole file through swift-system, with the operating system's reason when that fails.
enum FileBytes {
  /// The bytes of the file at `path`.
  ///
  /// A file that can be read only once (a pipe, `/dev/stdin`, a process substitution such as
  /// `<(zstdcat trace.jsonl.zst)`) is read at the first call and its bytes are kept, under its
  /// path, for the rest of the process: every later call for that path returns them. Most
  /// commands read their trace twice (a scan for the last seq, then the pass that replays;
  /// `check`'s report; a seek's index, then its frames), and the second read of a pipe found it
  /// empty: `replay info /dev/stdin` said the file held no events.
  static func contents(ofFile path: String) throws(TraceError) -> [UInt8] {
    let file: FileDescriptor
    do {
      file = try FileDescriptor.open(FilePath(path), .readOnly)
    } catch {
      throw failure(path, "cannot open the file", error)
    }
    do {
      return try file.closeAfter {
        let status = try? file.stat()
        guard let status, status.type == .regular else {
          return try ReadOnce.shared.bytes(of: path) { try file.readToEnd(from: nil) }
        }
        return try file.readToEnd(from: nil, expectedCount: max(Int(status.size), 0))
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

  /// The size of the file at `path`: of a pipe, the bytes ``contents(ofFile:)`` reads.
  static func size(ofFile path: String) throws(TraceError) -> Int {
    let status: Stat
    do {
      status = try Stat(FilePath(path))
    } catch {
      throw failure(path, "cannot open the file", error)
    }
    guard status.type == .regular else { return try contents(ofFile: path).count }
    return Int(status.size)
  }

  /// The bytes of the files that can be read only once, by path, kept from their first reading.
  private final class ReadOnce: @unchecked Sendable {
    // @unchecked: `kept` is read and changed only while `lock` is held.
    static let shared = ReadOnce()

    private let lock = DispatchSemaphore(value: 1)
    private var kept: [String: [UInt8]] = [:]

    /// The bytes kept for `path`, or those `read` reads, kept from now on. Two threads asking
    /// for one path at once get the same bytes: the second waits for the first's read.
    func bytes(of path: String, read: () throws -> [UInt8]) throws -> [UInt8] {
      lock.wait()
      defer { lock.signal() }
      if let bytes = kept[path] { return bytes }
      let bytes = try read()
      kept[path] = bytes
      return bytes
    }
  }

  /// An `unreadableFile` error with the operating system's reason (`strerror`'s text).
  static func failure(_ path: String, _ action: String, _ error: any Error) -> TraceError {
    TraceError(
      code: .unreadableFile,
      message: "\(action): \(error); check the path and the file's permissions", path: path)
  }
}
