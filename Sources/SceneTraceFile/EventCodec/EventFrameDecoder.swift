import SceneTrace

/// Decodes the content of one event frame back into exactly the events that were encoded.
///
/// Decoding stops at the first record it cannot read and keeps every event before it. Records
/// are self-delimiting, so content cut anywhere (a frame whose last blocks never reached the
/// disk) ends in the middle of a record: that is reported as end of data, never taken for an
/// event.
struct EventFrameDecoder {
  /// What a frame's content gave.
  struct Result<Events: DecodedEvents> {
    /// The events, in order.
    var events = Events()
    /// The seq of the first event, from the frame's preamble (nil when the content is too short).
    var firstSeq: Int?
    /// The seq of the last event read, skipped events included.
    var lastSeq = 0
    /// One warning per event of a later format version that was skipped (read leniently).
    var warnings: [String] = []
    /// The seqs of the events skipped.
    var skippedSeqs: [Int] = []
    /// An event of a later format version met while not reading leniently: its seq and kind.
    var unknownExtension: (seq: Int, kind: UInt64)?
    /// Why decoding stopped before the end of the content, if it did.
    var failure: DecodingFailure?
  }

  var reader: ByteReader
  /// The frame's string table.
  private var table: [String] = []
  /// The session identifier of each entry of `table` read as one so far: an identifier is
  /// numbered once a frame, not once an event (numbering hashes its spelling under a lock).
  private var sessionIDs: [SessionID?] = []
  private var pointerBases = PointerBases()
  /// Whether the body being read is an extension record's, whose strings stay out of the table.
  private var isInExtensionBody = false
  private var time: Int64 = 0
  private var nextSeq = 1

