import SceneTrace
import SceneTraceFile
import Testing

@Suite struct JSONTextTests {
  @Test(arguments: [
    ("plain", #""plain""#),
    ("say \"hi\"", #""say \"hi\"""#),
    ("back\\slash", #""back\\slash""#),
    // "\r\n" is one character: each of its scalars is escaped, neither dropped.
    ("line\r\nnext", #""line\u000d\u000anext""#),
    // A quote after a combining mark, and an escape between two characters beyond ASCII.
    ("e\u{301}\"", "\"e\u{301}\\\"\""),
    ("日\t本", #""日\u0009本""#),
    ("\u{1F600}\u{0}", #""😀\u0000""#),
  ])
  func stringsEscapeQuotesBackslashesAndControls(text: String, json: String) throws {
    let serialized = JSONValue.string(text).serialized()
    #expect(serialized == json)
    #expect(Array(serialized.utf8) == Array(json.utf8))
    #expect(try JSONValue(parsing: Array(serialized.utf8)) == .string(text))
  }

  /// Every byte value at every place of strings of every length up to 40, and of long ones, is
  /// escaped as the escaping written here a scalar at a time escapes it: what a faster scan of
  /// a string's bytes (eight at a time was tried) must keep.
  @Test func everyByteIsEscapedWhereverItFalls() throws {
    func escapedOneByOne(_ text: String) -> String {
      var json = "\""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": json += "\\\""
        case "\\": json += "\\\\"
        case "\u{0}"..."\u{1F}":
          let hex = String(scalar.value, radix: 16)
          json += "\\u00" + (hex.count < 2 ? "0" : "") + hex
        default: json.unicodeScalars.append(scalar)
        }
      }
      return json + "\""
    }
    var random = SplitMix64(seed: 0xE5CA9E)
    let specials: [Unicode.Scalar] = ["\"", "\\", "\u{0}", "\u{1F}", "\u{20}", "\u{7F}", "é", "😀"]
    // Up to 40 bytes, and around the length past which runs are copied between escapes.
    for length in Array(0...40) + [4095, 4096, 4097, 9000] {
      for _ in 0..<(length > 40 ? 4 : 40) {
        var scalars = (0..<length).map { _ in
          Unicode.Scalar(UInt8.random(in: 0x21...0x7E, using: &random))
        }
        if length > 0 {
          for _ in 0..<Int.random(in: 0...(length > 40 ? 40 : 2), using: &random) {
            scalars[Int.random(in: 0..<length, using: &random)] =
              specials.randomElement(using: &random)!
          }
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        let json = JSONValue.string(text).serialized()
        #expect(json == escapedOneByOne(text), "\(text.debugDescription)")
      }
    }
    // Every byte value, alone among plain letters, at each place of a run of sixteen.
    for value in 0...0x7F {
      for place in 0..<16 {
        var scalars = Array(repeating: Unicode.Scalar(UInt8(ascii: "a")), count: 16)
        scalars[place] = Unicode.Scalar(UInt8(value))
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        #expect(
          JSONValue.string(text).serialized() == escapedOneByOne(text), "\(value) at \(place)")
      }
    }
  }

  /// Many strings to escape in one document, each appended to the output where it is written
  /// (a report of 10^5 findings is such a document): the document reads back whole.
  @Test func aLongArrayOfEscapedStringsRoundTrips() throws {
    let strings = (0..<20_000).map { "finding \($0): \"quoted\"\r\n\\" }
    let document = JSONValue.array(strings.map(JSONValue.string))
    let text = document.serialized()
    #expect(try JSONValue(parsing: Array(text.utf8)) == document)
  }

  /// An object written a part at a time is the text of the whole object, however its parts
  /// fall: members before and after a long array, parts of about 64 KiB, an empty array.
  @Test(arguments: [0, 1, 3, 5_000])
  func anObjectWrittenInPartsIsTheWholeObjectsText(elements: Int) {
    let array = (0..<elements).map { index -> JSONValue in
      ["seq": JSONValue(index), "message": .string("say \"\(index)\"\n"), "related": [1, 2]]
    }
    let members: [(String, JSONValue)] = [
      ("file", "a \"b\".sctrace"), ("events", 12), ("findings", .array(array)),
      ("baselined", 3),
    ]
    var parts: [String] = []
    var writer = JSONObjectWriter { parts.append($0) }
    writer.member("file", members[0].1)
    writer.member("events", members[1].1)
    writer.startArray("findings")
    for element in array { writer.element(element) }
    writer.endArray()
    writer.member("baselined", members[3].1)
    writer.finish(terminator: "\n")
    #expect(parts.joined() == JSONValue.object(JSONObject(members)).serialized() + "\n")
    #expect(parts.dropLast().allSatisfy { $0.utf8.count >= 1 << 16 })
    #expect(elements < 5_000 || parts.count > 2)
  }

  /// A value of a report's line goes without quotes exactly when every character is a letter,
  /// a digit or one of `-_.:/@#+`: each ASCII character alone and in words, and words beyond
  /// ASCII, where Unicode's letters and digits count.
  @Test func aWordGoesBareExactlyWhenItsCharactersAreThoseOfAWord() {
    let marks = Set("-_.:/@#+")
    func isWordCharacter(_ character: Character) -> Bool {
      character.isASCII
        ? character.isLetter || character.isNumber || marks.contains(character)
        : character.unicodeScalars.allSatisfy {
          $0.properties.isAlphabetic || $0.properties.numericType != nil
        }
    }
    let ascii = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
    let words =
      ascii + ascii.map { "a\($0)9" } + [
        "", "scene-1", "S0.main", "item_12", "cell-16", "key:A/b@c#d+e", "a b", "\"q\"", "日本",
        "e\u{301}", "café:1", "🎉", "x\u{0}", String(repeating: "w", count: 40),
      ]
    for word in words {
      let bare = !word.isEmpty && word.allSatisfy(isWordCharacter)
      #expect(word.isBareWord == bare, "\(Array(word.unicodeScalars))")
      var text = JSONText()
      text.appendWord(word)
      #expect(text.string == (bare ? word : JSONValue.string(word).serialized()), "\(word)")
    }
  }

  /// A number written straight to text reads as the JSON value of that number writes it.
  @Test func aNumberWrittenToTextIsTheTextOfItsJSONValue() {
    var random = SplitMix64(seed: 3)
    let fixed: [Double] = [
      0, -0.0, 1, -1, 0.5, 768.5, 1e15 - 1, 1e15, -1e15, 1e16, 1e300, 0.1, 1 / 3, -2.25e-7,
      .nan, .infinity, -.infinity, .ulpOfOne, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
    ]
    let drawn = (0..<2000).map { _ in
      let divisor = [1.0, 2, 4, 10, 3].randomElement(using: &random)!
      return Double(Int.random(in: -100_000...100_000, using: &random)) / divisor
    }
    for number in fixed + drawn {
      var text = JSONText()
      text.appendNumber(number)
      #expect(text.string == JSONValue(number).serialized(), "\(number)")
    }
  }

  /// An integer is written where it goes, its digits counted first: each reads as `String`
  /// writes it, at every magnitude and either side of every power of ten.
  @Test func anIntegerReadsAsItsString() {
    var random = SplitMix64(seed: 0x1A7E)
    var numbers = [0, 1, -1, 9, 10, 99, 100, -100, Int.max, Int.min, Int.max - 1, Int.min + 1]
    var power = 1
    while power <= Int.max / 10 {
      power *= 10
      numbers += [power - 1, power, power + 1, -power + 1, -power, -power - 1]
    }
    for _ in 0..<20_000 {
      let bits = Int(random.next() % 64)
      numbers.append(Int(truncatingIfNeeded: random.next()) >> bits)
    }
    var text = JSONText()
    for number in numbers {
      text.removeAll()
      text.appendInteger(number)
      #expect(text.string == String(number), "\(number)")
    }
  }

  /// A decimal of a few fractional digits is written without a string made for it, and reads
  /// as `description` writes it (a whole number without its `.0`); its neighbours, which no
  /// short decimal reads back as, are written by `description`, as is every other number.
  @Test(arguments: [UInt64(0xD0_0B1E), 0xD0_0B1F, 0xD0_0B20, 0xD0_0B21])
  func aShortDecimalIsWrittenAsItsDescription(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var numbers: [Double] = [
      0.001, -0.001, 0.0015, 0.0009, 0.01, 0.1, 0.125, 0.3, 0.7, 1.5, -0.5, 99_999_999_999.5,
      1e11 - 0.25, 1e11 + 0.5, 123_456.789, 0.1 + 0.2, 2.675, 1.005,
    ]
    for _ in 0..<20_000 {
      let divisor = [2.0, 4, 8, 10, 20, 100, 200, 1000, 3, 7].randomElement(using: &random)!
      let reach = [1_000, 1_000_000, 1_000_000_000, 1 << 50].randomElement(using: &random)!
      let number = Double(Int.random(in: -reach...reach, using: &random)) / divisor
      numbers += [number, number.nextUp, number.nextDown]
      numbers.append(Double(bitPattern: random.next()))
    }
    for number in numbers where number.isFinite {
      var text = JSONText()
      text.appendNumber(number)
      let expected = number.wholeValue.map(String.init) ?? number.description
      #expect(text.string == expected, "\(number)")
    }
  }

  /// A text made without room takes empty pieces without touching its storage, then grows
  /// for the first bytes.
  @Test func aTextWithoutRoomTakesEmptyPiecesAndThenGrows() {
    var text = JSONText(reservingCapacity: 0)
    text.appendKey("", prefix: "", suffix: "")
    text.appendSpaces(0)
    text.appendRaw("")
    text.appendWord("")
    #expect(text.byteCount == 2 && text.string == #""""#)
    text.appendKey("key", prefix: " ", suffix: "=")
    text.appendInteger(-7)
    #expect(text.string == #""" key=-7"#)
  }
}

/// An object built from members: in the order of their first appearance, a repeated key
/// keeping its last value, whether the object is small (its keys looked through) or large
/// (hashed).
@Suite struct JSONObjectBuildingTests {
  @Test(arguments: [3, 16, 17, 40, 5_000])
  func membersKeepTheirFirstPlaceAndTheirLastValue(count: Int) {
    var random = SplitMix64(seed: UInt64(count))
    let names = (0..<count).map { "key\($0)" }
    // Every key once in a shuffled order, then a third of them again with new values.
    var members = names.shuffled(using: &random).map { ($0, JSONValue.string("first")) }
    let again = names.shuffled(using: &random).prefix(count / 3)
    members += again.map { ($0, JSONValue.string("last")) }
    let object = JSONObject(members)
    #expect(object.keys == Array(members.prefix(count).map(\.0)))
    for (key, value) in zip(object.keys, object.values) {
      #expect(value == .string(again.contains(key) ? "last" : "first"), "\(key)")
    }
    // A key spelt with a combining accent is the same key as its precomposed form, as
    // `String` compares them, in both ways of building.
    let accents: [(String, JSONValue)] = [
      ("caf\u{E9}", .number("1")), ("cafe\u{301}", .number("2")),
    ]
    let accented = JSONObject(members + accents)
    #expect(accented.count == count + 1)
    #expect(accented["caf\u{E9}"] == .number("2"))
  }
}
