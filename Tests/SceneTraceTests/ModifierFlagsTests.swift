import Foundation
import SceneTrace
import Testing

/// Modifier flags keep their members in one documented order, whatever form they are held in.
@Suite struct ModifierFlagsTests {
  /// What a set of modifiers means, written out: its distinct members, recognized ones in the
  /// documented order, then unrecognized ones in the order first given.
  static func expectedMembers(_ given: [Modifier]) -> [Modifier] {
    var unrecognized: [Modifier] = []
    for modifier in given where !modifier.isRecognized && !unrecognized.contains(modifier) {
      unrecognized.append(modifier)
    }
    return Modifier.recognizedCases.filter(given.contains) + unrecognized
  }

  @Test func seededModifiersKeepTheDocumentedOrderAndCompareByMembers() throws {
    var random = SplitMix64(seed: 0x4D0D)
    let pool =
      Modifier.recognizedCases + [
        .unrecognized("hyper"), .unrecognized("fn"), .unrecognized("raw:4194304"),
      ]
    func randomModifiers() -> [Modifier] {
      (0..<Int.random(in: 0...6, using: &random)).map { _ in pool.randomElement(using: &random)! }
    }
    for _ in 0..<2000 {
      let (given, other) = (randomModifiers(), randomModifiers())
      let flags = ModifierFlags(given)
      #expect(flags.members == Self.expectedMembers(given), "\(given)")
      #expect(flags.isEmpty == given.isEmpty)
      for modifier in pool { #expect(flags.contains(modifier) == given.contains(modifier)) }
      #expect(ModifierFlags(flags.members) == flags)
      // Equal when the members are: the same recognized ones, the unrecognized in one order.
      let same = Self.expectedMembers(given) == Self.expectedMembers(other)
      #expect((flags == ModifierFlags(other)) == same, "\(given) \(other)")
      if same { #expect(flags.hashValue == ModifierFlags(other).hashValue) }
      let decoded = try JSONDecoder().decode(
        ModifierFlags.self, from: JSONEncoder().encode(flags))
      #expect(decoded == flags)
    }
  }

  @Test func describesItsMembersOrNone() {
    #expect(ModifierFlags.none.description == "none")
    #expect(ModifierFlags.none == [])
    #expect(ModifierFlags([.command, .shift, .command]).description == "shift+command")
    #expect(ModifierFlags([.unrecognized("fn"), .option]).description == "option+fn")
  }
}
