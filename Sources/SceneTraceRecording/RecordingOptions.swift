/// How a recording buffers, flushes and redacts.
public struct RecordingOptions: Sendable {
  /// How many events the buffer holds before hooks start dropping them (rounded up to a power of
  /// two). Dropped events are counted, and the count goes into the trace as a `trace.gap`.
  public var capacity = 16_384
  /// How often, in seconds, what has been written is flushed, so that a crash loses at most
  /// about this much.
  public var flushInterval = 0.25
  /// Whether key presses keep their characters without Command, Control or Option held. Off by
  /// default: typed text is not recorded.
  public var recordsTypedText = false
  /// Whether `state.write` and `state.render` values are replaced by digests, which still tell
  /// equal values from different ones.
  public var digestsValues = false
  /// Whether the identifying part of a key (`file:/Users/…/notes.txt`) is replaced by a digest;
  /// the prefix that gives the key its meaning (`file:`, `session:<id>/`) stays.
  public var redactsKeyIdentifiers = false
  /// Whether a hook waits for room when the buffer is full instead of dropping the event. For
  /// simulations and tests that must keep every event; an app leaves it off, so that a hook
  /// never waits.
  public var waitsWhenFull = false
  /// Called on the writer thread when the sink fails, events are dropped or the clock
  /// misbehaves; the app goes on. Called once when a failure starts, not for every try or
  /// event while it lasts.
  public var onError: (@Sendable (RecorderError) -> Void)?
  /// How a failing sink is tried again.
  package var retry = Retry()

  /// How a failing sink is tried again: after `firstDelay` nanoseconds, then after twice as long
  /// each time up to `longestDelay`, `attempts` tries in all, counting the first. An explicit
  /// flush tries at once.
  package struct Retry: Sendable {
    package var firstDelay: UInt64 = 100_000_000
    package var longestDelay: UInt64 = 30_000_000_000
    package var attempts = 30

    package init() {}
  }

  /// The defaults: 16K events, a flush every 250 ms, typed text not recorded.
  public init() {}
}
