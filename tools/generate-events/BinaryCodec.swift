import EventDescription

/// The encoder's `encodeBody(of:)` for `table`.
func encoderBody(_ table: [EventTypeDescription], _ names: Names) -> String {
  let cases = table.map { event -> String in
    let layout = FlagLayout(event)
    var lines: [String] = []
    for field in event.fields {
      switch field.kind {
      case .coordinate, .pointerCoordinate:
        guard field.presence == .required else { field.unsupported("an optional coordinate") }
        lines.append("let \(field.name)Units = CoordinateGrid.units(of: \(field.name))")
      case .rect:
        lines.append("let \(field.name)Units = CoordinateGrid.units(of: \(field.name))")
      default: break
      }
    }
    if !layout.bits.isEmpty {
      let terms = layout.bits.map { bit -> String in
        let name = bit.field.name
        let condition: String
        switch (bit.role, bit.field.kind, bit.field.presence) {
        case (.present, .modifiers, _): condition = "!\(name).isEmpty"
        case (.present, _, _): condition = "\(name) != nil"
        case (.value, _, .optional): condition = "\(name) == true"
        case (.value, _, _): condition = name
        case (.raw(nil), _, _): condition = "\(name)Units == nil"
        case (.raw(let index?), _, .optional):
          condition = "\(name) != nil && \(name)Units?[\(index)] == nil"
        case (.raw(let index?), _, _): condition = "\(name)Units[\(index)] == nil"
        }
        return "flag(\(bit.number), \(condition))"
      }
      lines.append("output.varint(\(terms.joined(separator: " | ")))")
    }
    let pointer = event.fields.contains {
      if case .pointerCoordinate = $0.kind { true } else { false }
    }
    var placedPointer = false
    for field in event.storedFields {
      let name = field.name
      switch field.kind {
      case .session where pointer:
        lines.append("let sessionIndex = self.session(\(name))")
      case .string, .session: lines.append("self.\(field.kind.encoderCall)(\(name))")
      case .drag:
        lines.append("self.string(\(name)\(field.presence == .optional ? "?" : "").rawValue)")
      case .strings: lines.append("self.strings(\(name))")
      case .sessions: lines.append("self.sessions(\(name))")
      case .integer, .count: lines.append("self.integer(\(name))")
      case .coordinate: lines.append("self.coordinate(\(name), units: \(name)Units)")
      case .pointerCoordinate:
        guard !placedPointer else { continue }
        placedPointer = true
        let axes = event.fields.filter {
          if case .pointerCoordinate = $0.kind { true } else { false }
        }.map(\.name)
        lines.append(
          "self.pointerPosition(x: \(axes[0]), xUnits: \(axes[0])Units, y: \(axes[1]), "
            + "yUnits: \(axes[1])Units, sessionIndex: sessionIndex)")
      case .bool: continue
      case .enumeration(let enumeration):
        lines.append("self.enumeration(\(name), \(enumeration.codesName).self)")
      case .modifiers: lines.append("if !\(name).isEmpty { self.modifiers(\(name)) }")
      case .rect: lines.append("self.rect(\(name), units: \(name)Units)")
      }
    }
    let body = lines.isEmpty ? "break" : lines.joined(separator: "\n")
    return "case \(pattern(event) { _ in true }):\n\(body)\n"
  }.joined()
  return """
    extension EventFrameEncoder {
      /// Writes the body of `payload` after its tag and time delta: its flags word, then its
      /// fields in stored order.
      mutating func encodeBody(of payload: \(names.payload)) {
        switch payload {
        \(cases)
        }
      }
    }

    """
}

extension FieldKind {
  fileprivate var encoderCall: String {
    switch self {
    case .session: "session"
    default: "string"
    }
  }
}

/// The decoder's expression reading `field`.
private func decoderExpression(_ field: FieldDescription, _ layout: FlagLayout) -> String {
  let present = layout.presentBit(field).map { "if: f.has(\($0))" }
  switch (field.kind, present) {
  case (.string, nil): return "try string()"
  case (.string, let present?): return "try string(\(present))"
  case (.session, nil): return "try session()"
  case (.session, let present?): return "try session(\(present))"
  case (.drag, nil): return "DragID(try string())"
  case (.drag, let present?): return "try string(\(present)).map { DragID($0) }"
  case (.strings, nil): return "try strings()"
  case (.strings, let present?): return "try strings(\(present))"
  case (.sessions, nil): return "try sessions() ?? []"
  case (.sessions, let present?): return "try sessions(\(present))"
  case (.integer, nil): return "try integer()"
  case (.count, nil): return "try count()"
  case (.coordinate, nil):
    return "try coordinate(isRaw: f.has(\(layout.rawBit(field) ?? 0))).value"
  case (.bool, let present):
    let value = layout.valueBit(field) ?? 0
    guard present != nil, let bit = layout.presentBit(field) else { return "f.has(\(value))" }
    return "try optionalBool(f, present: \(bit), value: \(value))"
  case (.enumeration(let enumeration), nil):
    return "try enumeration(\(enumeration.codesName).self)"
  case (.enumeration(let enumeration), let present?):
    return "try enumeration(\(enumeration.codesName).self, \(present))"
  case (.modifiers, let present?): return "try modifiers(\(present))"
  case (.rect, let present?):
    return "try rect(\(present), rawFlags: f >> \(layout.rawBit(field) ?? 0))"
  default: field.unsupported("this kind with this presence")
  }
}

