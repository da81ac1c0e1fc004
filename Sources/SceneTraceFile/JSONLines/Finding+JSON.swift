import SceneTrace

extension Finding {
  /// The finding as `replay check --json` prints it:
  /// `{"rule", "severity", "seq", "session", "message", "related"}`, `session` null when the
  /// finding is about no one session.
  package var json: JSONValue {
    [
      "rule": .string(rule.rawValue),
      "severity": .string(severity.rawValue),
      "seq": JSONValue(seq),
      "session": JSONValue(session?.rawValue),
      "message": .string(message),
      "related": .array(related.map { JSONValue($0) }),
    ]
  }

  /// The finding's JSON as text, as `replay check --json` prints it: compact, or indented with
  /// `pretty`.
  public func jsonText(pretty: Bool = false) -> String {
    json.serialized(pretty: pretty)
  }
}
