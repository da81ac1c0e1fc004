#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading a whole file, with the operating system's reason when that fails.
enum FileBytes {
  /// The bytes of the file at `path`.
  static func contents(ofFile path: String) throws(TraceError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw failure(path, "cannot open the file") }
    defer { _ = close(descriptor) }
    var bytes: [UInt8] = []
    var status = stat()
    if fstat(descriptor, &status) == 0, status.st_size > 0 {
      bytes.reserveCapacity(Int(status.st_size))
    }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { buffer in
        read(descriptor, buffer.baseAddress, buffer.count)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw failure(path, "cannot read the file")
      }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[0..<count])
    }
  }

  /// The size of the file at `path`.
  static func size(ofFile path: String) throws(TraceError) -> Int {
    var status = stat()
    guard stat(path, &status) == 0 else { throw failure(path, "cannot open the file") }
    return Int(status.st_size)
  }

  /// An `unreadableFile` error with the reason `errno` holds.
  private static func failure(_ path: String, _ action: String) -> TraceError {
    let reason = String(cString: strerror(errno))
    return TraceError(
      code: .unreadableFile,
      message: "\(action): \(reason); check the path and the file's permissions", path: path)
  }
}
