import Foundation

/// Stable names for the app's objects (responders, focus items, windows, views): the class name
/// and a number, such as `NoteCell#3`, the same for an object as long as it lives and never
/// given to another object afterwards.
///
/// Traces name objects, never hold them: a name costs one lookup under a lock, taken on the main
/// thread where UIKit calls the adapters.
public final class ObjectNames: @unchecked Sendable {
  private struct Entry {
    weak var object: AnyObject?
    var name: String
  }

  private let lock = NSLock()
  private var entries: [ObjectIdentifier: Entry] = [:]
  private var counters: [String: Int] = [:]

  /// An empty registry.
  public init() {}

  /// The object's name, given on first sight.
  public func name(of object: AnyObject) -> String {
    let id = ObjectIdentifier(object)
    lock.lock()
    defer { lock.unlock() }
    // An identifier can be reused after its object is freed: a new object gets a new name.
    if let entry = entries[id], entry.object === object { return entry.name }
    let type = String(describing: Swift.type(of: object))
    let number = counters[type, default: 0] + 1
    counters[type] = number
    let name = "\(type)#\(number)"
    entries[id] = Entry(object: object, name: name)
    if entries.count > 4_096 { entries = entries.filter { $0.value.object != nil } }
    return name
  }
}
