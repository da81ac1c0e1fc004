import Foundation
import SceneTrace
import SceneTraceTestSupport
import Testing

@testable import ReplayCLI

/// `replay check` keeps its findings in a `FindingSpill`: past its bound in memory they go to a
/// temporary file, and they come back in report order, with the findings of what the trace lost
/// merged in, exactly as they went in.
@Suite struct FindingSpillTests {
  /// Findings in report order with every field set: sessions or none, identifiers and messages
  /// beyond ASCII, related seqs or none.
  private static func findings(count: Int, seed: UInt64) -> [Finding] {
    var random = SplitMix64(seed: seed)
    let rules: [RuleID] = ["lifecycle.order", "session.one-scene", "custom.é"]
    let sessions: [SessionID?] = [nil, "A", "e\u{301}", "6F9619FF-8B86-D011-B42D-00C04FC964FF"]
    var seq = 0
    return (0..<count).map { index in
      seq += Int.random(in: 0...2, using: &random)
      return Finding(
        rule: rules[index % rules.count],
        severity: Severity.allCases.randomElement(using: &random)!,
        seq: seq, session: sessions.randomElement(using: &random)!,
        message: "finding \(index): \"quoted\" 日本\n",
        related: (0..<Int.random(in: 0...3, using: &random)).map { seq - $0 - 1 })
    }.sorted(by: Finding.reportOrder)
  }

  @Test(arguments: [(0, 7), (5, 7), (7, 7), (100, 7), (1000, 64), (1000, 5000), (6000, 2500)])
  func findingsComeBackInOrderWithTheLossMergedIn(count: Int, bound: Int) throws {
    let added = Self.findings(count: count, seed: UInt64(count))
    var lost = Self.findings(count: 30, seed: 99)
    for index in lost.indices { lost[index].rule = .traceEventsLost }
    lost.sort(by: Finding.reportOrder)
    let spill = FindingSpill(memoryBound: bound)
    // Added in pieces of several sizes, as a replay's frames hand them on.
    var start = 0
    while start < added.count {
      let end = min(added.count, start + [1, 3, 50][start % 3])
      try spill.add(added[start..<end])
      start = end
    }
    for size in [1, 10, 512] {
      var batches: [[Finding]] = []
      try spill.forEachBatch(of: size, mergedWith: lost) { batches.append($0) }
      #expect(batches.flatMap { $0 } == (added + lost).sorted(by: Finding.reportOrder))
      #expect(batches.dropLast().allSatisfy { $0.count == size })
    }
    let tally = spill.tally(mergedWith: lost)
    #expect(tally.total == added.count + lost.count)
    #expect(tally.holdsLoss)
    for severity in Severity.allCases {
      #expect(
        tally.counts[severity, default: 0] == (added + lost).count { $0.severity == severity })
    }
    #expect(spill.count == added.count)
  }

  @Test func theTemporaryFileIsRemovedWithTheSpill() throws {
    let findings = Self.findings(count: 11, seed: 1)
    var spill: FindingSpill? = FindingSpill(memoryBound: 2)
    try spill?.add(findings.prefix(1))
    #expect(spill?.fileURL == nil)
    try spill?.add(findings.dropFirst())
    let url = try #require(spill?.fileURL)
    #expect(FileManager.default.fileExists(atPath: url.path))
    spill = nil
    #expect(!FileManager.default.fileExists(atPath: url.path))
  }
}
