/// Every session a trace has named, by identifier: what ``TraceState/sessions`` holds.
///
/// It reads like a dictionary: `sessions["A"]?.scene`, `keys`, `count`, and
/// `for (id, session) in sessions`. Inside, each session has a slot, a dense number given when
/// the trace first names it, and the sessions are stored in an array by slot: one session is
/// stored in one place for the whole replay and changed where it is stored.
///
/// A replay looks the session of each event up many times (its rules each ask for it), so the
/// table remembers the slot of the session the current event names, and a lookup of that
/// session compares identifiers instead of hashing one. Equality and hashing ignore the slots:
/// two tables are equal when they hold the same sessions under the same identifiers.
public struct SessionTable: Sendable {
  /// The identifiers, by slot.
  public private(set) var keys: [SessionID] = []
  /// The sessions, by slot.
  private var states: [SessionState] = []
  /// The slot of each identifier.
  private var slots: [SessionID: Int] = [:]
  /// The slot of a session the current or a recent event named, or -1: see `remember(_:)`.
  private var recent = -1
  /// The slots whose session has a connected scene, in no order: the rules that look at every
  /// scene read these rather than every session the trace has named (tens of thousands on a
  /// long trace). Each change of a session checks whether it has a scene.
  private var sceneSlots: [Int] = []
  /// Where each slot is in `sceneSlots`, or -1.
  private var scenePositions: [Int] = []

  /// An empty table.
  public init() {}

  /// The number of sessions.
  public var count: Int { keys.count }

  /// Whether the trace has named no session.
  public var isEmpty: Bool { keys.isEmpty }

  /// The sessions, in the order of `keys`.
  public var values: [SessionState] { states }

  /// The session named `id`; nil when the trace has not named it. Setting nil removes it.
  public subscript(id: SessionID) -> SessionState? {
    get { slot(of: id).map { states[$0] } }
    set {
      if let slot = slot(of: id) {
        if let newValue {
          states[slot] = newValue
          noteScene(at: slot)
        } else {
          remove(at: slot)
        }
      } else if let newValue {
        append(id, newValue)
      }
    }
    // Changes a stored session where it is stored: it is moved out of its slot (a placeholder
    // with nothing to release takes its place) and back, never copied.
    _modify {
      guard let slot = slot(of: id) else {
        var value: SessionState? = nil
        yield &value
        if let value { append(id, value) }
        return
      }
      var taken = SessionState.placeholder
      swap(&taken, &states[slot])
      var value: SessionState? = consume taken
      defer {
        if let changed = value.take() {
          states[slot] = changed
          noteScene(at: slot)
        } else {
          remove(at: slot)
        }
      }
      yield &value
    }
  }

  /// The slot of session `id`, nil when the trace has not named it.
  package func slot(of id: SessionID) -> Int? {
    if recent >= 0, keys[recent] == id { return recent }
    return slots[id]
  }

  /// Notes that the current event names session `id` (nil: none), so that looking it up again
  /// compares instead of hashing. Adding a session notes it too.
  package mutating func remember(_ id: SessionID?) {
    // Events come in runs on one session (a drag's samples, a scene's lifecycle): when the
    // slot remembered is already this session's, nothing is hashed. An event that names none
    // leaves it, as `slot(of:)` compares before it trusts it.
    guard let id, recent < 0 || keys[recent] != id else { return }
    recent = slots[id] ?? -1
  }

  /// Runs `body` on session `id` where it is stored; nil when the trace has not named it.
  package mutating func update<Result>(
    _ id: SessionID, _ body: (inout SessionState) -> Result
  ) -> Result? {
    guard let slot = slot(of: id) else { return nil }
    defer { noteScene(at: slot) }
    return body(&states[slot])
  }

  /// Runs `body` on the scene of session `id` where it is stored; nil when the trace has not
  /// named it or it has no scene. `body` changes the scene, not whether there is one, so the
  /// slots with a scene are not looked at again: asking cost a copy of the scene (about 600
  /// bytes), twice an event.
  package mutating func updateScene<Result>(
    _ id: SessionID, _ body: (inout SceneState) -> Result
  ) -> Result? {
    guard let slot = slot(of: id) else { return nil }
    return states[slot].scene?.update(body)
  }

  /// Runs `body` on every connected scene where it is stored, in slot order.
  package mutating func updateEachScene(_ body: (inout SceneState) -> Void) {
    // `body` changes scenes, not whether sessions have one: `sceneSlots` stays as it is.
    for slot in sceneSlots.sorted() { states[slot].scene?.update(body) }
  }

  /// The activation state of every connected scene, each read where it is stored, in no order.
  package var sceneActivations: [SceneActivation] {
    sceneSlots.compactMap { states[$0].scene?.state }
  }

