import SceneTrace

/// The Swift source of a regression test for one trace, as `replay make-test` writes it: a
/// Swift Testing suite that replays the trace with `SceneTraceTesting` and compares its findings
/// and states with golden files recorded on its first run.
struct RegressionTestSource {
  /// The suite's type name.
  var name: String
  /// The trace's path relative to the test file's folder, as the test names it.
  var tracePath: String
  /// The command that wrote the test, quoted in its header.
  var command: String
  /// The trace's findings now, in report order: the test lists their rules and sessions.
  var findings: FindingSpill
  /// Whether the trace has `app.mark` events, whose states the test pins too.
  var hasMarks: Bool

  /// Hands `write` the file's text, a part at a time: its findings a few thousand at a time,
  /// one a line.
  func write(to write: (String) -> Void) throws {
    write(
      Self.lines([
        "// A regression test for the trace \(tracePath), written by",
        "// `\(command)`.",
        "//",
        "// The trace is replayed with SceneTraceTesting, and what it means (its findings, the state of",
        "// every scene) is compared with golden files in __Snapshots__ next to this file. The first",
        "// `swift test` records them and fails, saying so: review them, commit them, and run again.",
        "// When a change of the app, the trace or the rules changes the answers, the test fails with",
        "// a diff; re-record on purpose with SNAPSHOT_TESTING_RECORD=failed swift test.",
        "",
        "import SceneTraceTesting",
        "import Testing",
        "",
        "@Suite struct \(name) {",
        "  let trace: ReplayedTrace",
        "",
        "  init() throws {",
        "    // Found from this file's folder.",
        "    trace = try ReplayedTrace(contentsOf: \(Self.literal(tracePath)))",
        "  }",
        "",
        "  @Test func findings() {",
      ]))
    if findings.count == 0 {
      write(Self.lines(["    trace.expectNoFindings()"]))
    } else {
      write(Self.lines(["    trace.expectFindings(["]))
      try findings.forEachBatch(of: 4096, mergedWith: []) { batch in
        write(Self.lines(batch.map(Self.expectation)))
      }
      write(Self.lines(["    ])"]))
    }
    var end = [
      "    assertSnapshot(of: trace, as: .findings)",
      "  }",
      "",
      "  @Test func finalState() {",
      "    assertSnapshot(of: trace, as: .sceneState)",
      "  }",
    ]
    if hasMarks {
      end += [
        "",
        "  @Test func stateAtEachMark() {",
        "    assertSnapshot(of: trace, as: .stateAtMarks)",
        "  }",
      ]
    }
    end.append("}")
    write(Self.lines(end))
  }

  /// `lines`, each ending in a newline.
  private static func lines(_ lines: [String]) -> String {
    lines.map { $0 + "\n" }.joined()
  }

  /// The line that expects `finding` in the test's list.
  private static func expectation(_ finding: Finding) -> String {
    let session = finding.session.map { ", session: \(literal($0.rawValue))" } ?? ""
    return "      ExpectedFinding(\(literal(finding.rule.rawValue))\(session)),"
  }

  /// `SketchRestorationBugTests` for `sketch-restoration-bug`: the words of a file name as a
  /// Swift type name; nil when nothing of it can be one.
  static func suiteName(forTraceNamed base: String) -> String? {
    let words = base.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
    var name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    guard !name.isEmpty else { return nil }
    if name.first?.isNumber == true { name = "Trace" + name }
    return name.hasSuffix("Tests") ? name : name + "Tests"
  }

  /// Whether `name` can name a Swift type: ASCII letters, digits and `_`, not first a digit.
  static func isTypeName(_ name: String) -> Bool {
    guard let first = name.first, !first.isNumber else { return false }
    return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
  }

  /// `text` as a Swift string literal.
  static func literal(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20: result += "\\u{\(String(scalar.value, radix: 16))}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
