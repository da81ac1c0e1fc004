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
        var bytes: [UInt8] = []
        if let size = try? file.stat().size, size > 0 { bytes.reserveCapacity(Int(size)) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
          let count = try chunk.withUnsafeMutableBytes { try file.read(into: $0) }
          if count == 0 { return bytes }
          bytes.append(contentsOf: chunk[0..<count])
        }
      }
    } catch {
      throw failure(path, "cannot read the file", error)
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
