import Foundation
import SceneTrace
import Testing

/// Identifiers are compared exactly as recorded, never by Unicode equivalence.
@Suite struct IdentifierTests {
  static let composed = "caf\u{E9}"
  static let decomposed = "cafe\u{301}"

  @Test func canonicallyEquivalentSpellingsAreDifferentIdentifiers() {
    #expect(SessionID(Self.composed) != SessionID(Self.decomposed))
    #expect(DragID(Self.composed) != DragID(Self.decomposed))
    #expect(RuleID(Self.composed) != RuleID(Self.decomposed))
    #expect(Set([SessionID(Self.composed), SessionID(Self.decomposed)]).count == 2)
    #expect(SessionID(Self.composed) == SessionID("caf\u{E9}"))
  }

  @Test func identifiersSortByScalarsAndCodeAsPlainStrings() throws {
    let ids: [SessionID] = ["b", "B", "a", "\u{E9}"]
    #expect(ids.sorted().map(\.rawValue) == ["B", "a", "b", "\u{E9}"])
    let encoded = try JSONEncoder().encode([SessionID("A"): 1])
    #expect(String(decoding: encoded, as: UTF8.self) == #"{"A":1}"#)
    #expect(
      try JSONDecoder().decode(RuleID.self, from: Data(#""lifecycle.order""#.utf8))
        == .lifecycleOrder)
  }

  @Test func twoSessionsSpelledEquivalentlyStayTwoSessionsInTheState() {
    let replay = Replay.run([
      Event(seq: 1, time: .zero, .sceneWillConnect(session: SessionID(Self.composed))),
      Event(seq: 2, time: .zero, .sceneWillConnect(session: SessionID(Self.decomposed))),
    ])
    #expect(replay.state.sessions.count == 2)
    #expect(replay.findings.isEmpty)
  }

  /// Random spellings from scalars of every UTF-8 length, with combining marks, so that
  /// composed and decomposed forms, shared prefixes and equal lengths all occur.
  static func randomSpellings(count: Int, seed: UInt64) -> [String] {
    let scalars: [Unicode.Scalar] = [
      "a", "b", "e", "Z", "-", "0", "\u{7F}", "\u{80}", "\u{E9}", "\u{301}", "\u{327}",
      "\u{7FF}", "\u{800}", "\u{AC00}", "\u{1100}", "\u{1161}", "\u{FFFD}", "\u{FFFF}",
      "\u{10000}", "\u{1F600}", "\u{10FFFF}",
    ]
    var random = SplitMix64(seed: seed)
    return (0..<count).map { _ in
      var text = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...5, using: &random) {
        text.append(scalars[Int.random(in: 0..<scalars.count, using: &random)])
      }
      return String(text)
    }
  }

  @Test func equalityOrderAndHashAgreeWithScalarByScalarComparison() {
    var spellings = Self.randomSpellings(count: 400, seed: 14)
    spellings += [Self.composed, Self.decomposed, "", "\u{AC00}", "\u{1100}\u{1161}"]
    for left in spellings {
      for right in spellings {
        let (lhs, rhs) = (SessionID(left), SessionID(right))
        let equal = left.unicodeScalars.elementsEqual(right.unicodeScalars)
        #expect((lhs == rhs) == equal, "\(left.debugDescription) == \(right.debugDescription)")
        #expect(
          (lhs < rhs) == left.unicodeScalars.lexicographicallyPrecedes(right.unicodeScalars),
          "\(left.debugDescription) < \(right.debugDescription)")
        if equal { #expect(lhs.hashValue == rhs.hashValue) }
      }
    }
    // Canonically equivalent spellings stay apart in hashed collections.
    let distinct = Set(spellings.map { $0.unicodeScalars.map(\.value) }).count
    #expect(Set(spellings.map(SessionID.init)).count == distinct)
  }

