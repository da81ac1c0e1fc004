/// What a state's table (or the state, of its shared store) notes of its changes for a reader
/// that follows them (`replay why` of a whole map), once asked to: not part of the value, so
/// that two tables or states are equal and hash alike whatever either has noted.
struct NotedChanges<Key: Hashable & Sendable>: Hashable, Sendable {
  /// The keys noted since the last ``take()``, some more than once; nil until ``start()``.
  private var keys: [Key]?
  /// How many keys ``keys`` may hold before its repeats are dropped: a reader that takes the
  /// changes seldom (`replay diff A B`, across a trace's tail) would otherwise hold one key
  /// for every change of every event since (10^7 events: 14 MB).
  private var limit = 4096

  /// Whether it notes.
  var isNoting: Bool { keys != nil }

  /// Starts noting.
  mutating func start() {
    if keys == nil { keys = [] }
  }

  /// Notes `key`, when noting: only the question is inlined where a table changes (a replay
  /// that notes nothing pays it at each change of a session or drag), the append is not.
  @inline(__always)
  mutating func note(_ key: Key) {
    if _slowPath(keys != nil) { append(key) }
  }

  @inline(never)
  private mutating func append(_ key: Key) {
    keys?.append(key)
    guard (keys?.count ?? 0) >= limit, let noted = keys else { return }
    let distinct = Array(Set(noted))
    keys = distinct
    limit = max(4096, 2 * distinct.count)
  }

  /// The keys noted since noting began or this last ran, each once, in no order.
  mutating func take() -> [Key] {
    guard let noted = keys else { return [] }
    keys = []
    return noted.count > 1 ? Array(Set(noted)) : noted
  }

  static func == (lhs: Self, rhs: Self) -> Bool { true }

  func hash(into hasher: inout Hasher) {}
}

/// What a state notes of its changes and does not code, equate or hash (``NotedChanges``): what a
/// check that a state codes every stored field it has leaves out.
package protocol ChangeNotes {}

extension NotedChanges: ChangeNotes {}
