/// The last on-grid pointer sample of each scene in a frame, by the index of its session in the
/// frame's string table: what the next sample's coordinates are delta-coded against, by the
/// encoder and the decoder alike.
///
/// An array indexed by the table's entries rather than a dictionary: a sample looked its base up
/// and stored it back through two hashes. The indices are those of entries the table holds, so
/// it grows with the table, never past it; -1, a string of an extension record's body, which
/// stays out of the table, has a base of its own.
struct PointerBases {
  private var bases: [(x: Int64, y: Int64)] = []

  /// The base of the scene whose session is table entry `sessionIndex`: (0, 0) before its first
  /// on-grid sample.
  subscript(sessionIndex: Int) -> (x: Int64, y: Int64) {
    @inline(__always) get {
      let slot = sessionIndex + 1
      return slot >= 0 && slot < bases.count ? bases[slot] : (0, 0)
    }
    @inline(__always) set {
      let slot = sessionIndex + 1
      guard slot >= 0 else { return }
      if slot >= bases.count {
        bases.append(contentsOf: repeatElement((x: 0, y: 0), count: slot + 1 - bases.count))
      }
      bases[slot] = newValue
    }
  }
}
