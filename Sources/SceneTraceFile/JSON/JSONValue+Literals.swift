// Literals for building JSON in code: `["rule": "lifecycle.order", "seq": 4, "related": []]`.

extension JSONValue: ExpressibleByNilLiteral {
  /// `null`.
  package init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByBooleanLiteral {
  /// `true` or `false`.
  package init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
  /// An integer.
  package init(integerLiteral value: Int) { self = .number(String(value)) }
}

extension JSONValue: ExpressibleByStringLiteral {
  /// A string.
  package init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
  /// An array.
  package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
  /// An object with the literal's members in order; a repeated key keeps its last value.
  package init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(JSONObject(elements))
  }
}
