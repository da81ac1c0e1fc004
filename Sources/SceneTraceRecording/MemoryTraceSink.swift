import Foundation
import SceneTrace

/// A sink that keeps a recording's events in memory, for tests: drive app code with the real
/// recorder, flush, and assert on what it recorded, with no file.
///
/// ```swift
/// let sink = MemoryTraceSink()
/// let recording = try Recording(sink: sink)
/// let recorder = recording.recorder
/// recorder.sceneWillConnect(session: "A")
/// recording.flush()
/// sink.events  // [scene.willConnect session=A], seq 1
/// ```
///
/// Reading ``events`` is safe from any thread while the recording writes.
public final class MemoryTraceSink: TraceSink, @unchecked Sendable {
  private let lock = NSLock()
  private var written: [Event] = []
  private var closed = false
  private let position: TracePosition

  /// A sink for a new trace, or one that continues a trace at `position`.
  public init(continuing position: TracePosition = .start) {
    self.position = position
  }

  /// Where the recording starts: the position given at creation.
  public func open() throws -> TracePosition { position }

  /// Keeps `events`.
  public func write(_ events: [Event]) throws {
    lock.lock()
    defer { lock.unlock() }
    written += events
  }

  /// Does nothing: what is written is already kept.
  public func flush() throws {}

  /// Marks the sink closed; its events stay readable.
  public func close() throws {
    lock.lock()
    defer { lock.unlock() }
    closed = true
  }

  /// The events written so far, in order, with their seqs. A recording hands its events over on
  /// its writer thread: call ``Recording/flush(timeout:)`` (or close it) before reading.
  public var events: [Event] {
    lock.lock()
    defer { lock.unlock() }
    return written
  }

  /// Whether the recording has closed the sink.
  public var isClosed: Bool {
    lock.lock()
    defer { lock.unlock() }
    return closed
  }
}