/// The statement reading an event's flags, when its layout has any.
private func flagsStatement(_ layout: FlagLayout) -> String? {
  layout.bits.isEmpty ? nil : "let f = try flags(bits: \(layout.bits.count))"
}

/// The raw bits of a pointer sample's x and y, when `event` is one.
private func pointerRawBits(_ event: EventTypeDescription, _ layout: FlagLayout)
  -> (x: Int, y: Int)?
{
  let raws = event.fields.compactMap { field -> Int? in
    guard case .pointerCoordinate = field.kind else { return nil }
    return layout.rawBit(field)
  }
  return raws.count == 2 ? (raws[0], raws[1]) : nil
}

/// The decoder's `decodeBody(of:)` for `table`.
func decoderBody(_ table: [EventTypeDescription], _ names: Names) -> String {
  let cases = table.map { event -> String in
    let layout = FlagLayout(event)
    var lines = flagsStatement(layout).map { [$0] } ?? []
    let pointer = pointerRawBits(event, layout)
    let constructor: String
    if event.fields.isEmpty {
      constructor = ".\(event.caseName)"
    } else if event.storedOrder == nil && pointer == nil {
      let arguments = event.fields.map { "\($0.name): \(decoderExpression($0, layout))" }
      constructor = ".\(event.caseName)(\(arguments.joined(separator: ", ")))"
    } else {
      // Read in stored order into locals, then build the case in field order.
      var values: [String: String] = [:]
      var placedPointer = false
      for field in event.storedFields {
        let local = "stored\(field.name.capitalizedFirst)"
        switch field.kind {
        case .session where pointer != nil:
          lines.append("let \(local) = try sessionEntry()")
          values[field.name] = "\(local).id"
        case .pointerCoordinate:
          values[field.name] = "position.\(placedPointer ? "y" : "x")"
          guard !placedPointer, let raws = pointer else { continue }
          placedPointer = true
          let session = event.fields.first { if case .session = $0.kind { true } else { false } }
          lines.append(
            "let position = try pointerPosition(xIsRaw: f.has(\(raws.x)), "
              + "yIsRaw: f.has(\(raws.y)), "
              + "sessionIndex: stored\((session?.name ?? "session").capitalizedFirst).index)")
        default:
          lines.append("let \(local) = \(decoderExpression(field, layout))")
          values[field.name] = local
        }
      }
      let arguments = event.fields.map { "\($0.name): \(values[$0.name] ?? "")" }
      constructor = ".\(event.caseName)(\(arguments.joined(separator: ", ")))"
    }
    lines.append("return \(constructor)")
    return "case .\(event.caseName):\n\(lines.joined(separator: "\n"))\n"
  }.joined()
  return """
    extension EventFrameDecoder {
      /// Reads the body of an event of `type`, in the order `encodeBody(of:)` writes it.
      mutating func decodeBody(of type: \(names.type)) throws(DecodingFailure) -> \(names.payload) {
        switch type {
        \(cases)
        }
      }
    }

    """
}

/// The decoder's statement reading past `field` without making its value.
private func skipperStatement(_ field: FieldDescription, _ layout: FlagLayout) -> String? {
  let present = layout.presentBit(field).map { "if: f.has(\($0))" } ?? ""
  switch field.kind {
  case .string, .session, .drag: return "try skipString(\(present))"
  case .strings, .sessions: return "try skipStrings(\(present))"
  case .integer, .count: return "try skipNumber()"
  case .coordinate: return "try skipCoordinate(isRaw: f.has(\(layout.rawBit(field) ?? 0)))"
  case .bool: return nil
  case .enumeration: return "try skipEnumeration(\(present))"
  case .modifiers: return "try skipModifiers(\(present))"
  case .rect: return "try skipRect(\(present), rawFlags: f >> \(layout.rawBit(field) ?? 0))"
  case .pointerCoordinate: field.unsupported("a pointer coordinate outside a pointer sample")
  }
}

