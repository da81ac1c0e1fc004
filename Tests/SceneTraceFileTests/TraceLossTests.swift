import SceneTrace
import SceneTraceFile
import SceneTraceTestSupport
import Testing

/// `LoadedTrace.loss`: every stretch a read could not see, with where it is and how many
/// events it held.
@Suite struct TraceLossTests {
  @Test func recorderDropsAreLossWithTheirCount() throws {
    let trace = try decode(
      """
      {"type":"app.launch","launch":"L1"}
      {"type":"trace.gap","dropped":7237}
      {"type":"trace.gap","dropped":0}
      {"type":"app.mark","label":"after"}
      """ + "\n")
    #expect(trace.isIntact)
    let stretch = try #require(trace.loss.first)
    #expect(trace.loss.count == 1, "a gap that dropped nothing loses nothing")
    #expect(stretch.kind == .dropped)
    #expect(stretch.seq == 2)
    #expect(stretch.afterSeq == 1 && stretch.beforeSeq == 3)
    #expect(stretch.eventCount == 7237)
    #expect(stretch.summary == "7,237 dropped by the recorder")
    #expect(trace.lossFindings.map(\.rule) == [.traceEventsLost])
    #expect(trace.lossFindings.first?.severity == .warning)
  }

  @Test func cutLastLineIsALossAfterTheLastEvent() throws {
    let trace = try decode(
      """
      {"type":"app.launch","launch":"L1"}
      {"type":"scene.willConnect","session":"A"}
      {"type":"scene.willEnter
      """)
    let stretch = try #require(trace.loss.first)
    #expect(trace.loss.count == 1)
    #expect(stretch.kind == .truncated)
    #expect(stretch.afterSeq == 2 && stretch.beforeSeq == nil)
    #expect(stretch.message.contains("line 3 is incomplete"))
  }

  @Test func leniencySkippedRunsAreOneLossEach() throws {
    let trace = try decode(
      """
      {"type":"app.launch","launch":"L1"}
      {"type":"future.one"}
      {"type":"future.two"}
      {"type":"scene.willConnect","session":"A"}
      {"type":"future.three"}
      {"type":"app.mark","label":"end"}
      """ + "\n", lenient: true)
    #expect(trace.loss.map(\.kind) == [.skipped, .skipped])
    #expect(trace.loss.map(\.lostSeqs) == [2...3, 5...5])
    #expect(trace.loss.map(\.eventCount) == [2, 1])
    #expect(trace.loss.map(\.beforeSeq) == [4, 6])
  }

  @Test func damagedFrameIsALossWithItsSeqsAndOffset() throws {
    var random = RandomEvents(seed: 21)
    let events = random.events(count: 400).filter {
      if case .traceGap = $0.payload { return false }
      return true
    }
    var bytes = try sctrace(
      events, options: smallFrames(eventsPerFrame: 50, compression: .uncompressed))
    let reader = try TraceReader(bytes: bytes, path: "t.sctrace")
    let victim = reader.index.frames[2]
    bytes[victim.offset + victim.byteCount / 2] ^= 0x40
    let trace = try TraceFile.decode(bytes, path: "t.sctrace")
    let damaged = trace.loss.filter { $0.kind == .damaged }
    #expect(damaged.count == 1)
    #expect(damaged.first?.lostSeqs == victim.firstSeq...victim.lastSeq)
    #expect(damaged.first?.byteOffset == victim.offset)
    #expect(damaged.first?.eventCount == victim.lastSeq - victim.firstSeq + 1)
    #expect(damaged.first?.afterSeq == victim.firstSeq - 1)
    #expect(damaged.first?.beforeSeq == victim.lastSeq + 1)
  }

