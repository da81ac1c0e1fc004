import ArgumentParser
import SceneTraceFile

/// The `replay` tool's entry point.
public enum ReplayMain {
  /// The version `replay --version` prints.
  public static let version = "0.1.0"

  /// Runs `replay` with `arguments` (without the program name) and returns its exit status:
  /// 0 success, 1 a finding, damage or difference, 2 bad usage or an unreadable trace.
  public static func run(_ arguments: [String]) -> Int32 {
    do {
      var command = try ReplayCommand.parseAsRoot(arguments)
      try command.run()
      return 0
    } catch let exit as ExitCode {
      return exit.rawValue
    } catch let error as TraceError {
      Console.report(error: error.description)
      return ExitStatus.usage
    } catch let error as UsageError {
      Console.report(error: error.message)
      return ExitStatus.usage
    } catch {
      let code = ReplayCommand.exitCode(for: error)
      let message = ReplayCommand.fullMessage(for: error)
      if code == .success {
        if !message.isEmpty { Console.output(message) }
        return 0
      }
      // swift-argument-parser says `Error:`; replay says `error:` everywhere.
      if message.hasPrefix("Error: ") {
        Console.report(error: String(message.dropFirst("Error: ".count)))
      } else {
        Console.error(message)
      }
      return ExitStatus.usage
    }
  }
}

/// The exit statuses `replay` documents: over several files the worst wins.
enum ExitStatus {
  static let success: Int32 = 0
  static let found: Int32 = 1
  static let usage: Int32 = 2
}

/// A mistake in how `replay` was called, reported with exit status 2.
struct UsageError: Error {
  var message: String

  init(_ message: String) { self.message = message }
}

struct ReplayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay",
    abstract:
      "Replay a SceneTrace trace: every scene's state at any event, and the rules it breaks.",
    discussion: """
      A trace is a .sctrace file, a JSON Lines file or a zstd-compressed .jsonl.zst (told apart \
      by content) of the events a multi-window app recorded. Start with `replay check` to see \
      which rule broke where, then `replay state --at SEQ` to see every scene at that event.

        replay check traces/sketch-restoration-bug.jsonl
        replay state traces/sketch-restoration-bug.jsonl --at 12
        replay import app.jsonl -o app.sctrace && replay info app.sctrace

      Shell completions: `replay --generate-completion-script bash` (or zsh, fish) prints a \
      script to install as the README says.

      Exit status, for every command: 0 success; 1 `check` shows a finding at or above \
      --fail-on (default error), `verify` found damage, or `diff` found a difference; 2 bad \
      usage, an unreadable or empty file, or an --at past the end, with an error line on \
      standard error and nothing on standard output. Over several files the worst wins \
      (2 > 1 > 0). Events the trace could not see (recorder drops, damage, a cut end, events \
      skipped by --lenient) are said on standard error by every command that reads a trace; \
      `check` reports them as trace.events-lost warnings, and `verify` lists recorder drops \
      apart from damage (drops alone exit 0).
      """,
    version: ReplayMain.version,
    subcommands: [
      CheckCommand.self, ShrinkCommand.self, StateCommand.self, EventsCommand.self,
      DiffCommand.self, WhyCommand.self, InfoCommand.self, VerifyCommand.self,
      ImportCommand.self, ExportCommand.self, CompactCommand.self, MakeTestCommand.self,
      RedactCommand.self, SimulateCommand.self, RulesCommand.self, ExplainCommand.self,
      TimelineCommand.self,
    ]
  )
}
