internal import SystemPackage

/// Parts of a file read by offset, for a reader that needs its header and its end and not the
/// bytes between them.
final class FileRegions {
  /// The file's size in bytes.
  let size: Int
  private let path: String
  private let source: Source

  private enum Source {
    case file(FileDescriptor)
    /// The bytes of a file that cannot be read by offset (a pipe), read whole.
    case memory([UInt8])
  }

  /// Opens the file at `path` for reading.
  init(path: String) throws(TraceError) {
    self.path = path
    guard try FileBytes.isRegularFile(path) else {
      let bytes = try FileBytes.contents(ofFile: path)
      size = bytes.count
      source = .memory(bytes)
      return
    }
    let descriptor: FileDescriptor
    do {
      descriptor = try FileDescriptor.open(FilePath(path), .readOnly)
    } catch {
      throw FileBytes.failure(path, "cannot open the file", error)
    }
    do {
      size = Int(try descriptor.stat().size)
    } catch {
      try? descriptor.close()
      throw FileBytes.failure(path, "cannot read the file", error)
    }
    source = .file(descriptor)
  }

  deinit {
    if case .file(let descriptor) = source { try? descriptor.close() }
  }

  /// The bytes in `range`, clamped to the file.
  func bytes(_ range: Range<Int>) throws(TraceError) -> [UInt8] {
    let range = range.clamped(to: 0..<size)
    switch source {
    case .memory(let bytes):
      return Array(bytes[range])
    case .file(let descriptor):
      do {
        return try [UInt8](unsafeUninitializedCapacity: range.count) { buffer, count in
          count = try descriptor.read(
            filling: UnsafeMutableRawBufferPointer(buffer), from: range.lowerBound)
        }
      } catch {
        throw FileBytes.failure(path, "cannot read the file", error)
      }
    }
  }
}
