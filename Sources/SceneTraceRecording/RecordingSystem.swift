import Foundation

/// The app-wide recording that `SceneTraceRecorder()` records into, started once.
public enum RecordingSystem {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var recording: Recording?

  /// Starts the app-wide recording into `sink`; call it once, early in
  /// `application(_:willFinishLaunchingWithOptions:)`. Throws when a recording is already
  /// running, or when the sink cannot be opened.
  public static func bootstrap(
    sink: sending some TraceSink, options: RecordingOptions = RecordingOptions()
  ) throws(RecorderError) {
    lock.lock()
    defer { lock.unlock() }
    guard recording == nil else {
      throw RecorderError(
        code: .alreadyRecording,
        message: "a recording is already running; call RecordingSystem.shutdown() first")
    }
    recording = try Recording(sink: sink, options: options)
  }

  /// The running app-wide recording, if any.
  public static var current: Recording? {
    lock.lock()
    defer { lock.unlock() }
    return recording
  }

  /// Writes and flushes everything recorded so far; see ``Recording/flush(timeout:)``.
  @discardableResult
  public static func flush(timeout: Double = 5) -> Bool {
    current?.flush(timeout: timeout) ?? true
  }

  /// Closes the app-wide recording; recorders made before keep recording nothing.
  public static func shutdown() {
    lock.lock()
    let closing = recording
    recording = nil
    lock.unlock()
    closing?.close()
  }
}
