import ArgumentParser
import SceneTrace
import SceneTraceFile

/// How the commands that read traces load them.
struct TraceReadingOptions: ParsableArguments {
  @Flag(help: "Skip events of unknown types with a warning instead of stopping.")
  var lenient = false

  /// Loads the trace at `path`, telling standard error what a truncated file lost and what was
  /// skipped.
  func load(_ path: String) throws(TraceError) -> LoadedTrace {
    let trace = try TraceFile.load(path: path, options: ReadOptions(lenient: lenient))
    for warning in trace.warnings { Console.error("warning: \(path): \(warning)") }
    if let truncation = trace.truncation {
      Console.error("warning: \(path) is truncated: \(truncation)")
    }
    return trace
  }
}
