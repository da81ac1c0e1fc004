/// Digests that stand in for what a trace should not show: equal inputs give equal digests, so
/// every rule that compares values, keys or content judges a redacted trace as it judged the
/// original.
package struct Redaction: Sendable {
  /// The kinds of field replaced.
  package var replaces: Set<FieldSensitivity>
  /// The key of the digests (SipHash-2-4); nil for unkeyed digests (FNV-1a), which equal values
  /// share across recordings and launches but which a guess of a short value can match.
  package var key: (UInt64, UInt64)?

  /// A redaction of `replaces` with digests under `key` (unkeyed when nil).
  package init(replacing replaces: Set<FieldSensitivity>, key: (UInt64, UInt64)? = nil) {
    self.replaces = replaces
    self.key = key
  }

  /// A key for `replay redact --salt`: the same text gives the same digests in every run.
  package static func key(fromSalt salt: String) -> (UInt64, UInt64) {
    let bytes = Array(salt.utf8)
    return (SipHash24.hash(bytes, key: (0, 0)), SipHash24.hash(bytes, key: (1, 0)))
  }

  /// `payload` with every field of a kind this redaction replaces replaced: values and text by
  /// their digest, keys by ``redactingIdentifiers(inKey:)``.
  package func callAsFunction(_ payload: Event.Payload) -> Event.Payload {
    guard !replaces.isEmpty else { return payload }
    return payload.redacting { text, sensitivity in
      guard replaces.contains(sensitivity) else { return text }
      return sensitivity == .key ? redactingIdentifiers(inKey: text) : digest(text)
    }
  }

  /// `#` and 16 hex digits of the text's hash: SipHash-2-4 under ``key``, or the 64-bit FNV-1a
  /// of the UTF-8 bytes when there is none.
  package func digest(_ text: String) -> String {
    let hash: UInt64
    if let key {
      hash = SipHash24.hash(text.utf8, key: key)
    } else {
      var fnv: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in text.utf8 { fnv = (fnv ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
      hash = fnv
    }
    let hex = String(hash, radix: 16)
    return "#" + String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// The key with what identifies a document, record or file replaced by a digest, keeping the
  /// part that gives the key its meaning: `file:#…`, `session:<id>/#…`. Setting names
  /// (`defaults:`) are not identifiers and stay.
  package func redactingIdentifiers(inKey key: String) -> String {
    if key.hasPrefix("defaults:") { return key }
    if key.hasPrefix("session:"), let slash = key.firstIndex(of: "/") {
      let rest = key[key.index(after: slash)...]
      return String(key[...slash]) + (rest.isEmpty ? "" : digest(String(rest)))
    }
    if let colon = key.firstIndex(of: ":") {
      let rest = key[key.index(after: colon)...]
      return String(key[...colon]) + (rest.isEmpty ? "" : digest(String(rest)))
    }
    return digest(key)
  }
}
