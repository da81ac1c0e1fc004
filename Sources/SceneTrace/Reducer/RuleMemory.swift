#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What the rules remember across the whole trace, beyond the state JSON: part of the state, so
/// a stored state (a checkpoint) replays on exactly like the original.
struct RuleMemory: Hashable, Sendable, Codable {
  /// For each restoration key, the sessions that stored under it and the seq of their latest
  /// store (`restoration.shared-storage`).
  var restorationStores = RestorationStores()
  /// The pairs a pair rule has reported, such as `content.exclusive|A#1|B#1`: a rule about a
  /// pair fires once per pair.
  var reportedPairs = ReportedPairs()
  /// No scene owes a render with a deadline before this time (`shared.stale-render`); nil when
  /// none owes one.
  var renderDeadline: TraceTime?
  /// For each shared key, the values it held, or scenes showed, before its latest write, oldest
  /// first, at most `formerValueLimit` of them: a render of one of these is stale.
  var formerValues: [String: [String]] = [:]

  /// The sessions an `app.discardSessions` named while their scene was connected, with the
  /// seq of that discard (`session.discard-live`), until the scene goes.
  var discardedWhileConnected: [SessionID: Int] = [:]

  /// How many former values of a key are remembered.
  static let formerValueLimit = 16

  /// Remembers that `key` held `value` until a write replaced it.
  mutating func noteFormerValue(_ value: String, of key: String) {
    // The key's values are changed where the dictionary stores them: one lookup, not four.
    Self.note(value, in: &formerValues[key, default: []])
  }

  /// Makes `value` the latest of `values`, each value once, at most `formerValueLimit` of them.
  private static func note(_ value: String, in values: inout [String]) {
    if values.last == value { return }
    values.removeAll { $0 == value }
    values.append(value)
    if values.count > formerValueLimit { values.removeFirst() }
  }

  /// Records that `rule` reported the pair `first`/`second` (in either order); false when it
  /// already had.
  mutating func firstReport(_ rule: RuleID, _ first: String, _ second: String) -> Bool {
    // The entry is joined in one string with room for it, not an array sorted and interpolated.
    let (low, high) =
      second.precedesInScalarOrder(first) ? (second, first) : (first, second)
    var entry = rule.rawValue
    entry.reserveCapacity(entry.utf8.count + low.utf8.count + high.utf8.count + 2)
    entry += "|"
    entry += low
    entry += "|"
    entry += high
    return reportedPairs.entries.insert(entry).inserted
  }

  /// Lowers `renderDeadline` to `deadline` if it is earlier.
  mutating func noteRenderDeadline(_ deadline: TraceTime) {
    renderDeadline = renderDeadline.map { min($0, deadline) } ?? deadline
  }
}

/// The pairs the rules about pairs have reported: a set, coded as a list in scalar order so
/// that a stored state always encodes alike. (Kept as that list, each new pair moved every pair
/// after it: 10^5 pairs cost seconds.)
struct ReportedPairs: Hashable, Sendable, Codable {
  /// The entries, such as `content.exclusive|A#1|B#1`.
  var entries: Set<String> = []

  init() {}

  init(from decoder: any Decoder) throws {
    entries = Set(try decoder.singleValueContainer().decode([String].self))
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(entries.sorted { $0.precedesInScalarOrder($1) })
  }
}

/// A shared value a scene shows an older version of and must render anew
/// (`shared.stale-render`).
struct PendingRender: Hashable, Sendable, Codable {
  /// The value the scene should show: the latest write.
  var value: String
  /// The seq of the first write the scene has not caught up with.
  var firstWrite: Int
  /// When that write happened.
  var writtenAt: TraceTime
  /// The seq of the latest write.
  var latestWrite: Int
  /// The time by which the scene must show `value`; nil while the scene waits, out of the
  /// foreground, to become active.
  var deadline: TraceTime?
  /// The seq of the `didBecomeActive` that started the deadline of a scene that was not on
  /// screen at the write.
  var activatedAt: Int?
}

extension String {
  /// Whether the key holds state that every scene shares and must show alike: every key but
  /// navigation (`nav:`), restoration (`restoration:`) and per-session (`session:<id>/`) state.
  var isSharedAcrossScenes: Bool {
    !hasKeyPrefix("nav:") && !hasKeyPrefix("restoration:") && !hasKeyPrefix("session:")
  }

  /// The session a `session:<id>/…` key belongs to.
  var owningSession: SessionID? {
    guard hasKeyPrefix("session:"), let slash = firstIndex(of: "/") else { return nil }
    let id = self[index(startIndex, offsetBy: "session:".count)..<slash]
    return id.isEmpty ? nil : SessionID(String(id))
  }

  /// Whether the key starts with `prefix`, as `hasPrefix` tells, for a prefix of ASCII letters
  /// and punctuation that no other scalar is canonically equivalent to (none of `K`, `;` and
  /// the backtick). Its bytes are compared; `hasPrefix` is asked only when a scalar that is not
  /// ASCII follows them, which may combine with the prefix's last character. (`hasPrefix`
  /// compares grapheme clusters: about 190 instructions for a key, four times at every
  /// `state.render`.)
  package func hasKeyPrefix(_ prefix: StaticString) -> Bool {
    let matched = withUTF8Bytes { bytes -> Bool? in
      let count = prefix.utf8CodeUnitCount
      guard bytes.count >= count, let start = bytes.baseAddress,
        memcmp(start, prefix.utf8Start, count) == 0
      else { return false }
      return bytes.count == count || bytes[count] < 0x80 ? true : nil
    }
    return matched ?? hasPrefix(prefix.description)
  }
}
