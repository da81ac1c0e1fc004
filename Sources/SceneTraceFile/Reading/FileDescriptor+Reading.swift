internal import SystemPackage

/// The reading loops every file reader shares: a read may return fewer bytes than asked, so
/// each reads again until it has them all or the file ends.
extension FileDescriptor {
  /// Fills `buffer` with the file's bytes from byte `offset` on (`pread`), or from the current
  /// position when `offset` is nil (`read`, which a pipe needs), until it is full or the file
  /// ends; returns how many bytes it read.
  func read(filling buffer: UnsafeMutableRawBufferPointer, from offset: Int?) throws -> Int {
    var done = 0
    while done < buffer.count {
      let rest = UnsafeMutableRawBufferPointer(rebasing: buffer[done...])
      let count =
        if let offset {
          try read(fromAbsoluteOffset: Int64(offset + done), into: rest)
        } else {
          try read(into: rest)
        }
      if count == 0 { break }
      done += count
    }
    return done
  }

  /// The file's bytes from byte `offset` on (or from the current position when `offset` is
  /// nil) to its end; `expectedCount` (such as the file's size) saves growing the array.
  func readToEnd(from offset: Int?, expectedCount: Int = 0) throws -> [UInt8] {
    var bytes: [UInt8] = []
    var filled = 0
    // One byte more than expected, so that the read that fills it finds the end.
    var capacity = max(expectedCount + 1, 1 << 16)
    while true {
      bytes.append(contentsOf: repeatElement(0, count: capacity - bytes.count))
      let count = try bytes.withUnsafeMutableBytes { buffer in
        try read(
          filling: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]),
          from: offset.map { $0 + filled })
      }
      filled += count
      if filled < bytes.count {
        bytes.removeLast(bytes.count - filled)
        return bytes
      }
      capacity *= 2
    }
  }
}
