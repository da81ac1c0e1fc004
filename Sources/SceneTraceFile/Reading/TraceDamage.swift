/// A part of a trace file that could not be read: where it is, what is wrong, and which events
/// were lost with it.
public struct TraceDamage: Hashable, Sendable, CustomStringConvertible {
  /// Where the damaged part starts in the file.
  public var byteOffset: Int
  /// What is wrong and what the reader did about it, in one sentence.
  public var message: String
  /// The seqs of the events lost with it, when known.
  public var lostSeqs: ClosedRange<Int>?
  /// Whether events were lost with it: false for a damaged header, checkpoint or index, which
  /// the events do not need.
  public var losesEvents = true
  /// Whether the part is a compressed frame that only a build with libzstd can read: not damage,
  /// but lost here all the same.
  public var needsLibZstd = false

  /// Creates a damage record.
  package init(
    byteOffset: Int, message: String, lostSeqs: ClosedRange<Int>? = nil,
    losesEvents: Bool = true, needsLibZstd: Bool = false
  ) {
    self.byteOffset = byteOffset
    self.message = message
    self.lostSeqs = lostSeqs
    self.losesEvents = losesEvents
    self.needsLibZstd = needsLibZstd
  }

  /// `byte 4096: the frame's checksum does not match its content; events seq 4097–8192 lost`.
  public var description: String {
    var text = "byte \(byteOffset): \(message)"
    if let lostSeqs {
      text +=
        lostSeqs.count == 1
        ? "; event seq \(lostSeqs.lowerBound) lost"
        : "; events seq \(lostSeqs.lowerBound)–\(lostSeqs.upperBound) lost"
    }
    return text
  }
}
