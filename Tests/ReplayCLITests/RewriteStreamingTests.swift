import Foundation
import SceneTrace
import SceneTraceFile
import SceneTraceTestSupport
import Testing

@testable import ReplayCLI

/// `replay compact` and `replay redact` stream their input into the file they write without
/// holding the trace: the file is byte for byte what writing the loaded (and joined) trace
/// gives. A read that fails leaves the output of every command that streams (these two,
/// `import` and `export -o`) as it was.
@Suite struct RewriteStreamingTests {
  /// `paths` loaded whole and joined, as the commands read them before they streamed.
  private static func loaded(_ paths: [String]) throws -> LoadedTrace {
    try TraceFile.join(paths.map { try TraceFile.load(path: $0) })
  }

  /// `events` written as a `.sctrace` file with `header`, as the commands that convert write.
  private static func written(
    _ events: [Event], header: TraceHeader, compression: TraceWriter.Compression
  ) throws -> [UInt8] {
    let sink = MemoryByteSink()
    let writer = try TraceWriter(
      header: header, sink: sink, options: TraceOutput.writerOptions(compression: compression))
    for event in events { try writer.append(event) }
    try writer.close()
    return sink.bytes
  }

  /// Runs `replay COMMAND` on `paths` (with `--join` when several) into a fresh file named
  /// `name`, with `options`; returns the run and the file's bytes.
  private static func run(
    _ command: String, _ paths: [String], into name: String, _ options: [String] = []
  ) throws -> (ReplayTool.Result, [UInt8]?) {
    let output = try ReplayTool.temporaryFolder().appendingPathComponent(name).path
    defer { try? FileManager.default.removeItem(atPath: output) }
    let join = paths.count > 1 ? ["--join"] : []
    let result = try ReplayTool.run([command] + join + paths + ["-o", output] + options)
    return (result, FileManager.default.contents(atPath: output).map { [UInt8]($0) })
  }

  /// What `replay compact --level 3` wrote when it loaded the trace: its events with its header.
  private static func compactedWhole(_ paths: [String]) throws -> [UInt8] {
    let trace = try loaded(paths)
    let header =
      trace.header ?? TraceHeader(recorderVersion: "replay compact \(ReplayMain.version)")
    return try written(
      trace.events, header: header,
      compression: try CompressionOptions.parse(["--level", "3"]).compression)
  }

  /// What `replay redact --salt SALT` wrote when it loaded the trace, as `.sctrace` or, when
  /// `jsonLines`, as JSON Lines.
  private static func redactedWhole(_ paths: [String], salt: String, jsonLines: Bool) throws
    -> [UInt8]
  {
    let trace = try loaded(paths)
    let redaction = Redaction(
      replacing: Set(FieldSensitivity.allCases), key: Redaction.key(fromSalt: salt))
    let events = trace.events.map { Event(seq: $0.seq, time: $0.time, redaction($0.payload)) }
    if jsonLines { return TraceOutput.jsonLines(events) }
    let header = TraceHeader(
      recorderVersion: "replay redact \(ReplayMain.version)",
      appName: trace.header?.appName ?? "",
      startWallClockNanoseconds: trace.header?.startWallClockNanoseconds)
    return try written(events, header: header, compression: .automatic)
  }

  /// A long trace of `count` events in `folder`, as JSON Lines and as `.sctrace` written in raw
  /// blocks (as the recorder writes it without libzstd, for `compact` to compress).
  private static func longTrace(events count: Int, in folder: URL) throws
    -> (jsonLines: String, sctrace: String)
  {
    let long = folder.appendingPathComponent("long.jsonl").path
    try LongTrace.text(events: count).write(toFile: long, atomically: true, encoding: .utf8)
    let raw = folder.appendingPathComponent("long.sctrace").path
    #expect(try ReplayTool.run("import", long, "-o", raw, "--uncompressed").status == 0)
    return (long, raw)
  }

