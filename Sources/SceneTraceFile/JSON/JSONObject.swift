/// A JSON object: its members in order, looked up by key.
///
/// Keys are unique: setting a key that exists replaces its value in place. The parser refuses an
/// object with a key repeated.
package struct JSONObject: Hashable, Sendable, ExpressibleByDictionaryLiteral {
  /// The keys, in order.
  package private(set) var keys: [String] = []
  /// The values, in the order of `keys`.
  package private(set) var values: [JSONValue] = []

  /// An empty object.
  package init() {}

  /// An object with `pairs` in order; a repeated key keeps its last value.
  package init(_ pairs: some Sequence<(String, JSONValue)>) {
    // A repeat is looked for among the keys so far, then, past a few, by hashing: a map of
    // every session of a long trace looked through them all for each (10^4 sessions: 5·10^7
    // comparisons for one state JSON).
    var positions: [String: Int]?
    for (key, value) in pairs {
      guard positions != nil || keys.count >= Self.keysLookedThrough else {
        self[key] = value
        continue
      }
      if positions == nil {
        positions = Dictionary(keys.enumerated().map { ($1, $0) }) { first, _ in first }
      }
      if let index = positions?[key] {
        values[index] = value
      } else {
        positions?[key] = keys.count
        keys.append(key)
        values.append(value)
      }
    }
  }

  /// How many keys are looked through for a key before they are hashed: an object being
  /// built, or one a diff reads (`JSONValue.changes(to:)`).
  package static let keysLookedThrough = 16

  /// An object with the literal's members in order; a repeated key keeps its last value.
  package init(dictionaryLiteral elements: (String, JSONValue)...) {
    self.init(elements)
  }

  /// An object whose members are sorted by their keys' Unicode scalar values, the order of every
  /// map in the state JSON.
  package init(sortingKeys pairs: some Sequence<(String, JSONValue)>) {
    self.init(pairs.sorted { $0.0.precedesInScalarOrder($1.0) })
  }

  /// Builds an object from parsed members without checking for repeats; see `repeatedKey`.
  init(uncheckedKeys keys: [String], values: [JSONValue]) {
    self.keys = keys
    self.values = values
  }

  /// The members, in order.
  package var pairs: [(key: String, value: JSONValue)] {
    Array(zip(keys, values))
  }

  /// The number of members.
  package var count: Int { keys.count }

  /// Whether the object has no member.
  package var isEmpty: Bool { keys.isEmpty }

  /// The value of `key`, or nil when the object has no such member. Setting nil removes it.
  package subscript(key: String) -> JSONValue? {
    get {
      // Lengths first: most keys an event's fields are looked up against differ in length, and
      // comparing two strings' lengths costs a fraction of comparing the strings.
      let length = key.utf8.count
      return keys.lastIndex { $0.utf8.count == length && $0 == key }.map { values[$0] }
    }
    set {
      if let index = keys.lastIndex(of: key) {
        if let newValue {
          values[index] = newValue
        } else {
          keys.remove(at: index)
          values.remove(at: index)
        }
      } else if let newValue {
        keys.append(key)
        values.append(newValue)
      }
    }
  }

  /// An empty object with room for `capacity` members.
  init(reservingCapacity capacity: Int) {
    keys.reserveCapacity(capacity)
    values.reserveCapacity(capacity)
  }

  /// Appends a member without checking whether the key exists.
  mutating func appendUnchecked(_ key: String, _ value: JSONValue) {
    keys.append(key)
    values.append(value)
  }

  /// The first key that occurs more than once, if any: a parsed object with one is refused, since
  /// which of its values was meant cannot be told.
  var repeatedKey: String? {
    guard keys.count > 1 else { return nil }
    if keys.count <= 16 {
      for first in keys.indices {
        for second in keys.indices
        where second > first && keys[first].utf8.count == keys[second].utf8.count
          && keys[first] == keys[second]
        {
          return keys[first]
        }
      }
      return nil
    }
    var seen = Set<String>()
    return keys.first { !seen.insert($0).inserted }
  }
}
