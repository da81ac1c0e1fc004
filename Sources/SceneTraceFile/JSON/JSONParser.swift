import SceneTrace

/// Parsing a whole document into a `JSONValue`, and skimming a line for two of its numbers: the
/// parts of ``JSONParser`` that build values of this module (its reading of strings, numbers and
/// literals is in `SceneTrace`).
extension JSONParser {
  /// Parses one value filling the whole range, whitespace around it allowed.
  ///
  /// With `keys`, a member of the outermost object whose key is not among them is checked but
  /// not kept (its value reads as null): a large field nobody reads costs no memory.
  mutating func parseDocument(keeping keys: JSONKeySet? = nil) throws(JSONSyntaxError)
    -> JSONValue
  {
    skipWhitespace()
    let value: JSONValue
    if let keys, position < end, bytes[position] == UInt8(ascii: "{") {
      value = .object(try parseObject(depth: 1, keeping: keys))
    } else {
      value = try parseValue(depth: 0)
    }
    skipWhitespace()
    if position < end {
      throw failure("unexpected \(describeByte(bytes[position])) after the end of the value")
    }
    return value
  }

  /// Where the numbers of `first` and `second` are in the outermost object, nil for a key it does
  /// not have or whose value is null, read without decoding anything else: for text a strict
  /// parse already found valid. Returns nil, having read nothing that counts, when the bytes are
  /// not one object, a key holds an escape (it might spell one of the two), or one of them has a
  /// value other than a number or null: the caller then parses them. It stops at the second of
  /// the two it finds: valid text repeats no key, and an event line's `"seq"` and `"t"` come
  /// first, so that a skimmed line is not read to its end. (Reading every member, into an array
  /// of strings made for the two, took about 2,600 instructions a line of the mixed session.)
  mutating func numberMembers(
    _ first: StaticString, _ second: StaticString
  ) -> (first: Range<Int>?, second: Range<Int>?)? {
    var found: (first: Range<Int>?, second: Range<Int>?) = (nil, nil)
    var keysLeft = 2
    skipWhitespace()
    guard position < end, bytes[position] == UInt8(ascii: "{") else { return nil }
    position += 1
    while true {
      skipWhitespace()
      guard position < end else { return nil }
      switch bytes[position] {
      case UInt8(ascii: "}"): return found
      case UInt8(ascii: ","):
        position += 1
        continue
      case UInt8(ascii: "\""): break
      default: return nil
      }
      let keyStart = position + 1
      guard skimString(), !bytes[keyStart..<(position - 1)].contains(UInt8(ascii: "\\")) else {
        return nil
      }
      let key = keyStart..<(position - 1)
      skipWhitespace()
      guard position < end, bytes[position] == UInt8(ascii: ":") else { return nil }
      position += 1
      skipWhitespace()
      guard position < end else { return nil }
      let isFirst = spells(first, at: key)
      guard isFirst || spells(second, at: key) else {
        guard skimValue() else { return nil }
        continue
      }
      let valueStart = position
      guard skimValue() else { return nil }
      let value: Range<Int>?
      if spells("null", at: valueStart..<position) {
        value = nil
      } else if bytes[valueStart] == UInt8(ascii: "-")
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[valueStart])
      {
        value = valueStart..<position
      } else {
        return nil
      }
      if isFirst { found.first = value } else { found.second = value }
      keysLeft -= 1
      if keysLeft == 0 { return found }
    }
  }

  /// Whether the bytes of `range` are those of `word`.
  private func spells(_ word: StaticString, at range: Range<Int>) -> Bool {
    word.withUTF8Buffer { spelling in
      guard range.count == spelling.count else { return false }
      for offset in spelling.indices where bytes[range.lowerBound + offset] != spelling[offset] {
        return false
      }
      return true
    }
  }

  /// Moves past the string that starts at `position`; false when it does not end.
  private mutating func skimString() -> Bool {
    position += 1
    while position < end {
      switch bytes[position] {
      case UInt8(ascii: "\\"): position += 2
      case UInt8(ascii: "\""):
        position += 1
        return true
      default: position += 1
      }
    }
    return false
  }

  /// Moves past the value that starts at `position`, strings, arrays and objects nested in it
  /// included; false when it does not end.
  private mutating func skimValue() -> Bool {
    var depth = 0
    while position < end {
      switch bytes[position] {
      case UInt8(ascii: "\""):
        guard skimString() else { return false }
        if depth == 0 { return true }
        continue
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if depth == 0 { return true }
        depth -= 1
        if depth == 0 {
          position += 1
          return true
        }
      case UInt8(ascii: ","), 0x20, 0x09, 0x0A, 0x0D:
        if depth == 0 { return true }
      default: break
      }
      position += 1
    }
    return depth == 0
  }

  // MARK: Values

  mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    skipWhitespace()
    guard position < end else { throw endFailure("a value") }
    switch bytes[position] {
    case UInt8(ascii: "{"): return .object(try parseObject(depth: depth + 1))
    case UInt8(ascii: "["): return .array(try parseArray(depth: depth + 1))
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try parseLiteral("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try parseLiteral("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try parseLiteral("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return .number(try parseNumber())
    default:
      throw unexpected(expecting: "a value")
    }
  }

  private mutating func parseObject(depth: Int, keeping keys: JSONKeySet? = nil)
    throws(JSONSyntaxError) -> JSONObject
  {
    try checkDepth(depth)
    position += 1
    var object = JSONObject(reservingCapacity: 8)
    skipWhitespace()
    if position < end, bytes[position] == UInt8(ascii: "}") {
      position += 1
      return object
    }
    // Whether a key repeats is known without comparing keys when all of them are kept ones.
    var keysSeen = JSONKeySet.Members()
    var repeatsKnownKey = false
    var hasOtherKeys = keys == nil
    while true {
      // A key kept and written without escapes is found by its bytes; any other is read whole.
      var known: String?
      if let keys, let (index, member) = parseKnownMemberKey(keys) {
        known = member
        // Two of the kept keys are told apart by their numbers.
        if !keysSeen.insert(index) { repeatsKnownKey = true }
      }
      let key: String
      if let known {
        key = known
      } else {
        key = try parseMemberKey()
        hasOtherKeys = true
      }
      if let keys, known == nil, !keys.contains(key) {
        try skipValue(depth: depth)
        object.appendUnchecked(key, .null)
      } else {
        object.appendUnchecked(key, try parseValue(depth: depth))
      }
      skipWhitespace()
      guard position < end else { throw endFailure("',' or '}'") }
      switch bytes[position] {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "}"):
        if repeatsKnownKey || hasOtherKeys, let key = object.repeatedKey {
          throw failure("the key \"\(key)\" appears twice in one object")
        }
        position += 1
        return object
      default: throw unexpected(expecting: "',' or '}' after a member")
      }
    }
  }

  private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> [JSONValue] {
    try checkDepth(depth)
    position += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if position < end, bytes[position] == UInt8(ascii: "]") {
      position += 1
      return elements
    }
    while true {
      elements.append(try parseValue(depth: depth))
      skipWhitespace()
      guard position < end else { throw endFailure("',' or ']'") }
      switch bytes[position] {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "]"):
        position += 1
        return elements
      default: throw unexpected(expecting: "',' or ']' after an element")
      }
    }
  }

  /// Reads a member's key and the `:` after it when the key is one of `keys` written without
  /// escapes, and returns the set's own string for it; otherwise reads nothing and returns nil.
  private mutating func parseKnownMemberKey(_ keys: JSONKeySet) -> (index: Int, key: String)? {
    let start = position
    guard let key = parsePlainMemberKey(),
      let member = keys.member(spelled: UnsafeBufferPointer(rebasing: bytes[key]))
    else {
      position = start
      return nil
    }
    return member
  }
}