  @Test func joinedTracesKeepEachLossAtItsJoinedSeq() throws {
    let first = try decode(
      """
      {"type":"app.launch","launch":"L1"}
      {"type":"trace.gap","dropped":5}
      {"type":"scene.willConnect","session":"A"}
      {"type":"scene.willEnter
      """)
    let second = try decode(
      """
      {"type":"app.launch","launch":"L2"}
      {"type":"trace.gap","dropped":9}
      """ + "\n")
    let joined = try TraceFile.join([first, second])
    #expect(joined.loss.map(\.kind) == [.dropped, .truncated, .dropped])
    #expect(joined.loss.map(\.seq) == [2, 3, 5])
    #expect(joined.loss[1].beforeSeq == 4, "the cut end of the first file ends at the second")
    #expect(joined.loss[2].afterSeq == 4 && joined.loss[2].eventCount == 9)
  }

  @Test func exportedLinesReadBackWithTheirSeqsAndTheSkippedOnesAbsent() throws {
    let read = try decode(
      """
      {"type":"app.launch","launch":"L1"}
      {"type":"future.one"}
      {"type":"scene.willConnect","session":"A"}
      {"type":"app.mark","label":"end"}
      """ + "\n", lenient: true)
    let exported = read.events.map(\.jsonLine).joined(separator: "\n") + "\n"
    let again = try decode(exported)
    #expect(again.events == read.events)
    #expect(again.events.map(\.seq) == [1, 3, 4])
    #expect(again.loss.map(\.kind) == [.absent])
    #expect(again.loss.first?.lostSeqs == 2...2)
    #expect(again.loss.first?.afterSeq == 1 && again.loss.first?.beforeSeq == 3)
    #expect(again.loss.first?.summary == "1 not in the file")
  }

  @Test func aSliceOfATraceSaysItStartsPartWay() throws {
    let trace = try decode(
      """
      {"seq":100,"t":1,"type":"scene.willConnect","session":"A"}
      {"type":"scene.willEnterForeground","session":"A"}
      {"seq":105,"type":"scene.didBecomeActive","session":"A"}
      """ + "\n")
    #expect(trace.events.map(\.seq) == [100, 101, 105])
    #expect(trace.loss.map(\.lostSeqs) == [1...99, 102...104])
    #expect(trace.loss.first?.message.contains("the file starts at seq 100") == true)
    #expect(trace.lossFindings.map(\.rule) == [.traceEventsLost, .traceEventsLost])
  }

  @Test func aSeqThatDoesNotComeAfterThePreviousOneIsAnErrorNamingItsLine() {
    #expect {
      try decode(
        """
        {"seq":5,"type":"app.launch","launch":"L1"}
        {"seq":5,"type":"app.mark","label":"again"}
        """ + "\n")
    } throws: { error in
      let error = error as? TraceError
      return error?.line == 2 && error?.field == "seq"
        && error?.message.contains("seq 5 does not come after seq 5") == true
    }
    #expect(throws: TraceError.self) {
      try decode(#"{"seq":"one","type":"app.mark","label":"x"}"# + "\n")
    }
    #expect(throws: TraceError.self) {
      try decode(#"{"seq":0,"type":"app.mark","label":"x"}"# + "\n")
    }
    #expect(throws: TraceError.self) {
      try decode(#"{"seq":9223372036854775807,"type":"app.mark","label":"x"}"# + "\n")
    }
  }

  @Test func aFileThatContinuesTheOnesBeforeItIsNotAbsentFromTheJoin() throws {
    let first = try decode(
      """
      {"type":"app.launch","launch":"L1"}
      {"type":"app.mark","label":"one"}
      """ + "\n")
    let second = try decode(
      """
      {"seq":3,"t":1,"type":"app.launch","launch":"L2"}
      {"seq":6,"type":"app.mark","label":"two"}
      """ + "\n")
    #expect(second.loss.map(\.lostSeqs) == [1...2, 4...5])
    let joined = try TraceFile.join([first, second])
    #expect(joined.events.map(\.seq) == [1, 2, 3, 6])
    #expect(joined.loss.map(\.lostSeqs) == [4...5])
  }
}
