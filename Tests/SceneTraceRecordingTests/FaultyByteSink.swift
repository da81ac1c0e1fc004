import Foundation
import SceneTraceFile

/// The bytes of a trace file, with faults put between the writer and the file on command: a full
/// disk, a write cut short, a lost file descriptor, a close that fails.
final class FaultyByteSink: RewindableByteSink, @unchecked Sendable {
  /// What the next writes do.
  enum Fault {
    /// They fail with `ENOSPC`, writing nothing.
    case diskFull
    /// They write the first half of their bytes, then fail with `ENOSPC`.
    case shortWrite
    /// They fail with `EBADF`, as on a descriptor that is gone.
    case badDescriptor
  }

  private let file: FileByteSink
  private let lock = NSLock()
  private var currentFault: Fault?
  private var closeFails = false
  private var failedWriteCount = 0

  init(path: String) throws(TraceError) {
    file = try FileByteSink(path: path)
  }

  /// The fault of the next writes; nil writes normally.
  var fault: Fault? {
    get { locked { currentFault } }
    set { locked { currentFault = newValue } }
  }

  /// Whether `close` fails (after closing the file).
  var failsClose: Bool {
    get { locked { closeFails } }
    set { locked { closeFails = newValue } }
  }

  /// How many writes failed.
  var failedWrites: Int { locked { failedWriteCount } }

  func write(_ bytes: [UInt8]) throws(TraceError) {
    guard let fault = self.fault else { return try file.write(bytes) }
    locked { failedWriteCount += 1 }
    switch fault {
    case .diskFull:
      throw Self.error("No space left on device (ENOSPC)")
    case .shortWrite:
      try file.write(Array(bytes.prefix(bytes.count / 2)))
      throw Self.error("No space left on device (ENOSPC)")
    case .badDescriptor:
      throw Self.error("Bad file descriptor (EBADF)")
    }
  }

  func rewind(to offset: Int) throws(TraceError) {
    try file.rewind(to: offset)
  }

  func close() throws(TraceError) {
    try file.close()
    if failsClose { throw Self.error("Input/output error (EIO)") }
  }

  private static func error(_ reason: String) -> TraceError {
    TraceError(code: .unwritableFile, message: "cannot write the file: \(reason)")
  }

  private func locked<T>(_ body: () -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body()
  }
}
