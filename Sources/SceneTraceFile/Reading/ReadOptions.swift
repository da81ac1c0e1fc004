/// How strictly a trace is read.
public struct ReadOptions: Sendable {
  /// Whether an event of a type this version does not know is skipped with a warning instead of
  /// failing the read. A skipped event still counts for seq, so the other events keep the seq a
  /// newer reader would give them.
  public var lenient: Bool = false

  /// Called now and then while JSON Lines are read, with the bytes read so far and the total,
  /// so that a tool can show how far a long read got; nil (never called) by default.
  public var progress: (@Sendable (_ bytesRead: Int, _ totalBytes: Int) -> Void)?

  /// How many event frames of a `.sctrace` file are decoded on other threads while the reader
  /// reads the frame before them: as many as the machine has cores (eight at most), none on one
  /// core. With none, every frame is decoded on the reading thread; what is read is the same
  /// either way.
  package var framesDecodedAhead = ReadOptions.framesDecodedAheadByDefault

  /// Creates read options.
  public init(lenient: Bool = false) {
    self.lenient = lenient
  }
}
