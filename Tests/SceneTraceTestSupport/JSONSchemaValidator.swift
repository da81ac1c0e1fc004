import SceneTraceFile

/// A JSON Schema (2020-12) validator for the keywords the project's schemas use: `type`, `enum`,
/// `const`, `required`, `properties`, `items`, `minItems`, `maxItems`, `minimum`, `maximum`,
/// `allOf`, `if`/`then` and local `$ref`s into `$defs`. A schema with any other keyword that
/// constrains values is refused, so that a schema cannot pass by being misunderstood.
package struct JSONSchemaValidator {
  private let root: JSONValue

  private static let annotations: Set<String> = ["$schema", "$id", "title", "description", "$defs"]

  /// A validator of `schema`.
  package init(_ schema: JSONValue) {
    root = schema
  }

  /// What is wrong with `instance`, each as "pointer: problem"; empty when it is valid.
  package func problems(_ instance: JSONValue) -> [String] {
    var found: [String] = []
    check(instance, against: root, at: "", into: &found)
    return found
  }

  private func check(
    _ instance: JSONValue, against schema: JSONValue, at pointer: String, into found: inout [String]
  ) {
    guard case .object(let keywords) = schema else {
      if schema == .bool(false) { found.append("\(pointer): no value is allowed here") }
      return
    }
    func fail(_ problem: String) { found.append("\(pointer.isEmpty ? "/" : pointer): \(problem)") }
    for (keyword, value) in keywords.pairs {
      switch (keyword, value) {
      case _ where Self.annotations.contains(keyword):
        continue
      case ("type", .string(let name)):
        if !Self.has(instance, type: name) { fail("expected \(name)") }
      case ("type", .array(let names)):
        let matches = names.contains { name in
          if case .string(let name) = name { Self.has(instance, type: name) } else { false }
        }
        if !matches { fail("expected one of \(names)") }
      case ("enum", .array(let allowed)):
        if !allowed.contains(where: { Self.same($0, instance) }) { fail("not an allowed value") }
      case ("const", let allowed):
        if !Self.same(allowed, instance) { fail("not \(allowed)") }
      case ("required", .array(let names)):
        guard case .object(let object) = instance else { continue }
        for case .string(let name) in names where object[name] == nil {
          fail("missing required member \"\(name)\"")
        }
      case ("properties", .object(let properties)):
        guard case .object(let object) = instance else { continue }
        for (name, property) in properties.pairs {
          if let member = object[name] {
            check(member, against: property, at: pointer + "/" + name, into: &found)
          }
        }
      case ("items", let items):
        guard case .array(let elements) = instance else { continue }
        for (index, element) in elements.enumerated() {
          check(element, against: items, at: pointer + "/\(index)", into: &found)
        }
      case ("minItems", .number(let text)):
        if case .array(let elements) = instance, Double(elements.count) < Double(text) ?? 0 {
          fail("fewer than \(text) items")
        }
      case ("maxItems", .number(let text)):
        if case .array(let elements) = instance, Double(elements.count) > Double(text) ?? 0 {
          fail("more than \(text) items")
        }
      case ("minimum", .number(let text)):
        if case .number(let number) = instance, let limit = Double(text),
          let number = Double(number), number < limit
        {
          fail("below \(text)")
        }
      case ("maximum", .number(let text)):
        if case .number(let number) = instance, let limit = Double(text),
          let number = Double(number), number > limit
        {
          fail("above \(text)")
        }
      case ("allOf", .array(let schemas)):
        for schema in schemas { check(instance, against: schema, at: pointer, into: &found) }
      case ("if", let condition):
        var conditionProblems: [String] = []
        check(instance, against: condition, at: pointer, into: &conditionProblems)
        if conditionProblems.isEmpty, let then = keywords["then"] {
          check(instance, against: then, at: pointer, into: &found)
        }
      case ("then", _):
        continue
      case ("$ref", .string(let reference)):
        guard let target = resolve(reference) else {
          fail("unresolved reference \(reference)")
          continue
        }
        check(instance, against: target, at: pointer, into: &found)
      default:
        fail("the validator does not know the keyword \"\(keyword)\" with this value")
      }
    }
  }

  /// The schema at a local reference `#/$defs/name`.
  private func resolve(_ reference: String) -> JSONValue? {
    let prefix = "#/$defs/"
    guard reference.hasPrefix(prefix), case .object(let keywords) = root,
      case .object(let definitions)? = keywords["$defs"]
    else { return nil }
    return definitions[String(reference.dropFirst(prefix.count))]
  }

  private static func has(_ instance: JSONValue, type name: String) -> Bool {
    switch (name, instance) {
    case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string),
      ("array", .array), ("object", .object):
      true
    case ("integer", .number(let text)):
      Double(text).map { $0.isFinite && $0.rounded() == $0 } ?? false
    default:
      false
    }
  }

  /// JSON equality: numbers by value, everything else structurally.
  private static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
    switch (a, b) {
    case (.number(let a), .number(let b)): Double(a) == Double(b)
    case (.array(let a), .array(let b)): a.count == b.count && zip(a, b).allSatisfy(same)
    default: a == b
    }
  }
}
