/// The seeds the property tests run with; a failing case names its seed.
enum Seeds {
  static func range(_ base: UInt64, count: Int) -> [UInt64] {
    (0..<UInt64(count)).map { base &+ $0 }
  }
}
