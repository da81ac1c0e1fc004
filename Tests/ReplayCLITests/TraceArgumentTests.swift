import Foundation
import SceneTraceTestSupport
import Testing

/// Arguments that name parts of a trace are checked against the trace: a typo is an error that
/// lists what exists, never an empty answer with exit status 0.
@Suite("replay checks its arguments against the trace")
struct TraceArgumentTests {
  static let clean = "traces/two-windows-clean.jsonl"

  struct Refusal: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let refusals: [Refusal] = [
    Refusal(
      arguments: ["events", clean, "--session", "Z"],
      message: "error: no session Z in \(clean); sessions: A, B\n"),
    Refusal(
      arguments: ["shrink", clean, "--rule", "lifecycle.order", "--session", "Z", "-o", "x.jsonl"],
      message: "error: no session Z in \(clean); sessions: A, B\n"),
    Refusal(
      arguments: ["events", clean, "--type", "nosuch"],
      message: "error: no event type starts with nosuch; types in \(clean): app.launch, "),
    Refusal(
      arguments: ["events", clean, "--type", "drag."],
      message: "error: no event in \(clean) has a type starting with drag.; types in"),
    Refusal(
      arguments: ["events", clean, "--from", "37"],
      message: "error: --from 37 is past the end of \(clean), whose last event is seq 36\n"),
    Refusal(
      arguments: ["events", clean, "--to", "100"],
      message: "error: --to 100 is past the end of \(clean), whose last event is seq 36\n"),
    Refusal(
      arguments: ["state", clean, "--at", "37"],
      message: "error: --at 37 is past the end of \(clean), whose last event is seq 36\n"),
    Refusal(
      arguments: ["why", clean, "app.state", "--at", "99"],
      message: "error: --at 99 is past the end of \(clean), whose last event is seq 36\n"),
    Refusal(
      arguments: ["state", clean, "--at", "-37"],
      message: "error: --at -37 counts back past the first event of \(clean), whose events are "
        + "seq 1 to 36 (-1 is the last event, -36 the first)\n"),
    Refusal(
      arguments: ["events", clean, "--from=-40"],
      message: "error: --from -40 counts back past the first event of \(clean)"),
    Refusal(
      arguments: ["events", clean, "--from", "-2", "--to", "5"],
      message: "error: --from -2 (seq 35) is after --to 5; nothing would be listed\n"),
  ]

  @Test(arguments: refusals)
  func unknownNamesAndSeqsPastTheEndAreErrorsThatSayWhatExists(_ refusal: Refusal) throws {
    let result = try ReplayTool.run(refusal.arguments)
    #expect(result.status == 2)
    #expect(result.output.isEmpty)
    #expect(result.errors.hasPrefix(refusal.message), "\(result.errors)")
  }

  @Test func sessionsAreListedInNaturalOrder() throws {
    let path = try Self.file(
      (1...11).map { #"{"type":"scene.willConnect","session":"S\#($0)"}"# }.joined(separator: "\n")
        + "\n")
    let result = try ReplayTool.run("events", path, "--session", "S12")
    #expect(
      result.errors == "error: no session S12 in \(path); sessions: S1, S2, S3, S4, "
        + "S5, S6, S7, S8, S9, S10, S11\n")
  }

  /// Negative seqs count from the end everywhere, however the option is spelt.
  @Test(arguments: [
    (["events", clean, "--from", "-3"], ["events", clean, "--from=-3"]),
    (["events", clean, "--from", "-3"], ["events", clean, "--from", "34"]),
    (["events", clean, "--to", "-1"], ["events", clean]),
    (["state", clean, "--at", "-1"], ["state", clean]),
    (["state", clean, "--at=-2", "--json"], ["state", clean, "--at", "35", "--json"]),
    (["why", clean, "app.state", "--at", "-1"], ["why", clean, "app.state"]),
    (
      ["diff", clean, "--from", "-5", "--to", "-1"], ["diff", clean, "--from", "32", "--to", "36"]
    ),
    (
      ["state", "traces/two-windows-clean.sctrace", "--at", "-5"],
      ["state", "traces/two-windows-clean.sctrace", "--at", "32"]
    ),
  ])
  func negativeSeqsCountFromTheEnd(_ negative: [String], _ positive: [String]) throws {
    let first = try ReplayTool.run(negative)
    let second = try ReplayTool.run(positive)
    #expect(first.status == 0, "\(first.errors)")
    #expect(first.output == second.output)
    #expect(!first.output.isEmpty)
  }

  @Test func negativeCountsAreRefusedWithTheirOwnMessageNotMissingValue() throws {
    for arguments in [
      ["why", Self.clean, "app.state", "--depth", "-1"],
      ["check", Self.clean, "--context", "-1"],
    ] {
      let result = try ReplayTool.run(arguments)
      #expect(result.status == 2)
      #expect(result.errors.hasPrefix("error: --"), "\(result.errors)")
      #expect(result.errors.contains("must be 0 or more"), "\(result.errors)")
    }
  }

  /// What a file that is no trace looks like, and what `replay` says about it.
  @Test(
    arguments: [
      ([0x1F, 0x8B, 0x08, 0x00, 0x00], "is gzip-compressed, not a trace", "decompress it first"),
      ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "is a PNG image, not a trace", nil),
      (Array("%PDF-1.7\n".utf8), "is a PDF document, not a trace", nil),
      ([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00], "is a ZIP archive, not a trace", "unzip it first"),
      ([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00], "is binary data, not a trace", nil),
    ] as [([UInt8], String, String?)])
  func filesThatAreNotTracesAreNamedForWhatTheyLookLike(
    bytes: [UInt8], what: String, advice: String?
  ) throws {
    let url = try ReplayTool.temporaryFolder().appendingPathComponent("x.jsonl")
    try Data(bytes + Array(repeating: 0x41, count: 32)).write(to: url)
    for command in ["check", "events", "state", "info"] {
      let result = try ReplayTool.run(command, url.path)
      #expect(result.status == 2)
      #expect(result.errors.hasPrefix("error: \(url.path): the file \(what)"), "\(result.errors)")
      #expect(!result.errors.contains("invalid JSON"))
      if let advice { #expect(result.errors.contains(advice)) }
    }
  }

  /// `import`, `export -o` and `compact` never overwrite their input unless given `--force`,
  /// however the output path reaches it.
  @Test(arguments: ["import", "export", "compact"])
  func anOutputThatIsAnInputIsRefusedWithoutForce(command: String) throws {
    let folder = try ReplayTool.temporaryFolder()
    let input = folder.appendingPathComponent("trace.jsonl")
    try FileManager.default.copyItem(
      at: PackageFolders.root.appendingPathComponent(Self.clean), to: input)
    let link = folder.appendingPathComponent("link.jsonl")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: input)
    let before = try Data(contentsOf: input)
    let viaParent = folder.appendingPathComponent("../\(folder.lastPathComponent)/trace.jsonl")
    for output in [input.path, viaParent.path, link.path] {
      let result = try ReplayTool.run(command, input.path, "-o", output)
      #expect(result.status == 2)
      #expect(
        result.errors
          == "error: -o \(output) would overwrite the input \(input.path); write elsewhere, "
          + "or give --force.\n")
      #expect(try Data(contentsOf: input) == before)
    }
    let forced = try ReplayTool.run(command, input.path, "-o", input.path, "--force")
    #expect(forced.status == 0, "\(forced.errors)")
  }

  static func file(_ text: String) throws -> String {
    let url = try ReplayTool.temporaryFolder().appendingPathComponent("trace.jsonl")
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }
}
