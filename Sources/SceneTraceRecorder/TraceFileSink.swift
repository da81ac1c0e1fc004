import Foundation
import SceneTrace
import SceneTraceFile

/// A sink that writes a `.sctrace` file, compressed with zstd where libzstd is linked and as
/// raw blocks otherwise (on iOS), which `replay compact` compresses later.
///
/// A launch starts a new file, or a new file that continues an earlier one: its seqs and times
/// go on from the earlier file's last event, so `replay check --join first.sctrace
/// second.sctrace` reads the launches as one trace.
public final class TraceFileSink: TraceSink {
  /// Where a launch's events go.
  public enum Mode: Sendable {
    /// A new trace; an existing file at the path is replaced.
    case newFile
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

  /// A sink that will write the file at `path` when the recording opens it.
  ///
  /// - Parameters:
  ///   - appName: stored in the file's header.
  ///   - checkpointInterval: events between checkpoints; nil (the default) writes none, so the
  ///     writer runs no reducer on the device; `replay compact` adds them later.
  public init(
    path: String, mode: Mode = .newFile, appName: String = "",
    checkpointInterval: Int? = nil
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
    writer = try TraceWriter(header: header, sink: try FileByteSink(path: path), options: options)
    return position
  }

  /// Appends the events; after a failure the recording offers the same events again, and those
  /// already appended are skipped.
  public func write(_ events: [Event]) throws {
    guard let writer else { return }
    for event in events where event.seq > lastAppended {
      try writer.append(event)
      lastAppended = event.seq
    }
  }

  public func flush() throws {
    try writer?.flush()
  }

  public func close() throws {
    try writer?.close()
    writer = nil
  }
}
