import SceneTrace
import SceneTraceText
import Testing

/// An event's fields print bare when they read unambiguously without quotes (letters, digits
/// and `-_.:/@#+`), as JSON otherwise; ASCII is checked byte by byte, so every ASCII character
/// must get the answer the Unicode rule gives.
@Suite struct EventTextTests {
  private static func printed(_ window: String) -> String {
    EventText.fields(of: Event(seq: 1, time: .zero, .windowBecomeKey(session: "A", window: window)))
  }

  @Test func everyASCIICharacterIsBareExactlyWhenTheUnicodeRuleSaysSo() {
    for byte in UInt8(0)...UInt8(127) {
      let scalar = Unicode.Scalar(byte)
      let isBare =
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        || "-_.:/@#+".unicodeScalars.contains(scalar)
      let window = "w\(Character(scalar))1"
      let printed = Self.printed(window)
      if isBare {
        #expect(printed == "session=A window=\(window)", "byte \(byte)")
      } else {
        #expect(printed.hasPrefix("session=A window=\"w"), "byte \(byte): \(printed)")
      }
    }
  }

  @Test func textBeyondASCIIFollowsTheUnicodeRule() {
    #expect(Self.printed("fenêtre-2") == "session=A window=fenêtre-2")
    #expect(Self.printed("窓2") == "session=A window=窓2")
    #expect(Self.printed("a b") == #"session=A window="a b""#)
    #expect(Self.printed("é🎉") == #"session=A window="é🎉""#)
    #expect(Self.printed("") == #"session=A window="""#)
    // A character that is not of a bare word, before or after one beyond ASCII.
    #expect(Self.printed("a,é") == #"session=A window="a,é""#)
    #expect(Self.printed("é,a") == #"session=A window="é,a""#)
  }
}

/// The lines of a block line up whatever the events' times and types: a time of nanoseconds
/// past ten seconds takes 12 characters, and a type name up to 29.
@Suite struct EventColumnTests {
  @Test func aTimesWidthIsTheLengthOfItsText() {
    var random = SplitMix64(seed: 0x7173)
    for round in 0..<5000 {
      var nanoseconds = Int64.random(in: -5_000_000_000_000...5_000_000_000_000, using: &random)
      // Whole seconds, and fractions with trailing zeros, as often as not.
      if round % 3 == 0 { nanoseconds -= nanoseconds % 1_000_000_000 }
      if round % 3 == 1 { nanoseconds -= nanoseconds % 10_000 }
      let time = TraceTime(nanoseconds: nanoseconds)
      let event = Event(seq: 1, time: time, .appTerminate)
      let text = EventText(columnsFor: [event])
      #expect(text.timeWidth == time.description.count, "\(time)")
    }
  }

  @Test func theLinesOfABlockLineUpPastTheFixedColumns() {
    let events = [
      Event(
        seq: 7, time: TraceTime(nanoseconds: 2_341_365_440),
        .pointerDrag(session: "A", phase: .ended, x: 1, y: 2)),
      Event(
        seq: 8, time: TraceTime(nanoseconds: 12_342_672_256),
        .sceneRestoreInteractionState(session: "A")),
      Event(seq: 9, time: TraceTime(nanoseconds: 13_000_000_000), .appTerminate),
    ]
    let text = EventText(lastSeq: 100).widened(toFit: events[...])
    let lines = events.map { text.line($0) }
    // Each line's type starts where the others' do, and its fields where the others' do.
    let typeColumns = Set(
      zip(lines, events).map { line, event in
        line.range(of: event.type.rawValue).map {
          line.distance(from: line.startIndex, to: $0.lowerBound)
        }
      })
    #expect(typeColumns.count == 1, "\(lines)")
    #expect(lines[0].contains("2.34136544    pointer.drag"), "\(lines[0])")
    #expect(
      lines[1].contains("12.342672256  scene.restoreInteractionState  session=A"), "\(lines[1])")
    // The fixed widths stay the least: a block of short times and types is as it was.
    let short = EventText(lastSeq: 100).widened(toFit: [Event(seq: 1, time: .zero, .appTerminate)])
    #expect(short.timeWidth == 10 && short.typeWidth == 28)
  }
}
