import EventDescription

/// `Sources/SceneTrace/Privacy/Event+Redaction.swift`: the payload with its sensitive fields
/// passed through a function.
func redactionFile(_ table: [EventTypeDescription]) -> String {
  let cases = table.filter { $0.fields.contains { $0.sensitivity != nil } }.map { event in
    let arguments = event.fields.map { field -> String in
      guard let sensitivity = field.sensitivity else { return "\(field.name): \(field.name)" }
      guard case .string = field.kind else {
        fatalError("\(event.wireName).\(field.name): only a string field can be sensitive")
      }
      let kind = "FieldSensitivity.\(sensitivity.rawValue)"
      return field.presence == .optional
        ? "\(field.name): \(field.name).map { redact($0, \(kind)) }"
        : "\(field.name): redact(\(field.name), \(kind))"
    }
    return "case \(pattern(event) { _ in true }):\n"
      + "return .\(event.caseName)(\(arguments.joined(separator: ", ")))\n"
  }.joined()
  return """
    extension Event.Payload {
      /// The payload with each field that may tell about the app's user (the event table marks
      /// them) passed through `redact` with what it holds; every other field as it was.
      package func redacting(_ redact: (String, FieldSensitivity) -> String) -> Event.Payload {
        switch self {
        \(cases)
        default:
          return self
        }
      }
    }

    """
}
