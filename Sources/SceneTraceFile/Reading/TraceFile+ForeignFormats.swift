import SceneTrace

extension TraceFile {
  /// A well-known file format that is not a trace, told by its first bytes, and what to do
  /// about it.
  struct ForeignFormat {
    /// The signature the file starts with.
    var magic: [UInt8]
    /// What the file is, such as `gzip-compressed`.
    var name: String
    /// What the user can do, or nil when there is nothing to do but pick another file.
    var advice: String?
  }

  /// The formats people most often pass by mistake: compressed archives, images, documents.
  static let foreignFormats: [ForeignFormat] = [
    ForeignFormat(
      magic: [0x1F, 0x8B], name: "gzip-compressed",
      advice: "decompress it first (`gunzip`); replay reads zstd-compressed .jsonl.zst as it is"),
    ForeignFormat(
      magic: Array("BZh".utf8), name: "bzip2-compressed", advice: "decompress it first (`bunzip2`)"),
    ForeignFormat(
      magic: [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00], name: "xz-compressed",
      advice: "decompress it first (`unxz`)"),
    ForeignFormat(
      magic: [0x50, 0x4B, 0x03, 0x04], name: "a ZIP archive",
      advice: "unzip it first and pass the trace inside"),
    ForeignFormat(magic: [0x89, 0x50, 0x4E, 0x47], name: "a PNG image", advice: nil),
    ForeignFormat(magic: [0xFF, 0xD8, 0xFF], name: "a JPEG image", advice: nil),
    ForeignFormat(magic: Array("GIF8".utf8), name: "a GIF image", advice: nil),
    ForeignFormat(magic: Array("%PDF".utf8), name: "a PDF document", advice: nil),
  ]

  /// The `notATrace` error for a file, shown by `window`, that is plainly not a trace: a known
  /// foreign format, or binary data (a NUL byte, or bytes that are not UTF-8, near the start of
  /// a file that does not start like JSON Lines), or text with no line that starts with `{` (a
  /// report or a log passed by mistake); nil for anything that may be JSON Lines, whose reader
  /// then says precisely what is wrong and on which line. Only the file's start is read, unless
  /// it is text that does not start like JSON: then the rest is searched for an object line.
  static func notATrace(_ window: inout TraceWindow, path: String) throws(TraceError)
    -> TraceError?
  {
    let what = "not a trace (a .sctrace file, JSON Lines or .jsonl.zst)"
    let start = try window.bytes(0..<min(window.count, 512))
    for format in foreignFormats where start.starts(with: format.magic) {
      let advice = format.advice.map { "; \($0)" } ?? ""
      return TraceError(
        code: .notATrace, message: "the file is \(format.name), \(what)\(advice)", path: path)
    }
    var first: UInt8?
    try window.forEachChunk(from: 0) { bytes in
      first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
      return first == nil
    }
    // An object, an array or a comment: JSON Lines, or JSON whose reader says what is wrong.
    guard let first, !"{[/".utf8.contains(first) else { return nil }
    // A cut multi-byte character at the end of the sample is still text.
    let isText =
      !start.contains(0)
      && (0..<4).contains { String(validating: start.dropLast($0), as: UTF8.self) != nil }
    guard isText else {
      return TraceError(code: .notATrace, message: "the file is binary data, \(what)", path: path)
    }
    guard !(try hasObjectLine(&window)) else { return nil }
    return TraceError(
      code: .notATrace,
      message: "the file is text with no JSON object on any line, \(what)", path: path)
  }

  /// Whether any line of the file `window` shows starts, after blanks, with `{`: a JSON Lines
  /// file, even one whose first lines are damaged (which `--lenient` skips), has one.
  private static func hasObjectLine(_ window: inout TraceWindow) throws(TraceError) -> Bool {
    var atLineStart = true
    var found = false
    try window.forEachChunk(from: 0) { bytes in
      for byte in bytes {
        switch byte {
        case UInt8(ascii: "\n"): atLineStart = true
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): continue
        case UInt8(ascii: "{") where atLineStart:
          found = true
          return false
        default: atLineStart = false
        }
      }
      return true
    }
    return found
  }
}
