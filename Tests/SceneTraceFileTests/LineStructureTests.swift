import SceneTrace
import SceneTraceFile
import Testing

@Test func blankAndCommentLinesDoNotCountForSeq() throws {
  let trace = try decode(
    """
    // recorded by hand
    {"t":0,"type":"app.launch","launch":"L1"}

       \t
      // indented comment with {"type":"app.terminate"}
    {"t":1,"type":"app.mark","label":"second"}
    {"t":2,"type":"app.mark","label":"third"}

    """)
  #expect(trace.events.map(\.seq) == [1, 2, 3])
  #expect(trace.events[2].payload == .appMark(label: "third"))
}

@Test func errorsNamePhysicalLinesIncludingBlankAndCommentLines() {
  let error = readError(
    "// header\n\n{\"t\":0,\"type\":\"app.terminate\"}\n{\"type\":\"app.mark\"}\n")
  #expect(error?.line == 4)
  #expect(error?.code == .missingField)
}

@Test func windowsLineEndingsAndAByteOrderMarkRead() throws {
  let text =
    "\u{FEFF}{\"type\":\"app.mark\",\"label\":\"a\"}\r\n\r\n{\"type\":\"app.terminate\"}\r\n"
  let trace = try decode(text)
  #expect(trace.events.map(\.payload) == [.appMark(label: "a"), .appTerminate])
}

@Test func lenientReadingSkipsUnknownTypesButKeepsTheirSeq() throws {
  let text = """
    {"t":1,"type":"app.mark","label":"a"}
    {"t":2,"type":"scene.teleport","session":"A"}
    {"type":"app.mark","label":"b"}

    """
  #expect(readError(text)?.code == .unknownEventType)
  let trace = try decode(text, lenient: true)
  #expect(trace.events.map(\.seq) == [1, 3])
  #expect(trace.events[1].time == TraceTime(seconds: 2))
  #expect(trace.warnings.count == 1)
  #expect(trace.warnings[0].hasPrefix("line 2: "))
  #expect(trace.warnings[0].contains("scene.teleport"))
}

@Test func lenientReadingSkipsALineWithAMissingFieldAsLost() throws {
  let trace = try decode(
    #"{"type":"app.mark"}"# + "\n" + #"{"type":"app.mark","label":"kept"}"# + "\n", lenient: true)
  #expect(trace.events.map(\.payload) == [.appMark(label: "kept")])
  #expect(trace.events.map(\.seq) == [2])
  #expect(trace.loss.map(\.lostSeqs) == [1...1])
  #expect(readError(#"{"type":"app.mark"}"# + "\n")?.code == .missingField)
}

@Test func lenientReadingOfOnlyUnknownTypesIsAnEmptyTrace() {
  let error = readError(#"{"type":"x.y"}"# + "\n", lenient: true)
  #expect(error?.code == .emptyTrace)
}

@Test(arguments: [
  #"{"t":2,"type":"app.mark","label":"cut he"#,
  #"{"t":2,"type":"app.mark","label":"\u00"#,
  #"{"t":2,"type":"app.mark","label":"x","#,
  #"{"t":2."#,
  #"{"t":2,"type":"app.mark","label":"x""#,
  #"{"t":2,"type":"app.mark","label":"x","extra":[tr"#,
  #"{"#,
])
func cutLastLineIsTruncationNotAnError(lastLine: String) throws {
  let text = #"{"t":1,"type":"app.mark","label":"kept"}"# + "\n" + lastLine
  let trace = try decode(text)
  #expect(trace.events.map(\.payload) == [.appMark(label: "kept")])
  let count = lastLine.utf8.count
  #expect(
    trace.truncation
      == "line 2 is incomplete: the file ends without a newline after \(count) bytes of it, "
      + "which were dropped")
}

@Test func cutInsideAMultibyteCharacterIsTruncation() throws {
  let bytes =
    Array(#"{"type":"app.terminate"}"#.utf8) + [0x0A]
    + Array(#"{"type":"app.mark","label":"caf"#.utf8) + [0xC3]
  let trace = try TraceFile.decode(bytes, path: "t.jsonl")
  #expect(trace.events.count == 1)
  #expect(trace.truncation?.contains("line 2") == true)
}

@Test func completeLastLineWithoutNewlineIsKept() throws {
  let trace = try decode(
    #"{"type":"app.terminate"}"# + "\n" + #"{"t":1,"type":"app.mark","label":"last"}  "#)
  #expect(trace.events.count == 2)
  #expect(trace.truncation == nil)
}

@Test func onlyLineCutIsAnEmptyTraceThatSaysSo() {
  let error = readError(#"{"type":"app.mark","la"#)
  #expect(error?.code == .emptyTrace)
  #expect(error?.message.contains("line 1 is incomplete") == true)
}

@Test func commentLineWithoutNewlineIsNotTruncation() throws {
  let trace = try decode(#"{"type":"app.terminate"}"# + "\n// the end")
  #expect(trace.events.count == 1)
  #expect(trace.truncation == nil)
}

@Test func membersNoEventTypeHasAreCheckedButNotKept() throws {
  let nested = #"{"a":[1,2.5e3,{"b":null,"c":[true,false]}],"d":"\u00e9\n","e":{}}"#
  let trace = try decode(
    #"{"type":"app.mark","label":"x","extra":\#(nested),"also":[]}"# + "\n")
  #expect(trace.events.map(\.payload) == [.appMark(label: "x")])
  // A member that is dropped unread is still JSON, to the same depth, said as precisely.
  for (text, message) in [
    (#"{"type":"app.mark","label":"x","extra":[1,}"#, "column 43: expected a value"),
    (#"{"type":"app.mark","label":"x","extra":{"a" 1}}"#, "expected ':' after the key \"a\""),
    (#"{"type":"app.mark","label":"x","extra":"\x"}"#, "column 42: invalid escape"),
    (
      #"{"type":"app.mark","label":"x","extra":"# + String(repeating: "[", count: 70) + "\n",
      "nest deeper than 64 levels"
    ),
    (#"{"type":"app.mark","label":"x","extra":1,"extra":2}"#, "appears twice"),
  ] {
    let error = readError(text + "\n")
    #expect(error?.code == .invalidJSON, "\(text)")
    #expect(error?.message.contains(message) == true, "\(String(describing: error?.message))")
  }
}
