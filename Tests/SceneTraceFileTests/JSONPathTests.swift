import SceneTraceFile
import Testing

@Suite struct JSONPathTests {
  @Test(arguments: [
    ("sessions.B.scene.focus", [key("sessions"), key("B"), key("scene"), key("focus")]),
    (
      "shared[\"restoration:A.txt\"].value",
      [key("shared"), key("restoration:A.txt"), key("value")]
    ),
    (
      "sessions.B.scene.selection.grid[1]",
      [key("sessions"), key("B"), key("scene"), key("selection"), key("grid"), .index(1)]
    ),
    ("[\"\"]", [key("")]),
    ("a[\"quote \\\" and ] bracket\"]", [key("a"), key("quote \" and ] bracket")]),
  ])
  func pathsReadAndWriteBack(text: String, components: [JSONPath.Component]) throws {
    let path = try JSONPath(parsing: text)
    #expect(path.components == components)
    #expect(try JSONPath(parsing: path.description) == path)
  }

  @Test(arguments: ["", "a..b", "a.", "a[", "a[x]", "a[-1]", "a[\"open]", "a[\"x\"]b"])
  func malformedPathsAreErrorsThatSayWhere(text: String) {
    #expect(throws: TraceError.self) { try JSONPath(parsing: text) }
    do {
      _ = try JSONPath(parsing: text)
    } catch {
      #expect(error.message.contains("at character"))
    }
  }

  @Test func subscriptFindsValuesAndNilForWhatIsNotThere() throws {
    let document = try JSONValue(
      parsing: Array(#"{"a":{"b.c":[1,{"d":null}]},"e":true}"#.utf8))
    #expect(document[try JSONPath(parsing: #"a["b.c"][1].d"#)] == .null)
    #expect(document[try JSONPath(parsing: #"a["b.c"][0]"#)] == .number("1"))
    #expect(document[try JSONPath(parsing: "e")] == .bool(true))
    #expect(document[try JSONPath(parsing: #"a["b.c"][2]"#)] == nil)
    #expect(document[try JSONPath(parsing: "e.f")] == nil)
    #expect(document[.root] == document)
  }

  @Test func changesListEveryDifferenceWithItsPathInDocumentOrder() throws {
    let before = try JSONValue(
      parsing: Array(#"{"app":{"key":"A","n":1},"s":{"A":{"x":1},"B":{"x":2}},"l":[1,2]}"#.utf8))
    let after = try JSONValue(
      parsing: Array(#"{"app":{"key":"B","n":1},"s":{"A":{"x":1},"C":null},"l":[2,1]}"#.utf8))
    let changes = before.changes(to: after).map {
      "\($0.path): \($0.before?.serialized() ?? "absent") → \($0.after?.serialized() ?? "absent")"
    }
    #expect(
      changes == [
        #"app.key: "A" → "B""#, #"s.B: {"x":2} → absent"#, "s.C: absent → null",
        "l: [1,2] → [2,1]",
      ])
    #expect(after.changes(to: after).isEmpty)
  }
}

private func key(_ key: String) -> JSONPath.Component { .key(key) }
