extension String {
  /// Whether the string comes before `other` in natural order, as people sort names: runs of
  /// digits compare by their value (`S2` before `S10`), everything else by Unicode scalar
  /// value; names equal that way (`S01`, `S1`) fall back to scalar order.
  package func precedesInNaturalOrder(_ other: String) -> Bool {
    let left = Array(unicodeScalars)
    let right = Array(other.unicodeScalars)
    var i = 0
    var j = 0
    while i < left.count, j < right.count {
      if left[i].isDigit, right[j].isDigit {
        let first = Self.digitRun(left, from: &i)
        let second = Self.digitRun(right, from: &j)
        if first.count != second.count { return first.count < second.count }
        if first != second { return first.lexicographicallyPrecedes(second) }
        continue
      }
      if left[i] != right[j] { return left[i].value < right[j].value }
      i += 1
      j += 1
    }
    if left.count - i != right.count - j { return left.count - i < right.count - j }
    return precedesInScalarOrder(other)
  }

  /// The digits from `index` on, without leading zeros, and `index` moved past them.
  private static func digitRun(_ scalars: [Unicode.Scalar], from index: inout Int) -> [UInt32] {
    var digits: [UInt32] = []
    while index < scalars.count, scalars[index].isDigit {
      if !digits.isEmpty || scalars[index] != "0" { digits.append(scalars[index].value) }
      index += 1
    }
    return digits
  }
}

extension Unicode.Scalar {
  fileprivate var isDigit: Bool { ("0"..."9").contains(self) }
}

extension Sequence where Element == SessionID {
  /// The sessions in natural order (`S1`, `S2`, `S10`), as text output lists them.
  package func naturallySorted() -> [SessionID] {
    sorted { $0.rawValue.precedesInNaturalOrder($1.rawValue) }
  }
}
