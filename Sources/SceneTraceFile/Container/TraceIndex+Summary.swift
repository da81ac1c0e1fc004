import SceneTrace

extension TraceIndex {
  /// What the events of a closed file hold as a whole, which the writer works out as it writes
  /// them and stores with the index (format 1.1): what `replay info` prints, without decoding
  /// a frame.
  package struct Summary: Hashable, Sendable {
    /// One `trace.gap` that counts dropped events.
    package struct Drop: Hashable, Sendable {
      /// The `trace.gap` event's seq.
      package var seq: Int
      /// How many events the recorder dropped there (1 or more).
      package var count: Int
    }

    /// How many events of each type; types with no event are left out.
    package var eventsPerType: [EventType: Int] = [:]
    /// How many events of types this version does not know it counts (under record tags that
    /// a later format version gave them).
    package var eventsOfUnknownTypes = 0
    /// How many distinct sessions the events name, in any field.
    package var sessionCount = 0
    /// The first sessions in natural order (`S1`, `S2`, `S10`), at most
    /// ``listedSessionLimit``; all of them when ``sessionCount`` is that many or fewer.
    package var firstSessions: [SessionID] = []
    /// The recorder's drops, in seq order.
    package var drops: [Drop] = []
    /// The bytes of encoded events the frames hold, before compression.
    package var contentByteCount = 0

    /// How many sessions ``firstSessions`` lists at most.
    package static let listedSessionLimit = 16

    /// An empty summary.
    package init() {}

    /// How many events it counts.
    package var eventCount: Int { eventsPerType.values.reduce(eventsOfUnknownTypes, +) }

    /// The summary of `events`, whose frames hold `contentByteCount` bytes of content: what a
    /// writer stores for them.
    package init(of events: some Sequence<Event>, contentByteCount: Int) {
      var tally = SummaryTally()
      for event in events { tally.add(event, tag: EventTag.tag(of: event.type)) }
      tally.contentByteCount = contentByteCount
      self = tally.summary
    }

    /// The first way in which `self`, as stored, differs from `actual`, the summary of the
    /// events, in words; nil when they are equal.
    package func firstDifference(from actual: Summary) -> String? {
      if let type = EventType.allCases.first(where: {
        eventsPerType[$0] != actual.eventsPerType[$0]
      }) {
        return "it counts \(eventsPerType[type] ?? 0) \(type) events, where the file holds "
          + "\(actual.eventsPerType[type] ?? 0)"
      }
      if eventsOfUnknownTypes != actual.eventsOfUnknownTypes {
        return "it counts \(eventsOfUnknownTypes) events of types this version does not know"
      }
      if sessionCount != actual.sessionCount {
        return "it counts \(sessionCount) sessions, where the events name \(actual.sessionCount)"
      }
      if firstSessions != actual.firstSessions {
        return "the first sessions it lists are not those the events name"
      }
      if drops != actual.drops {
        return "it lists \(drops.count) recorder drops, where the file holds \(actual.drops.count)"
      }
      if contentByteCount != actual.contentByteCount {
        return "it counts \(contentByteCount) bytes of encoded events, where the frames hold "
          + "\(actual.contentByteCount)"
      }
      return nil
    }
  }
}

extension TraceIndex.Summary {
  /// Appends the summary's fields to the index record, after the checkpoints.
  func encode(to writer: inout ByteWriter) {
    let counts = eventsPerType.map { (EventTag.tag(of: $0.key), $0.value) }.sorted { $0.0 < $1.0 }
    writer.varint(counts.count)
    for (tag, count) in counts {
      writer.varint(tag)
      writer.varint(count)
    }
    writer.varint(sessionCount)
    writer.varint(firstSessions.count)
    for session in firstSessions { writer.string(session.rawValue) }
    writer.varint(drops.count)
    for drop in drops {
      writer.varint(drop.seq)
      writer.varint(drop.count)
    }
    writer.varint(contentByteCount)
  }

  /// Reads the summary's fields from the index record, after the checkpoints.
  static func decode(_ reader: inout ByteReader) throws(DecodingFailure) -> Self {
    var summary = Self()
    let typeCount = try reader.count()
    var lastTag: UInt64 = 0
    for _ in 0..<typeCount {
      let start = reader.offset
      let tag = try reader.varint()
      guard tag > lastTag else {
        throw .invalid("the summary's event counts are not in tag order", at: start)
      }
      lastTag = tag
      let count = try reader.count()
      if tag <= EventTag.types.count {
        summary.eventsPerType[EventTag.types[Int(tag) - 1]] = count
      } else {
        summary.eventsOfUnknownTypes += count
      }
    }
    summary.sessionCount = try reader.count()
    let listed = try reader.count()
    guard listed <= min(summary.sessionCount, listedSessionLimit) else {
      throw .invalid("the summary lists more sessions than it counts", at: reader.offset)
    }
    for _ in 0..<listed { summary.firstSessions.append(SessionID(try reader.string())) }
    let dropCount = try reader.count()
    for _ in 0..<dropCount {
      summary.drops.append(Drop(seq: try reader.count(), count: try reader.count()))
    }
    summary.contentByteCount = try reader.count()
    return summary
  }
}

/// A summary under construction: the writer adds each event as it encodes it. Adding one costs
/// an array increment, a comparison with the previous event's scene, and a set insertion only
/// when the scene changes.
struct SummaryTally {
  /// Events per record tag.
  private var tagCounts = [Int](repeating: 0, count: Int(EventTag.extensionEvent) + 1)
  private var sessions = Set<SessionID>()
  /// The scene of the last event that had one: most events are in the scene of the one before.
  private var lastScene: SessionID?
  /// The first sessions in natural order, at most ``TraceIndex/Summary/listedSessionLimit``.
  private var firstSessions: [SessionID] = []
  private var drops: [TraceIndex.Summary.Drop] = []
  /// The bytes of content of the frames ended so far.
  var contentByteCount = 0

  /// Counts `event`, whose record tag is `tag`.
  mutating func add(_ event: Event, tag: UInt64) {
    tagCounts[Int(min(tag, EventTag.extensionEvent))] += 1
    if let scene = event.payload.scene {
      // Most events are in the scene of the event before: one comparison, no set insertion.
      if let last = lastScene, last == scene { return }
      lastScene = scene
      note(scene)
    } else {
      for session in event.payload.sessions { note(session) }
      if case .traceGap(let dropped) = event.payload, dropped > 0 {
        drops.append(TraceIndex.Summary.Drop(seq: event.seq, count: dropped))
      }
    }
  }

  private mutating func note(_ session: SessionID) {
    guard sessions.insert(session).inserted else { return }
    let limit = TraceIndex.Summary.listedSessionLimit
    if firstSessions.count == limit, let last = firstSessions.last,
      !session.rawValue.precedesInNaturalOrder(last.rawValue)
    {
      return
    }
    let place = firstSessions.partitioningIndex {
      session.rawValue.precedesInNaturalOrder($0.rawValue)
    }
    firstSessions.insert(session, at: place)
    if firstSessions.count > limit { firstSessions.removeLast() }
  }

  /// What it counted.
  var summary: TraceIndex.Summary {
    var summary = TraceIndex.Summary()
    for (offset, type) in EventTag.types.enumerated() where tagCounts[offset + 1] > 0 {
      summary.eventsPerType[type] = tagCounts[offset + 1]
    }
    summary.sessionCount = sessions.count
    summary.firstSessions = firstSessions
    summary.drops = drops
    summary.contentByteCount = contentByteCount
    return summary
  }
}
