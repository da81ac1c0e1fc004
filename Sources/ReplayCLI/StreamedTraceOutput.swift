import Foundation
import SceneTrace
import SceneTraceFile

/// A trace file (`.sctrace`, or JSON Lines in the export form) written while its events are
/// still being read, or a text written as it is made (a Chrome trace): into a temporary file
/// beside the output, which takes the output's place only when ``finish()`` succeeds, so that
/// a read that fails part way leaves whatever was at the output as it was.
///
/// A failure to write is kept until ``finish()`` rather than thrown: the read goes on to its
/// end, so that a fault in the input is what is reported, as when the whole input was read
/// before anything was written.
final class StreamedTraceOutput {
  /// The file to write, as the user named it.
  let path: String
  /// Where the file goes: the output, or the file it links to.
  private let target: String
  /// The file written until it takes the target's place, beside it.
  private let temporaryPath: String
  private let format: Format
  private var sink: FileByteSink?
  private var writer: TraceWriter?
  private var failure: TraceError?

  /// What the file holds.
  enum Format {
    /// A `.sctrace` file written with this compression.
    case sctrace(TraceWriter.Compression)
    /// JSON Lines in the export form (`Event.jsonLine`).
    case jsonLines
    /// Text handed over part by part (``write(_:)-(JSONText)``).
    case text
  }

  /// An output to `path` in `format`; nothing is created before ``start(_:)``.
  init(path: String, format: Format) {
    self.path = path
    self.format = format
    target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    temporaryPath = target + ".partial"
  }

  /// Creates the temporary file and, for a `.sctrace` file, writes `header` to it (JSON Lines
  /// and a text have none).
  func start(_ header: TraceHeader) {
    guard failure == nil, sink == nil else { return }
    do throws(TraceError) {
      let sink = try FileByteSink(path: temporaryPath)
      self.sink = sink
      if case .sctrace(let compression) = format {
        writer = try TraceWriter(
          header: header, sink: sink, options: TraceOutput.writerOptions(compression: compression))
      }
    } catch {
      keep(error)
    }
  }

  /// Appends `events`, which follow those appended before.
  func write(_ events: [Event]) {
    guard failure == nil, let sink else { return }
    do throws(TraceError) {
      if let writer {
        for event in events { try writer.append(event) }
      } else {
        try sink.write(TraceOutput.jsonLines(events))
      }
    } catch {
      keep(error)
    }
  }

  /// Appends `part` of a text, which follows the parts appended before.
  func write(_ part: borrowing JSONText) {
    append(part.withBytes { Array($0) })
  }

  /// Appends `part` of a text, which follows the parts appended before.
  func write(_ part: String) {
    append(Array(part.utf8))
  }

  private func append(_ bytes: [UInt8]) {
    guard failure == nil, let sink else { return }
    do throws(TraceError) {
      try sink.write(bytes)
    } catch {
      keep(error)
    }
  }

  /// Closes the file, puts it in the output's place and returns its size; throws the first
  /// failure to write, having removed the temporary file.
  func finish() throws(TraceError) -> Int {
    do throws(TraceError) {
      if let failure { throw failure }
      guard let sink else { preconditionFailure("finish() before start(_:)") }
      try writer?.close()
      try sink.close()
      try sink.replace(target)
      return try TraceReader.fileSize(of: path)
    } catch {
      discard()
      throw error
    }
  }

  /// Removes the temporary file, if it was created: what a failed read leaves behind.
  func discard() {
    writer = nil
    sink = nil
    try? FileManager.default.removeItem(atPath: temporaryPath)
  }

  /// Keeps the first failure, naming the output rather than the temporary file.
  private func keep(_ error: TraceError) {
    var named = error
    if named.path == temporaryPath { named.path = path }
    failure = named
  }
}
