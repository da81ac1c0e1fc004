// Fuzzes the reducer, the built-in rules and the custom-rule path with the events a lenient read
// decodes, then the state JSON and the finding texts of the result. The seeds are the traces/
// files (see tools/fuzz).
import FuzzDriver
import SceneTrace
import SceneTraceFile

/// A custom rule that reads both states and keeps notes, so the fuzzer drives that path too.
struct CountsSceneChanges: TraceRule {
  let rule = RuleDescription(
    id: "fuzz.scene-changes", severity: .info, summary: "Counts scene changes.",
    explanation: "Reports every tenth event that changes a scene's activation state.")

  func check(_ event: Event, in context: inout RuleContext) {
    guard let session = event.payload.sessions.first,
      context.before.sessions[session]?.scene?.state
        != context.after.sessions[session]?.scene?.state
    else { return }
    let count = (Int(context.notes["count"] ?? "0") ?? 0) + 1
    context.notes["count"] = String(count)
    if count % 10 == 0 {
      context.report("\(count) changes", session: session, related: [max(1, event.seq - 1)])
    }
  }

  func finish(in context: inout RuleContext) {
    if let count = context.notes["count"] {
      context.report("\(count) changes in all", session: nil)
    }
  }
}

fuzz { bytes in
  guard let trace = try? TraceFile.decode(bytes, path: "input", options: ReadOptions(lenient: true))
  else { return }
  var replay = Replay(reducer: TraceReducer(rules: [CountsSceneChanges()]))
  replay.apply(trace.events)
  replay.finish()
  _ = replay.state.json.serialized()
  for finding in replay.findings {
    _ = finding.json.serialized()
  }
}