  /// What `body` reads of session `id` where it is stored, without copying the session; nil when
  /// the trace has not named it.
  package func read<Result>(_ id: SessionID, _ body: (borrowing SessionState) -> Result)
    -> Result?
  {
    guard let slot = slot(of: id) else { return nil }
    return states.withUnsafeBufferPointer { body($0[slot]) }
  }

  /// The status of session `id`, read where it is stored; nil when the trace has not named it.
  package func status(of id: SessionID) -> SessionStatus? {
    slot(of: id).map { states[$0].status }
  }

  /// The identifiers of the sessions with a connected scene for which `isIncluded` is true, in
  /// slot order; each session is read where it is stored.
  package func keysWithScene(
    where isIncluded: (borrowing SessionState) -> Bool = { _ in true }
  ) -> [SessionID] {
    var found: [SessionID] = []
    states.withUnsafeBufferPointer { states in
      for slot in sceneSlots.sorted() where isIncluded(states[slot]) { found.append(keys[slot]) }
    }
    return found
  }

  /// Keeps `sceneSlots` true of `slot` after its session changed.
  private mutating func noteScene(at slot: Int) {
    // Through a field of the scene: `scene != nil` copies the whole scene to compare it.
    let hasScene = states[slot].scene?.instance != nil
    let position = scenePositions[slot]
    guard hasScene != (position >= 0) else { return }
    if hasScene {
      scenePositions[slot] = sceneSlots.count
      sceneSlots.append(slot)
    } else {
      forgetScene(at: slot)
    }
  }

  /// Takes `slot`, which is in `sceneSlots`, out of it.
  private mutating func forgetScene(at slot: Int) {
    let position = scenePositions[slot]
    let last = sceneSlots.removeLast()
    if last != slot {
      sceneSlots[position] = last
      scenePositions[last] = position
    }
    scenePositions[slot] = -1
  }

  private mutating func append(_ id: SessionID, _ session: SessionState) {
    recent = keys.count
    slots[id] = keys.count
    keys.append(id)
    states.append(session)
    scenePositions.append(-1)
    noteScene(at: keys.count - 1)
  }

  /// Removes the session in `slot`; the last session takes its slot.
  private mutating func remove(at slot: Int) {
    slots[keys[slot]] = nil
    if scenePositions[slot] >= 0 { forgetScene(at: slot) }
    let last = keys.count - 1
    if slot != last {
      keys.swapAt(slot, last)
      states.swapAt(slot, last)
      scenePositions.swapAt(slot, last)
      slots[keys[slot]] = slot
      if scenePositions[slot] >= 0 { sceneSlots[scenePositions[slot]] = slot }
    }
    keys.removeLast()
    states.removeLast()
    scenePositions.removeLast()
    recent = -1
  }
}

extension SessionTable: RandomAccessCollection {
  public typealias Element = (key: SessionID, value: SessionState)

  public var startIndex: Int { 0 }
  public var endIndex: Int { keys.count }

  public subscript(position: Int) -> Element { (keys[position], states[position]) }
}

extension SessionTable: ExpressibleByDictionaryLiteral {
  /// A table of the given sessions; an identifier given twice keeps its last session.
  public init(dictionaryLiteral elements: (SessionID, SessionState)...) {
    for (id, session) in elements { self[id] = session }
  }
}

extension SessionTable: Hashable {
  /// The same sessions under the same identifiers, in any slots.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    guard lhs.count == rhs.count else { return false }
    for (id, session) in lhs where rhs[id] != session { return false }
    return true
  }

  /// Hashes the sessions whatever their slots: each pair's hash, combined in an order-free way.
  public func hash(into hasher: inout Hasher) {
    var combined = 0
    for (id, session) in self {
      var pair = Hasher()
      pair.combine(id)
      pair.combine(session)
      combined ^= pair.finalize()
    }
    hasher.combine(count)
    hasher.combine(combined)
  }
}

extension SessionTable: Codable {
  /// Decodes the table from an object keyed by identifier; the sessions take slots in
  /// identifier order.
  public init(from decoder: any Decoder) throws {
    let sessions = try [SessionID: SessionState](from: decoder)
    for id in sessions.keys.sorted() { self[id] = sessions[id] }
  }

  /// Encodes the table as an object keyed by identifier, as a dictionary encodes.
  public func encode(to encoder: any Encoder) throws {
    try [SessionID: SessionState](uniqueKeysWithValues: self.lazy.map { ($0.key, $0.value) })
      .encode(to: encoder)
  }
}

extension SessionState {
  /// What holds a session's slot while the session is changed outside it: it owns nothing.
  fileprivate static let placeholder = SessionState(status: .configuring)
}
