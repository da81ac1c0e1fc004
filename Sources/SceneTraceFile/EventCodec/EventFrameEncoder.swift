import SceneTrace

/// Encodes the events of one frame: the frame's content, before compression.
///
/// Everything a frame needs to decode is inside it: its first seq, its own string table and its
/// own delta bases (time starts from 0, pointer samples from (0, 0) for every scene). The layout
/// is specified in the "The .sctrace format" article.
struct EventFrameEncoder {
  /// The content kind of an event frame, its first byte.
  static let contentKind: UInt8 = 1

  /// The content encoded and not yet taken with ``takeBytes()``.
  var output = ByteWriter(reservingCapacity: 1 << 16)
  /// How many bytes of content the frame holds so far, taken or not.
  private(set) var contentSize = 0
  /// How many events the frame holds.
  private(set) var eventCount = 0
  /// The seq of the first event of the frame.
  let firstSeq: Int
  /// The seq of the last event encoded.
  private(set) var lastSeq: Int
  /// The time of the first and the last event encoded.
  private(set) var firstTime: TraceTime?
  private(set) var lastTime = TraceTime.zero

  private var strings: [ExactString: Int] = [:]
  /// The table entry of each session identifier written so far, by its number: found without
  /// hashing its spelling (a UUID from UIKit has 36 bytes).
  private var sessionEntries: [UInt32: Int] = [:]
  /// Whether the body being written is an extension record's, whose strings stay out of the table.
  private var isInExtensionBody = false
  /// The last on-grid pointer position of each scene, by the string index of its session.
  private var pointerBases = PointerBases()

  /// Starts a frame whose first event has seq `firstSeq`.
  init(firstSeq: Int) {
    self.firstSeq = firstSeq
    lastSeq = firstSeq - 1
    output.byte(Self.contentKind)
    output.varint(firstSeq)
  }

  /// Hands over the bytes encoded since the last call; the frame goes on.
  mutating func takeBytes() -> [UInt8] {
    contentSize += output.count
    defer { output.bytes.removeAll(keepingCapacity: true) }
    return output.bytes
  }

  /// The frame's size so far, taken or not.
  var size: Int { contentSize + output.count }

  /// Appends `event`, whose seq must be above the previous one's and whose time must not be
  /// earlier (the writer checks both), and returns its record tag.
  @discardableResult
  mutating func encode(_ event: Event) -> UInt64 {
    if event.seq > lastSeq + 1 {
      output.varint(EventTag.seqSkip)
      output.varint(event.seq - lastSeq - 1)
    }
    let tag = EventTag.tag(of: event.type)
    let delta = UInt64(event.time.nanoseconds - lastTime.nanoseconds)
    if tag <= EventTag.lastDirectTag {
      output.varint(tag)
      output.varint(delta)
      encodeBody(of: event.payload)
    } else {
      output.varint(EventTag.extensionEvent)
      output.varint(delta)
      output.varint(tag)
      encodeExtensionBody(of: event.payload)
    }
    lastSeq = event.seq
    lastTime = event.time
    if firstTime == nil { firstTime = event.time }
    eventCount += 1
    return tag
  }

  /// Writes the body of an event of a type added after 1.0 as its length and its bytes, so that
  /// earlier readers can skip it. Its new strings are written in place and do not join the
  /// frame's table: a reader that skips the record keeps the same table as one that reads it.
  private mutating func encodeExtensionBody(of payload: Event.Payload) {
    let frame = output
    output = ByteWriter(reservingCapacity: 64)
    isInExtensionBody = true
    encodeBody(of: payload)
    isInExtensionBody = false
    let body = output.bytes
    output = frame
    output.varint(body.count)
    output.append(body)
  }

  // MARK: Fields

  /// A string reference: `n + 1` for entry n of the frame's table, or 0 and the string itself,
  /// which becomes the next entry (except in an extension record's body). Returns the entry's
  /// index, or -1 for a string written in place in an extension body.
  @discardableResult
  mutating func string(_ value: String) -> Int {
    let key = ExactString(value)
    if let index = strings[key] {
      output.varint(index + 1)
      return index
    }
    if isInExtensionBody {
      output.varint(0)
      output.string(value)
      return -1
    }
    let index = strings.count
    strings[key] = index
    output.varint(0)
    output.string(value)
    return index
  }

  mutating func string(_ value: String?) {
    if let value { string(value) }
  }

  /// A session identifier's string reference; returns its entry's index as ``string(_:)``
  /// does.
  @discardableResult
  mutating func session(_ value: SessionID) -> Int {
    if let index = sessionEntries[value.number] {
      output.varint(index + 1)
      return index
    }
    let index = string(value.rawValue)
    if index >= 0 { sessionEntries[value.number] = index }
    return index
  }

  mutating func session(_ value: SessionID?) {
    if let value { session(value) }
  }

  /// A count, then that many string references.
  mutating func strings(_ values: [String]?) {
    guard let values else { return }
    output.varint(values.count)
    for value in values { string(value) }
  }

  mutating func sessions(_ values: [SessionID]?) {
    guard let values else { return }
    output.varint(values.count)
    for value in values { session(value) }
  }

  /// An enumerated value: its number, or 0 and its spelling.
  mutating func enumeration<Codes: EnumerationCodes>(_ value: Codes.Value?, _ codes: Codes.Type) {
    guard let value else { return }
    let code = Codes.code(of: value)
    output.varint(code)
    if code == 0 { string(value.rawValue) }
  }

  /// Modifier flags: the word of recognized bits and the count of others, then the others.
  mutating func modifiers(_ flags: ModifierFlags) {
    // The file's bits are the model's (`ModifierBits`).
    let others = flags.unrecognizedMembers
    output.varint(UInt64(flags.recognizedBits) | UInt64(others.count) << 6)
    for other in others { string(other.rawValue) }
  }

  mutating func integer(_ value: Int) {
    output.zigzag(Int64(value))
  }

  /// A coordinate on the grid as the zigzag of its units, or off it as its raw bits: the caller
  /// has put `units` (nil: off the grid) in the event's flags.
  mutating func coordinate(_ value: Double, units: Int64?, base: Int64 = 0) {
    if let units {
      output.zigzag(units &- base)
    } else {
      output.uint64(value.bitPattern)
    }
  }

  /// A rectangle's x, y, width and height as coordinates, when there is one: the caller has put
  /// `units` (from `CoordinateGrid.units(of:)`) in the event's flags.
  mutating func rect(_ rect: Rect?, units: [Int64?]?) {
    guard let rect, let units else { return }
    coordinate(rect.x, units: units[0])
    coordinate(rect.y, units: units[1])
    coordinate(rect.width, units: units[2])
    coordinate(rect.height, units: units[3])
  }

  /// A pointer sample's x and y, delta-coded against the scene's previous on-grid sample.
  mutating func pointerPosition(
    x: Double, xUnits: Int64?, y: Double, yUnits: Int64?, sessionIndex: Int
  ) {
    var base = pointerBases[sessionIndex]
    coordinate(x, units: xUnits, base: base.x)
    coordinate(y, units: yUnits, base: base.y)
    if let xUnits { base.x = xUnits }
    if let yUnits { base.y = yUnits }
    pointerBases[sessionIndex] = base
  }
}

/// Bit `n` of a flags word, set when `condition` holds.
func flag(_ bit: Int, _ condition: Bool) -> UInt64 {
  condition ? 1 << UInt64(bit) : 0
}
