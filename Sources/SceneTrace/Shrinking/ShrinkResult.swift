/// A shrunk trace: the events kept, where each came from, and what shrinking it took.
public struct ShrinkResult: Hashable, Sendable {
  /// The events kept, in their original order, numbered again from 1 (seq 1...n); each keeps
  /// its original time, since rules depend on time.
  public var events: [Event]
  /// The seq each kept event had in the original trace, in the same order as `events`.
  public var originalSeqs: [Int]
  /// How many replays shrinking ran, the original's included.
  public var replays: Int
  /// How many events the original trace had.
  public var originalCount: Int

  /// Creates a result.
  public init(events: [Event], originalSeqs: [Int], replays: Int, originalCount: Int) {
    self.events = events
    self.originalSeqs = originalSeqs
    self.replays = replays
    self.originalCount = originalCount
  }
}
