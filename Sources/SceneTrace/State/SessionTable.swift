/// Every session a trace has named, by identifier: what ``TraceState/sessions`` holds.
///
/// It reads like a dictionary: `sessions["A"]?.scene`, `keys`, `count`, and
/// `for (id, session) in sessions`. Inside, each session has a slot, a dense number given when
/// the trace first names it, and the sessions are stored in an array by slot: one session is
/// stored in one place for the whole replay and changed where it is stored. Connected scenes
/// are stored apart, in an array of their own: a long trace names tens of thousands of sessions
/// whose scenes are gone, and each would otherwise keep room for a scene (about 600 bytes).
///
/// A replay looks the session of each event up many times (its rules each ask for it), so the
/// table remembers the slot of the session the current event names, and a lookup of that
/// session compares identifiers instead of hashing one. Equality and hashing ignore the slots:
/// two tables are equal when they hold the same sessions under the same identifiers.
public struct SessionTable: Sendable {
  /// The identifiers, by slot.
  public private(set) var keys: [SessionID] = []
  /// The sessions without their scenes, by slot.
  private var records: [Record] = []
  /// The slot of each identifier.
  private var slots: [SessionID: Int] = [:]
  /// The slot of a session the current or a recent event named, or -1: see `remember(_:)`.
  private var recent = -1
  /// The connected scenes, in no order: the rules that look at every scene read these rather
  /// than every session the trace has named.
  private var scenes: [SceneState] = []
  /// The slot of the session of each of `scenes`.
  private var sceneSlots: [Int] = []
  /// Where the scene of each slot is in `scenes`, or -1.
  private var scenePositions: [Int] = []
  /// The sessions changed since ``takeChangedSessions()`` last ran, while the table notes them
  /// (``noteChangedSessions()``): what follows a whole map of sessions over a trace (`replay why
  /// FILE sessions`) makes the JSON of these alone after an event, not of every session.
  private var changed = NotedChanges<SessionID>()

  /// An empty table.
  public init() {}

  /// The number of sessions.
  public var count: Int { keys.count }

  /// Whether the trace has named no session.
  public var isEmpty: Bool { keys.isEmpty }

  /// The sessions, in the order of `keys`.
  public var values: [SessionState] { records.indices.map(session(at:)) }

