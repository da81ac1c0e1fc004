import ArgumentParser
import SceneTrace
import SceneTraceText

struct RulesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rules",
    abstract: "List every rule with its severity.",
    discussion: """
      One rule a line: its identifier (what `check --rule`, `shrink --rule` and baselines \
      name), its severity, and when it is broken. `replay explain RULE` says more.

        replay rules
        replay rules | grep '^focus'
        replay explain lifecycle.order
      """)

  func run() {
    let rules = RuleDescription.builtIn
    let width = rules.map(\.id.rawValue.count).max() ?? 0
    for rule in rules {
      let severity = rule.severity.rawValue.rightPadded(to: 7)
      Console.output("\(rule.id.rawValue.rightPadded(to: width))  \(severity)  \(rule.summary)")
    }
  }
}

struct ExplainCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "explain",
    abstract: "Explain a rule: what it means and how such bugs are usually fixed.",
    discussion: """
      Prints the rule's severity, when it is broken, a paragraph on what it means and how such \
      bugs are usually fixed, and for the lifecycle rules the whole scene lifecycle table with \
      each transition's verdict.

        replay explain lifecycle.irregular
        replay check app.jsonl --rule shared.stale-render && replay explain shared.stale-render
      """)

  @Argument(help: "A rule identifier, as `replay rules` lists them.")
  var rule: String

  func run() throws {
    guard let description = RuleDescription.builtIn(RuleID(rule)) else {
      let known = RuleDescription.builtIn.map(\.id.rawValue)
      let close = known.filter {
        $0.hasPrefix(rule.split(separator: ".").first.map(String.init) ?? rule)
      }
      let hint =
        close.isEmpty
        ? "run `replay rules` to list them" : "did you mean \(close.joined(separator: ", "))?"
      throw UsageError("there is no rule \"\(rule)\"; \(hint)")
    }
    Console.output("\(description.id) (\(description.severity.rawValue))")
    Console.output("broken when \(description.summary).\n")
    Console.output(wrap(description.explanation, width: 80))
    if description.id.rawValue.hasPrefix("lifecycle.") {
      Console.output("\n" + lifecycleTable())
    }
  }

  /// Every (state, callback) pair of the scene lifecycle table, as the reducer judges it.
  private func lifecycleTable() -> String {
    let verdicts: [LifecycleTransition.Verdict: String] = [
      .legal: "legal", .notable: "legal, info", .irregular: "warning", .illegal: "error",
    ]
    var lines = ["The scene lifecycle table (row, state, callback, verdict, why):"]
    let states: [SceneActivation] = [
      .unattached, .foregroundInactive, .foregroundActive, .background,
    ]
    for state in states {
      for callback in LifecycleCallback.allCases {
        let variants =
          state == .foregroundInactive && callback == .didEnterBackground
          ? [true, false] : [true]
        for active in variants {
          let row = LifecycleTransition.of(
            callback, in: state, activeSinceEnteringForeground: active)
          let label = (row.row.isEmpty ? "-" : row.row).rightPadded(to: 4)
          let verdict = (verdicts[row.verdict] ?? "").rightPadded(to: 11)
          let pair = "\(state.rawValue) + \(callback.eventType)".rightPadded(to: 46)
          lines.append("  \(label) \(pair) \(verdict) \(row.reason)")
        }
      }
    }
    return lines.joined(separator: "\n")
  }

  private func wrap(_ text: String, width: Int) -> String {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty, line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    if !line.isEmpty { lines.append(line) }
    return lines.joined(separator: "\n")
  }
}
