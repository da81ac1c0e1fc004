import SceneTrace

extension EventType {
  /// The known type whose name is closest to `name`, when it is within a few edits of it
  /// (ignoring case): the likely intent behind a misspelt `"type"`.
  static func closest(to name: String) -> EventType? {
    let target = Array(name.lowercased().unicodeScalars)
    guard target.count <= 64 else { return nil }
    var best: (type: EventType, distance: Int)?
    for type in allCases {
      let distance = editDistance(Array(type.rawValue.lowercased().unicodeScalars), target)
      if distance <= 3, distance < best?.distance ?? Int.max { best = (type, distance) }
    }
    return best?.type
  }

  /// The Levenshtein distance between two scalar sequences.
  private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    var previous = Array(0...b.count)
    for (i, first) in a.enumerated() {
      var current = [i + 1] + Array(repeating: 0, count: b.count)
      for (j, second) in b.enumerated() {
        let substitution = previous[j] + (first == second ? 0 : 1)
        current[j + 1] = Swift.min(substitution, previous[j + 1] + 1, current[j] + 1)
      }
      previous = current
    }
    return previous[b.count]
  }
}
