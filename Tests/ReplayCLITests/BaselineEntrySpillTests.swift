import Foundation
import SceneTrace
import SceneTraceFile
import SceneTraceTestSupport
import Testing

@testable import ReplayCLI

/// `replay check --write-baseline` keeps the entries in a `BaselineEntrySpill`, their messages
/// in a temporary file past a bound, and writes the file a baseline of the same entries writes.
@Suite struct BaselineEntrySpillTests {
  /// Entries of few rules, roles and fingerprints, so that many are alike but for their
  /// messages: roles or none, fingerprints as the fingerprinter spells them and otherwise,
  /// messages beyond ASCII, empty, repeated.
  private static func entries(count: Int, seed: UInt64) -> [FindingBaseline.Entry] {
    var random = SplitMix64(seed: seed)
    let rules: [RuleID] = ["lifecycle.order", "session.one-scene", "custom.é", "a.b"]
    let roles: [String?] = [nil, "windowApplication", "e\u{301}", "é"]
    let fingerprints = [
      "0000000000000000", "00000000000000ff", "0123456789abcdef", "ffffffffffffffff",
      "FFFFFFFFFFFFFFFF", "12", "0x23456789abcdef", "",
    ]
    let messages = ["", "finding: \"quoted\" 日本\n", "a", "b", "é", "e\u{301}"]
    return (0..<count).map { index in
      FindingBaseline.Entry(
        rule: rules.randomElement(using: &random)!, role: roles.randomElement(using: &random)!,
        fingerprint: fingerprints.randomElement(using: &random)!,
        message: messages.randomElement(using: &random)! + String(index % 7))
    }
  }

  @Test(arguments: [(0, 16), (1, 16), (50, 1), (500, 64), (5000, 1 << 20), (9000, 1000)])
  func theFileIsTheBaselineOfTheSameEntries(count: Int, bound: Int) throws {
    let entries = Self.entries(count: count, seed: UInt64(count))
    let folder = try ReplayTool.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let expected = folder.appendingPathComponent("expected.json").path
    let written = folder.appendingPathComponent("written.json").path
    try FindingBaseline(entries: entries.sorted(by: FindingBaseline.Entry.fileOrder))
      .write(to: expected)
    let spill = BaselineEntrySpill(memoryBound: bound)
    for entry in entries { try spill.add(entry) }
    #expect(spill.count == count)
    try spill.write(to: written)
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: written))
        == Data(contentsOf: URL(fileURLWithPath: expected)))
  }
}
