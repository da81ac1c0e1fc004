import Foundation
import SceneTrace
import SceneTraceFile
import SceneTraceTestSupport
import Testing

/// `replay info` on a closed file of format 1.1 answers from its header and its index: every
/// figure is the one a full read (`--full`) gives, but the size as JSON Lines, which is
/// estimated and labelled when not every frame was decoded; older files are read whole and say
/// why.
@Suite struct InfoFromIndexTests {
  /// The keys that say where the answer came from, and may differ between the two reads.
  private static let sourceKeys: Set = ["source", "framesDecoded", "fullReadReason"]
  /// The keys of the size as JSON Lines, estimated from the index when not every frame is read.
  private static let jsonLinesKeys: Set = [
    "jsonLinesBytes", "jsonLinesBytesEstimated", "compressionRatio",
  ]

  private func info(_ arguments: String...) throws -> [String: Any] {
    let result = try ReplayTool.run(["info", "--json"] + arguments)
    #expect(result.status == 0, "\(arguments): \(result.errors)")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any],
      "\(arguments)")
  }

  /// Every key of `index` but `skipping` has the value it has in `full`.
  private func expectSame(
    _ index: [String: Any], _ full: [String: Any], skipping: Set<String>, _ name: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(Set(index.keys) == Set(full.keys), "\(name)", sourceLocation: sourceLocation)
    for key in full.keys.sorted() where !skipping.contains(key) {
      let same = (index[key] as? NSObject)?.isEqual(full[key]) ?? (full[key] == nil)
      #expect(
        same, "\(name): \(key) is \(index[key] ?? "nil") from the index, \(full[key] ?? "nil")",
        sourceLocation: sourceLocation)
    }
  }

  @Test func infoFromTheIndexMatchesAFullReadOnEveryShippedTraceRewritten() throws {
    let folder = try ReplayTool.temporaryFolder()
    let names = try ["traces", "traces/captured"].flatMap { directory in
      try FileManager.default.contentsOfDirectory(
        atPath: PackageFolders.root.appendingPathComponent(directory).path
      )
      .filter { $0.hasSuffix(".sctrace") }.map { "\(directory)/\($0)" }
    }
    #expect(names.count >= 20)
    for (number, name) in names.enumerated() {
      let path = folder.appendingPathComponent("\(number).sctrace").path
      #expect(try ReplayTool.run("compact", name, "-o", path).status == 0, "\(name)")
      let index = try info(path)
      let full = try info(path, "--full")
      #expect(index["source"] as? String == "index", "\(name)")
      #expect(full["source"] as? String == "events", "\(name)")
      // Every frame decoded (the trace is short), even the size as JSON Lines is counted.
      let everyFrame = index["framesDecoded"] as? Int == index["frames"] as? Int
      #expect(index["jsonLinesBytesEstimated"] as? Bool == !everyFrame, "\(name)")
      expectSame(
        index, full, skipping: Self.sourceKeys.union(everyFrame ? [] : Self.jsonLinesKeys), name)
    }
  }

  /// Seeded random events in frames of 200: more frames than `info` decodes, so the size as
  /// JSON Lines is an estimate, labelled, and near the count.
  @Test(arguments: [11, 12, 13])
  func infoFromTheIndexMatchesAFullReadOnGeneratedTraces(seed: UInt64) throws {
    var random = RandomEvents(seed: seed)
    random.drawsUnknownValues = false
    let events = random.events(count: 3000)
    var options = TraceWriter.Options()
    options.eventsPerFrame = 200
    let path = try ReplayTool.temporaryFolder().appendingPathComponent("random.sctrace").path
    let writer = try TraceWriter(
      header: TraceHeader(recorderVersion: "tests"), sink: try FileByteSink(path: path),
      options: options)
    for event in events { try writer.append(event) }
    try writer.close()
    let index = try info(path)
    let full = try info(path, "--full")
    expectSame(index, full, skipping: Self.sourceKeys.union(Self.jsonLinesKeys), "seed \(seed)")
    #expect(index["framesDecoded"] as? Int == 4)
    #expect(index["jsonLinesBytesEstimated"] as? Bool == true)
    #expect(full["jsonLinesBytesEstimated"] as? Bool == false)
    let estimate = Double(index["jsonLinesBytes"] as? Int ?? 0)
    let exact = Double(full["jsonLinesBytes"] as? Int ?? 0)
    #expect(abs(estimate - exact) < exact * 0.25, "\(estimate) for \(exact)")
    // A full read counts it as the events stream by: the bytes `export` writes.
    let exported = try ReplayTool.run("export", path).output.utf8.count
    #expect(full["jsonLinesBytes"] as? Int == exported)
    // The same trace as JSON Lines, read in chunks, says the same of its events.
    let jsonLines = try ReplayTool.temporaryFolder().appendingPathComponent("random.jsonl").path
    #expect(try ReplayTool.run("export", path, "-o", jsonLines).status == 0)
    let lines = try info(jsonLines)
    #expect(lines["jsonLinesBytes"] as? Int == exported)
    for key in ["events", "firstSeq", "lastSeq", "duration", "sessions", "eventsPerType"] {
      #expect(full[key] != nil, "\(key)")
      let same = (lines[key] as? NSObject)?.isEqual(full[key]) ?? (full[key] == nil)
      #expect(same, "\(key): \(lines[key] ?? "nil") as JSON Lines, \(full[key] ?? "nil")")
    }
    let run = try ReplayTool.run("info", path)
    #expect(run.status == 0, "\(run.errors)")
    let text = run.output
    #expect(text.contains("as JSON Lines  about "), "\(text)")
    #expect(text.contains("read           the header, the index and 4 of 15 event frames"))
    #expect(text.contains("integrity      intact as far as the header, the index and the frames"))
  }

  @Test func anOlderFileIsReadWholeAndSaysWhy() throws {
    let object = try info("traces/two-windows-clean.sctrace")
    #expect(object["source"] as? String == "events")
    #expect((object["fullReadReason"] as? String)?.contains("written before format 1.1") == true)
    #expect(object["jsonLinesBytesEstimated"] as? Bool == false)
    let text = try ReplayTool.run("info", "traces/two-windows-clean.sctrace").output
    #expect(text.contains("read           every frame: its index holds no summary"), "\(text)")
  }

  /// A file cut while it was written has no index: `info` reads it whole and says it is cut.
  @Test func aCutFileIsReadWhole() throws {
    let folder = try ReplayTool.temporaryFolder()
    let path = folder.appendingPathComponent("whole.sctrace").path
    #expect(
      try ReplayTool.run("compact", "traces/captured/long-pointer-drag.sctrace", "-o", path)
        .status == 0)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    let cut = folder.appendingPathComponent("cut.sctrace")
    try bytes.prefix(bytes.count - 20).write(to: cut)
    let object = try info(cut.path)
    #expect(object["source"] as? String == "events")
    #expect(object["integrity"] as? String == "truncated")
    #expect((object["fullReadReason"] as? String)?.contains("not closed") == true)
  }
}
