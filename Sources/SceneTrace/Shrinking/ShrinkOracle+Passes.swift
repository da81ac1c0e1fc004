// The passes of a shrink, cheapest first: the shortest prefix, whole groups of events that go
// together, then delta debugging event by event to a 1-minimal trace.

extension ShrinkOracle {
  /// Cuts the accepted trace to its shortest acceptable prefix longer than `tooShort` events
  /// (one known not to be acceptable, or -1), found by bisection (a prefix is replayed from the
  /// checkpoint before its end, so each try costs a few events).
  mutating func shortenToPrefix(longerThan tooShort: Int = -1) {
    var tooShort = tooShort
    var enough = kept.count
    while enough - tooShort > 1 {
      let middle = (tooShort + enough) / 2
      if accept(Array(kept.prefix(middle))) {
        enough = middle
      } else {
        tooShort = middle
      }
    }
  }

  /// Removes whole groups of events (indices into `events`) while the result stays
  /// acceptable: the groups in chunks of half of them, then a quarter, and so on to one group
  /// at a time; rounds repeat until one removes nothing, since removing one group can free
  /// another.
  mutating func removeGroups(_ groups: [[Int]]) {
    var removedAny = true
    while removedAny {
      removedAny = false
      let live = keptMembers(of: groups)
      var size = max(live.count / 2, 1)
      while true {
        for start in stride(from: 0, to: live.count, by: size) {
          let chunk = live[start..<min(start + size, live.count)]
          if remove(chunk.joined()) { removedAny = true }
        }
        guard size > 1 else { break }
        size /= 2
      }
    }
  }

  /// Delta debugging (ddmin, with complements) over single events, then runs of a few
  /// consecutive events that its chunks did not line up with, until neither removes anything:
  /// ends with a trace from which no single event can be removed (1-minimal).
  mutating func minimize() {
    repeat { deltaDebug() } while removeRuns(longest: 4)
  }

  /// Zeller's ddmin: the trace cut into runs, first kept alone, then each removed; on
  /// failure, cut finer, down to single events. After a removal, the next try starts at the run
  /// where it happened, not at the first, so each removal does not retry every run before it.
  private mutating func deltaDebug() {
    var granularity = 2
    var next = 0
    search: while !kept.isEmpty {
      let current = kept
      let chunks = Self.split(current, into: min(granularity, current.count))
      // One run alone (of two runs, keeping one is removing the other, which comes next).
      if chunks.count > 2 {
        for chunk in chunks {
          guard accept(chunk) else { continue }
          granularity = 2
          next = 0
          continue search
        }
      }
      // Every run but one.
      for step in chunks.indices {
        let index = (next + step) % chunks.count
        guard remove(chunks[index]) else { continue }
        granularity = max(granularity - 1, 2)
        next = index
        continue search
      }
      guard granularity < current.count else { return }
      granularity = min(granularity * 2, current.count)
      next = 0
    }
  }

  /// Removes the first run of 2 to `longest` consecutive events whose removal is acceptable,
  /// shortest runs first; true when it removed one.
  private mutating func removeRuns(longest: Int) -> Bool {
    for length in 2...longest where length < kept.count {
      for start in 0...(kept.count - length) {
        if remove(kept[start..<(start + length)]) { return true }
      }
    }
    return false
  }

  /// `items` cut into `count` runs of nearly equal length, in order.
  private static func split(_ items: [Int], into count: Int) -> [[Int]] {
    (0..<count).map { part in
      Array(items[(items.count * part / count)..<(items.count * (part + 1) / count)])
    }
  }
}