/// Keys an object's members are kept for, found by their bytes: the parser hands on the set's
/// own string for a key, rather than making and hashing one for every member it reads.
struct JSONKeySet: Sendable {
  /// The keys by their length in UTF-8 bytes and first byte, each with its bytes and number.
  private let buckets: [[(bytes: [UInt8], index: Int, key: String)]]
  private static let longest = 64

  init(_ keys: some Sequence<String>) {
    var buckets = [[(bytes: [UInt8], index: Int, key: String)]](
      repeating: [], count: (Self.longest + 1) << 8)
    for (index, key) in keys.sorted().enumerated() {
      let bytes = Array(key.utf8)
      precondition(!bytes.isEmpty && bytes.count <= Self.longest && index < Members.capacity)
      buckets[Self.bucket(bytes.count, bytes[0])].append((bytes, index, key))
    }
    self.buckets = buckets
  }

  private static func bucket(_ length: Int, _ first: UInt8) -> Int { length << 8 | Int(first) }

  /// Whether `key` is one of the keys.
  func contains(_ key: String) -> Bool {
    var key = key
    return key.withUTF8 { member(spelled: $0) != nil }
  }

  /// The key spelled by `bytes` and its number, nil when there is none.
  func member(spelled bytes: UnsafeBufferPointer<UInt8>) -> (index: Int, key: String)? {
    guard let first = bytes.first, bytes.count <= Self.longest else { return nil }
    for candidate in buckets[Self.bucket(bytes.count, first)] {
      if candidate.bytes.withUnsafeBufferPointer({ $0.elementsEqual(bytes) }) {
        return (candidate.index, candidate.key)
      }
    }
    return nil
  }

  /// A set of the keys' numbers.
  struct Members {
    static let capacity = 128
    private var bits: (UInt64, UInt64) = (0, 0)

    /// Adds `index`; false when it was there.
    mutating func insert(_ index: Int) -> Bool {
      let bit = UInt64(1) << UInt64(index & 63)
      if index < 64 {
        defer { bits.0 |= bit }
        return bits.0 & bit == 0
      }
      defer { bits.1 |= bit }
      return bits.1 & bit == 0
    }
  }
}
