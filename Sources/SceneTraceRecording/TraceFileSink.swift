import Foundation
import SceneTrace
import SceneTraceFile

/// A sink that writes a `.sctrace` file, compressed with zstd where libzstd is linked and as
/// raw blocks otherwise (on iOS), which `replay compact` compresses later.
///
/// A launch appends to the file, or starts a new one, as the app chooses. A new file can
/// continue an earlier one: its seqs and times go on from the earlier file's last event, so
/// `replay check --join first.sctrace second.sctrace` reads the launches as one trace.
///
/// The sink is used by the recording's writer thread only, except ``repairedDamage``, which is set
/// in ``open()`` before that thread starts and only read afterwards.
public final class TraceFileSink: TraceSink, @unchecked Sendable {
  /// Where a launch's events go.
  public enum Mode: Sendable {
    /// A new trace; an existing file at the path is replaced.
    case newFile
    /// This launch's events go on at the end of the trace already in the file (a new trace when
    /// there is none). A file cut when the app was killed is first rewritten with every event
    /// it still yields; ``repairedDamage`` says what it had lost.
    case appending
    /// A new file that continues the trace of the file at `path`, if there is one and it can be
    /// read: seqs and times go on from its last event.
    case continuing(after: String)
  }

  /// The file written.
  public let path: String
  private let mode: Mode
  private let appName: String
  private let options: TraceWriter.Options
  private var writer: TraceWriter?
  private var lastAppended = 0
  /// The file the writer writes, as the path named it when it was opened.
  private var writtenFile: FileIdentity?
  /// Whether the file was written again since the last flush, which has yet to say so.
  private var restoredUnreported = false

  /// Makes the byte sink of a new file; tests put faults between the writer and the file.
  package var makeByteSink: (String) throws(TraceError) -> any TraceByteSink = {
    path throws(TraceError) in try FileByteSink(path: path)
  }

  /// What the file had lost before this launch appended to it (it was cut, or damaged), if
  /// anything; the events it still held were kept.
  public private(set) var repairedDamage: String?

  /// A sink that will write the file at `path` when the recording opens it.
  ///
  /// - Parameters:
  ///   - appName: stored in the file's header.
  ///   - checkpointInterval: events between checkpoints of the replayed state. The default,
  ///     ``TraceWriter/Options/checkpointInterval``'s (4096), gives the file a checkpoint after
  ///     every frame while the state is small (fewer as it grows), as every `.sctrace` has, so
  ///     that `replay state --at` deep into a long recording is quick; the writer thread replays
  ///     the events through the reducer to build them, never the thread that calls the hooks.
  ///     In ``Mode/appending``, opening also replays the file's events after its last
  ///     checkpoint. nil writes none and runs no reducer.
  public init(
    path: String, mode: Mode = .newFile, appName: String = "",
    checkpointInterval: Int? = TraceWriter.Options().checkpointInterval
  ) {
    self.path = path
    self.mode = mode
    self.appName = appName
    var options = TraceWriter.Options()
    options.checkpointInterval = checkpointInterval
    // The recording flushes on its own schedule.
    options.flushInterval = .max
    self.options = options
  }

  public func open() throws -> TracePosition {
    if case .appending = mode, FileManager.default.fileExists(atPath: path) {
      let (resumed, repaired) = try TraceWriter.appending(to: path, options: options)
      writer = resumed
      writtenFile = FileIdentity(path: path)
      lastAppended = resumed.lastEventSeq
      if let repaired, !repaired.isIntact {
        repairedDamage =
          repaired.truncation ?? repaired.damage.map(\.message).joined(separator: "; ")
      }
      return TracePosition(nextSeq: resumed.lastEventSeq + 1, time: resumed.lastEventTime)
    }
    var position = TracePosition.start
    if case .continuing(let earlier) = mode, FileManager.default.fileExists(atPath: earlier) {
      let previous = try TraceFile.load(path: earlier, options: ReadOptions(lenient: true))
      if let last = previous.events.last {
        position = TracePosition(nextSeq: last.seq + 1, time: last.time)
      }
    }
    let header = TraceHeader(
      recorderVersion: "SceneTraceRecorder", appName: appName,
      startWallClockNanoseconds: Int64(Date().timeIntervalSince1970 * 1e9))
    writer = try TraceWriter(header: header, sink: try makeByteSink(path), options: options)
    writtenFile = FileIdentity(path: path)
    return position
  }

  /// Appends the events; after a failure the recording offers the same events again, and those
  /// already appended are skipped. The bytes a failed write (a full disk) cut short are written
  /// again first.
  public func write(_ events: [Event]) throws {
    try restoreIfRemoved()
    guard let writer else { return }
    try writer.writeUnwrittenBytes()
    for event in events where event.seq > lastAppended {
      // An event whose bytes the file did not take yet is appended: they are kept and retried.
      defer { lastAppended = writer.lastEventSeq }
      try writer.append(event)
    }
  }

  /// Flushes the file; after it was written again because it was removed or replaced, throws
  /// once the events are flushed, so that the recording reports it (and flushes again).
  public func flush() throws {
    try restoreIfRemoved()
    try writer?.flush()
    guard restoredUnreported else { return }
    restoredUnreported = false
    throw TraceError(
      code: .unwritableFile,
      message:
        "the trace file was removed or replaced while the app recorded into it; it is written "
        + "again at the same path with every event recorded so far, and recording goes on "
        + "into it",
      path: path)
  }

  /// When the file was removed from its path, or another file took its place, while the app
  /// recorded into it, writes the trace again at the path with every event it held, read back
  /// through the file still open, and goes on into that; the next flush reports it.
  private func restoreIfRemoved() throws {
    guard let writer, let writtenFile, FileIdentity(path: path) != writtenFile,
      let file = writer.byteSink as? FileByteSink
    else { return }
    try writer.flush()
    let restoring = path + ".restoring"
    let copy = try FileByteSink(path: restoring)
    try copy.write(try file.writtenBytes())
    try copy.close()
    try copy.replace(path)
    try? writer.close()
    let (resumed, _) = try TraceWriter.appending(to: path, options: options)
    self.writer = resumed
    self.writtenFile = FileIdentity(path: path)
    lastAppended = resumed.lastEventSeq
    restoredUnreported = true
  }

  /// Closes the file; one removed since the last write or flush is first written again, so
  /// that the trace ends with every event at its path.
  public func close() throws {
    try restoreIfRemoved()
    try writer?.close()
    writer = nil
  }
}
