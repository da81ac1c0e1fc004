/// Walks of a responder chain (`UIResponder.next`), written over any linked objects so that the
/// UIKit adapter's decisions about commands are tested on every platform: which responders
/// offer a command (`command.invoke`'s `offeredBy`) and which scene a responder belongs to.
///
/// A walk visits each object once and stops after ``limit`` objects, so a chain that loops
/// back on itself (a custom `next` can) cannot hang the app.
package enum ResponderChain {
  /// The most responders a walk visits.
  package static let limit = 256

  /// The names of the responders from `first` along `next` that can perform the action, in
  /// chain order; two responders with the same name are listed once.
  package static func offering<Responder: AnyObject>(
    from first: Responder?, next: (Responder) -> Responder?,
    canPerform: (Responder) -> Bool, name: (Responder) -> String
  ) -> [String] {
    var names: [String] = []
    walk(from: first, next: next) { responder in
      if canPerform(responder) {
        let responderName = name(responder)
        if !names.contains(responderName) { names.append(responderName) }
      }
      return false
    }
    return names
  }

  /// The first value `value` finds along the chain from `first`, such as the window scene of
  /// the first view or window in it; nil when none does.
  package static func first<Responder: AnyObject, Value>(
    from first: Responder?, next: (Responder) -> Responder?, _ value: (Responder) -> Value?
  ) -> Value? {
    var found: Value?
    walk(from: first, next: next) { responder in
      found = value(responder)
      return found != nil
    }
    return found
  }

  /// Visits the chain from `first` until `visit` returns true, the chain ends, an object comes
  /// back or ``limit`` objects have been visited.
  private static func walk<Responder: AnyObject>(
    from first: Responder?, next: (Responder) -> Responder?, _ visit: (Responder) -> Bool
  ) {
    var seen: Set<ObjectIdentifier> = []
    var current = first
    while let responder = current, seen.count < limit,
      seen.insert(ObjectIdentifier(responder)).inserted
    {
      if visit(responder) { return }
      current = next(responder)
    }
  }
}
