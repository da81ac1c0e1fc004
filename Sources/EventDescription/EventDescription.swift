// The shape of the one description of every event type. `EventTable.swift` fills it in;
// `tools/generate-events` turns it into the event model, the binary and JSON Lines codecs, the
// format article's tables, the JSON Schema of an event line and the tests' random events.

/// One event type: its wire name, tag, fields and documentation.
public struct EventTypeDescription: Sendable {
  /// The `"type"` of its JSON line, such as `scene.didBecomeActive`.
  public var wireName: String
  /// The `Event.Payload` and `EventType` case, such as `sceneDidBecomeActive`.
  public var caseName: String
  /// Its record tag in a `.sctrace` event frame.
  public var tag: Int
  /// The documentation of its case.
  public var summary: String
  /// Its fields, in the order of the Swift case, the JSON line and the flags word.
  public var fields: [FieldDescription]
  /// The field that names the scene the event happens in, for events that belong to one scene.
  public var scene: String?
  /// The order of the fields in the binary body, when it is not the order of `fields`.
  public var storedOrder: [String]?

  /// Describes an event type.
  public init(
    _ wireName: String, _ caseName: String, tag: Int, _ summary: String,
    scene: String? = nil, storedOrder: [String]? = nil, _ fields: [FieldDescription] = []
  ) {
    self.wireName = wireName
    self.caseName = caseName
    self.tag = tag
    self.summary = summary
    self.fields = fields
    self.scene = scene
    self.storedOrder = storedOrder
  }

  /// Whether the type came after format 1.0 and so is written as an extension record (tag 64)
  /// whose kind is its tag, which readers of earlier versions can skip.
  public var isExtension: Bool { tag > lastDirectTag }

  /// The fields in the order the binary body stores them.
  public var storedFields: [FieldDescription] {
    guard let storedOrder else { return fields }
    return storedOrder.map { name in
      guard let field = fields.first(where: { $0.name == name }) else {
        fatalError("\(wireName): stored field \(name) is not a field")
      }
      return field
    }
  }
}

/// The last tag written as itself: the types of format 1.0. Later types are extension records.
public let lastDirectTag = 36

/// One field of an event type.
public struct FieldDescription: Sendable {
  /// Its Swift label and JSON key.
  public var name: String
  /// What it holds and how it is encoded.
  public var kind: FieldKind
  /// Whether it may be absent.
  public var presence: Presence
  /// What it may tell about the app's user, for redaction; nil for names the app's code or the
  /// system chose.
  public var sensitivity: Sensitivity?

  /// Describes a field.
  public init(
    _ name: String, _ kind: FieldKind, _ presence: Presence = .required,
    sensitivity: Sensitivity? = nil
  ) {
    self.name = name
    self.kind = kind
    self.presence = presence
    self.sensitivity = sensitivity
  }

  /// Whether the field may be absent: optional, or defaulted to an empty value.
  public var isOmittable: Bool { presence != .required }
}

/// What a string field may tell about the app's user: what redaction replaces. The cases are
/// those of `FieldSensitivity` in the model.
public enum Sensitivity: String, Sendable {
  /// A value of shared state, written by one scene and shown by others.
  case value
  /// Text the user typed, saw or named: characters of a key press, a command's title, a mark's
  /// label, the content a scene shows.
  case text
  /// A state key, whose part after its prefix (`file:`, `session:<id>/`) may name a document.
  case key
}

/// Whether a field may be absent.
public enum Presence: Sendable {
  /// Always there.
  case required
  /// A Swift optional, absent from JSON when nil.
  case optional
  /// A value with an empty default (no modifiers), absent from JSON when empty.
  case defaulted
}

/// What a field holds, and so its Swift type, its JSON form and its binary encoding.
public enum FieldKind: Sendable {
  /// A string: a reference into the frame's string table.
  case string
  /// A session identifier, stored as a string.
  case session
  /// A drag identifier, stored as a string.
  case drag
  /// An array of strings.
  case strings
  /// An array of session identifiers.
  case sessions
  /// A signed integer, zigzag varint.
  case integer
  /// A count: an integer that is never negative, stored like `integer`; the readers refuse a
  /// negative one, which no recorder writes.
  case count
  /// A Double on the 1/256 point grid, with a raw flag bit for values off the grid.
  case coordinate
  /// A pointer coordinate: like `coordinate`, but stored as a delta from the scene's previous
  /// sample; an event has two, x then y, and a `session` field.
  case pointerCoordinate
  /// A boolean: stored in the flags word (present and value bits when optional).
  case bool
  /// An open enumeration, stored as its number or its spelling.
  case enumeration(EnumerationDescription)
  /// Modifier flags: a word of recognized modifiers and the spelling of the others.
  case modifiers
  /// A rectangle: four coordinates, with four raw flag bits.
  case rect
}

/// An open enumeration of the format: its Swift type and the numbers of its recognized values.
public struct EnumerationDescription: Sendable {
  /// The Swift type, such as `SceneRole`.
  public var swiftType: String
  /// The field it is named by in the format article's table of numbers.
  public var label: String
  /// The recognized values: value `values[n - 1]` is stored as `n`.
  public var values: [String]
  /// Whether a value this version does not know is reported as unrecognized.
  public var reportsUnrecognized: Bool

  /// Describes an enumeration.
  public init(
    _ swiftType: String, label: String, _ values: [String], reportsUnrecognized: Bool = true
  ) {
    self.swiftType = swiftType
    self.label = label
    self.values = values
    self.reportsUnrecognized = reportsUnrecognized
  }

  /// The name of the table of its numbers in the codec, such as `SceneRoleCodes`.
  public var codesName: String { swiftType + "Codes" }
}

extension FieldDescription {
  /// A string field.
  public static func string(
    _ name: String, _ presence: Presence = .required, sensitivity: Sensitivity? = nil
  ) -> Self {
    Self(name, .string, presence, sensitivity: sensitivity)
  }

  /// A session field.
  public static func session(_ name: String, _ presence: Presence = .required) -> Self {
    Self(name, .session, presence)
  }

  /// An enumerated field.
  public static func enumeration(
    _ name: String, _ enumeration: EnumerationDescription, _ presence: Presence = .required
  ) -> Self {
    Self(name, .enumeration(enumeration), presence)
  }

  /// A modifier flags field, empty when absent.
  public static func modifiers(_ name: String = "modifiers") -> Self {
    Self(name, .modifiers, .defaulted)
  }
}
