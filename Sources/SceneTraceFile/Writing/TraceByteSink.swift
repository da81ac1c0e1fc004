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

/// A sink that writes a file, created or truncated when the sink is made.
public final class FileByteSink: TraceByteSink {
  /// The file, as the caller named it.
  public let path: String
  private var file: FileDescriptor?

  /// Creates (or truncates) the file at `path`.
  public init(path: String) throws(TraceError) {
    self.path = path
    do {
      file = try FileDescriptor.open(
        FilePath(path), .writeOnly, options: [.create, .truncate],
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
      file = try FileDescriptor.open(FilePath(path), .writeOnly)
    } catch {
      throw Self.failure(path, "cannot open the file", error)
    }
    do {
      try file.resize(to: Int64(offset))
      try file.seek(offset: 0, from: .end)
    } catch {
      _ = try? file.close()
      throw Self.failure(path, "cannot cut the file to append to it", error)
    }
    self.file = file
  }

  deinit {
    _ = try? file?.close()
  }

  /// Makes this file take the place of the one at `destination`; writing goes on into it.
  func replace(_ destination: String) throws(TraceError) {
    // swift-system has no `rename`: the C library's, as `FileManager` would call it.
    guard rename(path, destination) == 0 else {
      throw Self.failure(
        destination, "cannot replace the file with its rewritten copy", Errno(rawValue: errno))
    }
  }

  /// Appends `bytes` to the file.
  public func write(_ bytes: [UInt8]) throws(TraceError) {
    guard let file else {
      throw TraceError(code: .unwritableFile, message: "the file is closed", path: path)
    }
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

  /// An `unwritableFile` error with the operating system's reason (`strerror`'s text).
  private static func failure(_ path: String, _ action: String, _ error: any Error) -> TraceError {
    TraceError(
      code: .unwritableFile,
      message: "\(action): \(error); check the path, the permissions and the free space",
      path: path)
  }
}
