import Foundation
import SceneTrace
import SceneTraceTestSupport
import Testing

@testable import ReplayCLI

/// `replay make-test` writes the test a part at a time, its findings from a `FindingSpill`
/// (in memory up to a bound, in a file past it): the text is the same wherever they were held.
@Suite struct RegressionTestSourceTests {
  /// Findings in report order: several rules, sessions that need escaping in a literal, none.
  private static func findings(count: Int) -> [Finding] {
    let rules: [RuleID] = ["lifecycle.order", "key.inactive-scene", "custom.é"]
    let sessions: [SessionID?] = [nil, "A", "quote\"d\\", "6F9619FF-8B86-D011-B42D-00C04FC964FF"]
    return (0..<count).map { index in
      Finding(
        rule: rules[index % rules.count], severity: .error, seq: index / 2 + 1,
        session: sessions[index % sessions.count], message: "finding \(index)")
    }.sorted(by: Finding.reportOrder)
  }

  private static func text(of findings: [Finding], memoryBound: Int, hasMarks: Bool) throws
    -> String
  {
    let spill = FindingSpill(memoryBound: memoryBound)
    try spill.add(findings)
    let source = RegressionTestSource(
      name: "AppTests", tracePath: "../Traces/app.sctrace",
      command: "replay make-test app.sctrace -o AppTests.swift", findings: spill,
      hasMarks: hasMarks)
    var parts: [String] = []
    try source.write { parts.append($0) }
    return parts.joined()
  }

  @Test(arguments: [0, 1, 4096, 4097, 9000])
  func theTestListsEveryFindingInReportOrderWhereverTheyWereHeld(count: Int) throws {
    let findings = Self.findings(count: count)
    let text = try Self.text(of: findings, memoryBound: 16_384, hasMarks: false)
    // Past the bound, in the file: the same text.
    for bound in [1, 7, 4096] {
      #expect(try Self.text(of: findings, memoryBound: bound, hasMarks: false) == text)
    }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.first == "// A regression test for the trace ../Traces/app.sctrace, written by")
    #expect(lines.suffix(2) == ["}", ""])
    #expect(lines.contains("    trace = try ReplayedTrace(contentsOf: \"../Traces/app.sctrace\")"))
    #expect(!text.contains("stateAtMarks"))
    guard count > 0 else {
      #expect(lines.contains("    trace.expectNoFindings()"))
      #expect(!text.contains("expectFindings"))
      return
    }
    let start = try #require(lines.firstIndex(of: "    trace.expectFindings(["))
    let end = try #require(lines.firstIndex(of: "    ])"))
    let expected = findings.map { finding in
      let session = finding.session.map {
        ", session: \"\($0.rawValue.replacing("\\", with: "\\\\").replacing("\"", with: "\\\""))\""
      }
      return "      ExpectedFinding(\"\(finding.rule.rawValue)\"\(session ?? "")),"
    }
    #expect(Array(lines[(start + 1)..<end]) == expected)
    #expect(lines[end + 1] == "    assertSnapshot(of: trace, as: .findings)")
  }

  @Test func aTraceWithMarksPinsTheStatesAtThem() throws {
    let text = try Self.text(of: Self.findings(count: 3), memoryBound: 1, hasMarks: true)
    #expect(
      text.hasSuffix(
        """
          @Test func stateAtEachMark() {
            assertSnapshot(of: trace, as: .stateAtMarks)
          }
        }

        """))
  }
}
