internal import SystemPackage

/// Parts of a file read by offset, for a reader that needs its header and its end and not the
/// bytes between them.
final class FileRegions {
  /// The file's size in bytes.
  let size: Int
  private let path: String
  private let descriptor: FileDescriptor

  /// Opens the file at `path` for reading.
  init(path: String) throws(TraceError) {
    self.path = path
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
  }

  deinit { try? descriptor.close() }

  /// The bytes in `range`, clamped to the file.
  func bytes(_ range: Range<Int>) throws(TraceError) -> [UInt8] {
    let range = range.clamped(to: 0..<size)
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
