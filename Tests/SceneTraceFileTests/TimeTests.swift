import SceneTrace
import SceneTraceFile
import Testing

@Test(
  arguments: [
    ("0", 0), ("0.1", 100_000_000), ("3.25", 3_250_000_000), ("1e-9", 1), ("1E-9", 1),
    ("1.5e-3", 1_500_000), ("2e+2", 200_000_000_000), ("12", 12_000_000_000),
    ("1.0000000005", 1_000_000_001), ("1.0000000004999999", 1_000_000_000),
    ("1.00000000050000", 1_000_000_001), ("0.0000000005", 1), ("0.00000000049", 0),
    ("123456.789012345", 123_456_789_012_345), ("-0", 0), ("-0.0", 0), ("0e12", 0),
    ("1e-400", 0), ("0.000000001e9", 1_000_000_000), ("12345678901234567890e-19", 1_234_567_890),
    ("9223372036.854775807", Int64.max), ("9223372036.8547758074", Int64.max),
  ] as [(String, Int64)])
func timeIsReadExactlyToTheNanosecond(literal: String, expected: Int64) throws {
  #expect(try nanoseconds(ofTime: literal) == expected)
}

@Test(arguments: [
  "-1", "-0.000000001", "-1e-20", "9223372036.854775808", "9223372036.8547758075", "1e10",
  "1e999999999999999999999",
])
func timeOutsideTheRangeOfATraceIsAnInvalidValue(literal: String) {
  let error = readError("{\"t\":\(literal),\"type\":\"app.terminate\"}\n")
  #expect(error?.code == .invalidValue)
  #expect(error?.field == "t")
  #expect(error?.line == 1)
}

@Test func timeThatIsNotANumberIsAnInvalidValue() {
  let error = readError(#"{"t":"3.25","type":"app.terminate"}"#)
  #expect(error?.code == .invalidValue)
  #expect(error?.field == "t")
  #expect(error?.message == "expected a number of seconds, found a string")
}

@Test func absentTimeIsThePreviousEventsTimeAndZeroAtFirst() throws {
  let trace = try decode(
    """
    {"type":"app.terminate"}
    {"t":2.5,"type":"app.terminate"}
    {"type":"app.terminate"}
    {"t":null,"type":"app.terminate"}
    {"t":3,"type":"app.terminate"}

    """)
  #expect(
    trace.events.map(\.time.nanoseconds)
      == [0, 2_500_000_000, 2_500_000_000, 2_500_000_000, 3_000_000_000] as [Int64])
}

@Test func timeGoingBackwardsIsAnErrorNamingTheLineAndBothTimes() {
  let error = readError(
    """
    {"t":1,"type":"app.terminate"}
    // a comment
    {"t":3.25,"type":"app.terminate"}
    {"t":3.2,"type":"app.terminate"}

    """)
  #expect(error?.code == .timeWentBackwards)
  #expect(error?.line == 4)
  #expect(error?.field == "t")
  #expect(error?.message.contains("3.2 s") == true)
  #expect(error?.message.contains("3.25 s") == true)
  #expect(error?.message.contains("line 3") == true)
  #expect(error?.description.hasPrefix("t.jsonl:4: field \"t\": time went backwards") == true)
}

@Test func equalTimesAreInOrder() throws {
  let trace = try decode(
    #"{"t":1.5,"type":"app.terminate"}"# + "\n" + #"{"t":1.50,"type":"app.terminate"}"#)
  #expect(trace.events.count == 2)
}

@Test(
  arguments: [
    (0, "0"), (1, "0.000000001"), (3_250_000_000, "3.25"), (12_000_000_000, "12"),
    (100_000_000, "0.1"), (123_456_789_012_345, "123456.789012345"),
  ] as [(Int64, String)])
func timeExportsAsExactSeconds(nanoseconds: Int64, text: String) throws {
  let event = Event(seq: 1, time: TraceTime(nanoseconds: nanoseconds), .appTerminate)
  #expect(event.jsonLine == "{\"seq\":1,\"t\":\(text),\"type\":\"app.terminate\"}")
  #expect(try decode(event.jsonLine).events == [event])
}
