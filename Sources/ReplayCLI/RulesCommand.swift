import ArgumentParser
import SceneTrace

struct RulesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rules",
    abstract: "List every rule with its severity.",
    discussion: """
      replay rules
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
      replay explain lifecycle.irregular
      """)

  @Argument(help: "A rule identifier, as `replay rules` lists them.")
  var rule: String

  func run() throws {
    guard let description = RuleDescription.builtIn(RuleID(rule)) else {
      let known = RuleDescription.builtIn.map(\.id.rawValue)
      let close = known.filter { $0.hasPrefix(rule.split(separator: ".").first.map(String.init) ?? rule) }
      let hint = close.isEmpty ? "run `replay rules` to list them" : "did you mean \(close.joined(separator: ", "))?"
      throw UsageError("there is no rule \"\(rule)\"; \(hint)")
    }
    Console.output("\(description.id) (\(description.severity.rawValue))")
    Console.output("broken when \(description.summary).\n")
    Console.output(wrap(description.explanation, width: 80))
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