  /// A decoder at the start of `bytes`, which must outlive it.
  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    reader = ByteReader(bytes)
  }

  /// Decodes `content`; `lenient` skips events of later format versions with a warning.
  static func decode(_ content: [UInt8], lenient: Bool) -> Result<[Event]> {
    decode(content, lenient: lenient, into: [Event].self)
  }

  /// Decodes `content` into `Events`, up to the event at `lastSeq` (the whole frame unless it
  /// says otherwise); `lenient` skips events of later format versions with a warning.
  static func decode<Events: DecodedEvents>(
    _ content: [UInt8], lenient: Bool, through lastSeq: Int = .max, into events: Events.Type
  ) -> Result<Events> {
    var every = EveryEvent(through: lastSeq)
    return decode(content, lenient: lenient, selecting: &every, into: events)
  }

  /// Decodes the events of `content` that `selection` selects, and reads past the others
  /// without making them, up to the selection's last seq: ``Result/events`` holds the selected
  /// ones, and the rest of the result is that of the content up to there.
  static func decode<Selection: EventSelection>(
    _ content: [UInt8], lenient: Bool, selecting selection: inout Selection
  ) -> Result<[Event]> {
    decode(content, lenient: lenient, selecting: &selection, into: [Event].self)
  }

  /// ``decode(_:lenient:selecting:)`` into `Events`.
  static func decode<Selection: EventSelection, Events: DecodedEvents>(
    _ content: [UInt8], lenient: Bool, selecting selection: inout Selection,
    into: Events.Type
  ) -> Result<Events> {
    content.withUnsafeBufferPointer { bytes in
      var decoder = EventFrameDecoder(bytes)
      var result = Result<Events>()
      do throws(DecodingFailure) {
        try decoder.decodeAll(into: &result, lenient: lenient, selecting: &selection)
      } catch {
        result.failure = error
      }
      return result
    }
  }

  private mutating func decodeAll<Selection: EventSelection, Events: DecodedEvents>(
    into result: inout Result<Events>, lenient: Bool, selecting selection: inout Selection
  ) throws(DecodingFailure) {
    let kind = try reader.byte()
    guard kind == EventFrameEncoder.contentKind else {
      throw .invalid("the frame's content kind is \(kind), not 1 (events)", at: 0)
    }
    let first = try reader.count()
    guard first >= 1 else { throw .invalid("the frame's first seq is 0", at: 1) }
    nextSeq = first
    result.firstSeq = first
    result.lastSeq = first - 1
    if Selection.selectsEvery {
      result.events.reserveCapacity(min(reader.remaining / 3, 1 << 14))
    }
    while !reader.isAtEnd, nextSeq <= selection.lastSeq {
      let start = reader.offset
      let tag = try reader.varint()
      switch tag {
      case EventTag.seqSkip:
        let skip = try reader.count()
        guard skip >= 1, nextSeq <= Int.max - skip else {
          throw .invalid("a seq skip of \(skip) is impossible here", at: start)
        }
        nextSeq += skip
        continue
      case EventTag.extensionEvent:
        try advanceTime(at: start)
        let kind = try reader.varint()
        let length = try reader.count()
        let isKnown = kind > EventTag.lastDirectTag && kind <= EventTag.types.count
        if isKnown, selection.selects(nextSeq) {
          let type = EventTag.types[Int(kind - 1)]
          let payload = try decodeExtensionBody(of: type, length: length, at: start)
          result.events.append(seq: nextSeq, time: TraceTime(nanoseconds: time), payload)
          break
        }
        // Its strings are written in place, outside the table: nothing to keep of its body.
        _ = try reader.bytes(length)
        if isKnown { break }
        if !lenient {
          result.unknownExtension = (nextSeq, kind)
          return
        }
        result.warnings.append(
          "seq \(nextSeq): skipped an event of a type this version does not know (extension "
            + "kind \(kind), from a newer recorder)")
        result.skippedSeqs.append(nextSeq)
      case 1...EventTag.lastDirectTag:
        let type = EventTag.types[Int(tag - 1)]
        try advanceTime(at: start)
        if selection.selects(nextSeq) {
          if Events.holdsPointerSamples, type == .pointerDrag,
            try appendPointerSample(seq: nextSeq, to: &result.events)
          {
            // Appended as the plain values it is, and the samples after it with it.
            if Selection.selectsEvery {
              try appendSamplesThatFollow(into: &result, through: selection.lastSeq)
            }
          } else {
            let payload = try decodeBody(of: type)
            result.events.append(seq: nextSeq, time: TraceTime(nanoseconds: time), payload)
          }
        } else if type == .pointerDrag {
          // Read past with the samples after it that are not selected either, in a loop of
          // their own: a report's second reading reads past most of a frame's samples.
          try skipPointerSampleBody()
          try skipSamplesThatFollow(into: &result, selecting: &selection)
        } else {
          try skipBody(of: type)
        }
      default:
        throw .invalid("unknown record tag \(tag)", at: start)
      }
      result.lastSeq = nextSeq
      // An event at the largest seq may end the content; only one after it is impossible.
      guard nextSeq < Int.max || reader.isAtEnd else {
        throw .invalid("seq overflows", at: reader.offset)
      }
      nextSeq &+= 1
    }
  }

  /// The tag of a `pointer.drag` record, one byte.
  private static let pointerDragTag = UInt8(EventTag.tag(of: .pointerDrag))

  /// Appends the records that follow a pointer sample while they are pointer samples too (up
  /// to `lastSeq`), in a loop of their own: most of a trace's records are samples, and read one
  /// by one each paid the frame's loop, the tag's decoding and its switch. The first record
  /// that is not a plain sample is left to that loop, the reader and the time where they were
  /// before it, as is the sample read last (its seq is `nextSeq`), for the loop's own end.
  @inline(__always)
  private mutating func appendSamplesThatFollow<Events: DecodedEvents>(
    into result: inout Result<Events>, through lastSeq: Int
  ) throws(DecodingFailure) {
    let tag = Self.pointerDragTag
    // As the frame's loop asks before a record, and its overflow check after one.
    while nextSeq < lastSeq, reader.offset < reader.bytes.count,
      reader.bytes[reader.offset] == tag
    {
      // The sample before is read whole: a failure in this one keeps it.
      result.lastSeq = nextSeq
      let start = reader.offset
      let timeBefore = time
      reader.offset += 1
      try advanceTime(at: start)
      guard try appendPointerSample(seq: nextSeq + 1, to: &result.events) else {
        reader.offset = start
        time = timeBefore
        return
      }
      nextSeq += 1
    }
  }

  /// Reads past the records that follow a `pointer.drag` record read past, while they are
  /// `pointer.drag` records the selection does not select (up to its last seq), as
  /// `decodeAll` would one by one; the first other record is left to that loop, as is the
  /// record read last (its seq is `nextSeq`). Each one read by the frame's loop paid the tag's
  /// decoding, its switch and `skipBody(of:)`'s: about 250 instructions a sample.
  @inline(__always)
  private mutating func skipSamplesThatFollow<Selection: EventSelection, Events: DecodedEvents>(
    into result: inout Result<Events>, selecting selection: inout Selection
  ) throws(DecodingFailure) {
    let tag = Self.pointerDragTag
    // The last seq to read past: the one before the next the selection may select.
    let last = Swift.min(selection.lastSeq, selection.nextSelected(after: nextSeq) - 1)
    while nextSeq < last, reader.offset < reader.bytes.count, reader.bytes[reader.offset] == tag {
      // The record before is read whole: a failure in this one keeps it.
      result.lastSeq = nextSeq
      let start = reader.offset
      reader.offset += 1
      try advanceTime(at: start)
      try skipPointerSampleBody()
      nextSeq += 1
    }
  }

  /// Reads the body of an extension record of a known type, which must take exactly `length`
  /// bytes; its strings written in place do not join the frame's table.
  private mutating func decodeExtensionBody(of type: EventType, length: Int, at start: Int)
    throws(DecodingFailure) -> Event.Payload
  {
    guard length <= reader.remaining else { throw .endOfData(at: reader.bytes.count) }
    let end = reader.offset + length
    isInExtensionBody = true
    defer { isInExtensionBody = false }
    let payload = try decodeBody(of: type)
    guard reader.offset == end else {
      throw .invalid(
        "a \(type) record says its body takes \(length) bytes, but it takes "
          + "\(reader.offset - (end - length))",
        at: start)
    }
    return payload
  }

  @inline(__always)
  private mutating func advanceTime(at start: Int) throws(DecodingFailure) {
    let delta = try reader.varint()
    guard delta <= UInt64(Int64.max - time) else {
      throw .invalid("the time goes past the latest time a trace can hold", at: start)
    }
    time += Int64(delta)
  }

  // MARK: Fields
  //
  // The readers an event's body calls at nearly every event (its flags, an optional string,
  // enumeration or modifiers, a coordinate) are inlined: called, each cost 15 to 40
  // instructions of call and typed-error check, a fifth of the decoder. The enumeration itself
  // is not: inlined at each of its uses it cost more than its call.

  /// The flags word of an event whose flags use `bits` bits; other bits set are damage.
  @inline(__always)
  mutating func flags(bits: Int) throws(DecodingFailure) -> UInt64 {
    let start = reader.offset
    let word = try reader.varint()
    guard word >> UInt64(bits) == 0 else {
      throw .invalid("the event's flags set bits this version does not know", at: start)
    }
    return word
  }

  /// A string reference, with the index of its table entry.
  mutating func stringEntry() throws(DecodingFailure) -> (value: String, index: Int) {
    let (index, new) = try stringReference()
    return (new ?? table[index], index)
  }

  /// A string reference: the index of its table entry (-1 for a string written in place in an
  /// extension record's body), and the string when the reference writes it rather than
  /// pointing back to it.
  private mutating func stringReference() throws(DecodingFailure) -> (index: Int, new: String?) {
    let start = reader.offset
    let reference = try reader.count()
    if reference == 0 {
      let value = try reader.string()
      if isInExtensionBody { return (-1, value) }
      table.append(value)
      return (table.count - 1, value)
    }
    guard reference <= table.count else {
      throw .invalid(
        "a string reference to entry \(reference - 1) of a table of \(table.count)", at: start)
    }
    return (reference - 1, nil)
  }

  mutating func string() throws(DecodingFailure) -> String {
    try stringEntry().value
  }

  @inline(__always)
  mutating func string(if present: Bool) throws(DecodingFailure) -> String? {
    present ? try stringEntry().value : nil
  }

  mutating func session() throws(DecodingFailure) -> SessionID {
    try sessionEntry().id
  }

  mutating func session(if present: Bool) throws(DecodingFailure) -> SessionID? {
    present ? try session() : nil
  }

  /// A session reference: its identifier, numbered once a frame for each entry of the table
  /// (numbering hashes the spelling under a lock), and the index of its entry.
  mutating func sessionEntry() throws(DecodingFailure) -> (id: SessionID, index: Int) {
    // Nearly every reference is one byte to a session numbered before in the frame: looked up
    // here, without the general path's calls.
    if let index = oneByteReference(below: sessionIDs.count), let id = sessionIDs[index] {
      reader.offset += 1
      return (id, index)
    }
    let (index, new) = try stringReference()
    if new == nil, index < sessionIDs.count, let id = sessionIDs[index] { return (id, index) }
    let id = SessionID(new ?? table[index])
    guard index >= 0 else { return (id, index) }
    if index >= sessionIDs.count {
      sessionIDs.append(contentsOf: repeatElement(nil, count: index + 1 - sessionIDs.count))
    }
    sessionIDs[index] = id
    return (id, index)
  }

  /// The count of a list of string references.
  private mutating func referenceCount() throws(DecodingFailure) -> Int {
    let count = try reader.count()
    // Each reference takes at least a byte: a larger count cannot be right, and is not trusted
    // with an allocation.
    guard count <= reader.remaining else { throw .endOfData(at: reader.bytes.count) }
    return count
  }

  /// A count, then that many string references.
  mutating func strings() throws(DecodingFailure) -> [String] {
    let count = try referenceCount()
    var values: [String] = []
    values.reserveCapacity(count)
    for _ in 0..<count { values.append(try stringEntry().value) }
    return values
  }

  mutating func strings(if present: Bool) throws(DecodingFailure) -> [String]? {
    present ? try strings() : nil
  }

  mutating func sessions(if present: Bool = true) throws(DecodingFailure) -> [SessionID]? {
    guard present else { return nil }
    let count = try referenceCount()
    var ids: [SessionID] = []
    ids.reserveCapacity(count)
    for _ in 0..<count { ids.append(try session()) }
    return ids
  }

  /// An enumerated value: its number, or 0 and its spelling.
  mutating func enumeration<Codes: EnumerationCodes>(_ codes: Codes.Type) throws(DecodingFailure)
    -> Codes.Value
  {
    let start = reader.offset
    let code = try reader.varint()
    if code == 0 { return Codes.Value(rawValue: try string()) }
    guard let value = Codes.value(for: code) else {
      throw .invalid("value number \(code) of \(Codes.Value.self) is unknown", at: start)
    }
    return value
  }

  @inline(__always)
  mutating func enumeration<Codes: EnumerationCodes>(_ codes: Codes.Type, if present: Bool)
    throws(DecodingFailure) -> Codes.Value?
  {
    present ? try enumeration(codes) : nil
  }

  @inline(__always)
  mutating func modifiers(if present: Bool) throws(DecodingFailure) -> ModifierFlags {
    present ? try modifiers() : .none
  }

  /// A modifier word, then the spellings of the modifiers it does not number.
  private mutating func modifiers() throws(DecodingFailure) -> ModifierFlags {
    let word = try reader.varint()
    let others = word >> 6
    guard others <= UInt64(reader.remaining) else { throw .endOfData(at: reader.bytes.count) }
    // The file's bits are the model's (`ModifierBits`).
    let bits = UInt8(truncatingIfNeeded: word & 0x3F)
    guard others > 0 else { return ModifierFlags(recognizedBits: bits) }
    var members = ModifierFlags(recognizedBits: bits).members
    for _ in 0..<others { members.append(Modifier(rawValue: try string())) }
    return ModifierFlags(members)
  }

  mutating func integer() throws(DecodingFailure) -> Int {
    let start = reader.offset
    guard let value = Int(exactly: try reader.zigzag()) else {
      throw .invalid("an integer does not fit this platform's Int", at: start)
    }
    return value
  }

  /// A count: an integer that is not negative.
  mutating func count() throws(DecodingFailure) -> Int {
    let start = reader.offset
    let value = try integer()
    guard value >= 0 else { throw .invalid("a count is negative (\(value))", at: start) }
    return value
  }

  /// A coordinate: raw bits when `isRaw`, otherwise grid units added to `base`.
  @inline(__always)
  mutating func coordinate(isRaw: Bool, base: Int64 = 0) throws(DecodingFailure)
    -> (value: Double, units: Int64?)
  {
    if isRaw { return (Double(bitPattern: try reader.uint64()), nil) }
    let start = reader.offset
    let units = base &+ (try reader.shortZigzag())
    guard units.magnitude <= UInt64(CoordinateGrid.unitLimit) else {
      throw .invalid("a coordinate is beyond the grid's range", at: start)
    }
    return (CoordinateGrid.value(of: units), units)
  }

  /// A rectangle when `present`; the low four bits of `rawFlags` say which of its x, y, width and
  /// height are raw, and must be clear when it is absent.
  mutating func rect(if present: Bool, rawFlags: UInt64) throws(DecodingFailure) -> Rect? {
    guard present else {
      guard rawFlags & 0xF == 0 else {
        throw .invalid("a band selection without a rect flags its coordinates", at: reader.offset)
      }
      return nil
    }
    return Rect(
      x: try coordinate(isRaw: rawFlags.has(0)).value,
      y: try coordinate(isRaw: rawFlags.has(1)).value,
      width: try coordinate(isRaw: rawFlags.has(2)).value,
      height: try coordinate(isRaw: rawFlags.has(3)).value)
  }

  /// A pointer sample's x and y, delta-coded against the scene's previous on-grid sample.
  mutating func pointerPosition(xIsRaw: Bool, yIsRaw: Bool, sessionIndex: Int)
    throws(DecodingFailure) -> (x: Double, y: Double)
  {
    var base = pointerBases[sessionIndex]
    let x = try coordinate(isRaw: xIsRaw, base: base.x)
    let y = try coordinate(isRaw: yIsRaw, base: base.y)
    if let units = x.units { base.x = units }
    if let units = y.units { base.y = units }
    pointerBases[sessionIndex] = base
    return (x.value, y.value)
  }

  // MARK: Pointer samples as plain values

  /// Appends the body of a `pointer.drag` record to `events` as a ``PointerSample``, when it is
  /// one: its session already numbered in this frame, its values all recognized, no region.
  /// False otherwise, with the reader where it was and nothing else changed, for
  /// `decodeBody(of:)` to read the record as an event (and to throw what is wrong with it, if
  /// anything).
  ///
  /// The body is read as `decodeBody(of:)` reads it (`Sources/EventDescription` describes it):
  /// the flags (bit 0 modifiers, 1 latching, 2 region present; 3 and 4 x and y raw), the
  /// session, the phase, x and y, the modifiers and the latching. Tests hold the two to the same
  /// events and the same failures.
  ///
  /// The values go to `events` as they are, to make the sample where it is stored: a
  /// `PointerSample` made here, returned and appended took two calls into `SceneTrace` (its
  /// package declarations are not inlined into this module) and two copies of the sample.
  @inline(__always)
  mutating func appendPointerSample<Events: DecodedEvents>(
    seq: Int, to events: inout Events
  ) throws(DecodingFailure) -> Bool {
    let start = reader.offset
    let f = try flags(bits: 5)
    // A reference to a session numbered before in the frame; a new string would join the
    // table, which `decodeBody(of:)` does.
    let reference = try reader.varint()
    guard !f.has(2), reference > 0, reference <= UInt64(sessionIDs.count),
      let session = sessionIDs[Int(reference - 1)]
    else {
      reader.offset = start
      return false
    }
    let index = Int(reference - 1)
    let phase = try reader.varint()
    guard phase >= 1, phase <= 4 else {
      reader.offset = start
      return false
    }
    var base = pointerBases[index]
    let x = try coordinate(isRaw: f.has(3), base: base.x)
    let y = try coordinate(isRaw: f.has(4), base: base.y)
    let modifiers = f.has(0) ? try reader.varint() : 0
    let latching = f.has(1) ? try reader.varint() : 0
    // Modifiers this version does not number are spelled after the word; a latching of 0 is
    // spelled, one past 4 is damage.
    guard modifiers >> 6 == 0, !f.has(1) || (latching >= 1 && latching <= 4) else {
      reader.offset = start
      return false
    }
    if let units = x.units { base.x = units }
    if let units = y.units { base.y = units }
    pointerBases[index] = base
    events.appendSample(
      seq: seq, time: TraceTime(nanoseconds: time), session: session,
      phaseCode: UInt8(truncatingIfNeeded: phase - 1), x: x.value, y: y.value,
      modifierBits: UInt8(truncatingIfNeeded: modifiers),
      latchingCode: UInt8(truncatingIfNeeded: latching))
    return true
  }

  // MARK: Reading past fields
  //
  // What `skipBody(of:)` calls: each reads the bytes its reader above reads, and keeps what
  // later events may refer to (a string written in full joins the table), without making the
  // value. Numbers and enumerations are not checked: a body is read past only in a frame read
  // whole before.

  /// Reads past a string reference (a session's too).
  @inline(__always)
  mutating func skipString(if present: Bool = true) throws(DecodingFailure) {
    if present { _ = try stringReferenceIndex() }
  }

  /// The index of the table entry of a string reference (a pointer sample's session).
  @inline(__always)
  mutating func stringReferenceIndex() throws(DecodingFailure) -> Int {
    // Nearly every reference is one byte, to an entry the table holds.
    if let index = oneByteReference(below: table.count) {
      reader.offset += 1
      return index
    }
    return try stringReference().index
  }

  /// The entry index of the reference at the reader's offset when it is one byte (an entry
  /// before the 128th) and below `count`; nil otherwise. The reader does not move: the caller
  /// moves it once it takes the entry.
  @inline(__always)
  private func oneByteReference(below count: Int) -> Int? {
    guard reader.offset < reader.bytes.count else { return nil }
    let reference = Int(reader.bytes[reader.offset])
    guard reference > 0, reference < 0x80, reference <= count else { return nil }
    return reference - 1
  }

  /// Reads past a pointer sample's x and y, moving the scene's base as
  /// ``pointerPosition(xIsRaw:yIsRaw:sessionIndex:)`` does, without making the values.
  @inline(__always)
  mutating func skipPointerPosition(xIsRaw: Bool, yIsRaw: Bool, sessionIndex: Int)
    throws(DecodingFailure)
  {
    var base = pointerBases[sessionIndex]
    if xIsRaw { _ = try reader.uint64() } else { base.x &+= try reader.shortZigzag() }
    if yIsRaw { _ = try reader.uint64() } else { base.y &+= try reader.shortZigzag() }
    pointerBases[sessionIndex] = base
  }

  /// Reads past a count, then that many string references.
  mutating func skipStrings(if present: Bool = true) throws(DecodingFailure) {
    guard present else { return }
    for _ in 0..<(try referenceCount()) { try skipString() }
  }

  /// Reads past an integer or a count.
  mutating func skipNumber() throws(DecodingFailure) {
    _ = try reader.varint()
  }

  /// Reads past an enumerated value: its number, or 0 and its spelling.
  @inline(__always)
  mutating func skipEnumeration(if present: Bool = true) throws(DecodingFailure) {
    guard present, try reader.varint() == 0 else { return }
    try skipString()
  }

  /// Reads past a modifier word and the spellings of the modifiers it does not number.
  @inline(__always)
  mutating func skipModifiers(if present: Bool) throws(DecodingFailure) {
    guard present else { return }
    let others = try reader.varint() >> 6
    guard others <= UInt64(reader.remaining) else { throw .endOfData(at: reader.bytes.count) }
    for _ in 0..<others { try skipString() }
  }

  /// Reads past a coordinate.
  @inline(__always)
  mutating func skipCoordinate(isRaw: Bool) throws(DecodingFailure) {
    if isRaw { _ = try reader.uint64() } else { _ = try reader.varint() }
  }

  /// Reads past a rectangle when `present`.
  mutating func skipRect(if present: Bool, rawFlags: UInt64) throws(DecodingFailure) {
    guard present else { return }
    for coordinate in 0..<4 { try skipCoordinate(isRaw: rawFlags.has(coordinate)) }
  }

  /// A boolean kept in two flag bits: `present` and `value`.
  func optionalBool(_ flags: UInt64, present: Int, value: Int) throws(DecodingFailure) -> Bool? {
    let isPresent = flags & (1 << UInt64(present)) != 0
    let isTrue = flags & (1 << UInt64(value)) != 0
    guard isPresent || !isTrue else {
      throw .invalid("a flag says true for an absent boolean", at: reader.offset)
    }
    return isPresent ? isTrue : nil
  }
}

