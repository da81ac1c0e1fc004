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
  private var descriptor: Int32

  /// Creates (or truncates) the file at `path`.
  public init(path: String) throws(TraceError) {
    self.path = path
    descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { throw Self.failure(path, "cannot create the file") }
  }

  /// Opens the file at `path` to append after its first `offset` bytes, dropping the rest.
  package init(appendingTo path: String, truncatingAt offset: Int) throws(TraceError) {
    self.path = path
    descriptor = open(path, O_WRONLY)
    guard descriptor >= 0 else { throw Self.failure(path, "cannot open the file") }
    guard ftruncate(descriptor, off_t(offset)) == 0, lseek(descriptor, 0, SEEK_END) >= 0 else {
      let error = Self.failure(path, "cannot cut the file to append to it")
      _ = systemClose(descriptor)
      descriptor = -1
      throw error
    }
  }

  deinit {
    if descriptor >= 0 { _ = systemClose(descriptor) }
  }

  /// Makes this file take the place of the one at `destination`; writing goes on into it.
  func replace(_ destination: String) throws(TraceError) {
    guard rename(path, destination) == 0 else {
      throw Self.failure(destination, "cannot replace the file with its rewritten copy")
    }
  }

  /// Appends `bytes` to the file.
  public func write(_ bytes: [UInt8]) throws(TraceError) {
    guard descriptor >= 0 else {
      throw TraceError(code: .unwritableFile, message: "the file is closed", path: path)
    }
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        guard let base = buffer.baseAddress else { return 0 }
        return systemWrite(descriptor, base + written, buffer.count - written)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw Self.failure(path, "cannot write the file")
      }
      written += count
    }
  }

  /// Closes the file.
  public func close() throws(TraceError) {
    guard descriptor >= 0 else { return }
    let result = systemClose(descriptor)
    descriptor = -1
    if result != 0 { throw Self.failure(path, "cannot close the file") }
  }

  private static func failure(_ path: String, _ action: String) -> TraceError {
    let reason = String(cString: strerror(errno))
    return TraceError(
      code: .unwritableFile,
      message: "\(action): \(reason); check the path, the permissions and the free space",
      path: path)
  }
}

// The C library's `write` and `close`, named apart from the sink's own methods.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}

private func systemClose(_ descriptor: Int32) -> Int32 {
  close(descriptor)
}