  /// The session named `id`; nil when the trace has not named it. Setting nil removes it.
  public subscript(id: SessionID) -> SessionState? {
    // Not `slot(of: id).map(session(at:))`: the closure copied the table into a context
    // allocated at every call (a third of `replay state`'s cost of reading 10^4 sessions).
    get {
      guard let slot = slot(of: id) else { return nil }
      return session(at: slot)
    }
    set {
      changed.note(id)
      if let slot = slot(of: id) {
        put(newValue, at: slot)
      } else if let newValue {
        append(id, newValue)
      }
    }
    // Changes a stored session where it is stored: it and its scene are moved out of their
    // places (placeholders with nothing to release take them) and back, never copied.
    _modify {
      changed.note(id)
      guard let slot = slot(of: id) else {
        var value: SessionState? = nil
        yield &value
        if let value { append(id, value) }
        return
      }
      var value: SessionState? = take(at: slot)
      defer { put(value, at: slot) }
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
    // The session remembered until now may have had its scene changed where it is stored
    // (``subscript(sceneAt:)``), unnoted: noted as it is let go, so that changes taken after
    // many events miss none.
    if recent >= 0 { changed.note(keys[recent]) }
    recent = slots[id] ?? -1
  }

  /// Runs `body` on the fields of session `id` but its scene, where they are stored; nil when
  /// the trace has not named it. The scene stays in its place: a session moved out whole and
  /// back moved its scene too (about 600 bytes, several times, some 2,500 instructions), and
  /// most changes to a session (its status, role, restoration, when it closed) leave the scene
  /// alone. ``setScene(_:of:)`` changes the scene.
  package mutating func update<Result>(
    _ id: SessionID, _ body: (inout Record) -> Result
  ) -> Result? {
    guard let slot = slot(of: id) else { return nil }
    changed.note(id)
    return body(&records[slot])
  }

  /// Gives session `id` the connected scene `scene`, or takes its scene away (nil); nothing
  /// when the trace has not named the session.
  package mutating func setScene(_ scene: consuming SceneState?, of id: SessionID) {
    guard let slot = slot(of: id) else { return }
    changed.note(id)
    place(scene, at: slot)
  }

  /// Runs `body` on the scene of session `id` where it is stored; nil when the trace has not
  /// named it or it has no scene. `body` changes the scene, not whether there is one.
  package mutating func updateScene<Result>(
    _ id: SessionID, _ body: (inout SceneState) -> Result
  ) -> Result? {
    guard let slot = slot(of: id), scenePositions[slot] >= 0 else { return nil }
    changed.note(id)
    return body(&scenes[scenePositions[slot]])
  }

  /// Where the scene of session `id` is stored, for ``subscript(sceneAt:)``; nil when the trace
  /// has not named the session or it has no scene. Always inlined: as a call, its prologue and
  /// epilogue cost a pointer sample more than the lookup (about 34 instructions).
  @inline(__always)
  package func scenePosition(of id: SessionID) -> Int? {
    guard let slot = slot(of: id), scenePositions[slot] >= 0 else { return nil }
    return scenePositions[slot]
  }

  /// The scene stored at `position` (from ``scenePosition(of:)``), changed where it is stored:
  /// the scene of the session the table remembers (``remember(_:)``), the current event's.
  /// A getter copies the whole scene: read its fields where it is stored, as
  /// ``pointerDrag(at:)`` does.
  ///
  /// No `_read` accessor: built `-O` without whole-module optimization, a field copied out of
  /// a scene it yielded was still read from the accessor's frame after the frame was freed (the
  /// address sanitizer's report, at a pointer drag's check).
  package subscript(sceneAt position: Int) -> SceneState {
    get { scenes[position] }
    _modify {
      // Not noted: a pointer sample changes the scene of the session the current event names,
      // which ``takeChangedSessions()`` counts as changed whatever was noted (asked at every
      // sample, whether the table notes changes cost a drag sample 4 instructions of 166).
      assert(!changed.isNoting || sceneSlots[position] == recent, "a scene not the event's")
      yield &scenes[position]
    }
  }

  /// What a pointer drag's check reads of the scene stored at `position`, copied out of the
  /// array's storage field by field: the drag in flight, the seq it began at, and whether the
  /// trace met the scene mid-life.
  @inline(__always)
  package func pointerDrag(
    at position: Int
  ) -> (drag: PointerDragProgress?, began: Int?, startedMidLife: Bool) {
    (scenes[position].drag, scenes[position].dragBegan, scenes[position].startedMidLife)
  }

  /// Runs `body` on every connected scene where it is stored, in slot order.
  package mutating func updateEachScene(_ body: (inout SceneState) -> Void) {
    for slot in sceneSlots.sorted() {
      changed.note(keys[slot])
      body(&scenes[scenePositions[slot]])
    }
  }

  /// Starts noting the sessions each change to the table changes, for
  /// ``takeChangedSessions()``.
  package mutating func noteChangedSessions() {
    changed.start()
  }

  /// The sessions changed since noting began or this last ran, each once, in no order; none
  /// when the table does not note them. A session noted may have been set to what it was, and
  /// the sessions the table remembered (``remember(_:)``, the events' own) since are always
  /// among them: their scenes are changed where they are stored without being noted
  /// (``subscript(sceneAt:)``).
  package mutating func takeChangedSessions() -> [SessionID] {
    if recent >= 0 { changed.note(keys[recent]) }
    return changed.take()
  }

  /// The activation state of every connected scene, each read where it is stored, in no order.
  package var sceneActivations: [SceneActivation] {
    scenes.indices.compactMap { scenes[$0].state }
  }

  /// What `body` reads of the scene of session `id` where it is stored, without copying the
  /// scene; nil when the trace has not named the session or it has no scene.
  package func readScene<Result>(_ id: SessionID, _ body: (borrowing SceneState) -> Result)
    -> Result?
  {
    guard let slot = slot(of: id), scenePositions[slot] >= 0 else { return nil }
    return scenes.withUnsafeBufferPointer { body($0[scenePositions[slot]]) }
  }

  /// The instance, the activation state and the key window of session `id`'s scene, read where
  /// it is stored; nil when the trace has not named the session or it has no scene. What a
  /// timeline follows of each scene an event names: ``readScene(_:_:)``, called from another
  /// module, is not specialized there, and copied the scene at every read (about 2,000
  /// instructions an event of laying a timeline out).
  package func sceneOutline(
    of id: SessionID
  ) -> (instance: Int, state: SceneActivation?, keyWindow: String?)? {
    readScene(id) { ($0.instance, $0.state, $0.keyWindow) }
  }

  /// The status of session `id`, read where it is stored; nil when the trace has not named it.
  package func status(of id: SessionID) -> SessionStatus? {
    slot(of: id).map { records[$0].status }
  }

  /// Whether session `id` was discarded (false when the trace has not named it): asked of every
  /// event's scene, inlined where it is asked.
  @inline(__always)
  package func isDiscarded(_ id: SessionID) -> Bool {
    guard let slot = slot(of: id) else { return false }
    return records[slot].status == .discarded
  }

  /// The role of session `id`; nil when the trace has not named it or its role is unknown.
  package func role(of id: SessionID) -> SceneRole? {
    slot(of: id).flatMap { records[$0].role }
  }

  /// The identifiers of the sessions whose fields but the scene `isIncluded` is true of, in
  /// slot order; each session is read where it is stored.
  package func keys(where isIncluded: (borrowing Record) -> Bool) -> [SessionID] {
    var found: [SessionID] = []
    records.withUnsafeBufferPointer { records in
      for slot in records.indices where isIncluded(records[slot]) { found.append(keys[slot]) }
    }
    return found
  }

  /// The identifiers of the sessions with a connected scene for which `isIncluded` is true, in
  /// slot order; each scene is read where it is stored.
  package func keysWithScene(
    where isIncluded: (borrowing SceneState) -> Bool = { _ in true }
  ) -> [SessionID] {
    var found: [SessionID] = []
    scenes.withUnsafeBufferPointer { scenes in
      for slot in sceneSlots.sorted() where isIncluded(scenes[scenePositions[slot]]) {
        found.append(keys[slot])
      }
    }
    return found
  }

  /// The session in `slot`, with its scene: a copy.
  private func session(at slot: Int) -> SessionState {
    let position = scenePositions[slot]
    return records[slot].session(scene: position >= 0 ? scenes[position] : nil)
  }

  /// The session in `slot`, with its scene, moved out of their places: placeholders that own
  /// nothing hold them until `put(_:at:)` puts the session back.
  private mutating func take(at slot: Int) -> SessionState {
    var scene: SceneState?
    let position = scenePositions[slot]
    if position >= 0 {
      var taken = SceneState.placeholder
      swap(&taken, &scenes[position])
      scene = consume taken
    }
    var record = Record.placeholder
    swap(&record, &records[slot])
    return record.session(scene: scene)
  }

  /// Stores `session` in `slot`, its scene in its place among the scenes; nil removes it.
  private mutating func put(_ session: consuming SessionState?, at slot: Int) {
    guard var session else { return remove(at: slot) }
    let scene = session.scene.take()
    records[slot] = Record(session)
    place(scene, at: slot)
  }

  /// Makes `scene` (nil: none) the scene of `slot`, in its place among the scenes.
  private mutating func place(_ scene: consuming SceneState?, at slot: Int) {
    let position = scenePositions[slot]
    switch (scene, position >= 0) {
    case (let scene?, true): scenes[position] = scene
    case (let scene?, false): addScene(scene, at: slot)
    case (nil, true): removeScene(at: slot)
    case (nil, false): break
    }
  }

  /// Adds the scene of `slot`, which has none.
  private mutating func addScene(_ scene: SceneState, at slot: Int) {
    scenePositions[slot] = scenes.count
    scenes.append(scene)
    sceneSlots.append(slot)
  }

  /// Removes the scene of `slot`, which has one: the last scene takes its place.
  private mutating func removeScene(at slot: Int) {
    let position = scenePositions[slot]
    let last = scenes.count - 1
    if position != last {
      scenes.swapAt(position, last)
      sceneSlots.swapAt(position, last)
      scenePositions[sceneSlots[position]] = position
    }
    scenes.removeLast()
    sceneSlots.removeLast()
    scenePositions[slot] = -1
  }

  private mutating func append(_ id: SessionID, _ session: consuming SessionState) {
    let slot = keys.count
    recent = slot
    slots[id] = slot
    keys.append(id)
    let scene = session.scene.take()
    records.append(Record(session))
    scenePositions.append(-1)
    if let scene { addScene(scene, at: slot) }
  }

  /// Removes the session in `slot`; the last session takes its slot.
  private mutating func remove(at slot: Int) {
    slots[keys[slot]] = nil
    if scenePositions[slot] >= 0 { removeScene(at: slot) }
    let last = keys.count - 1
    if slot != last {
      keys.swapAt(slot, last)
      records.swapAt(slot, last)
      scenePositions.swapAt(slot, last)
      slots[keys[slot]] = slot
      if scenePositions[slot] >= 0 { sceneSlots[scenePositions[slot]] = slot }
    }
    keys.removeLast()
    records.removeLast()
    scenePositions.removeLast()
    recent = -1
  }
}

extension SessionTable {
  /// What the table stores of a session apart from its scene: every field of ``SessionState``
  /// but `scene` (a test holds the two lists of fields to each other).
  package struct Record: Sendable {
    package var status: SessionStatus
    package var role: SceneRole?
    package var restoration: Restoration?
    package var connections: Int
    package var closedAt: Int?

    /// What holds a session's slot while the session is changed outside it: it owns nothing.
    package static let placeholder = Record(SessionState(status: .configuring))

    /// The fields of `session` but its scene.
    init(_ session: borrowing SessionState) {
      status = session.status
      role = session.role
      restoration = session.restoration
      connections = session.connections
      closedAt = session.closedAt
    }

    /// The session of these fields, with `scene`.
    consuming func session(scene: consuming SceneState?) -> SessionState {
      var session = SessionState(status: status, role: role)
      session.restoration = restoration
      session.connections = connections
      session.closedAt = closedAt
      session.scene = scene
      return session
    }
  }
}

extension SessionTable: RandomAccessCollection {
  public typealias Element = (key: SessionID, value: SessionState)

