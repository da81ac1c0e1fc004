/// Where two sequences of events differ, found by what the events say rather than where they
/// stand: the hunks (elements one sequence holds in place of elements of the other), between
/// runs of elements that agree.
///
/// Runs that agree are followed greedily; where the sequences part, the search (Myers' greedy
/// O(ND) diff) looks for the shortest edit, in elements deleted from the first and inserted from
/// the second, after which they agree again for `anchor` elements in a row, or both end. That
/// edit is a stretch: its runs of edits are its hunks. So the work grows with the length of the
/// sequences and the square of each stretch's size, never with the product of the lengths: two
/// traces of a million events with a few differences align in one pass and little memory.
///
/// ```swift
/// let a = ["launch", "connect A", "mark", "activate A"]
/// let b = ["launch", "connect A", "activate A"]
/// EventAlignment.hunks(a.count, b.count) { a[$0] == b[$1] }
/// // [Hunk(a: 2..<3, b: 2..<2)]: "mark" is in a only
/// ```
package enum EventAlignment {
  /// A stretch where the sequences differ: elements `a` of the first stand where elements `b`
  /// of the second do (either may be empty). Elements inside a hunk may agree in short runs
  /// (shorter than the anchor); the hunk starts and ends with elements that do not.
  package struct Hunk: Hashable, Sendable, CustomStringConvertible {
    /// The elements of the first sequence.
    package var a: Range<Int>
    /// The elements of the second sequence.
    package var b: Range<Int>

    /// A hunk of `a` in the first sequence against `b` in the second.
    package init(a: Range<Int>, b: Range<Int>) {
      self.a = a
      self.b = b
    }

    package var description: String {
      "a \(a.lowerBound)..<\(a.upperBound), b \(b.lowerBound)..<\(b.upperBound)"
    }
  }

  /// The hunks of two sequences of `countA` and `countB` elements, in order, where `same(i, j)`
  /// says whether element `i` of the first says what element `j` of the second says.
  ///
  /// - Parameters:
  ///   - anchor: how many elements in a row must agree after a stretch of hunks for it to end
  ///     there.
  ///   - maxEdits: the largest edit searched for (deletions plus insertions). Beyond it, the
  ///     next `maxEdits / 2` elements of each sequence (or as many as the shorter has left) are
  ///     one hunk, and the search starts again after them: no run of `anchor` agreeing elements
  ///     starts among them, or the search would have reached it.
  package static func hunks(
    _ countA: Int, _ countB: Int, anchor: Int = 8, maxEdits: Int = 400,
    same: (Int, Int) -> Bool
  ) -> [Hunk] {
    stretches(countA, countB, anchor: anchor, maxEdits: maxEdits, same: same).flatMap(\.self)
  }

  /// The hunks grouped in stretches: the hunks of one stretch are apart by fewer than `anchor`
  /// agreeing elements, and each stretch is followed by at least `anchor` (or by the end of
  /// both sequences). Two events swapped are one stretch of two hunks.
  package static func stretches(
    _ countA: Int, _ countB: Int, anchor: Int = 8, maxEdits: Int = 400,
    same: (Int, Int) -> Bool
  ) -> [[Hunk]] {
    var aligner = Aligner(countA, countB, anchor: anchor, maxEdits: maxEdits)
    var stretches: [[Hunk]] = []
    while !aligner.isFinished {
      if let stretch = aligner.advance(same: same) { stretches.append(stretch) }
    }
    return stretches
  }

  /// The alignment of two sequences found stretch by stretch, as far as the caller needs it:
  /// a comparison of two traces read side by side aligns the events it has read, never the
  /// whole traces at once. It finds what ``stretches(_:_:anchor:maxEdits:same:)`` finds.
  package struct Aligner {
    /// How many elements each sequence holds.
    package let counts: (a: Int, b: Int)
    private let anchor: Int
    private let maxEdits: Int
    /// Where the alignment stands: the elements between the end of the last stretch found and
    /// here agree pair by pair.
    package private(set) var position = (a: 0, b: 0)

    /// The alignment of sequences of `countA` and `countB` elements, `anchor` and `maxEdits`
    /// as ``EventAlignment/stretches(_:_:anchor:maxEdits:same:)`` takes them. Once one sequence
    /// has ended, the rest of the other is the last stretch, of one hunk (``isTail(_:)``).
    package init(_ countA: Int, _ countB: Int, anchor: Int = 8, maxEdits: Int = 400) {
      counts = (countA, countB)
      self.anchor = max(anchor, 1)
      self.maxEdits = maxEdits
    }

    /// Whether both sequences are aligned to their ends.
    package var isFinished: Bool { position == counts }

    /// Whether `stretch` is the rest of one sequence after the other has ended: one hunk, one
    /// side empty, both at their ends. It can be as long as a trace.
    package func isTail(_ stretch: [Hunk]) -> Bool {
      guard stretch.count == 1, let hunk = stretch.first else { return false }
      return (hunk.a.isEmpty || hunk.b.isEmpty) && hunk.a.upperBound == counts.a
        && hunk.b.upperBound == counts.b
    }

    /// Follows the pairs that agree from ``position``, at most `limit` of them, and returns the
    /// stretch where they first do not, with ``position`` after it; nil when it followed
    /// `limit` pairs, or both sequences ended, first.
    package mutating func advance<Failure: Error>(
      upTo limit: Int = .max, same: (Int, Int) throws(Failure) -> Bool
    ) throws(Failure) -> [Hunk]? {
      var (i, j) = position
      var followed = 0
      while i < counts.a, j < counts.b, followed < limit, try same(i, j) {
        i += 1
        j += 1
        followed += 1
      }
      position = (i, j)
      if isFinished || followed == limit { return nil }
      let (found, end) = try nextHunks(from: (i, j), same: same)
      position = end
      return found
    }

    /// The shortest edit from `start` after which `anchor` elements agree, or both sequences
    /// end, as hunks (the edit's runs between the elements it keeps), and where that edit ends.
    private func nextHunks<Failure: Error>(
      from start: (Int, Int), same: (Int, Int) throws(Failure) -> Bool
    ) throws(Failure) -> ([Hunk], (Int, Int)) {
      let (i, j) = start
      let n = counts.a - i
      let m = counts.b - j
      if n == 0 || m == 0 {
        return ([Hunk(a: i..<counts.a, b: j..<counts.b)], counts)
      }
      let limit = min(max(maxEdits, 1), n + m)
      // v[k + offset]: the furthest x reached on diagonal k = x - y; `rounds[d]`: v before
      // round d.
      let offset = limit + 1
      var v = [Int](repeating: 0, count: 2 * limit + 3)
      var rounds: [[Int]] = []
      for d in 0...limit {
        rounds.append(v)
        for k in stride(from: -d, through: d, by: 2) {
          var x: Int
          if k == -d || (k != d && v[k - 1 + offset] < v[k + 1 + offset]) {
            x = v[k + 1 + offset]  // an element of b inserted
          } else {
            x = v[k - 1 + offset] + 1  // an element of a deleted
          }
          var y = x - k
          let edited = (x, y)
          var run = 0
          while x < n, y < m, run < anchor, try same(i + x, j + y) {
            x += 1
            y += 1
            run += 1
          }
          v[k + offset] = x
          let synchronized = run == anchor || (x == n && y == m)
          if synchronized, edited.0 <= n, edited.1 <= m, d > 0 {
            let hunks = EventAlignment.path(to: edited, rounds: rounds, offset: offset).map {
              Hunk(
                a: (i + $0.a.lowerBound)..<(i + $0.a.upperBound),
                b: (j + $0.b.lowerBound)..<(j + $0.b.upperBound))
            }
            return (hunks, (i + edited.0, j + edited.1))
          }
        }
      }
      // Too far apart to align here. Every point (x, y) with x + y <= limit is within `limit`
      // edits, so no run of `anchor` starts in the square of `limit / 2` on each side: it is
      // one hunk. (One element against one, searched again from the next, made two traces
      // that differ throughout cost `limit`^2 comparisons an event: `replay diff` of two
      // unrelated traces of 2·10^5 events did not end in five minutes.)
      let side = max(1, min(limit / 2, n, m))
      return ([Hunk(a: i..<(i + side), b: j..<(j + side))], (i + side, j + side))
    }
  }

  /// The runs of edits on the shortest path from (0, 0) to `end`, a point reached right after
  /// the edit of round `rounds.count - 1`, found by walking the rounds back.
  fileprivate static func path(to end: (Int, Int), rounds: [[Int]], offset: Int) -> [Hunk] {
    var (x, y) = end
    var hunks: [Hunk] = []
    for d in stride(from: rounds.count - 1, through: 1, by: -1) {
      let v = rounds[d]
      let k = x - y
      let previous =
        (k == -d || (k != d && v[k - 1 + offset] < v[k + 1 + offset])) ? k + 1 : k - 1
      let previousX = v[previous + offset]
      let previousY = previousX - previous
      var kept = false
      while x > previousX, y > previousY {
        x -= 1
        y -= 1
        kept = true
      }
      // The edit from (previousX, previousY) to (x, y): one element of a or of b.
      if !kept, let last = hunks.last, last.a.lowerBound == x, last.b.lowerBound == y {
        hunks[hunks.count - 1] = Hunk(
          a: previousX..<last.a.upperBound, b: previousY..<last.b.upperBound)
      } else {
        hunks.append(Hunk(a: previousX..<x, b: previousY..<y))
      }
      (x, y) = (previousX, previousY)
    }
    return hunks.reversed()
  }
}
