import Foundation
import SceneTrace
import SceneTraceFile
import SceneTraceTestSupport
import Testing

@testable import ReplayCLI

/// `replay import` streams its input into the file it writes without holding the trace: the
/// file is byte for byte the one that writing the loaded trace gives, and what reading reports
/// (truncation; errors with their line: `RewriteStreamingTests`) is what loading it reports.
@Suite struct ImportStreamingTests {
  /// What `replay import` wrote before it streamed: the trace at `paths`, loaded whole (and
  /// joined), written with the default compression.
  private static func writtenWhole(_ paths: [String]) throws -> [UInt8] {
    let trace = try TraceFile.join(paths.map { try TraceFile.load(path: $0) })
    let header = TraceHeader(
      recorderVersion: "replay import \(ReplayMain.version)",
      appName: trace.header?.appName ?? "",
      startWallClockNanoseconds: trace.header?.startWallClockNanoseconds)
    let compression = try CompressionOptions.parse([]).compression
    let sink = MemoryByteSink()
    let writer = try TraceWriter(
      header: header, sink: sink, options: TraceOutput.writerOptions(compression: compression))
    for event in trace.events { try writer.append(event) }
    try writer.close()
    return sink.bytes
  }

  /// Runs `replay import` on `paths` (with `--join` when several) into a fresh file; returns
  /// the run and the file's bytes.
  private static func runImport(_ paths: [String]) throws -> (ReplayTool.Result, [UInt8]?) {
    let output = try ReplayTool.temporaryFolder().appendingPathComponent("out.sctrace").path
    let join = paths.count > 1 ? ["--join"] : []
    let result = try ReplayTool.run(["import"] + join + paths + ["-o", output])
    let bytes = FileManager.default.contents(atPath: output).map { [UInt8]($0) }
    return (result, bytes)
  }

  @Test func everyShippedTraceImportsAsTheLoadedTraceWritten() throws {
    let paths = try ReplayTool.shippedTraces()
    #expect(paths.count > 20)
    for path in paths {
      let (result, bytes) = try Self.runImport([path])
      #expect(result.status == 0, "\(path): \(result.errors)")
      #expect(bytes == (try Self.writtenWhole([path])), "\(path)")
    }
  }

  @Test func joinedFilesImportAsTheJoinedLoadedTracesWritten() throws {
    let pairs = [
      ["traces/two-windows-clean.jsonl", "traces/missed-foreground-hook.jsonl"],
      ["traces/two-windows-clean.sctrace", "traces/two-windows-clean.jsonl"],
      [
        "traces/captured/appearance-from-activation-bug.sctrace",
        "traces/two-windows-clean.sctrace", "traces/captured/band-with-shift-fixed.sctrace",
      ],
    ]
    for paths in pairs {
      let (result, bytes) = try Self.runImport(paths)
      #expect(result.status == 0, "\(paths): \(result.errors)")
      #expect(bytes == (try Self.writtenWhole(paths)), "\(paths)")
    }
  }

  @Test func aCutInputImportsUpToTheCutWithTheLoadsWarning() throws {
    let folder = try ReplayTool.temporaryFolder()
    let source = folder.appendingPathComponent("long.jsonl")
    let text = LongTrace.text(events: 12_000)
    try text.write(to: source, atomically: true, encoding: .utf8)
    let whole = folder.appendingPathComponent("long.sctrace").path
    #expect(try ReplayTool.run("import", source.path, "-o", whole, "--uncompressed").status == 0)
    let sctrace = try Data(contentsOf: URL(fileURLWithPath: whole))
    let cutSctrace = folder.appendingPathComponent("cut.sctrace")
    try sctrace.prefix(sctrace.count * 2 / 3).write(to: cutSctrace)
    // JSON Lines cut inside a line, past the first chunk of a read.
    let cutJSONLines = folder.appendingPathComponent("cut.jsonl")
    try Data(text.utf8.prefix(text.utf8.count - 1000)).write(to: cutJSONLines)
    for cut in [cutSctrace.path, cutJSONLines.path] {
      let loaded = try TraceFile.load(path: cut)
      let truncation = try #require(loaded.truncation, "\(cut)")
      let (result, bytes) = try Self.runImport([cut])
      #expect(result.status == 0, "\(cut): \(result.errors)")
      #expect(result.errors == "warning: \(cut) is truncated: \(truncation)\n")
      #expect(bytes == (try Self.writtenWhole([cut])), "\(cut)")
    }
  }

  @Test func theSizeAsJSONLinesIsCountedWhenShortAndEstimatedWhenLong() throws {
    let short = try ReplayTool.run("events", "traces/two-windows-clean.jsonl", "--json").output
    let (result, _) = try Self.runImport(["traces/two-windows-clean.jsonl"])
    #expect(result.output.hasSuffix("; \(TraceOutput.size(short.utf8.count)) as JSON Lines)\n"))
    let folder = try ReplayTool.temporaryFolder()
    let source = folder.appendingPathComponent("long.jsonl")
    try LongTrace.text(events: 30_000).write(to: source, atomically: true, encoding: .utf8)
    let (long, _) = try Self.runImport([source.path])
    #expect(long.output.contains("; about "), "\(long.output)")
    // The estimate, batch by batch as a read hands them on, against the count.
    let events = try TraceFile.load(path: source.path).events
    let exact = events.reduce(0) { $0 + $1.jsonLine.utf8.count + 1 }
    var estimated = StreamedJSONLinesSize()
    for start in stride(from: 0, to: events.count, by: 777) {
      estimated.add(Array(events[start..<min(start + 777, events.count)]))
    }
    let size = estimated.size
    #expect(!size.isExact)
    #expect(abs(Double(size.bytes - exact)) / Double(exact) < 0.03, "\(size.bytes) \(exact)")
    var counted = StreamedJSONLinesSize()
    counted.add(Array(events.prefix(1000)))
    let prefix = events.prefix(1000).reduce(0) { $0 + $1.jsonLine.utf8.count + 1 }
    #expect(counted.size.isExact)
    #expect(counted.size.bytes == prefix)
  }
}
