import Foundation
import SceneTrace
import SceneTraceTestSupport
import Testing

@testable import SceneTraceFile

/// A checkpoint's state is read through the project's own JSON parser and `JSONValueDecoder`:
/// every state reads back as itself, and a document that is not a state says where.
@Suite struct StateJSONReadingTests {
  @Test func everyStateOfTheShippedTracesReadsBackFromItsCanonicalJSON() throws {
    let traces = try PackageFolders.forEachExampleState { state, place throws in
      #expect(try TraceState(canonicalJSON: state.canonicalJSON()) == state, "\(place)")
    }
    #expect(traces >= 20)
  }

  @Test func aStateWithManySessionsAndNonFiniteCoordinatesReadsBack() throws {
    var state = TraceState()
    for index in 0..<100 {
      state.sessions[SessionID("S\(index)")] = SessionState(
        status: .connected, role: .windowApplication)
    }
    var scene = SceneState(instance: 3, state: .foregroundActive, connectedAt: 9)
    scene.drag = PointerDragProgress(phase: .changed, x: .infinity, y: -0.25, latching: .both)
    scene.geometry = Geometry(
      width: 1024.5, height: 1e300, orientation: .portrait, horizontalSizeClass: .regular)
    scene.presses[41] = KeyPress(phase: .began, began: 12)
    state.sessions["S7"]?.scene = scene
    state.shared["defaults:a"] = SharedValue(value: "x", writer: "S7", seq: 8)
    let read = try TraceState(canonicalJSON: state.canonicalJSON())
    #expect(read == state)
    #expect(read.sessions["S7"]?.scene?.drag?.x == .infinity)
  }

  @Test func aValueOfTheWrongKindIsNamedByItsPath() throws {
    var state = TraceState()
    state.sessions["A"] = SessionState(status: .connected, role: .windowApplication)
    state.sessions["A"]?.scene = SceneState(instance: 1, state: .background, connectedAt: 2)
    let text = String(decoding: state.canonicalJSON(), as: UTF8.self)
    #expect(text.contains("\"state\":\"background\""))
    let damaged = text.replacingOccurrences(of: "\"state\":\"background\"", with: "\"state\":7")
    let error = #expect(throws: TraceError.self) {
      try TraceState(canonicalJSON: Array(damaged.utf8))
    }
    #expect(error?.code == .damagedTrace)
    #expect(error?.field == "sessions.A.scene.state")
    #expect(error?.message.hasSuffix("expected a string, found a number") == true)
  }

  /// An optional member is read with one lookup, an element of a list without a link of its
  /// own unless it fails: the path of a failure is still the whole path.
  @Test func aWrongOptionalMemberOrElementIsNamedByItsPath() throws {
    var state = TraceState()
    state.sessions["A"] = SessionState(status: .connected, role: .windowApplication)
    var scene = SceneState(instance: 1, state: .background, connectedAt: 2)
    scene.title = "Notes"
    scene.selection["list"] = ["x", "y"]
    state.sessions["A"]?.scene = scene
    let text = String(decoding: state.canonicalJSON(), as: UTF8.self)
    let cases = [
      (
        "\"title\":\"Notes\"", "\"title\":false", "sessions.A.scene.title",
        "a string, found a boolean"
      ),
      (
        "[\"x\",\"y\"]", "[\"x\",2]", "sessions.A.scene.selection.list[1]",
        "a string, found a number"
      ),
      ("\"instance\":1", "\"instance\":1.5", "sessions.A.scene.instance", "found 1.5"),
    ]
    for (original, damaged, field, message) in cases {
      #expect(text.contains(original))
      let error = #expect(throws: TraceError.self) {
        try TraceState(
          canonicalJSON: Array(text.replacingOccurrences(of: original, with: damaged).utf8))
      }
      #expect(error?.field == field)
      #expect(error?.message.hasSuffix(message) == true, "\(error?.message ?? "")")
    }
  }

  @Test func aMissingMemberAndAnUnparsableDocumentAreNamed() throws {
    let text = String(decoding: TraceState().canonicalJSON(), as: UTF8.self)
    let withoutSeq = text.replacingOccurrences(of: "\"seq\":0,", with: "")
    #expect(withoutSeq != text)
    let missing = #expect(throws: TraceError.self) {
      try TraceState(canonicalJSON: Array(withoutSeq.utf8))
    }
    #expect(missing?.field == "seq")
    #expect(missing?.message.hasSuffix("the member is missing") == true)

    let cut = #expect(throws: TraceError.self) {
      try TraceState(canonicalJSON: Array(text.utf8.dropLast()))
    }
    #expect(cut?.code == .damagedTrace)
    #expect(cut?.message.hasPrefix("a stored state is not JSON: invalid JSON at column") == true)
  }

  @Test func numbersAreReadExactlyOrRefusedWithTheirPath() throws {
    #expect(try JSONValueDecoder.decode(Int.self, from: .number("1.2e1")) == 12)
    #expect(try JSONValueDecoder.decode(Int64.self, from: .number("-9223372036854775808")) == .min)
    #expect(try JSONValueDecoder.decode(UInt64.self, from: .number("18446744073709551615")) == .max)
    let doubles = try JSONValueDecoder.decode(
      [Double].self, from: ["NaN", "Infinity", "-Infinity", .number("0.1")])
    #expect(doubles[0].isNaN && doubles[1] == .infinity && doubles[2] == -.infinity)
    #expect(doubles[3] == 0.1)

    let fraction = #expect(throws: JSONDecodingFailure.self) {
      try JSONValueDecoder.decode([String: [Int]].self, from: ["a": [1, .number("1.5")]])
    }
    #expect(fraction?.description == "at a[1]: expected an integer that fits Int, found 1.5")
    let overflow = #expect(throws: JSONDecodingFailure.self) {
      try JSONValueDecoder.decode(UInt8.self, from: 256)
    }
    #expect(overflow?.description == "at the top: expected an integer that fits UInt8, found 256")
  }

  @Test func theStateAndFindingJSONTextIsTheirContract() throws {
    let finding = Finding(
      rule: "lifecycle.order", severity: .error, seq: 3, session: "A", message: "m", related: [1])
    #expect(
      finding.jsonText()
        == #"{"rule":"lifecycle.order","severity":"error","seq":3,"session":"A","message":"m","#
        + #""related":[1]}"#)
    let state = TraceState()
    #expect(state.jsonText().hasPrefix(#"{"seq":0,"t":0,"app":{"state":"background","#))
    #expect(try JSONValue(parsing: Array(state.jsonText(pretty: true).utf8)) == state.json)
    #expect(state.jsonText(pretty: true).contains("\n"))
  }
}
