import SceneTrace

/// A long legal interaction trace (`InteractionTrace`) with one illegal event planted in its
/// middle third, for the shrink tests: the planted event's finding is the bug to keep, and
/// every other event is unrelated to it.
struct PlantedViolation: CustomStringConvertible {
  /// The events, the planted one at `seq`.
  var events: [Event]
  /// The planted event's seq.
  var seq: Int
  /// The event planted and the finding it causes.
  var mutation: InteractionMutation

  var description: String { "\(mutation) at seq \(seq) of \(events.count)" }

  /// Plants an event that breaks `rule` in the trace of `seed`, at the first position from a
  /// random one in the middle third where the model allows one; nil when none does.
  init?(rule: RuleID, seed: UInt64, steps: Int) {
    var random = SplitMix64(seed: seed)
    let trace = InteractionTrace(seed: seed, steps: steps)
    let count = trace.payloads.count
    let first = Int.random(in: (count / 3)...(count * 2 / 3), using: &random)
    for position in first..<count {
      let model = trace.models[position]
      let candidates =
        (InteractionMutation.candidates(in: model) + Self.lifecycleMutations(in: model))
        .filter { $0.rule == rule }
      guard let mutation = candidates.randomElement(using: &random) else { continue }
      // The planted event happens at the time of the event before it, so every deadline of
      // the legal trace stays where it was.
      var events = trace.events
      events.insert(Event(seq: 0, time: events[position - 1].time, mutation.payload), at: position)
      for index in events.indices { events[index].seq = index + 1 }
      self.events = events
      self.seq = position + 1
      self.mutation = mutation
      return
    }
    return nil
  }

  /// Scene transitions §2.7.1 does not list: a foreground-active scene entering the background
  /// (I2), a background scene becoming active (I1).
  static func lifecycleMutations(in model: InteractionModel) -> [InteractionMutation] {
    model.connected.compactMap { id in
      switch model.scenes[id]?.state {
      case .foregroundActive:
        InteractionMutation(
          payload: .sceneDidEnterBackground(session: id), rule: .lifecycleOrder,
          severity: .error, session: id)
      case .background:
        InteractionMutation(
          payload: .sceneDidBecomeActive(session: id), rule: .lifecycleOrder, severity: .error,
          session: id)
      default:
        nil
      }
    }
  }
}
