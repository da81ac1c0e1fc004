/// A state's form in a checkpoint, described once for writing and reading.
///
/// A checkpoint stores the reducer's state as canonical JSON (the `Codable` form, keys in scalar
/// order), and a seek reads it back; `Codable` did both at about 240 and 250 instructions a byte
/// (its containers boxed, each value dispatched through existentials, each object's members put
/// in order after they were written), and a long trace's state is megabytes. Each state type
/// instead lists its fields once, in the order of their keys, in a ``code(with:)``
/// (`StateCoding+Fields.swift`) that a ``StateCoder`` runs either way: one that writes reads
/// each field, one that reads sets it.
/// The text is the `Codable` form's byte for byte (the tests compare them), so a file's
/// checkpoints and digests do not change.
package protocol StateCodable {
  /// A value to read into: each field the reading replaces.
  static var blank: Self { get }

  /// Writes this value to `coder`, or sets it from what `coder` reads.
  mutating func code(with coder: inout some StateCoder) throws(StateCodingError)
}

/// What writes or reads the values of a state.
///
/// A struct codes its fields between ``beginFields()`` and ``endFields()``, each with
/// `field(_:_:)`, in the scalar order of their keys: a writer writes them in that
/// order, and a reader meets them in that order in a canonical text (and takes a member it does
/// not know for one a newer version wrote, which it passes over).
package protocol StateCoder {
  /// Whether the coder sets the values it is given rather than writing them.
  var isReading: Bool { get }

  mutating func code(_ value: inout Int) throws(StateCodingError)
  mutating func code(_ value: inout Int64) throws(StateCodingError)
  mutating func code(_ value: inout Double) throws(StateCodingError)
  mutating func code(_ value: inout Bool) throws(StateCodingError)
  mutating func code(_ value: inout String) throws(StateCodingError)

  /// Opens a struct's fields.
  mutating func beginFields() throws(StateCodingError)
  /// The field `key`, which must be present.
  mutating func field<Value: StateCodable>(_ key: StaticString, _ value: inout Value)
    throws(StateCodingError)
  /// The field `key`, left out when nil (and read as nil when absent or null).
  mutating func field<Value: StateCodable>(_ key: StaticString, _ value: inout Value?)
    throws(StateCodingError)
  /// Closes a struct's fields.
  mutating func endFields() throws(StateCodingError)

  /// Writes an array of `count` elements, element `index` coded by `element`.
  mutating func writeElements(
    _ count: Int, _ element: (_ index: Int, inout Self) throws(StateCodingError) -> Void
  ) throws(StateCodingError)
  /// Reads an array, each element coded by `element` in the order of the text.
  mutating func readElements(_ element: (inout Self) throws(StateCodingError) -> Void)
    throws(StateCodingError)
  /// Writes an object of `count` members in the order given: member `index` under `key`, its
  /// value coded by `value`.
  mutating func writeMembers(
    _ count: Int, key: (_ index: Int) -> String,
    value: (_ index: Int, inout Self) throws(StateCodingError) -> Void
  ) throws(StateCodingError)
  /// Reads an object, each member's value coded by `member` with its key, in the order of the
  /// text.
  mutating func readMembers(_ member: (_ key: String, inout Self) throws(StateCodingError) -> Void)
    throws(StateCodingError)
}

/// Why a state could not be read, or written within a limit.
package struct StateCodingError: Error, Equatable {
  package enum Kind: Equatable {
    /// A value is not of the state's shape: of another kind, missing, or not one the type has.
    case shape
    /// The text is not JSON, where and why the parser says.
    case syntax(JSONSyntaxError)
    /// The writer's text passed its limit.
    case tooLong
  }

  /// One step of the path to a value: an object's member, or an array's element.
  package enum Step: Equatable {
    case key(String)
    case index(Int)
  }

  package var kind: Kind
  /// What was expected and what was found, such as `expected a string, found a number`.
  package var message: String
  /// Where, outermost first; empty at the top.
  package var path: [Step] = []

  package init(_ kind: Kind = .shape, _ message: String) {
    self.kind = kind
    self.message = message
  }

  /// The error, one step further in: the step is put before the path.
  package func inside(_ step: Step) -> StateCodingError {
    var error = self
    error.path.insert(step, at: 0)
    return error
  }
}

/// A key of a map in the state: its text is the member's key.
package protocol StateKey: Hashable {
  var stateKey: String { get }
  init?(stateKey: String)
}

extension String: StateKey {
  package var stateKey: String { self }
  package init?(stateKey: String) { self = stateKey }
}

extension Int: StateKey {
  package var stateKey: String { String(self) }
  package init?(stateKey: String) { self.init(stateKey) }
}

extension StateKey where Self: TraceIdentifier {
  package var stateKey: String { rawValue }
  package init?(stateKey: String) { self.init(stateKey) }
}

extension SessionID: StateKey {}
extension DragID: StateKey {}
extension RuleID: StateKey {}

// MARK: Values

extension Int: StateCodable {
  package static var blank: Int { 0 }
  package mutating func code(with coder: inout some StateCoder) throws(StateCodingError) {
    try coder.code(&self)
  }
}

