import SceneTrace

/// The fields of one JSON Lines event, read by type with errors that name the line and field.
///
/// Optional fields may be absent or `null`, which mean the same. Every failure says what was
/// expected and what was found.
struct EventFields {
  /// The event's JSON object.
  let object: JSONObject
  /// The event's wire type, named when a required field is missing.
  let typeName: String
  /// Where the event is, for errors.
  let path: String
  let line: Int

  // MARK: Required fields

  /// A required string.
  func string(_ key: String) throws(TraceError) -> String {
    guard let text = try optionalString(key) else { throw missing(key) }
    return text
  }

  /// A required session identifier.
  func session(_ key: String) throws(TraceError) -> SessionID {
    SessionID(try string(key))
  }

  /// A required number.
  func double(_ key: String) throws(TraceError) -> Double {
    guard let value = try optionalDouble(key) else { throw missing(key) }
    return value
  }

  /// A required integral number.
  func integer(_ key: String) throws(TraceError) -> Int {
    switch try value(key) {
    case .number(let text):
      guard let value = DecimalNumber.exactInteger(text) else {
        throw invalid(key, "expected an integer, found \(text)")
      }
      return value
    case let other: throw wrongKind(key, expected: "an integer", found: other)
    }
  }

  /// A required count: an integer that is not negative.
  func count(_ key: String) throws(TraceError) -> Int {
    let value = try integer(key)
    guard value >= 0 else { throw invalid(key, "expected a count (0 or more), found \(value)") }
    return value
  }

  /// A required boolean.
  func bool(_ key: String) throws(TraceError) -> Bool {
    guard let value = try optionalBool(key) else { throw missing(key) }
    return value
  }

  /// A required array of strings.
  func strings(_ key: String) throws(TraceError) -> [String] {
    guard let values = try optionalStrings(key) else { throw missing(key) }
    return values
  }

  /// A required array of session identifiers.
  func sessions(_ key: String) throws(TraceError) -> [SessionID] {
    try strings(key).map { SessionID($0) }
  }

  /// A required enumerated value; a string this version does not know is kept.
  func enumeration<Value: OpenEnumeration>(_ key: String) throws(TraceError) -> Value {
    Value(rawValue: try string(key))
  }

  // MARK: Optional fields

  /// An optional string.
  func optionalString(_ key: String) throws(TraceError) -> String? {
    switch object[key] {
    case nil, .null: return nil
    case .string(let text): return text
    case let other?: throw wrongKind(key, expected: "a string", found: other)
    }
  }

  /// An optional session identifier.
  func optionalSession(_ key: String) throws(TraceError) -> SessionID? {
    try optionalString(key).map { SessionID($0) }
  }

  /// An optional finite number.
  func optionalDouble(_ key: String) throws(TraceError) -> Double? {
    switch object[key] {
    case nil, .null: return nil
    case .number(let text): return try finite(text, field: key)
    case let other?: throw wrongKind(key, expected: "a number", found: other)
    }
  }

  /// An optional boolean.
  func optionalBool(_ key: String) throws(TraceError) -> Bool? {
    switch object[key] {
    case nil, .null: return nil
    case .bool(let value): return value
    case let other?: throw wrongKind(key, expected: "true or false", found: other)
    }
  }

  /// An optional array of strings.
  func optionalStrings(_ key: String) throws(TraceError) -> [String]? {
    switch object[key] {
    case nil, .null: return nil
    case .array(let elements):
      var strings: [String] = []
      strings.reserveCapacity(elements.count)
      for (index, element) in elements.enumerated() {
        guard case .string(let text) = element else {
          let found = element.kindDescription
          throw invalid(key, "expected an array of strings, found \(found) at index \(index)")
        }
        strings.append(text)
      }
      return strings
    case let other?: throw wrongKind(key, expected: "an array of strings", found: other)
    }
  }

  /// An optional array of session identifiers.
  func optionalSessions(_ key: String) throws(TraceError) -> [SessionID]? {
    try optionalStrings(key)?.map { SessionID($0) }
  }

  /// An optional enumerated value; a string this version does not know is kept.
  func optionalEnumeration<Value: OpenEnumeration>(_ key: String) throws(TraceError) -> Value? {
    try optionalString(key).map(Value.init(rawValue:))
  }

  /// Modifier flags: an array of modifier names, none when absent.
  func modifiers(_ key: String) throws(TraceError) -> ModifierFlags {
    guard let names = try optionalStrings(key) else { return .none }
    return ModifierFlags(names.map(Modifier.init(rawValue:)))
  }

  /// An optional rectangle, `[x, y, width, height]`.
  func optionalRect(_ key: String) throws(TraceError) -> Rect? {
    switch object[key] {
    case nil, .null: return nil
    case .array(let elements):
      guard elements.count == 4 else {
        throw invalid(key, "expected [x, y, width, height], found \(elements.count) elements")
      }
      var numbers: [Double] = []
      for (index, element) in elements.enumerated() {
        guard case .number(let text) = element else {
          let found = element.kindDescription
          throw invalid(key, "expected [x, y, width, height], found \(found) at index \(index)")
        }
        numbers.append(try finite(text, field: key))
      }
      return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    case let other?: throw wrongKind(key, expected: "[x, y, width, height]", found: other)
    }
  }

  // MARK: Errors

  /// The value of a required field: absent and `null` are both missing.
  private func value(_ key: String) throws(TraceError) -> JSONValue {
    guard let value = object[key], value != .null else { throw missing(key) }
    return value
  }

  private func finite(_ text: String, field: String) throws(TraceError) -> Double {
    if let value = DecimalNumber.exactlyRoundedDouble(text) { return value }
    guard let value = Double(text), value.isFinite else {
      throw invalid(field, "expected a number within the range of a Double, found \(text)")
    }
    return value
  }

  func missing(_ key: String) -> TraceError {
    TraceError(
      code: .missingField,
      message: "absent or null, but \"\(typeName)\" events require it",
      path: path, line: line, field: key)
  }

  func invalid(_ key: String, _ message: String) -> TraceError {
    TraceError(code: .invalidValue, message: message, path: path, line: line, field: key)
  }

  private func wrongKind(_ key: String, expected: String, found: JSONValue) -> TraceError {
    invalid(key, "expected \(expected), found \(found.kindDescription)")
  }
}
