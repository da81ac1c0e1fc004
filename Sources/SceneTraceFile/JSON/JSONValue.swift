import SceneTrace

/// A JSON value as read or about to be written.
///
/// Numbers keep their literal text, so reading and writing them loses nothing: a time of
/// `1.0000000005` stays exactly that until it is converted to nanoseconds digit by digit.
package enum JSONValue: Hashable, Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number, as its JSON text (such as `-12.5e3`).
  case number(String)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object, its members in order.
  case object(JSONObject)
}

extension JSONValue {
  /// An integer.
  package init(_ value: Int) {
    self = .number(String(value))
  }

  /// A number written as the shortest text that reads back exactly (`12`, `0.1`, `1e+300`).
  ///
  /// JSON has no infinities and no NaN: a value that is not finite is written as `null`.
  package init(_ value: Double) {
    self = value.isFinite ? .number(value.compactDescription) : .null
  }

  /// A time, as seconds exact to the nanosecond (`3.25`).
  package init(_ time: TraceTime) {
    self = .number(time.description)
  }

  /// A string, or `null` when `value` is nil.
  package init(_ value: String?) {
    self = value.map(JSONValue.string) ?? .null
  }

  /// An array of strings.
  package init(_ values: [String]) {
    self = .array(values.map(JSONValue.string))
  }

  /// The kind of value with its article, as error messages name it: `a string`, `null`.
  package var kindDescription: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}
