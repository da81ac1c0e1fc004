/// What a string field of an event may tell about the app's user. The event table marks each
/// such field (`Sensitivity` in `Sources/EventDescription`, whose cases these are), and
/// ``Event/Payload/redacting(_:)`` passes them to a redaction.
package enum FieldSensitivity: Hashable, Sendable, CaseIterable {
  /// A value of shared state, written by one scene and shown by others.
  case value
  /// Text the user typed, saw or named: characters of a key press, a command's title, a mark's
  /// label, the content a scene shows.
  case text
  /// A state key, whose part after its prefix (`file:`, `session:<id>/`) may name a document.
  case key
}
