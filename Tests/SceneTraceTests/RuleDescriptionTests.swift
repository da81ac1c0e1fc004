import SceneTrace
import Testing

/// `RuleDescription.builtIn` describes every rule the reducer reports, with the severity its
/// findings carry.
@Suite struct RuleDescriptionTests {
  @Test func builtInRulesAreSortedUniqueAndExplained() {
    let ids = RuleDescription.builtIn.map(\.id)
    #expect(ids == ids.sorted())
    #expect(Set(ids).count == ids.count)
    for rule in RuleDescription.builtIn {
      #expect(!rule.summary.isEmpty, "\(rule.id)")
      #expect(rule.explanation.count > 200, "\(rule.id): explain what it means and the fix")
      #expect(!rule.explanation.contains("  "), "\(rule.id): a double space")
    }
  }

  @Test func theContractsRulesAreBuiltInWithTheirSeverities() {
    let contract: [(RuleID, Severity)] = [
      ("key.inactive-scene", .error), ("focus.continuity", .error),
      ("focus.inactive-scene", .warning), ("band.sequence", .error), ("band.modifiers", .warning),
      ("drag.sequence", .error), ("restoration.shared-storage", .error),
      ("shared.stale-render", .error), ("content.exclusive", .error),
      ("session.data-deleted-early", .warning),
    ]
    for (id, severity) in contract {
      #expect(RuleDescription.builtIn(id)?.severity == severity, "\(id)")
    }
  }

  static let seeds = Seeds.range(0x5CE7_6000, count: 24)

  @Test(arguments: seeds)
  func everyFindingCarriesTheSeverityItsRuleDescribes(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var payloads = InteractionTrace(seed: seed, steps: 60).payloads
    for _ in 0..<120 {
      payloads.insert(
        RandomEvents.payload(using: &random),
        at: Int.random(in: 0...payloads.count, using: &random))
    }
    for finding in replay(payloads).findings {
      let described = RuleDescription.builtIn(finding.rule)
      #expect(described != nil, "seed \(seed): \(finding.rule) is not described")
      #expect(described?.severity == finding.severity, "seed \(seed): \(finding.rule)")
    }
  }
}
