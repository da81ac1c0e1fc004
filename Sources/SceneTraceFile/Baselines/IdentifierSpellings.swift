/// Identifiers to find inside strings, each with the text that replaces it: what renames a
/// trace's sessions, launches, drags and requests inside keys, windows and messages.
///
/// An identifier counts where it stands on its own: it fills the text, or what is on either side
/// of it is not a letter, digit, `-` or `_` (so `A` is found in `session:A/draft` and `A.main`,
/// and not in `Apply`). Where several identifiers start at the same place, the longest wins.
/// Identifiers compare scalar by scalar, as identifiers do everywhere in a trace.
package struct IdentifierSpellings: Sendable {
  /// The identifiers by their first scalar, longest first, each with its replacement.
  private var candidates: [Unicode.Scalar: [(spelling: [Unicode.Scalar], replacement: String)]] =
    [:]

  /// No identifier.
  package init() {}

  /// Whether no identifier is replaced.
  package var isEmpty: Bool { candidates.isEmpty }

  /// Replaces `identifier` with `replacement` from now on, unless an identifier of the same
  /// spelling already has a replacement (the first one given stays). An empty identifier is
  /// never found.
  package mutating func add(_ identifier: String, replacement: String) {
    let scalars = Array(identifier.unicodeScalars)
    guard let first = scalars.first else { return }
    var list = candidates[first] ?? []
    guard !list.contains(where: { $0.spelling == scalars }) else { return }
    let place = list.firstIndex { $0.spelling.count < scalars.count } ?? list.endIndex
    list.insert((scalars, replacement), at: place)
    candidates[first] = list
  }

  /// `text` with every identifier standing on its own in it replaced.
  package func replacingIdentifiers(in text: String) -> String {
    guard !candidates.isEmpty else { return text }
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
    for candidate in candidates[scalars[index]] ?? [] {
      let end = index + candidate.spelling.count
      guard end <= scalars.count, scalars[index..<end].elementsEqual(candidate.spelling) else {
        continue
      }
      guard end == scalars.count || !Self.continuesIdentifier(scalars[end]) else { continue }
      return (candidate.spelling.count, candidate.replacement)
    }
    return nil
  }

  /// Whether `scalar` can be part of a word that an identifier is only a piece of.
  private static func continuesIdentifier(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "-" || scalar == "_" || scalar.properties.isAlphabetic
      || scalar.properties.numericType != nil
  }
}
