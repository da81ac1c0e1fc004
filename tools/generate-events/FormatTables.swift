import EventDescription

/// The format article's tables of event bodies and enumeration numbers, in Markdown.
func formatTables(_ table: [EventTypeDescription]) -> String {
  let rows = table.map { event -> String in
    let layout = FlagLayout(event)
    var flags: [String] = []
    var index = 0
    while index < layout.bits.count {
      let bit = layout.bits[index]
      let name = "`\(bit.field.name)`"
      switch (bit.role, bit.field.kind) {
      case (.present, .bool):
        flags.append("\(bit.number) \(name) present, \(bit.number + 1) its value")
        index += 1
      case (.present, _): flags.append("\(bit.number) \(name)")
      case (.value, _): flags.append("\(bit.number) \(name) (set: true)")
      case (.raw(nil), _): flags.append("\(bit.number) \(name) raw")
      case (.raw(_), _):
        let only = layout.presentBit(bit.field).map { " (only with bit \($0))" } ?? ""
        flags.append(
          "\(bit.number)–\(bit.number + 3) the \(bit.field.name)'s `x`, `y`, width, height "
            + "raw\(only)")
        index += 3
      }
      index += 1
    }
    var body = layout.bits.isEmpty ? [] : ["flags"]
    for field in event.storedFields {
      let stored: String
      switch field.kind {
      case .string, .session, .drag: stored = "`\(field.name)` str"
      case .strings, .sessions: stored = "`\(field.name)` strs"
      case .integer: stored = "`\(field.name)` int"
      case .count: stored = "`\(field.name)` int ≥ 0"
      case .coordinate: stored = "`\(field.name)` coord"
      case .pointerCoordinate: stored = "`\(field.name)` coord (delta)"
      case .bool: continue
      case .enumeration: stored = "`\(field.name)` enum"
      case .modifiers: stored = "`\(field.name)` mods"
      case .rect: stored = "`\(field.name)`: x, y, width, height coords"
      }
      body.append(field.isOmittable ? "[\(stored)]" : stored)
    }
    let bodyText = body.isEmpty ? "(nothing)" : body.joined(separator: ", ")
    let flagText = flags.isEmpty ? "" : " \(flags.joined(separator: ", "))"
    let tag = event.isExtension ? "64, kind \(event.tag)" : "\(event.tag)"
    return "| \(tag) | `\(event.wireName)` |\(flagText) | \(bodyText) |\n"
  }.joined()
  let width = Enumerations.numbered.map(\.values.count).max() ?? 0
  let numbers = (1...width).map(String.init).joined(separator: " | ")
  let enumerationRows = Enumerations.numbered.map { enumeration -> String in
    let cells = (0..<width).map { index in
      index < enumeration.values.count ? " `\(enumeration.values[index])` |" : " |"
    }
    return "| \(enumeration.label) |\(cells.joined())\n"
  }.joined()
  return """
    ### Event bodies

    Fields in the order stored; `[field]` is present only when its flag bit is set. Field names are
    those of the JSON Lines form.

    | tag | type | flags | body |
    | --- | --- | --- | --- |
    \(rows)
    ### Enumerated values

    Value number `c` of each table (1-based). These numbers never change; a value added later is
    stored as its spelling (`c = 0`) until a new major version.

    | field | \(numbers) |
    | --- |\(String(repeating: " --- |", count: width))
    \(enumerationRows)
    """
}
