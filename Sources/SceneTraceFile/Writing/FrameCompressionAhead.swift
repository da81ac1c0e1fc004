import Dispatch
import SceneTrace

/// Compresses a writer's frames on a thread of its own, one after another in the order they
/// were handed over, while the writer goes on encoding the next: a conversion that writes a
/// whole trace (`replay import` at zstd level 19) spends about half its time in libzstd.
///
/// Each frame is compressed by one libzstd context, as the writer's own would compress it on the
/// calling thread (the whole frame written, then ended: libzstd's output does not depend on how
/// the content was handed to it), so the bytes are the same.
final class FrameCompressionAhead: @unchecked Sendable {
  // @unchecked: `compressor` is used only on `queue`, which runs one block at a time.
  private let queue = DispatchQueue(label: "SceneTraceFile.TraceWriter.frames")
  private let compressor: ZstdFrameCompressor

  /// A frame's compressed bytes once they are ready: a zstd frame, checksum included.
  typealias Frame = WorkAhead<[UInt8], TraceError>

  init(level: Int) throws(TraceError) {
    compressor = try ZstdFrameCompressor(level: level)
  }

  /// Starts compressing `content`, a whole frame's, after the frames handed over before it.
  func compress(_ content: [UInt8]) -> Frame {
    Frame(on: queue) { [self] () throws(TraceError) -> [UInt8] in
      var output: [UInt8] = []
      try compressor.write(content, to: &output)
      try compressor.endFrame(to: &output)
      return output
    }
  }
}
