import Foundation
import SceneTrace
import Testing

/// What the replay remembers of restoration stores (`restoration.shared-storage`): every store
/// of a session not discarded since, by key. A discard takes the session out of the keys it
/// stored under, found through the keys kept for each session, which a state read back from its
/// JSON makes again; these tests hold the stores, as a stored state holds them, to a model, on
/// seeded sessions that store under shared keys and keys of their own and are discarded.
@Suite struct RestorationStoresPropertyTests {
  static let seeds = Seeds.range(0x5E57_0000, count: 16)

  /// The restoration stores of `state` as its stored form holds them: key → sessions.
  static func stores(of state: TraceState) throws -> [String: Set<String>] {
    let data = try JSONEncoder().encode(state)
    let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let memory = try #require(root["memory"] as? [String: Any])
    let byKey = try #require(memory["restorationStores"] as? [String: [String: Int]])
    return byKey.mapValues { Set($0.keys) }
  }

  @Test(arguments: seeds)
  func aDiscardTakesTheSessionOutOfEveryKeyItStoredUnder(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    var replay = Replay()
    var seq = 0
    func apply(_ payloads: Event.Payload...) {
      for payload in payloads {
        seq += 1
        replay.apply(Event(seq: seq, time: TraceTime(milliseconds: Int64(seq)), payload))
      }
    }
    apply(Script.launch1)
    var model: [String: Set<String>] = [:]
    var archived: [SessionID] = []
    var discards = 0
    for step in 0..<400 {
      if random.next() % 3 != 0 || archived.isEmpty {
        // A new window stores under one or two keys, shared or its own, then goes.
        let id = SessionID("S\(step)")
        apply(Script.configure(id), Script.connect(id))
        for _ in 0...(random.next() % 2) {
          let key =
            random.next() % 2 == 0 ? "restore.\(random.next() % 4)" : "restore.\(id.rawValue)"
          apply(.sceneSaveRestoration(session: id, key: key))
          model[key, default: []].insert(id.rawValue)
        }
        apply(Script.disconnect(id))
        archived.append(id)
      } else {
        // The user throws away one to three windows at once.
        var thrown: [SessionID] = []
        for _ in 0...(random.next() % 3) where !archived.isEmpty {
          thrown.append(archived.remove(at: Int(random.next() % UInt64(archived.count))))
        }
        apply(.appDiscardSessions(sessions: thrown))
        for id in thrown {
          for key in model.keys { model[key]?.remove(id.rawValue) }
        }
        model = model.filter { !$0.value.isEmpty }
        discards += 1
      }
      // Now and then the state is stored and read back, as a seek from a checkpoint does.
      if step % 53 == 52 {
        #expect(try Self.stores(of: replay.state) == model, "seed \(seed), seq \(seq)")
        let stored = try JSONEncoder().encode(replay.state)
        replay = Replay(from: try JSONDecoder().decode(TraceState.self, from: stored))
      }
    }
    #expect(try Self.stores(of: replay.state) == model, "seed \(seed), at the end")
    #expect(discards > 50, "seed \(seed): too few discards to test")
  }
}
