import Foundation
import SceneTrace
import SceneTraceFile
import SceneTraceTestSupport
import Testing

/// Where the `zstd` command-line tool is installed, when this build can read what it writes.
private let zstdPath = TraceWriter.Compression.isZstdAvailable ? ZstdTool.path : nil

/// A scratch directory for one test.
private func scratchDirectory() throws -> URL {
  let url = TemporaryFile.url("SceneTraceFileTests")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

/// Compresses `text` with the `zstd` tool and returns the compressed bytes.
private func compress(_ text: String, in directory: URL) throws -> [UInt8] {
  let input = directory.appendingPathComponent("trace.jsonl")
  let output = directory.appendingPathComponent("trace.jsonl.zst")
  try Data(text.utf8).write(to: input)
  let process = Process()
  process.executableURL = URL(fileURLWithPath: zstdPath ?? "zstd")
  process.arguments = ["-q", "-f", "-3", input.path, "-o", output.path]
  try process.run()
  process.waitUntilExit()
  #expect(process.terminationStatus == 0)
  return Array(try Data(contentsOf: output))
}

/// Enough events for several zstd blocks (a block holds at most 128 KiB).
private func manyEvents() -> [Event] {
  var random = RandomEvents(seed: 99)
  return random.events(count: 6000)
}

@Test(.enabled(if: zstdPath != nil))
func compressedTraceReadsLikeThePlainOne() throws {
  let directory = try scratchDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let events = manyEvents()
  let text = events.map(\.jsonLine).joined(separator: "\n") + "\n"
  let compressed = try compress(text, in: directory)
  let path = directory.appendingPathComponent("trace.jsonl.zst").path
  let trace = try TraceFile.load(path: path)
  #expect(trace.path == path)
  #expect(trace.truncation == nil)
  #expect(trace.events == events)
  // Told apart by content, not by name.
  let renamed = directory.appendingPathComponent("trace.txt")
  try Data(compressed).write(to: renamed)
  #expect(try TraceFile.load(path: renamed.path).events == events)
}

@Test(.enabled(if: zstdPath != nil))
func compressedTraceCutShortKeepsEveryCompleteLine() throws {
  let directory = try scratchDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let events = manyEvents()
  let text = events.map(\.jsonLine).joined(separator: "\n") + "\n"
  let compressed = try compress(text, in: directory)
  let cut = Array(compressed.prefix(compressed.count * 6 / 10))
  let trace = try TraceFile.decode(cut, path: "cut.jsonl.zst")
  #expect(trace.events.count > 0)
  #expect(trace.events.count < events.count)
  #expect(trace.events == Array(events.prefix(trace.events.count)))
  #expect(
    trace.truncation?.contains("ends inside a frame after \(cut.count) compressed bytes") == true)
}

@Test(.enabled(if: zstdPath != nil))
func compressedTraceCutBeforeAnyCompleteLineIsEmpty() throws {
  let directory = try scratchDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let compressed = try compress(#"{"type":"app.terminate"}"# + "\n", in: directory)
  let error = readError(Array(compressed.prefix(8)))
  #expect(error?.code == .emptyTrace)
  #expect(error?.message.contains("ends inside a frame") == true)
}

@Test(.enabled(if: zstdPath != nil))
func compressedTraceCutAfterACompleteLineKeepsItAndReportsTheCut() throws {
  let directory = try scratchDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  // A one-line file is a single raw block, which libzstd streams out byte by byte: cut before
  // its newline and its checksum, the line is still complete.
  let compressed = try compress(#"{"type":"app.terminate"}"# + "\n", in: directory)
  let trace = try TraceFile.decode(compressed.dropLast(5), path: "t.jsonl.zst")
  #expect(trace.events.map(\.payload) == [.appTerminate])
  #expect(trace.truncation?.hasPrefix("the zstd stream ends inside a frame") == true)
}

@Test(.enabled(if: zstdPath != nil))
func damagedCompressedTraceIsCorruptCompressionWithAnOffset() throws {
  let directory = try scratchDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let text = manyEvents().prefix(500).map(\.jsonLine).joined(separator: "\n") + "\n"
  var compressed = try compress(text, in: directory)
  for index in stride(from: 20, to: compressed.count - 8, by: 97) { compressed[index] ^= 0x5A }
  let error = readError(compressed)
  #expect(error?.code == .corruptCompression)
  #expect(error?.byteOffset != nil)
  #expect(error?.description.hasPrefix("t.jsonl: byte ") == true)
}

@Test(.enabled(if: zstdPath != nil))
func compressedTraceFollowedByGarbageIsCorruptCompression() throws {
  let directory = try scratchDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let compressed = try compress(#"{"type":"app.terminate"}"# + "\n", in: directory)
  let error = readError(compressed + Array("not zstd".utf8))
  #expect(error?.code == .corruptCompression)
  #expect(error?.byteOffset == compressed.count)
}
