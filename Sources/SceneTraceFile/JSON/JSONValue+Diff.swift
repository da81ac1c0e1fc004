/// One difference between two JSON documents: the value at `path` before and after.
package struct JSONChange: Hashable, Sendable {
  /// Where the documents differ.
  package var path: JSONPath
  /// The value in the first document; nil when it has nothing there.
  package var before: JSONValue?
  /// The value in the second document; nil when it has nothing there.
  package var after: JSONValue?

  /// Creates a change.
  package init(path: JSONPath, before: JSONValue?, after: JSONValue?) {
    self.path = path
    self.before = before
    self.after = after
  }
}

extension JSONValue {
  /// The places where `other` differs from this document, in document order.
  ///
  /// Objects are compared member by member (members only one side has are changes from or to
  /// nothing); arrays, and values of different kinds, are compared whole. Numbers compare by
  /// their text, as the state JSON writes each value one way.
  package func changes(to other: JSONValue) -> [JSONChange] {
    var changes: [JSONChange] = []
    Self.collect(from: self, to: other, at: .root, into: &changes)
    return changes
  }

  private static func collect(
    from old: JSONValue, to new: JSONValue, at path: JSONPath, into changes: inout [JSONChange]
  ) {
    guard case .object(let before) = old, case .object(let after) = new else {
      if old != new { changes.append(JSONChange(path: path, before: old, after: new)) }
      return
    }
    let (afterMembers, beforeMembers) = (MemberLookup(after), MemberLookup(before))
    for (key, value) in before.pairs {
      let child = path.appending(.key(key))
      if let newValue = afterMembers[key] {
        collect(from: value, to: newValue, at: child, into: &changes)
      } else {
        changes.append(JSONChange(path: child, before: value, after: nil))
      }
    }
    for (key, value) in after.pairs where beforeMembers[key] == nil {
      changes.append(JSONChange(path: path.appending(.key(key)), before: nil, after: value))
    }
  }
}

/// Looks the members of an object up as its subscript does, by hashing when it has many: the
/// subscript looks through every key, and a diff of two maps of every session of a long trace
/// looked each session up that way (`replay timeline` of 2·10^4 sessions: 2.9 s).
private struct MemberLookup {
  let object: JSONObject
  /// The positions of each key, ascending; nil for a small object.
  let positions: [String: [Int]]?

  init(_ object: JSONObject) {
    self.object = object
    guard object.count > JSONObject.keysLookedThrough else {
      positions = nil
      return
    }
    var positions: [String: [Int]] = [:]
    for (index, key) in object.keys.enumerated() { positions[key, default: []].append(index) }
    self.positions = positions
  }

  /// The value of `key`: the last member whose key is equal to it and as long in UTF-8.
  subscript(key: String) -> JSONValue? {
    guard let positions else { return object[key] }
    let length = key.utf8.count
    return positions[key]?.last { object.keys[$0].utf8.count == length }.map { object.values[$0] }
  }
}
