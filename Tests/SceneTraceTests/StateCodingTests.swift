import Foundation
import SceneTrace
import Testing

/// A stored state (a checkpoint) must give back exactly the state that was stored, including
/// what the state JSON leaves out, and must encode to the same bytes every time.
@Suite struct StateCodingTests {
  static let seeds = Seeds.range(0x5CE7_3000, count: 32)

  private static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return encoder
  }

  @Test(arguments: seeds)
  func everyReachableStateSurvivesEncodingAndDecoding(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let legal = LegalTrace(seed: seed, irregular: true).events
    let noise = RandomEvents.payloads(count: 300, using: &random)
    var replay = Replay()
    for (index, payload) in (legal.map(\.payload) + noise).enumerated() {
      replay.apply(Event(seq: index + 1, time: TraceTime(nanoseconds: Int64(index)), payload))
      guard index % 37 == 0 else { continue }
      let data = try Self.encoder().encode(replay.state)
      let decoded = try JSONDecoder().decode(TraceState.self, from: data)
      #expect(decoded == replay.state, "seed \(seed), after seq \(index + 1)")
      #expect(try Self.encoder().encode(decoded) == data, "seed \(seed), after seq \(index + 1)")
    }
  }

  @Test func decodedStateReplaysOnLikeTheOriginal() throws {
    let trace = LegalTrace(seed: 0x5CE7_3100, irregular: true).events
    let middle = trace.count / 2
    var original = Replay()
    original.apply(trace.prefix(middle))
    let stored = try Self.encoder().encode(original.state)
    var resumed = Replay(from: try JSONDecoder().decode(TraceState.self, from: stored))
    original.apply(trace.dropFirst(middle))
    resumed.apply(trace.dropFirst(middle))
    #expect(resumed.state == original.state)
  }
}

extension StateCodingTests {
  @Test(arguments: Seeds.range(0x5CE7_3200, count: 8))
  func interactionStatesSurviveEncodingAndDecoding(seed: UInt64) throws {
    // Presses, bands, drags, renders owed and the rules' memory, at every 11th event.
    var replay = Replay()
    for event in InteractionTrace(seed: seed).events {
      replay.apply(event)
      guard event.seq % 11 == 0 else { continue }
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      let data = try encoder.encode(replay.state)
      let decoded = try JSONDecoder().decode(TraceState.self, from: data)
      #expect(decoded == replay.state, "seed \(seed), after seq \(event.seq)")
      #expect(try encoder.encode(decoded) == data, "seed \(seed), after seq \(event.seq)")
    }
  }
}