  public var startIndex: Int { 0 }
  public var endIndex: Int { keys.count }

  public subscript(position: Int) -> Element { (keys[position], session(at: position)) }
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
  /// Decodes the table from an object keyed by identifier, as a dictionary keyed by
  /// ``SessionID`` decodes; the sessions take slots in identifier order. Each session goes
  /// straight into its slot: a dictionary of whole sessions first would hold room for a scene
  /// in every entry (a stored state of 10^5 sessions took 140 MB that way).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: IdentifierKey.self)
    let keys = container.allKeys.map { (id: SessionID($0.stringValue), key: $0) }
    for (id, key) in keys.sorted(by: { $0.id < $1.id }) {
      self[id] = try container.decode(SessionState.self, forKey: key)
    }
  }

  /// Encodes the table as an object keyed by identifier, as a dictionary keyed by
  /// ``SessionID`` encodes, a session at a time in slot order.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: IdentifierKey.self)
    for slot in keys.indices {
      try container.encode(session(at: slot), forKey: IdentifierKey(keys[slot].rawValue))
    }
  }
}

/// An object keyed by identifier, as its `Codable` form; read, the sessions take slots in
/// identifier order, each straight into its slot.
extension SessionTable: StateCodable {
  package static var blank: SessionTable { SessionTable() }

  package mutating func code(with coder: inout some StateCoder) throws(StateCodingError) {
    guard coder.isReading else {
      let order = positionsInScalarOrder(count: keys.count) { keys[$0].rawValue }
      return try coder.writeMembers(order.count) {
        keys[order[$0]].rawValue
      } value: {
        (index, coder) throws(StateCodingError) in
        var session = session(at: order[index])
        try session.code(with: &coder)
      }
    }
    self = SessionTable()
    var inOrder = true
    try coder.readMembers { (key, coder) throws(StateCodingError) in
      var session = SessionState.blank
      try session.code(with: &coder)
      let id = SessionID(key)
      if let last = keys.last, !(last < id) { inOrder = false }
      self[id] = session
    }
    // A canonical text has its keys in identifier order; any other takes slots in that order
    // too, as `Codable` gives them (a repeated key is its last value).
    guard !inOrder else { return }
    let sessions = keys.sorted().map { ($0, self[$0]!) }
    self = SessionTable()
    for (id, session) in sessions { self[id] = session }
  }
}

extension SceneState {
  /// What holds a scene's place while the scene is changed outside it: it owns nothing.
  fileprivate static let placeholder = SceneState(instance: 0, state: nil, connectedAt: 0)
}
