import EventDescription

/// The JSON Lines writer's `export(to:)` and reader's `init(type:fields:)` for `table`.
func jsonCodec(_ table: [EventTypeDescription], _ names: Names) -> String {
  let exports = table.map { event -> String in
    let adds = event.fields.map { field -> String in
      switch (field.kind, field.presence) {
      case (.drag, .optional): "f.add(\"\(field.name)\", \(field.name)?.rawValue)"
      case (.drag, _): "f.add(\"\(field.name)\", \(field.name).rawValue)"
      default: "f.add(\"\(field.name)\", \(field.name))"
      }
    }
    let body = adds.isEmpty ? "break" : adds.joined(separator: "\n")
    return "case \(pattern(event) { _ in true }):\n\(body)\n"
  }.joined()
  let reads = table.map { event -> String in
    guard !event.fields.isEmpty else {
      return "case .\(event.caseName):\nself = .\(event.caseName)\n"
    }
    let arguments = event.fields.map { "\($0.name): \(jsonExpression($0))" }
    return
      "case .\(event.caseName):\nself = .\(event.caseName)(\(arguments.joined(separator: ", ")))\n"
  }.joined()
  let keys = Set(table.flatMap { $0.fields.map(\.name) }).sorted().map { "\"\($0)\"" }
  return """
    extension \(names.payload) {
      /// The key of every field of every event type: the members of an event line a reader keeps.
      static let fieldKeys: Set<String> = [\(keys.joined(separator: ", "))]

      /// Adds the payload's present fields to `f` in the order of the event table.
      func export(to f: inout some EventFieldWriter) {
        switch self {
        \(exports)
        }
      }

      /// Reads the fields of an event of `type`, as the event table lists them.
      init(type: \(names.type), fields f: EventFields) throws(TraceError) {
        switch type {
        \(reads)
        }
      }
    }

    """
}

/// The reader's expression for `field`.
private func jsonExpression(_ field: FieldDescription) -> String {
  let key = "\"\(field.name)\""
  switch (field.kind, field.presence) {
  case (.string, .required): return "try f.string(\(key))"
  case (.string, .optional): return "try f.optionalString(\(key))"
  case (.session, .required): return "try f.session(\(key))"
  case (.session, .optional): return "try f.optionalSession(\(key))"
  case (.drag, .required): return "DragID(try f.string(\(key)))"
  case (.drag, .optional): return "try f.optionalString(\(key)).map { DragID($0) }"
  case (.strings, .required): return "try f.strings(\(key))"
  case (.strings, .optional): return "try f.optionalStrings(\(key))"
  case (.sessions, .required): return "try f.sessions(\(key))"
  case (.sessions, .optional): return "try f.optionalSessions(\(key))"
  case (.integer, .required): return "try f.integer(\(key))"
  case (.count, .required): return "try f.count(\(key))"
  case (.coordinate, .required), (.pointerCoordinate, .required): return "try f.double(\(key))"
  case (.bool, .required): return "try f.bool(\(key))"
  case (.bool, .optional): return "try f.optionalBool(\(key))"
  case (.enumeration, .required): return "try f.enumeration(\(key))"
  case (.enumeration, .optional): return "try f.optionalEnumeration(\(key))"
  case (.modifiers, .defaulted): return "try f.modifiers(\(key))"
  case (.rect, .optional): return "try f.optionalRect(\(key))"
  default: field.unsupported("this kind with this presence in JSON")
  }
}

/// `Sources/SceneTraceFile/JSONLines/Event+JSONFields.swift`.
func jsonFile(_ table: [EventTypeDescription]) -> String {
  "import SceneTrace\n\n" + jsonCodec(table, .library)
}
