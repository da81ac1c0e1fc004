import SceneTrace
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

  /// Maps of many members (looked up by hashing) give the changes a member-by-member reading
  /// gives: the first document's members changed or gone, in its order, then the second's new.
  @Test(arguments: [10, 17, 300])
  func changesOfLargeMapsAreThoseOfEachMember(count: Int) {
    var random = SplitMix64(seed: UInt64(count))
    let keys = (0..<count).map { "S\($0)" }.shuffled(using: &random)
    var before: [(String, JSONValue)] = []
    var after: [(String, JSONValue)] = []
    var expected: [JSONChange] = []
    for key in keys {
      let old = JSONValue.number(String(random.next() % 4))
      switch random.next() % 4 {
      case 0:
        before.append((key, old))
        expected.append(
          JSONChange(path: JSONPath(components: [.key(key)]), before: old, after: nil))
      case 1:
        before.append((key, old))
        after.append((key, .string("new")))
        expected.append(
          JSONChange(path: JSONPath(components: [.key(key)]), before: old, after: .string("new")))
      default:
        before.append((key, old))
        after.insert((key, old), at: Int(random.next() % UInt64(after.count + 1)))
      }
    }
    let added = (0..<count / 5).map { ("T\($0)", JSONValue.bool(true)) }
    after += added
    expected += added.map {
      JSONChange(path: JSONPath(components: [.key($0.0)]), before: nil, after: $0.1)
    }
    let changes = JSONValue.object(JSONObject(before)).changes(to: .object(JSONObject(after)))
    #expect(changes == expected)
  }
}

private func key(_ key: String) -> JSONPath.Component { .key(key) }
