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
      throw error.traceError(in: bytes, path: path)
    }
  }
}

extension JSONSyntaxError {
  /// The error as an `invalidJSON` error of the text `bytes`, naming the line and column of the
  /// offending byte; `path` only names the document.
  package func traceError(in bytes: [UInt8], path: String?) -> TraceError {
    let before = bytes[..<min(offset, bytes.count)]
    let line = before.count { $0 == UInt8(ascii: "\n") } + 1
    let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
    return traceError(line: line, column: offset - lineStart + 1, path: path)
  }

  /// The error as an `invalidJSON` error at `line` and `column` (from 1) of the document at
  /// `path`.
  func traceError(line: Int, column: Int, path: String?) -> TraceError {
    TraceError(
      code: .invalidJSON, message: "invalid JSON at column \(column): \(message)", path: path,
      line: line)
  }
}
