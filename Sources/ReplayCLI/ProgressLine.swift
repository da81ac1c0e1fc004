import Foundation

/// A line on standard error that says how far long work has gone: shown only when standard
/// error is a terminal and the work has taken over a second, redrawn a few times a second, and
/// erased when the work ends. Nothing is written when standard error is a pipe or a file.
struct ProgressLine {
  private let label: String
  private let total: Int
  private let unit: String
  private let isTerminal = isatty(2) != 0
  private let start = ProcessInfo.processInfo.systemUptime
  private var lastDrawn: TimeInterval?

  /// A progress line for `total` units of work, such as `comparing: 41% of 2000000 events`.
  init(label: String, total: Int, unit: String) {
    self.label = label
    self.total = max(total, 1)
    self.unit = unit
  }

  /// Says that `done` units of the work are done.
  mutating func update(_ done: Int) {
    guard isTerminal else { return }
    let now = ProcessInfo.processInfo.systemUptime
    guard now - start > 1 else { return }
    if let lastDrawn, now - lastDrawn < 0.2 { return }
    lastDrawn = now
    let percent = min(done * 100 / total, 100)
    draw("\(label): \(percent)% of \(total) \(unit)")
  }

  /// Erases the line, if it was drawn.
  mutating func finish() {
    guard lastDrawn != nil else { return }
    lastDrawn = nil
    draw("")
  }

  private func draw(_ text: String) {
    // Carriage return, the text, then erase to the end of the line.
    FileHandle.standardError.write(Data("\r\(text)\u{1B}[K".utf8))
  }
}
