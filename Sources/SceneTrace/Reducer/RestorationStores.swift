/// For each restoration key, the sessions that stored under it and the seq of their latest
/// store (`restoration.shared-storage`), with the keys each session stored under.
///
/// A discarded session stores nothing any more, so its discard takes it out of every key it
/// stored under. Looking through every key for it made a trace that discards sessions quadratic
/// in the sessions still stored (10^4 sessions, each under a key of its own, then their
/// discards: 13 s); the keys of each session are kept beside the stores instead. Equality and
/// coding see the stores alone: the keys of each session are made again from them when needed.
struct RestorationStores: Hashable, Sendable, Codable {
  /// The sessions that stored under each key, with the seq of their latest store.
  private(set) var byKey: [String: [SessionID: Int]] = [:]
  /// The keys each session stored under; nil until first needed after a state was read.
  private var keysBySession: [SessionID: [String]]? = [:]

  /// No stores.
  init() {}

  /// The sessions that stored under `key`, with the seq of their latest store.
  subscript(key: String) -> [SessionID: Int]? { byKey[key] }

  /// Notes that session `id` stored under `key` at `seq`.
  mutating func note(_ id: SessionID, storedUnder key: String, at seq: Int) {
    if byKey[key, default: [:]].updateValue(seq, forKey: id) == nil {
      keysBySession?[id, default: []].append(key)
    }
  }

  /// Takes session `id` out of every key it stored under.
  mutating func forget(_ id: SessionID) {
    if keysBySession == nil {
      var keys: [SessionID: [String]] = [:]
      for (key, stores) in byKey {
        for session in stores.keys { keys[session, default: []].append(key) }
      }
      keysBySession = keys
    }
    guard let keys = keysBySession?.removeValue(forKey: id) else { return }
    for key in keys {
      byKey[key]?[id] = nil
      if byKey[key]?.isEmpty == true { byKey[key] = nil }
    }
  }

  static func == (lhs: RestorationStores, rhs: RestorationStores) -> Bool {
    lhs.byKey == rhs.byKey
  }

  func hash(into hasher: inout Hasher) { hasher.combine(byKey) }

  init(from decoder: any Decoder) throws {
    byKey = try decoder.singleValueContainer().decode([String: [SessionID: Int]].self)
    keysBySession = nil
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(byKey)
  }
}

/// The stores by key, as its `Codable` form; the keys of each session are found again when
/// first needed.
extension RestorationStores: StateCodable {
  static var blank: RestorationStores { RestorationStores() }

  mutating func code(with coder: inout some StateCoder) throws(StateCodingError) {
    try byKey.code(with: &coder)
    if coder.isReading { keysBySession = nil }
  }
}
