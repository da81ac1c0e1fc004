#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which file a path names (its device and inode), so that a sink notices when the file it
/// writes was removed, or replaced by another, while the app recorded into it.
struct FileIdentity: Hashable {
  private let device: UInt64
  private let inode: UInt64

  /// The file at `path` now; nil when there is none.
  init?(path: String) {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    device = UInt64(truncatingIfNeeded: status.st_dev)
    inode = UInt64(truncatingIfNeeded: status.st_ino)
  }
}
