import Foundation

/// Standard output and standard error.
enum Console {
  /// Writes `text` and a newline to standard output.
  static func output(_ text: String) {
    write(text + "\n", to: .standardOutput)
  }

  /// Writes `text` and a newline to standard error.
  static func error(_ text: String) {
    write(text + "\n", to: .standardError)
  }

  private static func write(_ text: String, to handle: FileHandle) {
    handle.write(Data(text.utf8))
  }
}
