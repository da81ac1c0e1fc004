import SceneTrace
import SceneTraceFile
import Testing

/// Files that are plainly something else are named for what they are, before any JSON is read.
@Suite("files that are not traces")
struct NotATraceTests {
  private func error(_ bytes: [UInt8]) -> TraceError? {
    do {
      _ = try TraceFile.decode(bytes, path: "x")
      return nil
    } catch {
      return error
    }
  }

  @Test(
    arguments: [
      ([0x1F, 0x8B, 0x08], "gzip-compressed"),
      (Array("BZh91AY".utf8), "bzip2-compressed"),
      ([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 0x00], "xz-compressed"),
      ([0x50, 0x4B, 0x03, 0x04, 0x0A], "a ZIP archive"),
      ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A], "a PNG image"),
      ([0xFF, 0xD8, 0xFF, 0xE0], "a JPEG image"),
      (Array("GIF89a".utf8), "a GIF image"),
      (Array("%PDF-1.4\n".utf8), "a PDF document"),
      ([0x7F, 0x45, 0x4C, 0x46, 0x00, 0x01], "binary data"),
      ([0x41, 0xC3, 0x28, 0x42], "binary data"),
    ] as [([UInt8], String)])
  func knownFormatsAndBinaryDataAreNotATrace(bytes: [UInt8], name: String) {
    let error = error(bytes + Array("{}\n".utf8))
    #expect(error?.code == .notATrace)
    #expect(error?.description.hasPrefix("x: the file is \(name), not a trace") == true)
  }

  @Test func textThatStartsLikeJSONLinesGetsTheLinePreciseError() {
    #expect(error(Array("{\"type\":\"app.mark\",\"label\":\"a\u{0}\"}\n".utf8))?.code != .notATrace)
    #expect(error(Array("hello\n{\"type\":\n".utf8))?.code == .invalidJSON)
    #expect(error(Array("// a comment\n{\"type\":\"nope\"}\n".utf8))?.code == .unknownEventType)
  }

  @Test func textWithNoObjectOnAnyLineIsNotATrace() {
    let report = "x.jsonl: 2 warnings in 19 events\n\nwarning[band.modifiers] seq 15\n"
    let error = error(Array(report.utf8))
    #expect(error?.code == .notATrace)
    #expect(
      error?.description
        == "x: the file is text with no JSON object on any line, not a trace (a .sctrace file, "
        + "JSON Lines or .jsonl.zst)")
  }
}
