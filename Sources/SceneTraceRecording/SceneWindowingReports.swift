import SceneTrace

/// One scene's windowing reports as UIKit or SwiftUI makes them, turned into the events worth
/// recording: the adapters read the values, this decides what to record.
///
/// - An `activeAppearance` equal to the last one recorded is not recorded again: UIKit can call
///   a trait-change handler without a change of the trait, and the adapter records the value it
///   finds when it starts observing.
/// - A geometry equal to the last one recorded is not recorded again: an app that implements
///   `windowScene(_:didUpdateEffectiveGeometry:)` and also observes `effectiveGeometry` reports
///   each change twice.
/// - While the user resizes the window (`isInteractivelyResizing`), UIKit reports a geometry for
///   nearly every frame. The first one is recorded (the resize begins), then only those that
///   change what the rules read: the horizontal size class, the orientation, the orientation
///   lock or the screen. The first geometry that is no longer resizing is always recorded (the
///   resize ends, with its final size), so `geometry.resize-balance` and
///   `geometry.stale-layout` see what they need, and a drag costs a few events, not hundreds.
/// - Size restrictions are recorded when they are known (nil: the system does not resize
///   windows) and differ from the last ones recorded.
package struct SceneWindowingReports: Hashable, Sendable {
  /// The scene's session identifier.
  package let session: String
  /// The last appearance recorded, nil before the first.
  package private(set) var appearance: ActiveAppearance?
  /// The last geometry recorded, nil before the first.
  package private(set) var geometry: Geometry?
  /// The last size restrictions recorded, nil before the first.
  package private(set) var sizeRestrictions: SizeRestrictions?

  /// The reports of the scene of `session`, before any.
  package init(session: String) {
    self.session = session
  }

  /// The scene's `activeAppearance` is `new`: records it unless it is the last one recorded.
  package mutating func appearanceDidChange(
    to new: ActiveAppearance, recorder: SceneTraceRecorder
  ) {
    guard new != appearance else { return }
    appearance = new
    recorder.activeAppearanceDidChange(session: session, appearance: new)
  }

  /// The scene's effective geometry is `new`, and its size restrictions `restrictions` (nil:
  /// none, or not read): records what the type's rules choose.
  package mutating func geometryDidChange(
    to new: Geometry, restrictions: SizeRestrictions? = nil, recorder: SceneTraceRecorder
  ) {
    if let restrictions, restrictions != sizeRestrictions {
      sizeRestrictions = restrictions
      recorder.sizeRestrictionsDidChange(
        session: session, minimumWidth: restrictions.minimumWidth,
        minimumHeight: restrictions.minimumHeight, maximumWidth: restrictions.maximumWidth,
        maximumHeight: restrictions.maximumHeight)
    }
    guard Self.isWorthRecording(new, after: geometry) else { return }
    geometry = new
    recorder.effectiveGeometryDidChange(
      session: session, width: new.width, height: new.height, orientation: new.orientation,
      horizontalSizeClass: new.horizontalSizeClass, resizing: new.isInteractivelyResizing,
      orientationLocked: new.isOrientationLocked, screen: new.screen)
  }

  /// Whether `new` says something the last recorded geometry `last` does not.
  package static func isWorthRecording(_ new: Geometry, after last: Geometry?) -> Bool {
    guard let last else { return true }
    guard new != last else { return false }
    guard new.isInteractivelyResizing == true, last.isInteractivelyResizing == true else {
      return true
    }
    return new.horizontalSizeClass != last.horizontalSizeClass
      || new.orientation != last.orientation || new.isOrientationLocked != last.isOrientationLocked
      || new.screen != last.screen
  }
}
