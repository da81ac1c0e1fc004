import SceneTraceTesting
import XCTest

/// The same helpers from an XCTest case, as an app whose tests are XCTest uses them.
final class XCTestUsageTests: XCTestCase {
  func testHelpersAndGoldensWorkUnderXCTest() throws {
    let trace = try ReplayedTrace(contentsOf: "../../traces/sketch-restoration-fixed.jsonl")
    trace.expectNoFindings()
    trace.expectState(\.app.launch, equals: "L2")
    trace.expectState(\.sessions["S1"]?.scene?.content, equals: "sketch:house")
    assertSnapshot(of: trace, as: .sceneState, named: "sceneState")
  }

  func testAFailingHelperReportsAtTheCallersLine() throws {
    // XCTExpectFailure exists on Apple platforms only; elsewhere the failure is caught by an
    // IssueReporter installed for the call, which proves it was reported and where.
    let trace = try ReplayedTrace(contentsOf: "../../traces/sketch-restoration-fixed.jsonl")
    let line = UInt(#line + 1)
    let issues = IssueLog.collect { trace.expectFinding("lifecycle.order") }
    XCTAssertEqual(issues.map(\.line), [line])
  }
}
