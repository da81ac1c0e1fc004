import Foundation
import SceneTrace
import SceneTraceRecording
import Testing

@Suite(.serialized) struct RedactionAndSystemTests {
  private func record(
    _ options: RecordingOptions = RecordingOptions(), _ body: (SceneTraceRecorder) -> Void
  ) throws -> [Event.Payload] {
    let sink = ControllableSink()
    let recording = try Recording(sink: sink, options: options)
    body(recording.recorder)
    recording.close()
    return sink.events.map(\.payload)
  }

  @Test func typedTextIsNotRecordedButShortcutsAre() throws {
    let payloads = try record { recorder in
      recorder.pressesDidChange(session: "A", phase: .began, keyCode: 4, characters: "a")
      recorder.pressesDidChange(
        session: "A", phase: .began, keyCode: 4, characters: "A", modifiers: [.shift])
      recorder.pressesDidChange(
        session: "A", phase: .began, keyCode: 4, characters: "a", modifiers: [.command])
      recorder.pressesDidChange(
        session: "A", phase: .began, keyCode: 4, characters: "å", modifiers: [.option])
    }
    #expect(
      payloads == [
        .keyPress(session: "A", phase: .began, keyCode: 4),
        .keyPress(session: "A", phase: .began, keyCode: 4, modifiers: [.shift]),
        .keyPress(
          session: "A", phase: .began, keyCode: 4, characters: "a", modifiers: [.command]),
        .keyPress(
          session: "A", phase: .began, keyCode: 4, characters: "å", modifiers: [.option]),
      ])
    var optIn = RecordingOptions()
    optIn.recordsTypedText = true
    let kept = try record(optIn) {
      $0.pressesDidChange(session: "A", phase: .began, keyCode: 4, characters: "a")
    }
    #expect(kept == [.keyPress(session: "A", phase: .began, keyCode: 4, characters: "a")])
  }

  @Test func valuesBecomeDigestsThatStillTellEqualFromDifferent() throws {
    var options = RecordingOptions()
    options.digestsValues = true
    let payloads = try record(options) { recorder in
      recorder.sharedStateDidWrite(key: "defaults:name", value: "Ada", session: "A")
      recorder.sceneDidRender(session: "B", key: "defaults:name", value: "Ada")
      recorder.sceneDidRender(session: "C", key: "defaults:name", value: "Grace")
    }
    let values = payloads.compactMap { payload -> String? in
      switch payload {
      case .stateWrite(_, let value, _), .stateRender(_, _, let value): value
      default: nil
      }
    }
    #expect(values.count == 3)
    #expect(values[0] == values[1])
    #expect(values[0] != values[2])
    #expect(values.allSatisfy { $0.hasPrefix("#") && $0.count == 17 && !$0.contains("Ada") })
  }

  @Test func keyIdentifiersAreRedactedKeepingWhatGivesTheKeyItsMeaning() throws {
    var options = RecordingOptions()
    options.redactsKeyIdentifiers = true
    let payloads = try record(options) { recorder in
      recorder.sharedStateDidWrite(key: "file:/Users/ada/notes.txt", value: "1")
      recorder.sharedStateDidWrite(key: "session:S1/draft", value: "1")
      recorder.sharedStateDidWrite(key: "defaults:showWordCount", value: "1")
      recorder.stateRestorationActivity(session: "S1", key: "restoration:S1.sketch")
    }
    let keys = payloads.compactMap { payload -> String? in
      switch payload {
      case .stateWrite(let key, _, _): key
      case .sceneSaveRestoration(_, _, let key): key
      default: nil
      }
    }
    #expect(keys[0].hasPrefix("file:#") && !keys[0].contains("ada"))
    #expect(keys[1].hasPrefix("session:S1/#") && !keys[1].contains("draft"))
    #expect(keys[2] == "defaults:showWordCount")
    #expect(keys[3].hasPrefix("restoration:#"))
  }

  @Test func withoutABootstrapHooksRecordNothing() {
    RecordingSystem.shutdown()
    let recorder = SceneTraceRecorder()
    #expect(!recorder.isRecording)
    recorder.sceneWillConnect(session: "A")
    #expect(RecordingSystem.flush())
  }

  @Test func bootstrapIsOnceUntilShutdown() throws {
    RecordingSystem.shutdown()
    let first = ControllableSink()
    try RecordingSystem.bootstrap(sink: first)
    #expect(throws: RecorderError.self) { try RecordingSystem.bootstrap(sink: ControllableSink()) }
    SceneTraceRecorder().mark("one")
    RecordingSystem.shutdown()
    #expect(first.events.map(\.payload) == [.appMark(label: "one")])
    #expect(first.isClosed)
    let second = ControllableSink()
    try RecordingSystem.bootstrap(sink: second)
    SceneTraceRecorder().mark("two")
    RecordingSystem.shutdown()
    #expect(second.events.map(\.payload) == [.appMark(label: "two")])
  }
}
