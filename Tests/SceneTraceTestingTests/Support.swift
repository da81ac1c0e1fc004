import Foundation
import IssueReporting
import SceneTrace
import SceneTraceTesting

/// The issues a block reported through IssueReporting, kept instead of failing the test, so that
/// a test can assert that a helper fails and with which message.
final class IssueLog: IssueReporter, @unchecked Sendable {
  struct Reported: Sendable {
    var message: String
    var fileID: String
    var line: UInt
  }

  private let lock = NSLock()
  private var reported: [Reported] = []

  /// Runs `body` and returns what it reported.
  static func collect(_ body: () throws -> Void) rethrows -> [Reported] {
    let log = IssueLog()
    try withIssueReporters([log], operation: body)
    return log.issues
  }

  var issues: [Reported] {
    lock.lock()
    defer { lock.unlock() }
    return reported
  }

  func reportIssue(
    _ message: @autoclosure () -> String?, severity: IssueSeverity, fileID: StaticString,
    filePath: StaticString, line: UInt, column: UInt
  ) {
    lock.lock()
    reported.append(Reported(message: message() ?? "", fileID: "\(fileID)", line: line))
    lock.unlock()
  }
}

/// A trace with a seq inserted: `event` goes before the event at `index`, and every event from
/// there on moves one seq later.
func inserting(_ payload: Event.Payload, at index: Int, into events: [Event]) -> [Event] {
  var result = Array(events[..<index])
  let time = index > 0 ? events[index - 1].time : .zero
  result.append(Event(seq: index + 1, time: time, payload))
  for event in events[index...] {
    result.append(Event(seq: event.seq + 1, time: event.time, event.payload))
  }
  return result
}
