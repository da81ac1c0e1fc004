import SceneTrace
import SceneTraceTestSupport
import Testing

@testable import SceneTraceFile

/// A checkpoint's digest is the XXH64 of its state's canonical JSON, so that text must stay the
/// same bytes from version to version and platform to platform: one text per state, sorted and
/// compact, and the encoder that writes it stops when a state is too large to store.
@Suite struct CanonicalJSONTests {
  /// A state with a map in every form the state JSON has, keys that sort differently by
  /// scalars than by `String`'s order, characters to escape and numbers of every form.
  static func pinnedState() -> TraceState {
    var state = TraceState()
    state.seq = 12
    state.app.launch = "L\"1\\"
    state.sessions["é"] = SessionState(status: .archived, role: .windowApplication)
    state.sessions["B"] = SessionState(status: .discarded)
    var scene = SceneState(instance: 2, state: .foregroundActive, connectedAt: 3)
    scene.drag = PointerDragProgress(phase: .changed, x: .infinity, y: -0.0, latching: .both)
    scene.geometry = Geometry(
      width: 1e300, height: 0.1, orientation: .portrait, horizontalSizeClass: .regular)
    scene.presses[41] = KeyPress(phase: .began, began: 12)
    scene.presses[-7] = KeyPress(phase: .began, began: 11)
    scene.title = "tab\there"
    scene.selection["Z"] = ["b", "a"]
    scene.selection["a"] = []
    state.sessions["a"] = SessionState(status: .connected, role: .windowApplication)
    state.sessions["a"]?.scene = scene
    state.shared["k"] = SharedValue(value: "\u{1}", writer: "a", seq: 9)
    return state
  }

