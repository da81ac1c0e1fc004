extension String {
  /// Whether the string comes before `other` in natural order, as people sort names: runs of
  /// digits compare by their value (`S2` before `S10`), everything else by Unicode scalar
  /// value; names equal that way (`S01`, `S1`) fall back to scalar order.
  package func precedesInNaturalOrder(_ other: String) -> Bool {
    // Compared as UTF-8 where the strings are stored, without an array of either's scalars (a
    // comparison made four, and `replay state` of 2·10^4 sessions spent 0.1 s sorting them).
    // A digit is one byte and never part of another scalar's bytes, and UTF-8 orders scalars
    // as their values do, so the first byte that differs outside a run of digits orders the
    // two scalars it belongs to.
    withUTF8Bytes { left in
      other.withUTF8Bytes { right in Self.precedesInNaturalOrder(left, right) }
    }
  }

  /// ``precedesInNaturalOrder(_:)`` of two names' UTF-8 bytes; names equal in natural order
  /// fall back to the order of their bytes, which is their scalars' order.
  package static func precedesInNaturalOrder(
    _ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    let order = naturalOrder(left, right)
    return order == 0 ? left.precedesBytewise(right) : order < 0
  }

  /// -1, 0 or 1 as `left` comes before, with or after `right` in natural order, before the
  /// fallback to scalar order.
  private static func naturalOrder(
    _ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>
  ) -> Int {
    var (i, j) = (0, 0)
    while i < left.count, j < right.count {
      let (a, b) = (left[i], right[j])
      if a.isDigit, b.isDigit {
        let first = digitRun(left, from: &i)
        let second = digitRun(right, from: &j)
        if first.count != second.count { return first.count < second.count ? -1 : 1 }
        for (x, y) in zip(left[first], right[second]) where x != y { return x < y ? -1 : 1 }
        continue
      }
      if a != b { return a < b ? -1 : 1 }
      i += 1
      j += 1
    }
    let (leftLeft, rightLeft) = (left.count - i, right.count - j)
    return leftLeft == rightLeft ? 0 : leftLeft < rightLeft ? -1 : 1
  }

  /// Where the digits from `index` on are, without leading zeros, and `index` moved past them.
  private static func digitRun(_ bytes: UnsafeBufferPointer<UInt8>, from index: inout Int)
    -> Range<Int>
  {
    while index < bytes.count, bytes[index] == UInt8(ascii: "0") { index += 1 }
    let start = index
    while index < bytes.count, bytes[index].isDigit { index += 1 }
    return start..<index
  }
}

extension UInt8 {
  fileprivate var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
}

extension Sequence where Element == SessionID {
  /// The sessions in natural order (`S1`, `S2`, `S10`), as text output lists them.
  package func naturallySorted() -> [SessionID] {
    SessionID.naturallySorted(Array(self))
  }
}

extension SessionID {
  /// `ids` in natural order: their names' bytes copied once into one buffer and compared
  /// there. (Through `rawValue`, each comparison made two strings of them: 61 M instructions to
  /// sort 10^4 sessions, 18 M now.) Not generic, so that it is compiled for this one type.
  static func naturallySorted(_ ids: [SessionID]) -> [SessionID] {
    guard ids.count > 1 else { return ids }
    let names = NameTable.sessions
    var bytes: [UInt8] = []
    var ranges: [Range<Int>] = []
    ranges.reserveCapacity(ids.count)
    for id in ids {
      names.withName(id.number) { name in
        let start = bytes.count
        bytes.append(contentsOf: name)
        ranges.append(start..<bytes.count)
      }
    }
    var order = Array(ids.indices)
    bytes.withUnsafeBufferPointer { all in
      order.sort { lhs, rhs in
        String.precedesInNaturalOrder(
          UnsafeBufferPointer(rebasing: all[ranges[lhs]]),
          UnsafeBufferPointer(rebasing: all[ranges[rhs]]))
      }
    }
    return order.map { ids[$0] }
  }
}
