import ArgumentParser
import Foundation
import SceneTrace
import SceneTraceFile
import SceneTraceText

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard output and standard error, and how they look: `error:` and `warning:` on standard
/// error, severities in colour only on a terminal and never with `NO_COLOR` set.
enum Console {
  /// Writes `text` and a newline to standard output.
  static func output(_ text: String) {
    write(text + "\n", to: .standardOutput)
  }

  /// Writes `text` to standard output as it is: a part of a long output.
  static func outputPart(_ text: String) {
    write(text, to: .standardOutput)
  }

  /// Writes the bytes of `text` to standard output as they are: a part of a long output.
  static func outputPart(_ text: JSONText) {
    // Lent to `write`, which is done with them when it returns: not copied into a `Data`.
    text.withBytes { bytes in
      guard let start = bytes.baseAddress, !bytes.isEmpty else { return }
      FileHandle.standardOutput.write(
        Data(
          bytesNoCopy: UnsafeMutableRawPointer(mutating: start), count: bytes.count,
          deallocator: .none))
    }
  }

  /// Writes `text` and a newline to standard error.
  static func error(_ text: String) {
    write(text + "\n", to: .standardError)
  }

  /// Writes `error: message` to standard error, `error` in red on a terminal.
  static func report(error message: String) {
    error(styled("error", .red, on: STDERR_FILENO) + ": " + message)
  }

  /// Writes `warning: message` to standard error, `warning` in yellow on a terminal.
  static func report(warning message: String) {
    error(styled("warning", .yellow, on: STDERR_FILENO) + ": " + message)
  }

  /// Writes `warning: message` for each of `messages` to standard error, in one write: a long
  /// trace may have thousands to report.
  static func report(warnings messages: some Sequence<String>) {
    let warning = styled("warning", .yellow, on: STDERR_FILENO) + ": "
    var text = ""
    for message in messages {
      text += warning
      text += message
      text += "\n"
    }
    if !text.isEmpty { write(text, to: .standardError) }
  }

  /// The severity's name for standard output, in its colour on a terminal.
  static func styled(_ severity: Severity) -> String {
    switch severity {
    case .error: styled(severity.rawValue, .red, on: STDOUT_FILENO)
    case .warning: styled(severity.rawValue, .yellow, on: STDOUT_FILENO)
    default: severity.rawValue
    }
  }

  /// Whether standard error is a terminal, where a progress bar may be drawn.
  static var isErrorTerminal: Bool { isatty(STDERR_FILENO) == 1 }

  /// The colours severities use.
  enum Colour: String {
    case red = "31"
    case yellow = "33"
  }

  /// `text` in `colour` when `descriptor` is a terminal and `NO_COLOR` is unset or empty.
  static func styled(_ text: String, _ colour: Colour, on descriptor: Int32) -> String {
    guard usesColour(on: descriptor) else { return text }
    return "\u{1B}[1;\(colour.rawValue)m\(text)\u{1B}[0m"
  }

  /// Whether text on `descriptor` is coloured: asked once for standard output and standard
  /// error, whose answer a run does not change (a report styles every finding's severity).
  private static func usesColour(on descriptor: Int32) -> Bool {
    switch descriptor {
    case STDOUT_FILENO: colouredOutput
    case STDERR_FILENO: colouredError
    default: isColoured(descriptor)
    }
  }

  private static let colouredOutput = isColoured(STDOUT_FILENO)
  private static let colouredError = isColoured(STDERR_FILENO)

  private static func isColoured(_ descriptor: Int32) -> Bool {
    isatty(descriptor) == 1 && (getenv("NO_COLOR").map { $0.pointee == 0 } ?? true)
  }

  private static func write(_ text: String, to handle: FileHandle) {
    handle.write(Data(text.utf8))
  }
}

/// A progress bar on standard error for work that may take more than a second, such as
/// replaying a long trace: drawn only when standard error is a terminal and `--quiet` is not
/// given, first shown after a second of work, and updated at most every `stride` steps so that
/// it costs nothing in a loop.
///
/// It is used from one thread at a time (the command's), hence `@unchecked Sendable`.
final class Progress: @unchecked Sendable {
  private let label: String
  private var total: Int
  private let unit: String
  /// Whether the bar may be drawn at all.
  let isEnabled: Bool
  private let started = MonotonicClock.now()
  /// How many steps apart to look at the clock.
  let stride: Int
  private var nextCheck: Int
  private var isDrawn = false

  /// A bar for `total` steps (`unit`, such as events) of `label`; `quiet` hides it.
  init(_ label: String, total: Int, unit: String = "events", quiet: Bool) {
    self.label = label
    self.unit = unit
    self.total = max(total, 1)
    isEnabled = !quiet && Console.isErrorTerminal
    stride = max(self.total / 200, 4096)
    nextCheck = stride
  }

  /// Reports that `done` steps are done; cheap unless a multiple of ``stride`` was crossed.
  func update(_ done: Int) {
    guard isEnabled, done >= nextCheck else { return }
    nextCheck = done + stride
    guard isDrawn || MonotonicClock.now() - started > 1_000_000_000 else { return }
    isDrawn = true
    Console.error(
      Self.bar(label, done: done, total: total, width: 30, unit: unit), terminator: "\r")
  }

  /// Reports that `done` of `total` steps are done, when the total is learnt as work goes.
  func update(_ done: Int, of total: Int) {
    self.total = max(total, 1)
    update(done)
  }

  /// Clears the bar, if it was drawn, so that what follows starts on a clean line.
  func finish() {
    guard isDrawn else { return }
    isDrawn = false
    Console.error("\u{1B}[2K", terminator: "\r")
  }

  /// `replaying [=========>          ]  31%  310000/1000000 events`.
  static func bar(
    _ label: String, done: Int, total: Int, width: Int, unit: String = "events"
  ) -> String {
    let fraction = Double(min(done, total)) / Double(max(total, 1))
    let filled = Int(fraction * Double(width))
    let arrow = filled < width ? ">" : ""
    let bar =
      String(repeating: "=", count: filled) + arrow
      + String(repeating: " ", count: max(width - filled - arrow.count, 0))
    let percent = String(Int(fraction * 100)).leftPadded(to: 3)
    return "\(label) [\(bar)] \(percent)%  \(done)/\(total) \(unit)"
  }
}

extension Console {
  /// Writes `text` as it is to standard output.
  static func write(_ text: String) {
    guard !text.isEmpty else { return }
    write(text, to: .standardOutput)
  }

  /// Writes `text` and `terminator` to standard error.
  static func error(_ text: String, terminator: String) {
    write(text + terminator, to: .standardError)
  }
}

/// The `--quiet` flag of the commands that may draw a progress bar.
struct ProgressOptions: ParsableArguments {
  @Flag(help: "Draw no progress bar on standard error (none is drawn when it is not a terminal).")
  var quiet = false
}
