/// A path to a value inside a JSON document, such as `sessions.B.scene.focus`.
///
/// Keys are separated by dots; a key that holds a dot, a bracket, a quote or nothing at all is
/// written quoted in brackets (`shared["restoration:A.txt"].value`), and an array element by its
/// index in brackets (`selection.grid[0]`).
package struct JSONPath: Hashable, Sendable, CustomStringConvertible {
  /// One step of a path.
  package enum Component: Hashable, Sendable {
    /// A member of an object.
    case key(String)
    /// An element of an array, from 0.
    case index(Int)
  }

  /// The steps, outermost first.
  package var components: [Component]

  /// The path of the whole document.
  package static let root = JSONPath(components: [])

  /// Creates a path from its steps.
  package init(components: [Component]) { self.components = components }

  /// Reads a path written as `replay why` takes it.
  package init(parsing text: String) throws(TraceError) {
    var parser = PathParser(text: Array(text.unicodeScalars))
    components = try parser.parse()
  }

  /// The path with one more step.
  package func appending(_ component: Component) -> JSONPath {
    JSONPath(components: components + [component])
  }

  /// The path without its last step; the root for the root.
  package var parent: JSONPath {
    JSONPath(components: Array(components.dropLast()))
  }

  /// The path as text that `init(parsing:)` reads back.
  package var description: String {
    var text = ""
    for component in components {
      switch component {
      case .index(let index):
        text += "[\(index)]"
      case .key(let key) where key.isPlainPathKey:
        text += (text.isEmpty ? "" : ".") + key
      case .key(let key):
        text += "[" + JSONValue.string(key).serialized() + "]"
      }
    }
    return text
  }
}

extension JSONValue {
  /// The value at `path`, or nil when the document has nothing there.
  package subscript(path: JSONPath) -> JSONValue? {
    var value = self
    for component in path.components {
      switch (component, value) {
      case (.key(let key), .object(let object)):
        guard let member = object[key] else { return nil }
        value = member
      case (.index(let index), .array(let array)) where array.indices.contains(index):
        value = array[index]
      default:
        return nil
      }
    }
    return value
  }
}

extension String {
  /// Whether the key can be written bare in a path.
  fileprivate var isPlainPathKey: Bool {
    !isEmpty && !unicodeScalars.contains { ".[]\"\\ ".unicodeScalars.contains($0) }
  }
}

/// Reads the text form of a `JSONPath`.
private struct PathParser {
  let text: [Unicode.Scalar]
  var position = 0

  mutating func parse() throws(TraceError) -> [JSONPath.Component] {
    guard !text.isEmpty else { throw failure("the path is empty") }
    var components: [JSONPath.Component] = []
    while position < text.count {
      switch text[position] {
      case "[":
        components.append(try bracketed())
      case "." where !components.isEmpty:
        position += 1
        guard position < text.count else { throw failure("a path cannot end with \".\"") }
        components.append(.key(try bareKey()))
      default:
        guard components.isEmpty else { throw failure("expected \".\" or \"[\"") }
        components.append(.key(try bareKey()))
      }
    }
    return components
  }

  private mutating func bareKey() throws(TraceError) -> String {
    let start = position
    while position < text.count, !".[".unicodeScalars.contains(text[position]) {
      position += 1
    }
    guard position > start else { throw failure("expected a key") }
    var key = String.UnicodeScalarView()
    key.append(contentsOf: text[start..<position])
    return String(key)
  }

  private mutating func bracketed() throws(TraceError) -> JSONPath.Component {
    position += 1
    let start = position
    guard let close = text[start...].firstIndex(of: "]") else {
      throw failure("a \"[\" is never closed")
    }
    var inner = String.UnicodeScalarView()
    if text[start] == "\"" {
      // A quoted key: find the closing quote (skipping escapes), then read it as a JSON string.
      var end = start + 1
      while end < text.count, text[end] != "\"" { end += text[end] == "\\" ? 2 : 1 }
      guard end + 1 < text.count, text[end + 1] == "]" else {
        throw failure("a quoted key must end with \"]")
      }
      inner.append(contentsOf: text[start...end])
      position = end + 2
      guard case .string(let key)? = try? JSONValue(parsing: Array(String(inner).utf8)) else {
        throw failure("the quoted key is not a valid JSON string")
      }
      return .key(key)
    }
    inner.append(contentsOf: text[start..<close])
    position = close + 1
    guard let index = Int(String(inner)), index >= 0 else {
      throw failure("brackets hold an index (0, 1, …) or a quoted key, not \(String(inner))")
    }
    return .index(index)
  }

  private func failure(_ what: String) -> TraceError {
    var view = String.UnicodeScalarView()
    view.append(contentsOf: text)
    return TraceError(
      code: .invalidValue,
      message: "cannot read the path \(String(view)) at character \(position + 1): \(what); "
        + "write keys with dots (sessions.B.scene.focus) and quote keys that hold dots "
        + "(shared[\"restoration:A.txt\"])")
  }
}
