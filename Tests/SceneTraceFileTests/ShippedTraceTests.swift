import Foundation
import SceneTrace
import SceneTraceFile
import SceneTraceTestSupport
import Testing

/// The `.sctrace` files in `traces/` were written by `replay import` from the JSON Lines traces
/// beside them. They stay as they are: a reader that stops reading them broke old files.
@Suite struct ShippedTraceTests {
  private static func path(_ name: String) -> String {
    PackageFolders.traces.appendingPathComponent(name).path
  }

  @Test func theRawBlockFileReadsInEveryBuild() throws {
    let binary = try TraceFile.load(path: Self.path("two-windows-clean.uncompressed.sctrace"))
    let text = try TraceFile.load(path: Self.path("two-windows-clean.jsonl"))
    #expect(binary.isIntact)
    #expect(binary.header?.formatVersion == TraceFormatVersion(major: 1, minor: 0))
    #expect(binary.header?.recorderVersion.hasPrefix("replay import ") == true)
    expectExactly(binary.events, text.events)
  }

  @Test func theCompressedFileReadsWhereLibzstdIsAndSaysWhyWhereItIsNot() throws {
    let path = Self.path("two-windows-clean.sctrace")
    guard TraceWriter.Compression.isZstdAvailable else {
      do {
        _ = try TraceFile.load(path: path)
        Issue.record("read a compressed file without libzstd")
      } catch {
        #expect(error.code == .compressionUnavailable)
        #expect(error.message.contains("has no libzstd"))
      }
      return
    }
    let binary = try TraceFile.load(path: path)
    let text = try TraceFile.load(path: Self.path("two-windows-clean.jsonl"))
    #expect(binary.isIntact)
    expectExactly(binary.events, text.events)
    let inspection = try TraceReader(path: path).inspect(checkingCheckpoints: true)
    #expect(inspection.isIntact)
  }

  /// The writer of format 1.1 writes the same frames, and adds the summary to the index.
  @Test func theRawBlockFileIsWhatTheWriterWritesTodayWithoutTheSummary() throws {
    let path = Self.path("two-windows-clean.uncompressed.sctrace")
    let shipped = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    let read = try TraceFile.decode(shipped, path: path)
    let header = try #require(read.header)
    var options = TraceWriter.Options()
    options.compression = .uncompressed
    #expect(try asFormat10(sctrace(read.events, options: options, header: header)) == shipped)
  }
}
