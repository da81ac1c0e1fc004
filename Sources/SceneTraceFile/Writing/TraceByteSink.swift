internal import SystemPackage

// The C library's `rename` and `errno`, which swift-system does not wrap.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a ``TraceWriter`` puts its bytes, in order.
public protocol TraceByteSink: AnyObject {
  /// Appends `bytes`.
  func write(_ bytes: [UInt8]) throws(TraceError)
  /// Ends the output; nothing is written after.
  func close() throws(TraceError)
}

/// A byte sink that can be cut back to its first `offset` bytes and written on from there: what
/// lets a ``TraceWriter`` write again, after a failed write, the bytes the failure cut short.
package protocol RewindableByteSink: TraceByteSink {
  /// Drops everything after the first `offset` bytes; the next write goes on from there.
  func rewind(to offset: Int) throws(TraceError)
}

/// A sink that keeps the bytes in memory, for tests and for encoding a trace to send elsewhere.
public final class MemoryByteSink: TraceByteSink {
  /// Everything written so far.
  public private(set) var bytes: [UInt8] = []

  /// Creates an empty sink.
  public init() {}

  /// Appends `bytes`.
  public func write(_ bytes: [UInt8]) {
    self.bytes += bytes
  }

  /// Does nothing: the bytes stay readable.
  public func close() {}
}

extension MemoryByteSink: RewindableByteSink {
  package func rewind(to offset: Int) {
    bytes.removeLast(max(bytes.count - offset, 0))
  }
}

/// A sink that writes a file, created or truncated when the sink is made.
public final class FileByteSink: RewindableByteSink {
  /// The file, as the caller named it.
  public let path: String
  private var file: FileDescriptor?

  /// Creates (or truncates) the file at `path`.
  public init(path: String) throws(TraceError) {
    self.path = path
    do {
      file = try FileDescriptor.open(
        FilePath(path), .readWrite, options: [.create, .truncate],
        permissions: [.ownerReadWrite, .groupRead, .otherRead])
    } catch {
      throw Self.failure(path, "cannot create the file", error)
    }
  }

  /// Opens the file at `path` to append after its first `offset` bytes, dropping the rest.
  package init(appendingTo path: String, truncatingAt offset: Int) throws(TraceError) {
    self.path = path
    let file: FileDescriptor
    do {
      file = try FileDescriptor.open(FilePath(path), .readWrite)
    } catch {
      throw Self.failure(path, "cannot open the file", error)
    }
    do throws(TraceError) {
      try Self.cut(file, at: offset, path, "cannot cut the file to append to it")
    } catch {
      _ = try? file.close()
      throw error
    }
    self.file = file
  }

  /// Cuts the file back to its first `offset` bytes, after a write that failed part way.
  package func rewind(to offset: Int) throws(TraceError) {
    let file = try openFile()
    try Self.cut(file, at: offset, path, "cannot cut the file back after a failed write")
  }

  /// Drops what follows the first `offset` bytes of `file` and writes on from there.
  private static func cut(
    _ file: FileDescriptor, at offset: Int, _ path: String, _ action: String
  ) throws(TraceError) {
    do {
      try file.resize(to: Int64(offset))
      try file.seek(offset: 0, from: .end)
    } catch {
      throw failure(path, action, error)
    }
  }

  deinit {
    _ = try? file?.close()
  }

  /// Every byte written so far, read back through the open file: what is left of a trace whose
  /// file was removed (or replaced) at its path while it was written, for writing it again.
  package func writtenBytes() throws(TraceError) -> [UInt8] {
    let file = try openFile()
    do {
      return try file.readToEnd(from: 0)
    } catch {
      throw Self.failure(path, "cannot read back what was written", error)
    }
  }

  /// Makes this file take the place of the one at `destination`; writing goes on into it.
  package func replace(_ destination: String) throws(TraceError) {
    // swift-system has no `rename`: the C library's, as `FileManager` would call it.
    guard rename(path, destination) == 0 else {
      throw Self.failure(
        destination, "cannot replace the file with its rewritten copy", Errno(rawValue: errno))
    }
  }

  /// Appends `bytes` to the file.
  public func write(_ bytes: [UInt8]) throws(TraceError) {
    let file = try openFile()
    do {
      try file.writeAll(bytes)
    } catch {
      throw Self.failure(path, "cannot write the file", error)
    }
  }

  /// Closes the file.
  public func close() throws(TraceError) {
    guard let file else { return }
    self.file = nil
    do {
      try file.close()
    } catch {
      throw Self.failure(path, "cannot close the file", error)
    }
  }

  /// The file, or an error when it was closed.
  private func openFile() throws(TraceError) -> FileDescriptor {
    guard let file else {
      throw TraceError(code: .unwritableFile, message: "the file is closed", path: path)
    }
    return file
  }

  /// An `unwritableFile` error with the operating system's reason (`strerror`'s text).
  private static func failure(_ path: String, _ action: String, _ error: any Error) -> TraceError {
    TraceError(
      code: .unwritableFile,
      message: "\(action): \(error); check the path, the permissions and the free space",
      path: path)
  }
}