/// Which events of a frame a decoding makes, asked of each seq in the order the frame holds
/// them; the others are read past (``EventFrameDecoder/skipBody(of:)``).
protocol EventSelection {
  /// Whether the selection is every event, asked of no seq.
  static var selectsEvery: Bool { get }
  /// The last seq the selection may select: the decoding stops before a later event.
  var lastSeq: Int { get }
  /// Whether the event at `seq` is made.
  mutating func selects(_ seq: Int) -> Bool
  /// The first seq after `seq` that may be made (`Int.max` when none): asked once `seq` was
  /// not, by a reading that reads past the events before it without asking of each.
  mutating func nextSelected(after seq: Int) -> Int
}

/// Every event of a frame, up to a seq.
struct EveryEvent: EventSelection {
  static var selectsEvery: Bool { true }
  /// Stored, so that each value has storage of its own: a value of no size has the address
  /// every other has, and ThreadSanitizer took two decodings on two threads, each changing its
  /// own (`inout`), for one variable changed by both.
  let lastSeq: Int

  /// Every event up to the one at `lastSeq`: every event of the frame unless it says otherwise.
  init(through lastSeq: Int = .max) {
    self.lastSeq = lastSeq
  }

  func selects(_ seq: Int) -> Bool { true }

  func nextSelected(after seq: Int) -> Int { seq == .max ? .max : seq + 1 }
}

extension UInt64 {
  /// Whether bit `bit` (0 to 63: a flag's place in an event's flag word) is set. Inlined, with
  /// a plain shift: a call with a checked shift at each of an event's flags cost the decoder
  /// about 70 instructions an event.
  @inline(__always)
  func has(_ bit: Int) -> Bool { self & (1 &<< UInt64(truncatingIfNeeded: bit)) != 0 }
}
