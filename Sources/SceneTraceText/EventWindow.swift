import SceneTrace
import SceneTraceFile

/// The events of one trace, read in order from a source a batch at a time and held from the
/// oldest one still asked for: a comparison of two long traces (`BehaviourComparison`) holds the
/// stretch it is comparing, never the traces.
///
/// The number of events is known beforehand (a first pass counted them); a source that ends
/// before it is an error, as the trace changed between the passes. Events past it are not read.
///
/// The events compared may be the recorded ones renamed (the second trace of a comparison,
/// named as the first): the window then holds both, and a report shows them as recorded.
package final class EventWindow {
  /// Events as a source hands them on.
  package struct Batch {
    /// The events as compared.
    package var events: [Event]
    /// The same events as recorded, when they differ from `events`.
    package var recorded: [Event]?

    /// Events compared as recorded, or renamed from `recorded`.
    package init(_ events: [Event], recorded: [Event]? = nil) {
      self.events = events
      self.recorded = recorded
    }
  }

  /// How many events the trace holds.
  package let count: Int
  /// The events from `start` on, as far as they were read; those before `keptFrom` are dropped
  /// when it pays.
  private var held: [Event] = []
  /// The same as recorded, once the source has handed on events whose recorded form differs
  /// (`keepsRecorded`).
  private var recorded: [Event] = []
  private var keepsRecorded = false
  /// The index in the trace of `held`'s first event.
  private var start = 0
  /// No event before this index is asked for again.
  private var keptFrom = 0
  /// The next batch of events, nil at the end.
  private let read: () throws(TraceError) -> Batch?
  /// The trace's name, for an error.
  private let path: String?
  /// Whether ``readToEnd(from:_:)`` read the source past what is held.
  private var isReadPast = false
  /// The most events held at once.
  package private(set) var highWater = 0

  /// The `count` events that `read` hands on, a batch at a time (nil once they have ended), of
  /// the trace at `path`.
  package init(
    count: Int, path: String? = nil, read: @escaping () throws(TraceError) -> Batch?
  ) {
    self.count = count
    self.path = path
    self.read = read
  }

  /// The events of `events`, held whole.
  package convenience init(_ events: [Event]) {
    var rest: Batch? = Batch(events)
    self.init(count: events.count) {
      defer { rest = nil }
      return rest
    }
  }

  /// The event at `index` (below ``count``, and not before what ``release(before:)`` let go),
  /// reading on to it.
  package func event(_ index: Int) throws(TraceError) -> Event {
    precondition(index >= keptFrom && index < count, "event \(index) of \(keptFrom)..<\(count)")
    while index >= start + held.count { try readMore() }
    return held[index - start]
  }

  /// The events of `range` as recorded, read as ``event(_:)`` reads each.
  package func recordedEvents(_ range: Range<Int>) throws(TraceError) -> [Event] {
    guard let last = range.last else { return [] }
    _ = try event(last)
    let stored = (range.lowerBound - start)..<(range.upperBound - start)
    return Array(keepsRecorded ? recorded[stored] : held[stored])
  }

  /// Hands `body` each event from `index` to the end, as compared and as recorded, holding
  /// none it had not read yet: the rest of a trace after the other has ended, which can be as
  /// long as the trace. No event past those held before can be asked for afterwards.
  package func readToEnd(
    from index: Int, _ body: (_ index: Int, _ event: Event, _ recorded: Event) -> Void
  ) throws(TraceError) {
    precondition(index >= keptFrom, "event \(index) was let go")
    var next = index
    while next < start + held.count, next < count {
      let stored = next - start
      body(next, held[stored], keepsRecorded ? recorded[stored] : held[stored])
      next += 1
    }
    while next < count {
      guard let batch = try read() else { throw endedEarly(at: next) }
      for offset in batch.events.indices where next < count {
        body(next, batch.events[offset], batch.recorded?[offset] ?? batch.events[offset])
        next += 1
      }
    }
    isReadPast = true
  }

  /// Lets go of the events before `index`: they are not asked for again.
  package func release(before index: Int) {
    keptFrom = max(keptFrom, min(index, count))
  }

  private func readMore() throws(TraceError) {
    precondition(!isReadPast, "the events past those held were read past")
    guard let batch = try read() else { throw endedEarly(at: start + held.count) }
    // What was let go is dropped once it is half of what is held, so that each event is moved
    // at most once more.
    let dropped = keptFrom - start
    if dropped > 0, dropped >= held.count / 2 {
      let count = min(dropped, held.count)
      held.removeFirst(count)
      if keepsRecorded { recorded.removeFirst(count) }
      start += count
    }
    if let events = batch.recorded {
      if !keepsRecorded {
        // Those held so far were recorded as compared.
        recorded = held
        keepsRecorded = true
      }
      recorded += events
    } else if keepsRecorded {
      recorded += batch.events
    }
    held += batch.events
    highWater = max(highWater, held.count)
  }

  /// The error of a source that ended after `count` events, before ``count``.
  private func endedEarly(at count: Int) -> TraceError {
    .endedBeforeEarlierPass(after: count, expected: self.count, path: path)
  }
}
