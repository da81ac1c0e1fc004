import SceneTrace

/// Where the generator's own model of §2.7.1 / §2.7.2 has a session: written from the reference,
/// independently of the reducer, so that the property tests compare the two.
enum ModelSession: Hashable, Sendable {
  case unseen
  case configuring
  /// Connected; `active` tells whether the scene became active since it entered the foreground.
  case connected(SceneActivation, active: Bool)
  case archived
  case discarded
}

/// A finding the generator expects because it chose a warning or info row (L9, L10, L11).
struct ExpectedNotice: Hashable, Sendable {
  var rule: RuleID
  var severity: Severity
  var index: Int
  var session: SessionID
}

/// A random trace that walks the §2.7.1 and §2.7.2 machines over several sessions and launches,
/// choosing legal transitions only.
///
/// Allowed always: L1–L8 and L12, S1–S8 (configure then connect for new sessions, connects of
/// restored sessions without configure, reconnects of archived sessions, background connects
/// (L3), discards of archived and never-seen sessions, several sessions per discard), plus
/// non-lifecycle scene events that break no rule (geometry, key windows, writes, marks).
/// With `irregular`, also L9, L10 and L11, whose findings it records in `notices`.
/// It never discards a connected session (J3) and never lets a launch close, or the trace end
/// on, a configuring session.
struct LegalTrace {
  var payloads: [Event.Payload] = []
  /// The model before each payload, and after the last one (`payloads.count + 1` entries).
  var models: [[SessionID: ModelSession]] = []
  /// How many scenes each session has connected after the last payload.
  var connections: [SessionID: Int] = [:]
  var notices: [ExpectedNotice] = []

  var model: [SessionID: ModelSession] { models.last ?? [:] }

  /// The events, numbered from 1, times increasing.
  var events: [Event] { numbered(payloads) }

  init(seed: UInt64, irregular: Bool) {
    var random = SplitMix64(seed: seed)
    let sessionCount = Int.random(in: 3...5, using: &random)
    let ids = (0..<sessionCount).map { SessionID("S\($0)") }
    var model = Dictionary(uniqueKeysWithValues: ids.map { ($0, ModelSession.unseen) })
    models = [model]
    let launches = Int.random(in: 2...4, using: &random)
    for launch in 1...launches {
      if launch > 1, Bool.random(using: &random) { append(.appTerminate, &model) }
      append(.appLaunch(launch: "L\(launch)"), &model)
      for _ in 0..<Int.random(in: 8...40, using: &random) {
        let moves = Self.moves(in: model, ids: ids, irregular: irregular)
        guard let move = moves.randomElement(using: &random) else { break }
        apply(move, &model, random: &random)
      }
      // A launch must not close a configuring session: connect every one first.
      for id in ids where model[id] == .configuring {
        apply(Move(.sceneWillConnect(session: id)), &model, random: &random)
      }
    }
  }

  /// A legal next event and what it does to the model.
  struct Move {
    var payload: Event.Payload
    var notice: (RuleID, Severity)?
    init(_ payload: Event.Payload, notice: (RuleID, Severity)? = nil) {
      self.payload = payload
      self.notice = notice
    }
  }

  static func moves(
    in model: [SessionID: ModelSession], ids: [SessionID], irregular: Bool
  ) -> [Move] {
    var moves: [Move] = [Move(.appMark(label: "mark"))]
    var discardable: [SessionID] = []
    for id in ids {
      switch model[id] ?? .unseen {
      case .unseen:
        moves.append(Move(.sessionConfigure(session: id, role: .windowApplication)))  // S1
        moves.append(Move(.sceneWillConnect(session: id)))  // S3
        discardable.append(id)  // S8
      case .configuring:
        moves.append(Move(.sceneWillConnect(session: id)))  // S2
      case .archived:
        moves.append(Move(.sceneWillConnect(session: id)))  // S5
        discardable.append(id)  // S6
      case .discarded:
        break
      case .connected(let state, let active):
        moves += lifecycleMoves(id, state, active: active, irregular: irregular)
        moves.append(Move(.sceneGeometry(session: id, width: 1024, height: 768)))
        moves.append(Move(.windowBecomeKey(session: id, window: "W-\(id)")))
        moves.append(Move(.stateWrite(key: "defaults:k", value: "\(id)", session: id)))
      }
    }
    if !discardable.isEmpty {
      moves.append(Move(.appDiscardSessions(sessions: [discardable[0]])))
      if discardable.count > 1 { moves.append(Move(.appDiscardSessions(sessions: discardable))) }
    }
    return moves
  }

  /// The lifecycle callbacks §2.7.1 allows for a connected scene.
  static func lifecycleMoves(
    _ id: SessionID, _ state: SceneActivation, active: Bool, irregular: Bool
  ) -> [Move] {
    let warning: (RuleID, Severity) = (.lifecycleIrregular, .warning)
    let enter = Move(.sceneWillEnterForeground(session: id))  // L2, L7
    let background = Move(.sceneDidEnterBackground(session: id))  // L3, L6
    let disconnect = Move(.sceneDidDisconnect(session: id))  // L8
    switch state {
    case .unattached:
      let released = Move(.sceneDidDisconnect(session: id), notice: (.lifecycleInfo, .info))
      return [enter, background] + (irregular ? [released] : [])  // L10
    case .foregroundInactive:
      var moves = [Move(.sceneDidBecomeActive(session: id))]  // L4
      if active {
        moves.append(background)  // L6
      } else if irregular {
        moves.append(Move(.sceneDidEnterBackground(session: id), notice: warning))  // L11
      }
      if irregular { moves.append(Move(.sceneDidDisconnect(session: id), notice: warning)) }  // L9
      return moves
    case .foregroundActive:
      return [Move(.sceneWillResignActive(session: id))]  // L5
    case .background:
      return [enter, disconnect]  // L7, L8
    }
  }

  private mutating func apply(
    _ move: Move, _ model: inout [SessionID: ModelSession], random: inout SplitMix64
  ) {
    if let notice = move.notice, let id = move.payload.scene {
      notices.append(
        ExpectedNotice(rule: notice.0, severity: notice.1, index: payloads.count, session: id))
    }
    append(move.payload, &model)
  }

  /// Appends `payload` and advances the model the way the reference tables say.
  private mutating func append(
    _ payload: Event.Payload, _ model: inout [SessionID: ModelSession]
  ) {
    payloads.append(payload)
    model = Self.advance(model, by: payload, connections: &connections)
    models.append(model)
  }

  static func advance(
    _ model: [SessionID: ModelSession], by payload: Event.Payload,
    connections: inout [SessionID: Int]
  ) -> [SessionID: ModelSession] {
    var model = model
    switch payload {
    case .appLaunch, .appTerminate:  // L12, S7
      for (id, session) in model {
        if case .connected = session { model[id] = .archived }
      }
    case .sessionConfigure(let id, _, _): model[id] = .configuring
    case .sceneWillConnect(let id, _, _, _):
      model[id] = .connected(.unattached, active: false)
      connections[id, default: 0] += 1
    case .appDiscardSessions(let ids): for id in ids { model[id] = .discarded }
    case .sceneWillEnterForeground(let id):
      model[id] = .connected(.foregroundInactive, active: false)
    case .sceneDidBecomeActive(let id): model[id] = .connected(.foregroundActive, active: true)
    case .sceneWillResignActive(let id): model[id] = .connected(.foregroundInactive, active: true)
    case .sceneDidEnterBackground(let id): model[id] = .connected(.background, active: false)
    case .sceneDidDisconnect(let id): model[id] = .archived
    default: break
    }
    return model
  }
}
