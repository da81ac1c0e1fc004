import ArgumentParser
import SceneTrace
import SceneTraceFile

struct RedactCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "redact",
    abstract: "Replace what a trace tells about the app's user, keeping every finding.",
    discussion: """
      Writes the trace with each field that may tell about the app's user replaced by a \
      digest: shared-state values, the characters of key presses, key commands' titles, marks' \
      labels and the content scenes show; and, in state keys, the part that may name a \
      document (`file:#…`, `session:<id>/#…`; `defaults:` setting names stay). Equal values \
      get equal digests, so every rule judges the redacted trace as it judged the original, \
      and `replay check` gives the same findings with digests in place of the values. \
      Identifiers, view, window, responder and action names, activity types and key inputs \
      are the app's own names and stay.

      The digests are keyed (SipHash-2-4) with a random key that is not written anywhere, so \
      a digest of a short value cannot be matched by digesting guesses. With --salt, the key \
      comes from the text given: traces redacted with the same salt share their digests, for \
      comparing them with `replay diff`. The output is a .sctrace file, or JSON Lines when OUT \
      ends in .jsonl; it may not be an input file unless --force is given.

        replay redact customer.sctrace -o shareable.sctrace
        replay redact a.sctrace -o a-redacted.jsonl --salt bug-1234
        replay redact app.sctrace -o app-redacted.sctrace --keep-keys
      """)

  @Argument(help: "The trace: .sctrace, JSON Lines or .jsonl.zst (several with --join).")
  var files: [String]

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp(
      "The trace to write: .sctrace, or JSON Lines when it ends in .jsonl.", valueName: "out"))
  var output: String

  @Option(
    help: ArgumentHelp(
      "Derive the digests' key from this text, so that the same values get the same digests "
        + "in every trace redacted with it.", valueName: "text"))
  var salt: String?

  @Flag(name: .customLong("keep-keys"), help: "Keep state keys whole.")
  var keepsKeys = false

  @Flag(help: "Write the output even when it is one of the input files.")
  var force = false

  @OptionGroup var reading: TraceReadingOptions

  func validate() throws {
    try reading.validate(files, command: "redact")
    if salt?.isEmpty == true { throw ValidationError("--salt needs some text.") }
  }

  func run() throws {
    try OutputPath.refuseOverwriting(output, inputs: files, force: force)
    var replaced = Set(FieldSensitivity.allCases)
    if keepsKeys { replaced.remove(.key) }
    var generator = SystemRandomNumberGenerator()
    let key = salt.map(Redaction.key(fromSalt:)) ?? (generator.next(), generator.next())
    let redaction = Redaction(replacing: replaced, key: key)
    // Frame by frame: each event is redacted and written as it is read, into a file that takes
    // the output's place once the whole input was read.
    let file = StreamedTraceOutput(
      path: output,
      format: output.hasSuffix(".jsonl") ? .jsonLines : .sctrace(.automatic))
    var changed = 0
    let trace: StreamedTrace
    do {
      trace = try reading.stream(files) { header in
        file.start(TraceOutput.header(by: "redact", from: header))
      } consume: { events in
        file.write(
          events.map { event in
            let payload = redaction(event.payload)
            if payload != event.payload { changed += 1 }
            return Event(seq: event.seq, time: event.time, payload)
          })
      }
    } catch {
      file.discard()
      throw error
    }
    _ = try file.finish()
    Console.output(
      "redacted \(changed) of \(trace.tally.count) events; wrote \(output)"
        + (salt == nil ? "" : " (digests keyed by the salt)"))
  }
}
