/// The drags of the current launch, by identifier: what ``TraceState/drags`` holds, with what
/// finds the drag a new session may have been opened by without looking at every drag.
///
/// A new session carrying an activity type is linked to the latest drag carrying that type
/// that is in flight, or ended within a grace period, and has opened no session and been
/// dropped nowhere. Looking through every drag of the launch for it made a long launch
/// quadratic: 2·10^4 drags and then 2·10^4 new windows took 13 s to replay. The table keeps
/// places to look instead: the drags in flight by activity type, and the drags that ended, by
/// time. Entries are checked against the drags when read, so an entry a later change made
/// wrong is skipped (and, among those in flight, dropped); a change that makes a drag a
/// candidate again adds an entry. Equality and coding see the drags alone.
struct DragTable: Hashable, Sendable, Codable {
  /// The drags, by identifier.
  private(set) var records: [DragID: DragState] = [:]
  /// Where to look for the drags a new session may link to; nil until first asked, and again
  /// after the drags were changed as a whole (``TraceState/drags``), so that it is rebuilt.
  private var links: Links?
  /// The drags changed since ``takeChangedDrags()`` last ran, while the table notes them
  /// (``noteChangedDrags()``).
  private var changed = NotedChanges<DragID>()

  /// An empty table.
  init() {}

  /// A table of `records`.
  init(_ records: [DragID: DragState]) {
    self.records = records
  }

  /// The drag `drag`; nil when the launch has none. Setting nil removes it.
  subscript(drag: DragID) -> DragState? {
    get { records[drag] }
    set {
      let old =
        if let newValue { records.updateValue(newValue, forKey: drag) } else {
          records.removeValue(forKey: drag)
        }
      links?.note(drag, from: old, to: newValue)
      changed.note(drag)
    }
  }

  /// The drags, to be changed as a whole: the places to look are built again when next asked,
  /// and every drag before and after is noted as changed.
  var all: [DragID: DragState] {
    get { records }
    _modify {
      links = nil
      noteEveryDrag()
      defer { noteEveryDrag() }
      yield &records
    }
  }

  /// Removes every drag (a new launch), noting each as changed.
  mutating func removeAll() {
    noteEveryDrag()
    records = [:]
    links = nil
  }

  /// Notes every drag as changed, when the table notes changes.
  private mutating func noteEveryDrag() {
    guard changed.isNoting else { return }
    for drag in records.keys { changed.note(drag) }
  }

  /// Starts noting the drags each change to the table changes, for ``takeChangedDrags()``.
  mutating func noteChangedDrags() {
    changed.start()
  }

  /// The drags changed since noting began or this last ran, each once, in no order; none when
  /// the table does not note them. A drag noted may have been set to what it was.
  mutating func takeChangedDrags() -> [DragID] {
    changed.take()
  }

  /// The latest drag that session `id`, new and carrying `activityType` at `now`, was opened
  /// by: one carrying that type, in flight or ended at most `grace` before `now`, that has
  /// opened no session and was dropped nowhere. Nil when there is none, or when a drag has
  /// opened session `id` already.
  mutating func latestDrag(
    opening id: SessionID, carrying activityType: String, at now: TraceTime, grace: TraceTime
  ) -> DragID? {
    if links == nil { links = Links(records) }
    return links!.latestDrag(
      opening: id, carrying: activityType, at: now, grace: grace, in: records)
  }

  static func == (lhs: DragTable, rhs: DragTable) -> Bool { lhs.records == rhs.records }

  func hash(into hasher: inout Hasher) { hasher.combine(records) }

  init(from decoder: any Decoder) throws {
    records = try decoder.singleValueContainer().decode([DragID: DragState].self)
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(records)
  }
}

extension DragTable {
  /// Where a drag that may link to a new session is listed.
  fileprivate enum Place: Equatable {
    /// In flight, carrying this activity type.
    case inFlight(String)
    /// Ended at this time.
    case ended(TraceTime)

    /// Where `drag` is listed; nil when no new session can link to it (it carries no activity
    /// type, opened a session already, was dropped, or ended without a time).
    init?(of drag: DragState?) {
      guard let drag, let activityType = drag.activityType, drag.newSession == nil,
        drag.target == nil
      else { return nil }
      if let endedAt = drag.endedAt {
        self = .ended(endedAt)
      } else if drag.phase == .active {
        self = .inFlight(activityType)
      } else {
        return nil
      }
    }
  }

  /// A drag that ended, listed at its time.
  fileprivate struct Ending: Sendable {
    var time: TraceTime
    var drag: DragID
  }

  /// The places to look for the drags a new session may link to. Every drag a new session can
  /// link to has an entry here; an entry may be out of date.
  fileprivate struct Links: Sendable {
    /// The drags in flight, by the activity type they carry.
    var inFlight: [String: [DragID]] = [:]
    /// The drags that ended, ordered by their time.
    var ended: [Ending] = []
    /// The drags that opened each session.
    var opened: [SessionID: [DragID]] = [:]

    /// The places of every drag of `records`.
    init(_ records: [DragID: DragState]) {
      for (drag, record) in records {
        if let session = record.newSession { opened[session, default: []].append(drag) }
        switch Place(of: record) {
        case .inFlight(let activityType): inFlight[activityType, default: []].append(drag)
        case .ended(let time): ended.append(Ending(time: time, drag: drag))
        case nil: break
        }
      }
      // Sorted once: inserted one by one, in the dictionary's order, each would move the rest.
      ended.sort { $0.time < $1.time }
    }

    /// Lists `drag` where it is to be found after a change from `old` to `new`. Nothing is
    /// listed when its place did not change: it was listed when it came there.
    mutating func note(_ drag: DragID, from old: DragState?, to new: DragState?) {
      if let session = new?.newSession, session != old?.newSession {
        opened[session, default: []].append(drag)
      }
      guard let place = Place(of: new), place != Place(of: old) else { return }
      switch place {
      case .inFlight(let activityType):
        inFlight[activityType, default: []].append(drag)
      case .ended(let time):
        // Drags end in the order of the trace, whose time does not go back: nearly always last.
        let index =
          ended.last.map { $0.time <= time } ?? true
          ? ended.endIndex : ended.partitioningIndex { $0.time > time }
        ended.insert(Ending(time: time, drag: drag), at: index)
      }
    }

    mutating func latestDrag(
      opening id: SessionID, carrying activityType: String, at now: TraceTime, grace: TraceTime,
      in records: [DragID: DragState]
    ) -> DragID? {
      if let openers = opened[id], openers.contains(where: { records[$0]?.newSession == id }) {
        return nil
      }
      var latest: (drag: DragID, began: Int)?
      func consider(_ drag: DragID, _ record: DragState) {
        if latest == nil || record.began > latest!.began { latest = (drag, record.began) }
      }
      // The drags in flight that no longer are, or opened a session or were dropped since, are
      // dropped from the list: a change that makes one a candidate again lists it again.
      inFlight[activityType]?.removeAll { drag in
        guard let record = records[drag], Place(of: record) == .inFlight(activityType) else {
          return true
        }
        consider(drag, record)
        return false
      }
      // Those that ended within `grace` of `now` are the last ones listed.
      let recent = ended.partitioningIndex {
        now.nanoseconds - $0.time.nanoseconds <= grace.nanoseconds
      }
      for ending in ended[recent...] {
        guard let record = records[ending.drag], Place(of: record) == .ended(ending.time),
          record.activityType == activityType
        else { continue }
        consider(ending.drag, record)
      }
      return latest?.drag
    }
  }
}