  /// A change to this text is a change to every checkpoint's digest: it comes with a new
  /// `TraceReducer.version`, under which the checkpoints written before are not used.
  @Test func aStateHasOneTextPinnedByteForByte() {
    let text = String(decoding: Self.pinnedState().canonicalJSON(), as: UTF8.self)
    let expected = #"""
      {"app":{"launch":"L\"1\\","terminated":false},"drags":{},\#
      "memory":{"discardedWhileConnected":{},"formerValues":{},"reportedPairs":[],\#
      "restorationStores":{}},"nonInteractiveSessions":[],"notes":{},\#
      "reportsAppKeyWindow":false,"seq":12,"sessions":{"B":{"connections":0,\#
      "status":"discarded"},"a":{"connections":0,"role":"windowApplication",\#
      "scene":{"activeSinceEnteringForeground":false,"bandOutcomes":{},"bands":{},\#
      "connectedAt":3,"contentIsExclusive":false,"drag":{"latching":"both","phase":"changed",\#
      "x":"Infinity","y":0},"geometry":{"height":0.1,"horizontalSizeClass":"regular",\#
      "orientation":"portrait","width":1e+300},"instance":2,"lastLifecycleSeq":3,\#
      "pendingRenders":{},"presses":{"-7":{"began":11,"phase":"began"},"41":{"began":12,\#
      "phase":"began"}},"renderedAt":{},"renders":{},"selection":{"Z":["b","a"],"a":[]},\#
      "startedMidLife":false,"state":"foregroundActive","title":"tab\u0009here"},\#
      "status":"connected"},"é":{"connections":0,"role":"windowApplication",\#
      "status":"archived"}},"shared":{"k":{"seq":9,"value":"\u0001","writer":"a"}},\#
      "staleLayoutSessions":[],"time":0}
      """#
    #expect(text == expected)
  }

  @Test func everyStateOfTheShippedTracesIsSortedAndCompact() throws {
    var states = 0
    _ = try PackageFolders.forEachExampleState { state, place throws in
      states += 1
      guard states % 5 == 0 else { return }
      let bytes = state.canonicalJSON()
      let reordered = Self.sortingKeys(try JSONValue(parsing: bytes))
      #expect(Array(reordered.serialized().utf8) == bytes, "\(place)")
    }
    #expect(states > 1000)
  }

  @Test func containersStillOpenAreWrittenWithTheirParent() throws {
    let bytes = try CanonicalJSONEncoder.encode(Interleaved())
    #expect(
      String(decoding: bytes, as: UTF8.self) == #"{"a":1,"b":{"y":[true,null],"z":"x"},"c":[2]}"#)
    // Written into `b` after `c` was begun: not something one buffer can hold in order.
    #expect(try CanonicalJSONEncoder.encodeInOneBuffer(Interleaved(), byteLimit: .max) == nil)
  }

  /// The states are written into one buffer, members put in order in place, and give the text
  /// that a node for every container gives.
  @Test func everyStateOfTheShippedTracesIsWrittenInOneBuffer() throws {
    var states = 0
    _ = try PackageFolders.forEachExampleState { state, place throws in
      states += 1
      guard states % 3 == 0 else { return }
      let text = try CanonicalJSONEncoder.encodeInOneBuffer(state, byteLimit: .max)
      #expect(text != nil, "\(place)")
      #expect(text == (try CanonicalJSONEncoder.encodeInNodes(state, byteLimit: .max)), "\(place)")
    }
    #expect(states > 1000)
    let pinned = Self.pinnedState()
    #expect(
      try CanonicalJSONEncoder.encodeInOneBuffer(pinned, byteLimit: .max)
        == CanonicalJSONEncoder.encodeInNodes(pinned, byteLimit: .max))
  }

  /// Nested containers, a second container of one encoder and a super encoder, each done with
  /// before its parent goes on, are written into one buffer.
  @Test func nestedContainersDoneInTurnAreWrittenInOneBuffer() throws {
    let expected = #"{"a":[1,[],{"z":2}],"b":{"y":true},"c":{"x":null},"super":{"w":"v"}}"#
    let written = try CanonicalJSONEncoder.encodeInOneBuffer(Nested(), byteLimit: .max)
    let text = try #require(written)
    #expect(String(decoding: text, as: UTF8.self) == expected)
    #expect(try CanonicalJSONEncoder.encodeInNodes(Nested(), byteLimit: .max) == text)
    let twice = try CanonicalJSONEncoder.encode([Nested(), Nested()])
    #expect(twice == Array("[\(expected),\(expected)]".utf8))
  }

  @Test func aTextOverItsLimitIsNotMade() throws {
    let state = Self.pinnedState()
    let bytes = state.canonicalJSON()
    #expect(state.canonicalJSON(byteLimit: bytes.count) == bytes)
    #expect(state.canonicalJSON(byteLimit: bytes.count - 1) == nil)
  }

  @Test func anEncodingStopsSoonAfterItsLimit() {
    let counted = Counted(count: 1_000_000)
    #expect(throws: CanonicalJSONEncoder.TextTooLong.self) {
      try CanonicalJSONEncoder.encode(counted, byteLimit: 1000)
    }
    // Each element is at least 6 bytes of text: the encoder gave up within the limit's worth.
    #expect(counted.encoded.value <= 1000 / 6 + 1)
    #expect(counted.encoded.value > 100)
  }

  /// `value` with every object's members in scalar order of their keys.
  static func sortingKeys(_ value: JSONValue) -> JSONValue {
    switch value {
    case .object(let object):
      .object(JSONObject(sortingKeys: object.pairs.map { ($0.key, sortingKeys($0.value)) }))
    case .array(let elements): .array(elements.map(sortingKeys))
    default: value
    }
  }
}

/// Writes to a nested container after writing to its parent, and leaves its members unsorted.
private struct Interleaved: Encodable {
  enum Key: String, CodingKey { case a, b, c, y, z }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    var nested = container.nestedContainer(keyedBy: Key.self, forKey: .b)
    try container.encode([2], forKey: .c)
    try nested.encode("x", forKey: .z)
    try container.encode(1, forKey: .a)
    var list = nested.nestedUnkeyedContainer(forKey: .y)
    try list.encode(true)
    try list.encodeNil()
  }
}

/// Nested containers, each written to only before its parent goes on: keys out of order, an
/// empty nested array, a keyed container asked for twice, a super encoder.
private struct Nested: Encodable {
  enum Key: String, CodingKey { case a, b, c, w, x, y, z }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    var c = container.nestedContainer(keyedBy: Key.self, forKey: .c)
    try c.encodeNil(forKey: .x)
    var b = container.nestedContainer(keyedBy: Key.self, forKey: .b)
    try b.encode(true, forKey: .y)
    var a = container.nestedUnkeyedContainer(forKey: .a)
    try a.encode(1)
    _ = a.nestedUnkeyedContainer()
    var inner = a.nestedContainer(keyedBy: Key.self)
    try inner.encode(2, forKey: .z)
    var again = encoder.container(keyedBy: Key.self)
    var parent = again.superEncoder().container(keyedBy: Key.self)
    try parent.encode("v", forKey: .w)
  }

  /// A state's digest reads its canonical JSON a part at a time, not held whole (7.7 MB for the
  /// state of 10^7 mixed events, in room for twice that): the parts, joined, are the text, and
  /// the digest is the hash of the whole, for states of no session to thousands.
  @Test func aStateIsDigestedFromItsCanonicalJSONInParts() {
    let events = manySessions(3000) { id in
      [.sessionConfigure(session: id, role: .windowApplication), .sceneWillConnect(session: id)]
    }
    var replay = Replay()
    var partCounts: [Int] = []
    for end in [0, 1, 2, 40, 1_000, events.count] {
      replay.apply(events[replay.state.seq..<end])
      let whole = replay.state.canonicalJSON()
      var joined: [UInt8] = []
      var parts = 0
      replay.state.writeCanonicalJSON { part in
        part.withBytes { joined += $0 }
        parts += 1
      }
      #expect(joined == whole, "after seq \(end)")
      #expect(replay.state.digest == XXH64.hash(whole), "after seq \(end)")
      partCounts.append(parts)
    }
    #expect(partCounts.first == 1)
    #expect(partCounts.last ?? 0 >= 4, "the largest state no longer comes in parts: \(partCounts)")
  }
}

/// An array of `count` strings that counts how many it was asked to encode.
private struct Counted: Encodable {
  final class Box: @unchecked Sendable { var value = 0 }
  let count: Int
  let encoded = Box()

  func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    for _ in 0..<count {
      encoded.value += 1
      try container.encode("abcd")
    }
  }
}