extension Double: StateCodable {
  package static var blank: Double { 0 }
  package mutating func code(with coder: inout some StateCoder) throws(StateCodingError) {
    try coder.code(&self)
  }
}

extension Bool: StateCodable {
  package static var blank: Bool { false }
  package mutating func code(with coder: inout some StateCoder) throws(StateCodingError) {
    try coder.code(&self)
  }
}

extension String: StateCodable {
  package static var blank: String { "" }
  package mutating func code(with coder: inout some StateCoder) throws(StateCodingError) {
    try coder.code(&self)
  }
}

/// Integer nanoseconds, as its `Codable` form.
extension TraceTime: StateCodable {
  package static var blank: TraceTime { .zero }
  package mutating func code(with coder: inout some StateCoder) throws(StateCodingError) {
    var nanoseconds = nanoseconds
    try coder.code(&nanoseconds)
    if coder.isReading { self = TraceTime(nanoseconds: nanoseconds) }
  }
}

/// Its spelling, as its `Codable` form.
extension StateCodable where Self: TraceIdentifier {
  package static var blank: Self { Self("") }
  package mutating func code(with coder: inout some StateCoder) throws(StateCodingError) {
    var spelling = rawValue
    try coder.code(&spelling)
    if coder.isReading { self = Self(spelling) }
  }
}

extension SessionID: StateCodable {}
extension DragID: StateCodable {}

/// Its wire spelling, as its `Codable` form; any spelling reads.
extension StateCodable where Self: OpenEnumeration {
  package static var blank: Self { Self(rawValue: "") }
  package mutating func code(with coder: inout some StateCoder) throws(StateCodingError) {
    var spelling = rawValue
    try coder.code(&spelling)
    if coder.isReading { self = Self(rawValue: spelling) }
  }
}

extension Modifier: StateCodable {}
extension PressPhase: StateCodable {}
extension PointerPhase: StateCodable {}
extension BandState: StateCodable {}
extension Latching: StateCodable {}
extension SizeClass: StateCodable {}
extension Orientation: StateCodable {}
extension DropOperation: StateCodable {}
extension SceneRole: StateCodable {}
extension WindowingMode: StateCodable {}
extension ActiveAppearance: StateCodable {}
extension CloseRequest: StateCodable {}

/// A closed enumeration of the state: its raw value; another spelling does not read.
package protocol StateEnumeration: StateCodable, RawRepresentable<String> {}

extension StateEnumeration {
  package mutating func code(with coder: inout some StateCoder) throws(StateCodingError) {
    var spelling = rawValue
    try coder.code(&spelling)
    guard coder.isReading else { return }
    guard let value = Self(rawValue: spelling) else {
      throw StateCodingError(.shape, "\"\(spelling)\" is not a \(Self.self)")
    }
    self = value
  }
}

extension SceneActivation: StateEnumeration {
  package static var blank: SceneActivation { .unattached }
}

extension SessionStatus: StateEnumeration {
  package static var blank: SessionStatus { .configuring }
}

extension DragState.Phase: StateEnumeration {
  package static var blank: DragState.Phase { .active }
}

/// The modifiers' names in their documented order, as its `Codable` form.
extension ModifierFlags: StateCodable {
  package static var blank: ModifierFlags { [] }
  package mutating func code(with coder: inout some StateCoder) throws(StateCodingError) {
    var members = members
    try members.code(with: &coder)
    if coder.isReading { self = ModifierFlags(members) }
  }
}

extension Array: StateCodable where Element: StateCodable {
  package static var blank: [Element] { [] }
  package mutating func code(with coder: inout some StateCoder) throws(StateCodingError) {
    guard coder.isReading else {
      return try coder.writeElements(count) { (index, coder) throws(StateCodingError) in
        try self[index].code(with: &coder)
      }
    }
    removeAll()
    try coder.readElements { (coder) throws(StateCodingError) in
      var element = Element.blank
      try element.code(with: &coder)
      append(element)
    }
  }
}

extension Dictionary: StateCodable where Key: StateKey, Value: StateCodable {
  package static var blank: [Key: Value] { [:] }
  package mutating func code(with coder: inout some StateCoder) throws(StateCodingError) {
    guard coder.isReading else {
      // Members in the scalar order of their keys' text, as the canonical form has them.
      let entries = Array(indices)
      let keys = entries.map { self[$0].key.stateKey }
      let order = positionsInScalarOrder(count: keys.count) { keys[$0] }
      return try coder.writeMembers(order.count) {
        keys[order[$0]]
      } value: {
        (index, coder) throws(StateCodingError) in
        var value = self[entries[order[index]]].value
        try value.code(with: &coder)
      }
    }
    removeAll()
    try coder.readMembers { (key, coder) throws(StateCodingError) in
      guard let key = Key(stateKey: key) else {
        throw StateCodingError(.shape, "\"\(key)\" is not a key of \(Key.self)")
      }
      var value = Value.blank
      try value.code(with: &coder)
      self[key] = value
    }
  }
}
