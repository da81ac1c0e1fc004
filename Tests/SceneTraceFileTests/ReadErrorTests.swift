import SceneTrace
import SceneTraceFile
import Testing

/// A file that must not read, and the error it must give.
struct ErrorCase: Sendable, CustomTestStringConvertible {
  var name: String
  var text: String
  var code: TraceError.Code
  var line: Int?
  var field: String?
  /// Text the message must hold.
  var message: String?

  var testDescription: String { name }
}

private let header = #"{"t":0,"type":"app.launch","launch":"L1"}"# + "\n"

private let errorCases: [ErrorCase] = [
  ErrorCase(
    name: "missing comma", text: header + #"{"type":"app.mark" "label":"x"}"# + "\n",
    code: .invalidJSON, line: 2, message: "invalid JSON at column 20: expected ',' or '}'"),
  ErrorCase(
    name: "not an object", text: "[1,2]\n", code: .invalidJSON, line: 1,
    message: "expected one JSON object on the line, found an array"),
  ErrorCase(
    name: "text after the object", text: #"{"type":"app.terminate"} x"# + "\n",
    code: .invalidJSON, line: 1, message: "after the end of the value"),
  ErrorCase(
    name: "cut line followed by more lines",
    text: #"{"type":"app.mark","label":"#
      + "\n" + header,
    code: .invalidJSON, line: 1),
  ErrorCase(
    name: "syntax error on a last line without newline", text: header + #"{"type" 1}"#,
    code: .invalidJSON, line: 2),
  ErrorCase(
    name: "bad literal", text: #"{"type":"app.mark","label":"x","on":tru }"# + "\n",
    code: .invalidJSON, line: 1, message: "expected true, found ' '"),
  ErrorCase(
    name: "leading zero", text: #"{"type":"trace.gap","dropped":012}"# + "\n",
    code: .invalidJSON, line: 1),
  ErrorCase(
    name: "control character in a string", text: "{\"type\":\"app.mark\",\"label\":\"a\tb\"}\n",
    code: .invalidJSON, line: 1, message: "\\u0009"),
  ErrorCase(
    name: "lone surrogate", text: #"{"type":"app.mark","label":"\ud800x"}"# + "\n",
    code: .invalidJSON, line: 1, message: "high surrogate"),
  ErrorCase(
    name: "bad escape", text: #"{"type":"app.mark","label":"\q"}"# + "\n",
    code: .invalidJSON, line: 1, message: "invalid escape"),
  ErrorCase(
    name: "deep nesting",
    text: "{\"type\":\"app.terminate\",\"x\":"
      + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "}\n",
    code: .invalidJSON, line: 1, message: "nest deeper than 64 levels"),
  ErrorCase(
    name: "missing type", text: header + #"{"t":1}"# + "\n", code: .missingField, line: 2,
    field: "type"),
  ErrorCase(
    name: "type not a string", text: #"{"type":7}"# + "\n", code: .invalidValue, line: 1,
    field: "type", message: "expected a string, found a number"),
  ErrorCase(
    name: "misspelt type", text: header + #"{"type":"scene.didBecomeActiv","session":"A"}"#,
    code: .unknownEventType, line: 2, field: "type",
    message: #""scene.didBecomeActiv" (did you mean "scene.didBecomeActive"?)"#),
  ErrorCase(
    name: "unknown type", text: #"{"type":"quantum.entangle"}"# + "\n",
    code: .unknownEventType, line: 1, field: "type", message: "--lenient"),
  ErrorCase(
    name: "missing required field",
    text: #"{"type":"scene.didBecomeActive"}"# + "\n", code: .missingField, line: 1,
    field: "session", message: #""scene.didBecomeActive" events require it"#),
  ErrorCase(
    name: "required field null", text: #"{"type":"app.mark","label":null}"# + "\n",
    code: .missingField, line: 1, field: "label"),
  ErrorCase(
    name: "string for a number",
    text: #"{"type":"scene.geometry","session":"A","width":"wide","height":1}"# + "\n",
    code: .invalidValue, line: 1, field: "width", message: "expected a number, found a string"),
  ErrorCase(
    name: "number too large for a double",
    text: #"{"type":"scene.geometry","session":"A","width":1e400,"height":1}"# + "\n",
    code: .invalidValue, line: 1, field: "width"),
  ErrorCase(
    name: "fractional integer",
    text: #"{"type":"key.press","session":"A","phase":"began","keyCode":4.5}"# + "\n",
    code: .invalidValue, line: 1, field: "keyCode", message: "expected an integer, found 4.5"),
  ErrorCase(
    name: "integer too large", text: #"{"type":"request.failed","request":"R","code":1e30}"#,
    code: .invalidValue, line: 1, field: "code"),
  ErrorCase(
    name: "negative count", text: #"{"type":"trace.gap","dropped":-7237}"# + "\n",
    code: .invalidValue, line: 1, field: "dropped",
    message: "expected a count (0 or more), found -7237"),
  ErrorCase(
    name: "string for a boolean",
    text: #"{"type":"drop.perform","drag":"d","session":"A","local":"true"}"# + "\n",
    code: .invalidValue, line: 1, field: "local",
    message: "expected true or false, found a string"),
  ErrorCase(
    name: "rect of three numbers",
    text: #"{"type":"band.selection","session":"A","view":"v","state":"began","rect":[1,2,3]}"#,
    code: .invalidValue, line: 1, field: "rect", message: "found 3 elements"),
  ErrorCase(
    name: "rect with a string",
    text: #"{"type":"band.selection","session":"A","view":"v","state":"began","#
      + #""rect":[1,2,"3",4]}"#,
    code: .invalidValue, line: 1, field: "rect", message: "found a string at index 2"),
  ErrorCase(
    name: "items with a number",
    text: #"{"type":"selection.change","session":"A","view":"v","items":["a",2]}"#,
    code: .invalidValue, line: 1, field: "items",
    message: "expected an array of strings, found a number at index 1"),
  ErrorCase(
    name: "modifiers as a string",
    text: #"{"type":"key.command","session":"A","input":"n","action":"a","modifiers":"shift"}"#,
    code: .invalidValue, line: 1, field: "modifiers"),
  ErrorCase(
    name: "value as a number", text: #"{"type":"state.write","key":"k","value":3}"#,
    code: .invalidValue, line: 1, field: "value", message: "expected a string, found a number"),
  ErrorCase(
    name: "enumerated value as a number",
    text: #"{"type":"session.configure","session":"A","role":1}"#,
    code: .invalidValue, line: 1, field: "role"),
  ErrorCase(
    name: "only comments and blank lines", text: "// nothing\n\n   \n", code: .emptyTrace),
  ErrorCase(name: "empty file", text: "", code: .emptyTrace),
]

@Test(arguments: errorCases)
func malformedInputGivesTheExpectedError(_ test: ErrorCase) {
  guard let error = readError(test.text) else {
    Issue.record("read without error")
    return
  }
  #expect(error.code == test.code)
  #expect(error.path == "t.jsonl")
  #expect(error.line == test.line)
  #expect(error.field == test.field)
  if let message = test.message {
    #expect(error.message.contains(message), "\(error.message)")
  }
}

@Test func errorDescriptionNamesPathLineAndField() {
  let error = readError(header + #"{"type":"scene.didBecomeActive","session":4}"# + "\n")
  #expect(error?.description == #"t.jsonl:2: field "session": expected a string, found a number"#)
}

@Test func invalidUTF8IsInvalidJSONNamingTheLine() {
  let inString =
    Array(header.utf8) + Array(#"{"type":"app.mark","label":"a"#.utf8) + [0xC3, 0x28]
    + Array("\"}\n".utf8)
  let error = readError(inString)
  #expect(error?.code == .invalidJSON)
  #expect(error?.line == 2)
  #expect(error?.message.contains("UTF-8") == true)

  let outsideString = Array(#"{"type":"app.terminate"}"#.utf8) + [0xFF] + [0x0A]
  let outside = readError(outsideString)
  #expect(outside?.code == .invalidJSON)
  #expect(outside?.line == 1)
  #expect(outside?.message.contains("byte 0xFF") == true)
}

@Test func unreadableFileGivesTheOperatingSystemsReason() {
  do {
    _ = try TraceFile.load(path: "/nonexistent/trace.jsonl")
    Issue.record("read a file that does not exist")
  } catch {
    #expect(error.code == .unreadableFile)
    #expect(error.path == "/nonexistent/trace.jsonl")
    #expect(error.message.contains("No such file or directory"))
  }
}

@Test func directoryIsAnUnreadableFile() {
  do {
    _ = try TraceFile.load(path: "/tmp")
    Issue.record("read a directory")
  } catch {
    #expect(error.code == .unreadableFile)
  }
}

@Test func skippableFramesWithoutASceneTraceHeaderAreZstdData() {
  // pzstd, for one, starts its files with a skippable frame: that is zstd-compressed JSON Lines,
  // and these hold no event.
  // Without libzstd, zstd data is refused as such.
  let expected: TraceError.Code =
    TraceWriter.Compression.isZstdAvailable ? .emptyTrace : .compressionUnavailable
  let skippableFrame: [UInt8] = [0x50, 0x2A, 0x4D, 0x18, 4, 0, 0, 0, 1, 2, 3, 4]
  #expect(readError(skippableFrame)?.code == expected)
  let last: [UInt8] = [0x5F, 0x2A, 0x4D, 0x18, 0, 0, 0, 0]
  #expect(readError(last)?.code == expected)
}

@Test func sceneTraceHeaderCutShortIsAnEmptyTrace() {
  let header: [UInt8] = [0x50, 0x2A, 0x4D, 0x18, 40, 0, 0, 0] + Array("SCTR".utf8)
  let error = readError(header)
  #expect(error?.code == .emptyTrace)
  #expect(error?.message.contains("ends inside its header") == true)
}

@Test func arbitraryBytesNeverCrashTheReader() {
  var generator = SplitMix64(seed: 7)
  let valid = Array(
    (#"{"t":1.5,"type":"band.selection","session":"A","view":"v","state":"began","#
      + #""rect":[1,2,3,4],"items":["\u00e9","b"],"modifiers":["shift"]}"#).utf8)
  let alphabet = Array(#"{}[]",:\-+.eE0123456789tfnrul "#.utf8) + [0x0A, 0xC3, 0xFF, 0x00]
  for round in 0..<3000 {
    var bytes = valid
    if round % 3 == 0 {
      bytes = (0..<Int.random(in: 0...80, using: &generator)).map { _ in
        alphabet.randomElement(using: &generator) ?? 0
      }
    } else {
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        let index = Int.random(in: 0..<bytes.count, using: &generator)
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: bytes[index] = alphabet.randomElement(using: &generator) ?? 0
        case 1: bytes.remove(at: index)
        default: bytes.insert(alphabet.randomElement(using: &generator) ?? 0, at: index)
        }
        if bytes.isEmpty { break }
      }
      if Int.random(in: 0..<4, using: &generator) == 0 {
        bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &generator)))
      }
    }
    // Reading must return or throw; either is fine.
    _ = readError(bytes)
    _ = readError(bytes, lenient: true)
  }
}

@Suite struct LenientLineTests {
  private static let text = """
    {"type":"app.launch","launch":"L1"}
    {"type":"scene.willConnect","session":"A"}
    {"type":"scene.willEnterForeground","session":
    {"type":"scene.didBecomeActive"}
    {"type":"scene.didBecomeActive","session":"A"}

    """

  @Test func aLenientReadSkipsLinesThatCannotBeReadAndReportsThemLost() throws {
    let trace = try decode(Self.text, lenient: true)
    #expect(trace.events.map(\.seq) == [1, 2, 5])
    #expect(trace.events.last?.payload == .sceneDidBecomeActive(session: "A"))
    #expect(trace.warnings.count == 2)
    #expect(trace.warnings.first?.hasPrefix("line 3: skipped a line that cannot be read") == true)
    #expect(trace.loss.map(\.lostSeqs) == [3...4])
  }

  @Test func aStrictReadStillStopsAtTheFirstLineThatCannotBeRead() {
    let error = readError(Self.text)
    #expect(error?.code == .invalidJSON)
    #expect(error?.line == 3)
  }

  @Test func aKeyRepeatedInALineIsRefusedNamingIt() {
    for line in [
      #"{"type":"app.mark","label":"a","label":"b"}"#,
      // Spelled once with an escape: the same key all the same.
      #"{"type":"app.mark","label":"a","l\u0061bel":"b"}"#,
      // A member no event has before the repeat: the first key repeated is named.
      #"{"x":1,"type":"app.mark","label":"a","label":"b"}"#,
    ] {
      let error = readError(line + "\n")
      #expect(error?.code == .invalidJSON, "\(line)")
      #expect(error?.message.contains(#"the key "label" appears twice"#) == true, "\(line)")
    }
    let error = readError(#"{"type":"app.mark","x":1,"label":"a","x":2}"# + "\n")
    #expect(error?.message.contains(#"the key "x" appears twice"#) == true)
  }

  /// The reader finds the keys it keeps by their bytes; a key spelled with escapes is the same
  /// key, and a kept key without its colon is the same error as any other.
  @Test func aKeptKeyIsReadHoweverItIsSpelled() throws {
    let trace = try decode(#"{"t\u0079pe":"app.mark", "label" :"a" ,"\u0074":1.5}"# + "\n")
    #expect(trace.events.map(\.payload) == [.appMark(label: "a")])
    #expect(trace.events.first?.time == TraceTime(milliseconds: 1500))
    let error = readError(#"{"type" "app.mark"}"# + "\n")
    #expect(error?.code == .invalidJSON)
    #expect(error?.message.contains(#"expected ':' after the key "type""#) == true)
  }
}
