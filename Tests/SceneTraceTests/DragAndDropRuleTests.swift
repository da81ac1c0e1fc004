import SceneTrace
import Testing

/// Drag and drop across scenes. Seqs 1–9 are `Script.bothActive`: A and B active.
@Suite struct DragAndDropRuleTests {
  typealias S = Script

  @Test func dragFromOneWindowDroppedInAnotherIsLocalAndLinked() {
    let result = replay(
      S.bothActive + [
        .dragBegin(drag: "d1", session: "A"),
        .dropPerform(drag: "d1", session: "B", local: true),
        .dragEnd(drag: "d1", operation: .copy),
        // A drop from another app: its drag is unknown here and not local.
        .dropPerform(drag: "x9", session: "A", local: false),
      ])
    #expect(result.findings.isEmpty)
    #expect(result.state.drags["d1"]?.target == "B")
    #expect(result.state.drags["x9"] == nil)
  }

  @Test func dragEndedTwiceIsAnError() {
    let result = replay(
      S.bothActive + [
        .dragBegin(drag: "d1", session: "A"), .dragEnd(drag: "d1", operation: .move),
        .dragEnd(drag: "d1", operation: .cancel),
      ])
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.dragSequence, .error, seq: 12, "A", related: [10, 11])
      ])
  }

  @Test func dragEndedThatNeverBeganIsAnError() {
    let result = replay(S.bothActive + [.dragEnd(drag: "d1", operation: .move)])
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.dragSequence, .error, seq: 10, nil, related: [])
      ])
  }

  @Test func localDropOfAnUnknownDragIsAnError() {
    let result = replay(S.bothActive + [.dropPerform(drag: "d7", session: "B", local: true)])
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.dragSequence, .error, seq: 10, "B", related: [])
      ])
  }

  @Test func dropOfAnEndedDragIsAnError() {
    let broken = replay(
      S.bothActive + [
        .dragBegin(drag: "d1", session: "A"), .dragEnd(drag: "d1", operation: .move),
        .dropPerform(drag: "d1", session: "B", local: true),
      ])
    #expect(
      broken.findings.withRelated == [
        FindingWithRelated(.dragSequence, .error, seq: 12, "B", related: [10, 11])
      ])
  }

  @Test func nonLocalDropOfALiveDragOfThisAppIsAnError() {
    let broken = replay(
      S.bothActive + [
        .dragBegin(drag: "d1", session: "A"),
        .dropPerform(drag: "d1", session: "B", local: false),
      ])
    #expect(
      broken.findings.withRelated == [
        FindingWithRelated(.dragSequence, .error, seq: 11, "B", related: [10])
      ])
  }

  @Test func droppingTwiceAndBeginningAgainWhileLiveAreErrors() {
    let result = replay(
      S.bothActive + [
        .dragBegin(drag: "d1", session: "A"),
        .dropPerform(drag: "d1", session: "B", local: true),
        .dropPerform(drag: "d1", session: "A", local: true),
        .dragBegin(drag: "d1", session: "B"),
      ])
    #expect(
      result.findings.withRelated == [
        FindingWithRelated(.dragSequence, .error, seq: 12, "A", related: [11]),
        FindingWithRelated(.dragSequence, .error, seq: 13, "B", related: [10]),
      ])
  }

  @Test func anIdentifierMayBeReusedOnceItsDragEnded() {
    let result = replay(
      S.bothActive + [
        .dragBegin(drag: "d1", session: "A"), .dragEnd(drag: "d1", operation: .cancel),
        .dragBegin(drag: "d1", session: "B"),
        .dropPerform(drag: "d1", session: "A", local: true),
      ])
    #expect(result.findings.isEmpty)
    #expect(result.state.drags["d1"]?.source == "B")
  }

  @Test func launchForgetsTheDragsOfThePreviousLaunch() {
    let result = replay(
      S.bothActive + [
        .dragBegin(drag: "d1", session: "A"), S.launch2, S.connect("B"),
        .dropPerform(drag: "d1", session: "B", local: true),
      ])
    #expect(result.findings.map(\.rule) == [.dragSequence])
  }

  // MARK: drag to a new window

  static let draggingDocument: [Event.Payload] =
    S.bothActive + [.dragBegin(drag: "d1", session: "A", activityType: "com.example.doc")]

  @Test func newSessionWithTheDragsActivityTypeWhileItIsLiveIsLinkedToIt() {
    let result = replay(
      Self.draggingDocument + [
        .sessionConfigure(session: "C", role: .windowApplication, activityType: "com.example.doc"),
        .sceneWillConnect(session: "C", activityType: "com.example.doc"),
        .dragEnd(drag: "d1", operation: .cancel),
      ])
    #expect(result.findings.isEmpty)
    #expect(result.state.drags["d1"]?.newSession == "C")
  }

  @Test func newSessionJustAfterTheDragEndedIsLinkedToo() {
    var events = numbered(
      Self.draggingDocument + [
        .dragEnd(drag: "d1", operation: .copy),
        .sceneWillConnect(session: "C", activityType: "com.example.doc"),
      ])
    events[11].time = TraceTime(nanoseconds: events[10].time.nanoseconds + 1_000_000_000)
    let result = Replay.run(events)
    #expect(result.state.drags["d1"]?.newSession == "C")
  }

  @Test func sessionsThatAreNotNewOrComeTooLateOrCarryAnotherTypeAreNotLinked() {
    var late = numbered(
      Self.draggingDocument + [
        .dragEnd(drag: "d1", operation: .copy),
        .sceneWillConnect(session: "C", activityType: "com.example.doc"),
      ])
    late[11].time = TraceTime(nanoseconds: late[10].time.nanoseconds + 1_000_000_001)
    #expect(Replay.run(late).state.drags["d1"]?.newSession == nil)

    let restored = replay(
      S.bothActive + [
        S.resign("B"), S.background("B"), S.disconnect("B"),
        .dragBegin(drag: "d1", session: "A", activityType: "com.example.doc"),
        .sceneWillConnect(session: "B", activityType: "com.example.doc"),
      ])
    #expect(restored.state.drags["d1"]?.newSession == nil)

    let otherType = replay(
      Self.draggingDocument + [.sceneWillConnect(session: "C", activityType: "com.example.x")])
    #expect(otherType.state.drags["d1"]?.newSession == nil)

    let dropped = replay(
      Self.draggingDocument + [
        .dropPerform(drag: "d1", session: "B", local: true),
        .sceneWillConnect(session: "C", activityType: "com.example.doc"),
      ])
    #expect(dropped.state.drags["d1"]?.newSession == nil)
  }

  @Test func eachNewSessionLinksTheLatestDragOnce() {
    let result = replay(
      Self.draggingDocument + [
        .dragBegin(drag: "d2", session: "B", activityType: "com.example.doc"),
        .sessionConfigure(session: "C", role: .windowApplication, activityType: "com.example.doc"),
        .sceneWillConnect(session: "C", activityType: "com.example.doc"),
        .sceneWillConnect(session: "D", activityType: "com.example.doc"),
      ])
    #expect(result.state.drags["d2"]?.newSession == "C")
    #expect(result.state.drags["d1"]?.newSession == "D")
  }

  // MARK: activity.undeclared

  static func declaring(_ types: [String]) -> [Event.Payload] {
    [
      .appLaunch(launch: "L1", activityTypes: types), S.connect("A"), S.enter("A"),
      S.activate("A"),
    ]
  }

  @Test func dragOrRestorationWithAnUndeclaredActivityTypeIsAWarning() {
    let broken = replay(
      Self.declaring(["com.example.doc"]) + [
        .dragBegin(drag: "d1", session: "A", activityType: "com.example.photo"),
        S.resign("A"),
        .sceneSaveRestoration(session: "A", activityType: "com.example.note", key: "r:A"),
      ])
    #expect(
      broken.findings.withRelated == [
        FindingWithRelated(.activityUndeclared, .warning, seq: 5, "A", related: [1]),
        FindingWithRelated(.activityUndeclared, .warning, seq: 7, "A", related: [1]),
      ])
    let fixed = replay(
      Self.declaring(["com.example.doc"]) + [
        .dragBegin(drag: "d1", session: "A", activityType: "com.example.doc"),
        S.resign("A"),
        .sceneSaveRestoration(session: "A", activityType: "com.example.doc", key: "r:A"),
      ])
    #expect(fixed.findings.isEmpty)
  }

  @Test func launchWithoutDeclaredTypesChecksNothing() {
    let result = replay(
      S.bothActive + [.dragBegin(drag: "d1", session: "A", activityType: "anything")])
    #expect(result.findings.isEmpty)
  }
}
