import Foundation
import Testing

/// Every option a command's `--help` lists works there: the test reads the commands from
/// `replay --help` and each command's options from its own help, so a new option is covered
/// without editing this file.
@Suite("every listed option works")
struct HelpWalkTests {
  static let clean = "traces/two-windows-clean.jsonl"
  static let bug = "traces/sketch-restoration-bug.jsonl"

  /// The subcommands `replay --help` lists.
  static func commands() throws -> [String] {
    let help = try ReplayTool.run("--help").output
    let section = help.components(separatedBy: "SUBCOMMANDS:").last ?? ""
    return section.split(separator: "\n")
      .prefix { !$0.hasPrefix("  See") && !$0.isEmpty }
      .compactMap { line in
        line.hasPrefix("  ") && !line.hasPrefix("   ")
          ? line.split(separator: " ").first.map(String.init) : nil
      }
  }

  /// The options a command's help lists, with their value's name when they take one:
  /// `("--at", "seq")`, `("--json", nil)`.
  static func options(of command: String) throws -> [(name: String, value: String?)] {
    let help = try ReplayTool.run(command, "--help").output
    let section = help.components(separatedBy: "OPTIONS:").last ?? ""
    return section.split(separator: "\n").compactMap { line in
      let words = line.split(separator: " ")
      guard line.hasPrefix("  -"), let long = words.first(where: { $0.hasPrefix("--") }) else {
        return nil
      }
      let name = String(long.trimmingCharacters(in: CharacterSet(charactersIn: ",")))
      let next = words.drop { $0 != long }.dropFirst().first
      let value = next.flatMap { $0.hasPrefix("<") ? String($0.dropFirst().dropLast()) : nil }
      return (name, value)
    }
  }

  /// The arguments a command needs to run on `files`, writing into `folder`.
  static func required(_ command: String, files: [String], folder: URL) -> [String]? {
    let out = folder.appendingPathComponent("out-\(UUID().uuidString)").path
    let files = command == "shrink" ? files.map { $0 == clean ? bug : $0 } : files
    switch command {
    case "check", "state", "events", "info", "verify", "export", "timeline": return files
    case "diff": return files.count == 1 ? files + ["--from", "3", "--to", "9"] : files
    case "why": return files + ["app.state"]
    case "shrink":
      return files + ["--rule", "restoration.shared-storage", "--output", out + ".jsonl"]
    case "import", "compact", "redact": return files + ["--output", out + ".sctrace"]
    case "make-test": return files + ["--output", out + ".swift"]
    case "simulate": return ["sketch-restoration-bug", "--output", out + ".jsonl"]
    case "rules": return []
    case "explain": return ["lifecycle.order"]
    default: return nil
    }
  }

  /// A value for an option, by the name its help gives the value.
  static func sample(
    _ value: String, option: String, command: String, folder: URL
  ) throws -> String? {
    switch (option, value) {
    case (_, "seq"), (_, "seq|time"): return "3"
    case (_, "seconds"): return "1.5"
    case ("--session", "session") where command == "shrink": return "S2"
    case (_, "session"): return "A"
    case (_, "prefix"): return "scene."
    case ("--level", "n"): return "3"
    case ("--width", "n"): return "80"
    case (_, "n"): return "1"
    case (_, "id"): return "lifecycle.unknown-scene"
    case ("--fail-on", "level"): return "warning"
    case (_, "level"): return "warning"
    case (_, "format"): return "jsonl"
    case (_, "name"): return "SomeName"
    case (_, "out"),
      (_, "file") where option != "--baseline":
      return folder.appendingPathComponent("\(UUID().uuidString).jsonl").path
    case ("--baseline", _):
      let path = folder.appendingPathComponent("baseline.json").path
      _ = try ReplayTool.run("check", clean, "--write-baseline", path)
      return path
    case (_, "path=value"): return "app.terminated=false"
    case ("--salt", "text"): return "some salt"
    default: return nil
    }
  }

  /// A shrink with `--until-state` names no `--rule`; the others keep the required arguments.
  static func invocation(
    _ command: String, option: String, value: String?, folder: URL
  ) throws -> [String]? {
    guard var arguments = required(command, files: [clean], folder: folder) else { return nil }
    // An option the command needs is exercised by the required arguments already.
    if arguments.contains(option) { return arguments }
    if command == "shrink", option == "--until-state" {
      arguments.removeAll { $0 == "--rule" || $0 == "restoration.shared-storage" }
    }
    if command == "simulate", option == "--list" { arguments = [] }
    // Sessions are mapped between two traces: compare the trace with itself.
    if command == "diff", option == "--map" { return [clean, clean, option, "A=A"] }
    // The timeline's picture is an SVG file.
    if command == "timeline", option == "--output" {
      return arguments + [option, folder.appendingPathComponent("\(UUID().uuidString).svg").path]
    }
    guard let value else { return arguments + [option] }
    guard let sample = try sample(value, option: option, command: command, folder: folder) else {
      return nil
    }
    return arguments + [option, sample]
  }

  @Test func replayListsEveryCommand() throws {
    let commands = try Self.commands()
    #expect(commands.count >= 15)
    #expect(commands.contains("events") && commands.contains("explain"))
  }

  @Test func everyListedOptionIsAcceptedByItsCommand() throws {
    let folder = try ReplayTool.temporaryFolder()
    for command in try Self.commands() {
      let options = try Self.options(of: command)
      for option in options where !["--help", "--version"].contains(option.name) {
        let arguments = try Self.invocation(
          command, option: option.name, value: option.value, folder: folder)
        guard let arguments else {
          Issue.record("no sample for \(command) \(option.name) <\(option.value ?? "")>")
          continue
        }
        let result = try ReplayTool.run([command] + arguments)
        let said = "replay \(command) \(arguments.joined(separator: " ")): \(result.errors)"
        #expect(!result.errors.contains("Unknown option"), "\(said)")
        #expect(!result.errors.contains("Unexpected argument"), "\(said)")
        #expect(!result.errors.contains("Missing value"), "\(said)")
        #expect(result.status == 0 || result.status == 1, "\(said)")
      }
    }
  }

  /// `--join` reads two files as one trace in every command that lists it.
  @Test func everyCommandListingJoinRunsOnTwoJoinedFiles() throws {
    let folder = try ReplayTool.temporaryFolder()
    var joining: [String] = []
    for command in try Self.commands()
    where try Self.options(of: command).contains(where: { $0.name == "--join" }) {
      joining.append(command)
      let files = [Self.clean, Self.bug]
      let arguments = try #require(Self.required(command, files: files, folder: folder))
      let result = try ReplayTool.run([command, "--join"] + arguments)
      #expect(
        result.status == 0 || (command == "check" && result.status == 1),
        "replay \(command) --join: \(result.errors)")
      #expect(!result.output.isEmpty || !result.errors.isEmpty)
      #expect(!result.errors.contains("error:"), "replay \(command) --join: \(result.errors)")
    }
    #expect(joining.contains("compact") && joining.contains("events"))
    #expect(!joining.contains("why"))
  }

  /// Each command's help ends its discussion with a worked example of that command.
  @Test func everyCommandHelpHasAWorkedExample() throws {
    for command in try Self.commands() {
      let help = try ReplayTool.run(command, "--help").output
      #expect(help.contains("  replay \(command)"), "replay \(command) --help has no example")
    }
  }
}
