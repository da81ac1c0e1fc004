import Testing

@testable import SceneTrace

/// A finding's message reads as the `String` literal of the same text would: every kind of
/// value interpolated, literals joined by `+`, pieces made by helpers, and lists.
@Suite struct FindingMessageTests {
  private enum Phase { case began, ended }

  private struct Named: CustomStringConvertible {
    var description: String { "named \u{1F4DD}" }
  }

  @Test(arguments: [0, 7, -7, 1_234_567, Int.max, Int.min])
  func integersReadAsTheirDescription(value: Int) {
    let message: FindingMessage = "seq \(value)."
    #expect(message.text == "seq \(value).")
  }

  @Test func everyValueReadsAsInAStringLiteral() {
    let session: SessionID = "S-ü-\u{65}\u{301}"
    let word = "a longer string than a small string holds, with ç and 日本"
    let character: Character = "é"
    let substring = word.dropFirst(2).prefix(6)
    let optional: Int? = 3
    let message: FindingMessage = """
      \(session) \(word) \(character) \(substring) \(Phase.began) \(Named()) \(2.5) \
      \(true) \(optional.map { $0 + 1 } ?? 0) \(SceneActivation.foregroundActive)
      """
    #expect(
      message.text == """
        \(session) \(word) \(character) \(substring) \(Phase.began) \(Named()) \(2.5) \
        \(true) \(optional.map { $0 + 1 } ?? 0) \(SceneActivation.foregroundActive)
        """)
  }

  @Test func piecesJoinAsStringsDo() {
    let since: FindingMessage = " (since seq 12)"
    let empty: FindingMessage = ""
    let items = ["item-0", "item-12", "ü"]
    let message: FindingMessage =
      "key.command \("s".debugDescription) in scene A\(since)\(empty); " + "items "
      + "[\(joining: items, separator: ", ")] and \(joining: [], separator: ", ")."
      + FindingMessage(" Written ahead.")
    #expect(
      message.text
        == "key.command \"s\" in scene A (since seq 12); items [item-0, item-12, ü] and . "
        + "Written ahead.")
  }

  /// A message is a value: joined to two others, or grown past its room, each message and
  /// each copy keeps its own text, as strings do.
  @Test func aMessageJoinedTwiceOrGrownKeepsItsText() {
    let clause: FindingMessage = "the scene \(SessionID("A"))"
    let first = clause + " became active"
    let second = clause + " went to the background"
    #expect(clause.text == "the scene A")
    #expect(first.text == "the scene A became active")
    #expect(second.text == "the scene A went to the background")
    let twice = clause + clause
    #expect(twice.text == "the scene Athe scene A")
    // Far past the room a message starts with, by pieces of every length up to 97 bytes.
    var grown: FindingMessage = "start"
    var expected = "start"
    for length in 0..<300 {
      let piece = String(repeating: "x", count: length % 97) + "\(length)"
      let copy = grown
      grown = grown + FindingMessage(piece)
      expected += piece
      #expect(copy.text.count == expected.count - piece.count)
    }
    #expect(grown.text == expected)
  }

  /// A quoted value reads as its `debugDescription`, for seeded strings of printable ASCII,
  /// the characters it escapes (quotes, backslash, controls) and scalars beyond ASCII.
  @Test func aQuotedValueReadsAsItsDebugDescription() {
    let pieces = [
      "a", "Z", "0", " ", "~", "-", "item", "\"", "'", "\\", "\t", "\n", "\r", "\0",
      "\u{7F}", "\u{1B}", "é", "e\u{301}", "\u{301}", "日本", "\u{1F4DD}", "\u{200B}",
    ]
    var random = SplitMix64(seed: 0x51A7_E5)
    for _ in 0..<2_000 {
      let count = Int(random.next() % 6)
      let string = (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
        .joined()
      let message: FindingMessage = "is \(quoted: string)."
      #expect(message.text == "is \(string.debugDescription).", "\(Array(string.utf8))")
    }
  }
}
