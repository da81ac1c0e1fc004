import SceneTrace
import Testing

@testable import SceneTraceFile

/// The event types of format 1.2 are written as extension records (tag 64), which readers of
/// 1.0 and 1.1 skip: skipping them must leave every other event of the frame as it was, so their
/// strings never join the frame's string table.
@Suite struct ExtensionRecordTests {
  private let events: [Event] = [
    Event(seq: 1, time: .zero, .appMark(label: "start")),
    // "Z" first appears in an extension record, then in an event of 1.0, then in both again.
    Event(seq: 2, time: .zero, .sceneTitle(session: "Z", title: "Groceries")),
    Event(seq: 3, time: .zero, .sceneWillConnect(session: "Z")),
    Event(seq: 4, time: .zero, .sceneClose(session: "Z", via: .performClose)),
    Event(seq: 5, time: .zero, .sceneDidDisconnect(session: "Z")),
    Event(seq: 6, time: .zero, .appEnvironment(mode: .windowed, os: "26.1")),
  ]

  /// The frame's records, one byte array per event.
  private func records() -> [[UInt8]] {
    var encoder = EventFrameEncoder(firstSeq: 1)
    var records = [encoder.takeBytes()]
    for event in events {
      encoder.encode(event)
      records.append(encoder.takeBytes())
    }
    return records
  }

  @Test func extensionRecordsReadBackAsTheirEvents() {
    let content = records().flatMap(\.self)
    let read = EventFrameDecoder.decode(content, lenient: false)
    #expect(read.failure == nil)
    #expect(read.events == events)
    #expect(read.unknownExtension == nil)
  }

  @Test func aReaderThatSkipsThemReadsEveryOtherEventAlike() {
    var records = records()
    for index in records.indices.dropFirst() where records[index].first == 64 {
      // Tag 64, time delta 0, then the kind: made one no version knows, as a 1.1 reader sees it.
      #expect(records[index][1] == 0)
      records[index][2] = 63
    }
    let read = EventFrameDecoder.decode(records.flatMap(\.self), lenient: true)
    #expect(read.failure == nil)
    #expect(read.events == [events[0], events[2], events[4]])
    #expect(read.skippedSeqs == [2, 4, 6])
  }

  @Test func aBodyLongerOrShorterThanItsLengthIsDamage() {
    var records = records()
    // The scene.title record: tag, delta, kind, length, body. Claim one byte more.
    records[2][3] += 1
    let read = EventFrameDecoder.decode(records.flatMap(\.self), lenient: false)
    #expect(read.events == Array(events.prefix(1)))
    #expect(read.failure != nil)
  }
}
