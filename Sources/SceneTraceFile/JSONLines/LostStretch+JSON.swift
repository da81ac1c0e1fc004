import SceneTrace

extension LostStretch {
  /// The stretch as `replay check --json` and `replay info --json` print it:
  /// `{"kind", "seq", "afterSeq", "beforeSeq", "lostSeqs", "byteOffset", "events", "message"}`;
  /// `beforeSeq` is null when the stretch runs to the end, `lostSeqs` (`[first, last]`),
  /// `byteOffset` and `events` null when not known.
  package var json: JSONValue {
    [
      "kind": .string(kind.rawValue),
      "seq": JSONValue(seq),
      "afterSeq": JSONValue(afterSeq),
      "beforeSeq": beforeSeq.map { JSONValue($0) } ?? .null,
      "lostSeqs": lostSeqs.map { .array([JSONValue($0.lowerBound), JSONValue($0.upperBound)]) }
        ?? .null,
      "byteOffset": byteOffset.map { JSONValue($0) } ?? .null,
      "events": eventCount.map { JSONValue($0) } ?? .null,
      "message": .string(message),
    ]
  }
}
