import SceneTrace

// Reading a whole JSON document, such as a baseline of accepted findings.

extension JSONValue {
  /// Parses one JSON value filling `bytes` (whitespace around it allowed).
  ///
  /// Numbers keep their text. Failures are `invalidJSON` errors naming the line and column;
  /// `path` only names the document in them.
  package init(parsing bytes: some Collection<UInt8>, path: String? = nil) throws(TraceError) {
    let bytes = Array(bytes)
    let result = bytes.withUnsafeBufferPointer { buffer in
      var parser = JSONParser(bytes: buffer, range: 0..<buffer.count)
      return Result { () throws(JSONSyntaxError) in try parser.parseDocument() }
    }
    switch result {
    case .success(let value):
      self = value
    case .failure(let error):
      let before = bytes[..<min(error.offset, bytes.count)]
      let line = before.count { $0 == UInt8(ascii: "\n") } + 1
      let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
      throw TraceError(
        code: .invalidJSON,
        message: "invalid JSON at column \(error.offset - lineStart + 1): \(error.message)",
        path: path, line: line)
    }
  }
}