/// The decoder's `skipBody(of:)` for `table`: each body read past in stored order, its strings
/// joining the frame's table and its pointer sample moving the scene's base as when it is made.
///
/// The body of the event that holds a pointer sample is a function of its own, always inlined,
/// which the case calls: a run of samples read past calls it for each sample, without the switch.
func skipperBody(_ table: [EventTypeDescription], _ names: Names) -> String {
  var sampleSkipper: (event: EventTypeDescription, lines: [String])?
  let cases = table.map { event -> String in
    let layout = FlagLayout(event)
    let pointer = pointerRawBits(event, layout)
    var lines: [String] = []
    var placedPointer = false
    for field in event.storedFields {
      switch field.kind {
      case .session where pointer != nil:
        lines.append("let session = try stringReferenceIndex()")
      case .pointerCoordinate:
        guard !placedPointer, let raws = pointer else { continue }
        placedPointer = true
        lines.append(
          "try skipPointerPosition(xIsRaw: f.has(\(raws.x)), yIsRaw: f.has(\(raws.y)), "
            + "sessionIndex: session)")
      default:
        if let statement = skipperStatement(field, layout) { lines.append(statement) }
      }
    }
    // The flags are read past too; named only when a later statement reads them.
    if let flags = flagsStatement(layout) {
      let named = lines.contains { $0.contains("f.") || $0.contains("f >>") }
      lines.insert(named ? flags : flags.replacingOccurrences(of: "let f", with: "_"), at: 0)
    }
    if lines.isEmpty { lines = ["break"] }
    if pointer != nil {
      if let other = sampleSkipper?.event {
        fatalError("\(event.wireName) and \(other.wireName) both hold a pointer sample")
      }
      sampleSkipper = (event, lines)
      lines = ["try skipPointerSampleBody()"]
    }
    return "case .\(event.caseName):\n\(lines.joined(separator: "\n"))\n"
  }.joined()
  // After `skipBody(of:)`'s closing brace, on lines of its own.
  let sampleFunction =
    sampleSkipper.map { event, lines in
      """


        /// Reads past the body of a `\(event.wireName)` record, as `decodeBody(of:)` reads it:
        /// what `skipBody(of:)` does for one, and what a run of samples read past does for each.
        @inline(__always)
        mutating func skipPointerSampleBody() throws(DecodingFailure) {
          \(lines.joined(separator: "\n"))
        }
      """
    } ?? ""
  return """
    extension EventFrameDecoder {
      /// Reads past the body of an event of `type` without making the event, as
      /// `decodeBody(of:)` reads it: what a frame's later events refer to (its strings, a
      /// pointer sample's position) is kept.
      mutating func skipBody(of type: \(names.type)) throws(DecodingFailure) {
        switch type {
        \(cases)
        }
      }\(sampleFunction)
    }

    """
}

/// `Sources/SceneTraceFile/EventCodec/EventCodes+Tables.swift`: tags and enumeration numbers.
func codesFile(_ table: [EventTypeDescription]) -> String {
  for (index, event) in table.enumerated() where event.tag != index + 1 {
    fatalError("\(event.wireName): tag \(event.tag), but tags must run 1, 2, 3… in table order")
  }
  let types = table.map { ".\($0.caseName)" }.joined(separator: ", ")
  let enumerations = Enumerations.numbered.map { enumeration in
    """
    enum \(enumeration.codesName): EnumerationCodes {
      static let values: [\(enumeration.swiftType)] = [\(
        enumeration.values.map { ".\($0)" }.joined(separator: ", "))]
    }

    """
  }.joined(separator: "\n")
  return """
    import SceneTrace

    extension EventTag {
      /// Every v1 event type; type `types[n - 1]` is numbered `n` (1 to \(table.count)).
      static let types: [EventType] = [\(types)]
      /// The types numbered up to this are written with their number as their record tag; later
      /// ones as extension records (tag 64) with their number as the kind.
      static let lastDirectTag: UInt64 = \(lastDirectTag)
    }

    \(enumerations)
    """
}

/// `EventFrameEncoder+Payload.swift`.
func encoderFile(_ table: [EventTypeDescription]) -> String {
  "import SceneTrace\n\n" + encoderBody(table, .library)
}

/// `EventFrameDecoder+Payload.swift`.
func decoderFile(_ table: [EventTypeDescription]) -> String {
  "import SceneTrace\n\n" + decoderBody(table, .library) + "\n" + skipperBody(table, .library)
}