  /// Shipped traces, joined pairs and a long trace of several frames.
  private static func inputs(in folder: URL) throws -> [[String]] {
    let (long, raw) = try longTrace(events: 30_000, in: folder)
    return try ReplayTool.shippedTraces().map { [$0] } + [
      [long], [raw],
      [raw, "traces/two-windows-clean.jsonl", "traces/captured/band-with-shift-fixed.sctrace"],
      ["traces/two-windows-clean.sctrace", "traces/missed-foreground-hook.jsonl"],
    ]
  }

  @Test func compactWritesTheLoadedTrace() throws {
    let folder = try ReplayTool.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let inputs = try Self.inputs(in: folder)
    #expect(inputs.count > 20)
    for paths in inputs {
      let (result, bytes) = try Self.run("compact", paths, into: "out.sctrace", ["--level", "3"])
      #expect(result.status == 0, "\(paths): \(result.errors)")
      #expect(bytes == (try Self.compactedWhole(paths)), "\(paths)")
      let count = try Self.loaded(paths).events.count
      #expect(result.output.contains(": \(count) events in "), "\(paths): \(result.output)")
    }
  }

  /// `compact` and `redact` of a trace of three frames (4,096 events a frame), alone and joined
  /// with a shipped one, write the loaded trace. What the thread sanitizer runs of this suite
  /// (`.ci/run`): the reading thread and the compressing one of each command, on an input a
  /// sanitized debug build goes through in seconds, not the dozens above.
  @Test func compactAndRedactOfATraceOfSeveralFramesWriteTheLoadedTrace() throws {
    let folder = try ReplayTool.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (_, raw) = try Self.longTrace(events: 9_000, in: folder)
    for paths in [[raw], [raw, "traces/two-windows-clean.jsonl"]] {
      let (compacted, compactedBytes) = try Self.run(
        "compact", paths, into: "out.sctrace", ["--level", "3"])
      #expect(compacted.status == 0, "\(paths): \(compacted.errors)")
      #expect(compactedBytes == (try Self.compactedWhole(paths)), "\(paths)")
      let (redacted, redactedBytes) = try Self.run(
        "redact", paths, into: "out.sctrace", ["--salt", "bug-1234"])
      #expect(redacted.status == 0, "\(paths): \(redacted.errors)")
      let expected = try Self.redactedWhole(paths, salt: "bug-1234", jsonLines: false)
      #expect(redactedBytes == expected, "\(paths)")
    }
  }

  @Test func redactWritesTheLoadedTraceRedacted() throws {
    let folder = try ReplayTool.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for paths in try Self.inputs(in: folder) {
      for name in ["out.sctrace", "out.jsonl"] {
        let (result, bytes) = try Self.run("redact", paths, into: name, ["--salt", "bug-1234"])
        #expect(result.status == 0, "\(paths): \(result.errors)")
        let expected = try Self.redactedWhole(
          paths, salt: "bug-1234", jsonLines: name.hasSuffix(".jsonl"))
        #expect(bytes == expected, "\(paths) → \(name)")
        let count = try Self.loaded(paths).events.count
        #expect(result.output.contains(" of \(count) events; wrote "), "\(result.output)")
      }
    }
  }

  /// `replay events --from --to` on long JSON Lines reads the range again by the first pass's
  /// index of lines, in pieces: the lines it prints are those of the loaded events, and the
  /// text is that of the same trace compressed (read again from the start).
  @Test func eventsOfARangeOfLongJSONLinesAreTheLoadedEvents() throws {
    let folder = try ReplayTool.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let jsonl = folder.appendingPathComponent("long.jsonl")
    try LongTrace.text(events: 20_000).write(to: jsonl, atomically: true, encoding: .utf8)
    let compressed = folder.appendingPathComponent("long.jsonl.zst")
    let text = try Data(contentsOf: jsonl)
    try Data(try ZstdFrame.compress([UInt8](text), level: 3)).write(to: compressed)
    let events = try TraceFile.load(path: jsonl.path).events
    // Ranges across pieces of 16,384 seqs, inside one chunk of lines, counted from the end.
    for (from, to, first, last) in [
      ("1000", "17000", 1000, 17_000), ("11234", "11240", 11_234, 11_240),
      ("19990", "-5", 19_990, 19_996),
    ] {
      let range = ["--from", from, "--to", to]
      let json = try ReplayTool.run(["events", jsonl.path, "--json"] + range)
      #expect(json.status == 0, "\(range): \(json.errors)")
      let expected = events.filter { (first...last).contains($0.seq) }.map { $0.jsonLine + "\n" }
      #expect(json.output == expected.joined(), "\(range)")
      // The text of a range across pieces is left to the JSON: a debug build prints slowly.
      guard last - first < 1000 else { continue }
      let lines = try ReplayTool.run(["events", jsonl.path] + range)
      let whole = try ReplayTool.run(["events", compressed.path] + range)
      #expect(lines.status == 0 && !lines.output.isEmpty, "\(range): \(lines.errors)")
      #expect(lines.output == whole.output, "\(range)")
    }
  }

