import Foundation
import SceneTrace
import SceneTraceFile
import SceneTraceTestSupport
import Testing

/// `TraceState.json(at:)` makes only the part of the state a path names: it must give what the
/// whole state JSON gives at that path.
@Suite struct StateJSONPathTests {
  @Test func everyPathOfTheShippedTracesStatesGivesTheWholeJSONsValue() throws {
    var checked = 0
    let traces = try PackageFolders.forEachExampleState { state, place in
      checked += expectEveryPathAgrees(state, "\(place)")
    }
    #expect(traces >= 20)
    #expect(checked > 10_000)
  }

  @Test(arguments: [1 as UInt64, 2, 3])
  func everyPathOfRandomStatesGivesTheWholeJSONsValue(seed: UInt64) {
    var random = RandomEvents(seed: seed, identifiers: ["A", "B", "scene.1", "restoration:A.txt"])
    var replay = Replay()
    for event in random.events(count: EventType.allCases.count * 12) {
      replay.apply(event)
      _ = expectEveryPathAgrees(replay.state, "seed \(seed) seq \(event.seq)")
    }
    #expect(replay.state.sessions.count > 1)
  }

  /// Two sessions whose names are the same text in two spellings are two sessions: the path
  /// finds the one spelled as it is.
  @Test func aSessionIsFoundByItsExactSpelling() throws {
    var state = TraceState()
    state.sessions[SessionID("\u{E9}")] = SessionState(status: .connected)
    state.sessions[SessionID("e\u{301}")] = SessionState(status: .archived)
    #expect(
      state.json(at: JSONPath(components: [.key("sessions"), .key("\u{E9}"), .key("status")]))
        == .string("connected"))
    #expect(
      state.json(at: JSONPath(components: [.key("sessions"), .key("e\u{301}"), .key("status")]))
        == .string("archived"))
  }

  /// Checks `json(at:)` against the whole JSON at every path it holds, and at paths it does
  /// not; returns how many paths were checked.
  private func expectEveryPathAgrees(_ state: TraceState, _ comment: Comment) -> Int {
    let whole = state.json
    var paths: [[JSONPath.Component]] = []
    collectPaths(of: whole, at: [], into: &paths)
    let absent: [[JSONPath.Component]] = [
      [.key("nothing")], [.index(0)], [.key("sessions"), .key("no such session")],
      [.key("sessions"), .index(0)], [.key("app"), .key("state"), .key("deeper")],
      [.key("shared"), .key("no such key"), .key("value")], [.key("seq"), .index(0)],
    ]
    for components in paths + absent {
      let path = JSONPath(components: components)
      #expect(state.json(at: path) == whole[path], "\(path) at \(comment)")
    }
    return paths.count
  }

  private func collectPaths(
    of value: JSONValue, at prefix: [JSONPath.Component], into paths: inout [[JSONPath.Component]]
  ) {
    paths.append(prefix)
    switch value {
    case .object(let object):
      for (key, member) in zip(object.keys, object.values) {
        collectPaths(of: member, at: prefix + [.key(key)], into: &paths)
      }
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        collectPaths(of: element, at: prefix + [.index(index)], into: &paths)
      }
    default: break
    }
  }
}
