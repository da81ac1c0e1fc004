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

  /// A frame's compressed bytes once they are ready.
  final class Frame: @unchecked Sendable {
    // @unchecked: `result` is set on the queue before `done` is signalled, and read only after
    // waiting for it.
    fileprivate var result: Result<[UInt8], TraceError> = .success([])
    fileprivate let done = DispatchSemaphore(value: 0)

    /// Waits for the frame and returns it: a zstd frame, checksum included.
    func bytes() throws(TraceError) -> [UInt8] {
      done.wait()
      // Signalled again, so that asking twice does not wait forever.
      done.signal()
      return try result.get()
    }
  }

  init(level: Int) throws(TraceError) {
    compressor = try ZstdFrameCompressor(level: level)
  }

  /// Starts compressing `content`, a whole frame's, after the frames handed over before it.
  func compress(_ content: [UInt8]) -> Frame {
    let frame = Frame()
    queue.async { [self] in
      frame.result = Result { () throws(TraceError) -> [UInt8] in
        var output: [UInt8] = []
        try compressor.write(content, to: &output)
        try compressor.endFrame(to: &output)
        return output
      }
      frame.done.signal()
    }
    return frame
  }
}