  /// A band's items and a selection are kept sorted in scalar order without repeats
  /// (`sortedInScalarOrder`, and `inScalarOrder` where the array is taken over): lists of ASCII
  /// names are sorted without a set, and give what a set sorted gives, as do lists with other
  /// names, repeats and canonically equivalent spellings. Sorted where it is stored, an array
  /// whose storage another one shares leaves that one as it was.
  @Test func namesSortedInScalarOrderAreThoseOfASetSorted() {
    var random = SplitMix64(seed: 0x5047)
    let ascii = ["item-3", "item-12", "a", "b", "B", "grid", "", "z-9", "~"]
    let other = Self.randomSpellings(count: 60, seed: 15) + [Self.composed, Self.decomposed]
    for round in 0..<2000 {
      let pool = round % 2 == 0 ? ascii : ascii + other
      var names = (0..<Int.random(in: 0...8, using: &random)).map { _ in
        pool[Int.random(in: 0..<pool.count, using: &random)]
      }
      if round % 5 == 0 { names.sort { $0.precedesInScalarOrder($1) } }
      let expected = Set(names).sorted { $0.precedesInScalarOrder($1) }
      let sorted = names.sortedInScalarOrder()
      #expect(
        sorted.map { Array($0.unicodeScalars) } == expected.map { Array($0.unicodeScalars) },
        "\(names)")
      let shared = names
      let taken = (round % 3 == 0 ? shared : Array(names)).inScalarOrder()
      #expect(
        taken.map { Array($0.unicodeScalars) } == expected.map { Array($0.unicodeScalars) },
        "\(names)")
      #expect(shared.map { Array($0.unicodeScalars) } == names.map { Array($0.unicodeScalars) })
    }
  }

  /// The prefixes that say how far a shared key reaches (`nav:`, `restoration:`, `session:`)
  /// are compared by their bytes, and say what `hasPrefix` says: for keys that start with them,
  /// with part of them, with a character combining with their last one, or with other scalars.
  @Test func keyPrefixesAreThoseHasPrefixFinds() {
    var random = SplitMix64(seed: 0x9E4F)
    let starts = [
      "nav:", "restoration:", "session:", "nav", "session", "Nav:", "na\u{301}v:", "", "x",
    ]
    let rests =
      ["", "doc", "A/doc", "\u{301}doc", "\u{20DD}", "\u{E9}", "\u{212A}", "\r\n", ":"]
      + Self.randomSpellings(count: 20, seed: 17)
    for _ in 0..<3000 {
      let key =
        starts[Int.random(in: 0..<starts.count, using: &random)]
        + rests[Int.random(in: 0..<rests.count, using: &random)]
      #expect(key.hasKeyPrefix("nav:") == key.hasPrefix("nav:"), "\(key.debugDescription)")
      #expect(
        key.hasKeyPrefix("restoration:") == key.hasPrefix("restoration:"),
        "\(key.debugDescription)")
      #expect(key.hasKeyPrefix("session:") == key.hasPrefix("session:"), "\(key.debugDescription)")
    }
    #expect("nav:\u{301}x".hasKeyPrefix("nav:") == false)
    #expect("nav:x".hasKeyPrefix("nav:"))
  }

  /// The selection a band's end derives (`selection(endingWith:)`) merges lists of ASCII names
  /// in order, and gives what the sets of the items and the selection before give, sorted, with
  /// each modifier: for ASCII names, lists with other names and canonically equivalent spellings.
  @Test func aBandsSelectionIsThatOfTheSetsOfItsItems() {
    var random = SplitMix64(seed: 0xBA4D)
    let ascii = ["item-3", "item-12", "a", "b", "B", "grid", "", "z-9", "~"]
    let other = Self.randomSpellings(count: 60, seed: 16) + [Self.composed, Self.decomposed]
    let modifiers: [ModifierFlags] = [[], [.shift], [.command], [.shift, .command]]
    for round in 0..<2000 {
      let pool = round % 3 == 0 ? ascii + other : ascii
      func names() -> [String] {
        (0..<Int.random(in: 0...8, using: &random)).map { _ in
          pool[Int.random(in: 0..<pool.count, using: &random)]
        }
      }
      let (items, before) = (names(), names())
      let held = modifiers[round % modifiers.count]
      let band = BandProgress(
        view: "grid", state: .ended, rect: nil, modifiers: held, items: items, before: before)
      let (inside, previous) = (Set(items), Set(before))
      let expected =
        held.contains(.command)
        ? previous.symmetricDifference(inside)
        : held.contains(.shift) ? previous.union(inside) : inside
      #expect(
        band.selection(endingWith: items).map { Array($0.unicodeScalars) }
          == expected.sorted { $0.precedesInScalarOrder($1) }.map { Array($0.unicodeScalars) },
        "\(before) \(items) \(held)")
    }
  }
}
