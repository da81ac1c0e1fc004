import SceneTraceFile
import Testing

@Suite struct JSONStringTests {
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

  /// Many strings to escape in one document, each appended to the output where it is written
  /// (a report of 10^5 findings is such a document): the document reads back whole.
  @Test func aLongArrayOfEscapedStringsRoundTrips() throws {
    let strings = (0..<20_000).map { "finding \($0): \"quoted\"\r\n\\" }
    let document = JSONValue.array(strings.map(JSONValue.string))
    let text = document.serialized()
    #expect(try JSONValue(parsing: Array(text.utf8)) == document)
  }
}
