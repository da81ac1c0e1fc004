/// Identifiers to find inside strings, each with the text that replaces it: what renames a
/// trace's sessions, launches, drags and requests inside keys, windows and messages.
///
/// An identifier counts where it stands on its own: it fills the text, or what is on either side
/// of it is not a letter, digit, `-` or `_` (so `A` is found in `session:A/draft` and `A.main`,
/// and not in `Apply`). Where several identifiers start at the same place, the longest wins.
/// Identifiers compare scalar by scalar, as identifiers do everywhere in a trace.
package struct IdentifierSpellings: Sendable {
  /// The replacement of each identifier, by its scalars.
  private var replacements: [[Unicode.Scalar]: String] = [:]
  /// The lengths of the identifiers that start with each scalar, longest first: a few a scalar
  /// (`S0` to `S4139`, 2 to 5; UUIDs, 36). Kept as lists of the identifiers by their first
  /// scalar, each added after a look through the list and each place found by another, a trace
  /// of 4,140 sessions named `S…` made its aliases in time that grew with the square of its
  /// sessions, and looked through every one at every place an identifier could start.
  private var lengths: [Unicode.Scalar: [Int]] = [:]

  /// No identifier.
  package init() {}

  /// Whether no identifier is replaced.
  package var isEmpty: Bool { replacements.isEmpty }

  /// Replaces `identifier` with `replacement` from now on, unless an identifier of the same
  /// spelling already has a replacement (the first one given stays). An empty identifier is
  /// never found.
  package mutating func add(_ identifier: String, replacement: String) {
    let scalars = Array(identifier.unicodeScalars)
    guard let first = scalars.first, replacements[scalars] == nil else { return }
    replacements[scalars] = replacement
    guard lengths[first]?.contains(scalars.count) != true else { return }
    lengths[first, default: []].append(scalars.count)
    lengths[first]?.sort(by: >)
  }

  /// `text` with every identifier standing on its own in it replaced.
  package func replacingIdentifiers(in text: String) -> String {
    guard !replacements.isEmpty else { return text }
    let scalars = Array(text.unicodeScalars)
    var result = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      let atBoundary = index == 0 || !Self.continuesIdentifier(scalars[index - 1])
      if atBoundary, let (length, replacement) = identifier(in: scalars, at: index) {
        result.append(contentsOf: replacement.unicodeScalars)
        index += length
      } else {
        result.append(scalars[index])
        index += 1
      }
    }
    return String(result)
  }

  /// The length and replacement of the longest identifier that starts at `index` and ends at a
  /// boundary.
  private func identifier(in scalars: [Unicode.Scalar], at index: Int) -> (Int, String)? {
    for length in lengths[scalars[index]] ?? [] {
      let end = index + length
      guard end <= scalars.count, end == scalars.count || !Self.continuesIdentifier(scalars[end])
      else { continue }
      if let replacement = replacements[Array(scalars[index..<end])] {
        return (length, replacement)
      }
    }
    return nil
  }

  /// Whether `scalar` can be part of a word that an identifier is only a piece of.
  private static func continuesIdentifier(_ scalar: Unicode.Scalar) -> Bool {
    // An ASCII scalar is one of those by its value: the properties' lookup was a quarter of
    // replacing the identifiers in a finding's events.
    if scalar.isASCII {
      let value = scalar.value
      return value == 0x2D || value == 0x5F || (0x30...0x39).contains(value)
        || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
    }
    return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
  }
}
