import SceneTrace
import Testing

/// Natural order, as people sort names: compared where the strings store their UTF-8, it is the
/// order its definition gives scalar by scalar, on names of every kind.
@Suite struct NaturalOrderTests {
  /// The order as written in its definition: scalar by scalar, a run of digits by its value
  /// (without leading zeros: by length, then digit by digit), names equal that way by their
  /// scalars.
  static func definedOrder(_ lhs: String, _ rhs: String) -> Bool {
    let left = Array(lhs.unicodeScalars)
    let right = Array(rhs.unicodeScalars)
    func run(_ scalars: [Unicode.Scalar], _ index: inout Int) -> [UInt32] {
      var digits: [UInt32] = []
      while index < scalars.count, ("0"..."9").contains(scalars[index]) {
        if !digits.isEmpty || scalars[index] != "0" { digits.append(scalars[index].value) }
        index += 1
      }
      return digits
    }
    var (i, j) = (0, 0)
    while i < left.count, j < right.count {
      if ("0"..."9").contains(left[i]), ("0"..."9").contains(right[j]) {
        let (first, second) = (run(left, &i), run(right, &j))
        if first.count != second.count { return first.count < second.count }
        if first != second { return first.lexicographicallyPrecedes(second) }
        continue
      }
      if left[i] != right[j] { return left[i].value < right[j].value }
      i += 1
      j += 1
    }
    if left.count - i != right.count - j { return left.count - i < right.count - j }
    return lhs.unicodeScalars.lexicographicallyPrecedes(rhs.unicodeScalars) { $0.value < $1.value }
  }

  @Test func namesSortAsPeopleSortThem() {
    let sorted = ["S10", "S2", "S1", "S01", "S", "s1", "S2a", "S2-10", "S2-9", "é1", "e\u{301}1"]
      .map(SessionID.init).naturallySorted().map(\.rawValue)
    #expect(
      sorted == ["S", "S01", "S1", "S2", "S2-9", "S2-10", "S2a", "S10", "e\u{301}1", "s1", "é1"])
  }

  @Test(arguments: [0x0A7_0001, 0x0A7_0002] as [UInt64])
  func theOrderIsTheDefinedOrderOnRandomNames(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let pieces = [
      "0", "00", "1", "9", "10", "007", "S", "s", "-", ".", "é", "e\u{301}", "日", "🎉", "\u{7F}", "",
    ]
    func name() -> String {
      (0..<Int.random(in: 0...5, using: &random)).map { _ in pieces.randomElement(using: &random)! }
        .joined()
    }
    var disagreements = 0
    for _ in 0..<20_000 {
      let (lhs, rhs) = (name(), name())
      if lhs.precedesInNaturalOrder(rhs) != Self.definedOrder(lhs, rhs) {
        disagreements += 1
        Issue.record("\(lhs.debugDescription) and \(rhs.debugDescription)")
        if disagreements > 5 { return }
      }
    }
  }

  /// Positions put in the scalar order of their names through one buffer of their bytes are
  /// the order `precedesInScalarOrder` gives them one comparison at a time.
  @Test func positionsInScalarOrderAreTheNamesScalarOrder() {
    var random = SplitMix64(seed: 0x5CA1A8)
    let pieces = ["", "a", "B", "é", "e\u{301}", "0", "10", "日", "🎉", "\u{0}", "z"]
    for count in [0, 1, 2, 7, 300] {
      let names = (0..<count).map { _ in
        (0..<Int.random(in: 0...4, using: &random)).map { _ in
          pieces.randomElement(using: &random)!
        }.joined()
      }
      let order = positionsInScalarOrder(count: names.count) { names[$0] }
      #expect(order.map { names[$0] } == names.sorted { $0.precedesInScalarOrder($1) })
      #expect(Set(order) == Set(names.indices))
    }
  }
}
