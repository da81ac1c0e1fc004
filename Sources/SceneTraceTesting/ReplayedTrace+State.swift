import CustomDump
import IssueReporting
import SceneTrace
import SceneTraceText

extension ReplayedTrace {
  /// Fails unless the value at `keyPath` of the state at `point` (the end by default) equals
  /// `expected`, with a `-expected / +actual` diff of the two values.
  ///
  /// ```swift
  /// trace.expectState(\.sessions["B"]?.scene?.state, equals: .background, at: .mark("home"))
  /// ```
  public func expectState<Value: Equatable>(
    _ keyPath: KeyPath<TraceState, Value>, equals expected: Value, at point: StatePoint = .end,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    guard let state = stateOrIssue(at: point, fileID, filePath, line, column) else { return }
    let actual = state[keyPath: keyPath]
    guard actual != expected else { return }
    let difference =
      diff(expected, actual)
      ?? "-\(String(customDumping: expected))\n+\(String(customDumping: actual))"
    reportIssue(
      "A value of the state of \(name) at \(point) differs (-expected +actual):\n\n"
        + difference,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Fails unless the state at `point` means the same as `expected`: every session, scene,
  /// drag and shared value alike, whatever seq and time each state was reached at. The failure
  /// shows the lines of the two states that differ (-expected +actual), as
  /// ``SnapshotTesting/Snapshotting/sceneState`` writes them.
  public func expectState(
    at point: StatePoint = .end, equals expected: TraceState,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    expectState(
      at: point, matches: Self.text(of: expected),
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Fails unless the state at `point`, written as ``SnapshotTesting/Snapshotting/sceneState``
  /// writes it, is `text` (surrounding blank lines aside), with a diff of the lines that
  /// differ (-expected +actual).
  ///
  /// ```swift
  /// trace.expectState(at: .mark("relaunched"), matches: """
  ///   app  foregroundActive  launch L2  key scene S2
  ///   sessions
  ///     S1  connected  windowApplication
  ///   …
  ///   """)
  /// ```
  public func expectState(
    at point: StatePoint = .end, matches text: String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    guard let state = stateOrIssue(at: point, fileID, filePath, line, column) else { return }
    let expected = text.trimmingBlankLines()
    let actual = Self.text(of: state).trimmingBlankLines()
    guard actual != expected else { return }
    reportIssue(
      "The state of \(name) at \(point) differs (-expected +actual):\n\n"
        + (diff(expected, actual) ?? ""),
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The state at `point`, or nil after reporting that the trace has no such point.
  private func stateOrIssue(
    at point: StatePoint, _ fileID: StaticString, _ filePath: StaticString, _ line: UInt,
    _ column: UInt
  ) -> TraceState? {
    if let state = state(at: point) { return state }
    let marks = Set(self.marks.map(\.label)).sorted()
    let known =
      switch point.place {
      case .mark: marks.isEmpty ? "it has no marks" : "its marks: \(marks.joined(separator: ", "))"
      default: "its events run from seq 1 to \(events.last?.seq ?? 0)"
      }
    reportIssue(
      "\(name) has no \(point): \(known)",
      fileID: fileID, filePath: filePath, line: line, column: column)
    return nil
  }

  /// What `state` means, as text: the state tree of `replay state` without seqs and times.
  static func text(of state: TraceState) -> String {
    StateText.render(state, positions: false)
  }
}

extension String {
  /// The string without blank lines at its start and end.
  func trimmingBlankLines() -> String {
    var lines = split(separator: "\n", omittingEmptySubsequences: false)
    while let first = lines.first, first.allSatisfy(\.isWhitespace) { lines.removeFirst() }
    while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
    return lines.joined(separator: "\n")
  }
}