  /// A filtered list is the loaded events that pass the filters, whether the first pass kept
  /// them (few) or they are read again (many), and its text is that of the same list made in
  /// three passes (a `--from` counted from the end, which the first pass cannot apply).
  @Test func aFilteredListIsTheSameKeptReadAgainOrInThreePasses() throws {
    let folder = try ReplayTool.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("long.jsonl").path
    try LongTrace.text(events: 20_000).write(toFile: path, atomically: true, encoding: .utf8)
    let events = try TraceFile.load(path: path).events
    let cases: [(filters: [String], count: Int, includes: (Event) -> Bool)] = [
      (["--type", "state.write"], 399, { $0.type == .stateWrite }),
      (
        ["--session", "A", "--to", "12000"], 11_999,
        { $0.seq <= 12_000 && $0.payload.sessions.contains("A") }
      ),
    ]
    for (filters, count, includes) in cases {
      let json = try ReplayTool.run(["events", path, "--json"] + filters)
      let expected = events.filter(includes).map { $0.jsonLine + "\n" }
      #expect(expected.count == count, "\(filters)")
      #expect(json.status == 0 && json.output == expected.joined(), "\(filters): \(json.errors)")
      guard count < 1000 else { continue }
      let kept = try ReplayTool.run(["events", path, "--from", "1"] + filters)
      let threePasses = try ReplayTool.run(["events", path, "--from", "-20000"] + filters)
      #expect(kept.status == 0 && kept.output.split(separator: "\n").count == count)
      #expect(kept.output == threePasses.output, "\(filters)")
    }
  }

  /// Every command that writes a trace as it reads one (`import`, `export -o`, `compact`,
  /// `redact`), with the name of the file it writes.
  @Test(arguments: [
    ("import", "out.sctrace"), ("export", "out.jsonl"), ("compact", "out.sctrace"),
    ("redact", "out.sctrace"),
  ])
  func aDamagedLineFailsWithTheLoadsErrorAndLeavesTheOutputAlone(command: String, name: String)
    throws
  {
    let folder = try ReplayTool.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var lines = LongTrace.text(events: 40_000).split(separator: "\n").map(String.init)
    lines[31_234] = String(lines[31_234].dropLast(3))
    let source = folder.appendingPathComponent("damaged.jsonl")
    try (lines.joined(separator: "\n") + "\n").write(to: source, atomically: true, encoding: .utf8)
    let error = #expect(throws: TraceError.self) { try TraceFile.load(path: source.path) }
    #expect(error?.line == 31_235)
    let output = folder.appendingPathComponent(name)
    try Data("earlier".utf8).write(to: output)
    let result = try ReplayTool.run(command, source.path, "-o", output.path)
    #expect(result.status == 2)
    #expect(result.output.isEmpty)
    #expect(result.errors == "error: \(try #require(error))\n")
    #expect(try String(contentsOf: output, encoding: .utf8) == "earlier")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
        "damaged.jsonl", name,
      ])
    // Exported to standard output, it prints nothing at all.
    guard command == "export" else { return }
    let printed = try ReplayTool.run("export", source.path)
    #expect(printed.status == 2)
    #expect(printed.output.isEmpty)
    #expect(printed.errors == result.errors)
  }
}
