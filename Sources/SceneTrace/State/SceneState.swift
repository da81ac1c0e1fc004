/// A connected scene: one connection of a session, from `willConnect` to `didDisconnect`.
public struct SceneState: Hashable, Sendable, Codable {
  /// Which connection of its session this is, from 1.
  public var instance: Int
  /// The activation state; nil when the trace started after the scene connected and no
  /// lifecycle event has said yet where it is.
  public var state: SceneActivation?
  /// The scene's own key window.
  public var keyWindow: String?
  /// The first responder of the scene's key window.
  public var firstResponder: String?
  /// The item the scene's focus system has focused.
  public var focus: String?
  /// The scene's size and traits.
  public var geometry: Geometry?
  /// What the scene shows.
  public var content: String?
  /// Whether `content` was marked exclusive: to be shown by one scene at a time.
  public var contentIsExclusive = false
  /// The selection of each view, sorted.
  public var selection: [String: [String]] = [:]
  /// The band selection in flight (of the view whose band changed last, when bands of several
  /// views are).
  public var band: BandProgress?
  /// The pointer drag in flight.
  public var drag: PointerDragProgress?
  /// What the scene shows for each shared key.
  public var renders: [String: String] = [:]
  /// The hardware key presses in flight, by key code.
  public var presses: [Int: KeyPress] = [:]
  /// Whether the scene is frontmost (`activeAppearance`, iPadOS 26), as recorded; nil until a
  /// trait change says. Independent of `state`: a scene that is not frontmost may stay
  /// foregroundActive.
  public var appearance: ActiveAppearance?
  /// The sizes the app prefers for the scene (`sizeRestrictions`), when recorded.
  public var sizeRestrictions: SizeRestrictions?
  /// The size class the app last laid the scene out for (`scene.layout`).
  public var layout: SceneLayout?
  /// The scene's title, which the Window menu lists.
  public var title: String?

  /// The seq of the event that connected the scene (its `willConnect`, or the first event of a
  /// scene the trace met mid-life).
  var connectedAt: Int
  /// The seq of the scene's latest lifecycle event (its `willConnect` at first).
  var lastLifecycleSeq: Int
  /// Whether the scene became active since it last entered the foreground.
  var activeSinceEnteringForeground = false
  /// The seq of the focus update that set `focus`, if any did.
  var focusSince: Int?
  /// The seq of the pointer drag's `began`, while one is in flight.
  var dragBegan: Int?
  /// The band selections in flight, by view: each view's band interaction has its own.
  var bands: [String: BandInFlight] = [:]
  /// The selections band selections derived, by view, waiting for the view's next
  /// `selection.change`.
  var bandOutcomes: [String: BandOutcome] = [:]
  /// The seq of the `content.display` that set `content`.
  var contentSince: Int?
  /// The seq of the scene's latest render of each key.
  var renderedAt: [String: Int] = [:]
  /// The shared values the scene shows an older version of, by key.
  var pendingRenders: [String: PendingRender] = [:]
  /// Whether the trace met the scene mid-life (`lifecycle.unknown-scene`): what it held before
  /// is unknown, so a phase that needs an earlier one (a press `ended`) is not judged.
  var startedMidLife = false
  /// The seq of the geometry event that began the interactive resize in flight.
  var resizeBegan: Int?
  /// The seq of the settled geometry whose size class the scene's layout does not match, until
  /// the app lays it out again or it is reported (`geometry.stale-layout`).
  var layoutStaleSince: Int?
  /// The seq of the event that set `appearance`.
  var appearanceSince: Int?

  /// Creates a scene in the given state.
  public init(instance: Int, state: SceneActivation?, connectedAt seq: Int) {
    self.instance = instance
    self.state = state
    self.connectedAt = seq
    self.lastLifecycleSeq = seq
  }
}

/// A scene's size and traits (`scene.geometry`).
public struct Geometry: Hashable, Sendable, Codable {
  /// The width, in points.
  public var width: Double
  /// The height, in points.
  public var height: Double
  /// The interface orientation, when recorded.
  public var orientation: Orientation?
  /// The horizontal size class, when recorded.
  public var horizontalSizeClass: SizeClass?
  /// Whether the user is resizing the window (`isInteractivelyResizing`, iPadOS 26), when
  /// recorded.
  public var isInteractivelyResizing: Bool?
  /// Whether the orientation is locked (`isInterfaceOrientationLocked`), when recorded.
  public var isOrientationLocked: Bool?
  /// The screen the scene is on, when recorded.
  public var screen: String?

  /// Creates a geometry record.
  public init(
    width: Double, height: Double, orientation: Orientation?, horizontalSizeClass: SizeClass?,
    isInteractivelyResizing: Bool? = nil, isOrientationLocked: Bool? = nil, screen: String? = nil
  ) {
    self.width = width
    self.height = height
    self.orientation = orientation
    self.horizontalSizeClass = horizontalSizeClass
    self.isInteractivelyResizing = isInteractivelyResizing
    self.isOrientationLocked = isOrientationLocked
    self.screen = screen
  }
}

/// The sizes an app prefers for a scene (`UISceneSizeRestrictions`): preferences, which the
/// system may not honour.
public struct SizeRestrictions: Hashable, Sendable, Codable {
  /// The smallest width and height the app asks for, in points.
  public var minimumWidth: Double
  public var minimumHeight: Double
  /// The largest width and height the app asks for, in points.
  public var maximumWidth: Double
  public var maximumHeight: Double

  /// Creates a record of size restrictions.
  public init(
    minimumWidth: Double, minimumHeight: Double, maximumWidth: Double, maximumHeight: Double
  ) {
    self.minimumWidth = minimumWidth
    self.minimumHeight = minimumHeight
    self.maximumWidth = maximumWidth
    self.maximumHeight = maximumHeight
  }
}

/// The layout an app chose for a scene (`scene.layout`).
public struct SceneLayout: Hashable, Sendable, Codable {
  /// The horizontal size class the layout was made for.
  public var horizontalSizeClass: SizeClass
  /// The app's name for the layout, when it gave one.
  public var name: String?

  /// Creates a layout record.
  public init(horizontalSizeClass: SizeClass, name: String?) {
    self.horizontalSizeClass = horizontalSizeClass
    self.name = name
  }
}

/// A band selection in flight in one view of a scene.
public struct BandProgress: Hashable, Sendable, Codable {
  /// The view being band-selected.
  public var view: String
  /// The latest state reported (`began` or `selecting`).
  public var state: BandState
  /// The band's rectangle in the view.
  public var rect: Rect?
  /// The modifiers held when the band began.
  public var modifiers: ModifierFlags
  /// The items inside the band now.
  public var items: [String]
  /// The view's selection when the band began.
  public var before: [String]

  /// Creates a band in flight.
  public init(
    view: String, state: BandState, rect: Rect?, modifiers: ModifierFlags, items: [String],
    before: [String]
  ) {
    self.view = view
    self.state = state
    self.rect = rect
    self.modifiers = modifiers
    self.items = items
    self.before = before
  }

  /// The selection UIKit's band semantics give when the band ends with `items` inside it: the
  /// items replace the selection, or are added to it with Shift, or toggle it with Command
  /// (Command wins over Shift).
  public func selection(endingWith items: [String]) -> [String] {
    // ASCII names (nearly all) are merged in order, with no set made of either side: for them
    // byte order and equality are those of `String`, and a set's hashing was most of a band's
    // end.
    if let inside = items.asciiNamesInOrder, let previous = before.asciiNamesInOrder {
      if modifiers.contains(.command) { return previous.merged(with: inside, keepingBoth: false) }
      if modifiers.contains(.shift) { return previous.merged(with: inside, keepingBoth: true) }
      return inside
    }
    let inside = Set(items)
    let previous = Set(before)
    let result: Set<String>
    if modifiers.contains(.command) {
      result = previous.symmetricDifference(inside)
    } else if modifiers.contains(.shift) {
      result = previous.union(inside)
    } else {
      result = inside
    }
    return result.sortedInScalarOrder()
  }
}

/// A pointer drag in flight in a scene.
public struct PointerDragProgress: Hashable, Sendable, Codable {
  /// The latest phase reported (`began` or `changed`).
  public var phase: PointerPhase
  /// The pointer's latest position in the scene, in points.
  public var x: Double
  /// The pointer's latest position in the scene, in points.
  public var y: Double
  /// The axes the region latched to.
  public var latching: Latching?
  /// The pointer region the drag is in, when recorded.
  public var region: String?

  /// Creates a pointer drag record.
  public init(
    phase: PointerPhase, x: Double, y: Double, latching: Latching?, region: String? = nil
  ) {
    self.phase = phase
    self.x = x
    self.y = y
    self.latching = latching
    self.region = region
  }

  /// Whether the drag's region latches: its style stays while the button is down.
  var isLatched: Bool {
    switch latching {
    case .horizontal?, .vertical?, .both?: true
    default: false
    }
  }
}

/// A drag session of the current launch.
public struct DragState: Hashable, Sendable, Codable {
  /// Whether the drag is still in flight.
  public enum Phase: String, Hashable, Sendable, Codable {
    /// Between `drag.begin` and `drag.end`.
    case active
    /// After `drag.end`.
    case ended
  }

  /// The scene the drag started in.
  public var source: SessionID
  /// Whether the drag is still in flight.
  public var phase: Phase
  /// The scene it was dropped in, if any.
  public var target: SessionID?
  /// How it ended, if it has.
  public var operation: DropOperation?
  /// The seq of its `drag.begin`.
  public var began: Int
  /// The user activity type its items carry, which can open a new window.
  public var activityType: String?
  /// The session created for it when it was dropped to open a new window (drag to new window:
  /// a new session configured or connected with the drag's activity type while it was in
  /// flight or within a second after it ended).
  public var newSession: SessionID?

  /// The seq of its `drag.end`, once it ended.
  var endedSeq: Int?
  /// When it ended.
  var endedAt: TraceTime?
  /// The seq of its `drop.perform`, once dropped.
  var droppedSeq: Int?

  /// Creates an active drag.
  public init(source: SessionID, began seq: Int, activityType: String? = nil) {
    self.source = source
    self.phase = .active
    self.began = seq
    self.activityType = activityType
  }
}

/// One key of the app's shared store.
public struct SharedValue: Hashable, Sendable, Codable {
  /// The value written.
  public var value: String
  /// The scene that wrote it, when known.
  public var writer: SessionID?
  /// The seq of the write.
  public var seq: Int

  /// Creates a stored value.
  public init(value: String, writer: SessionID?, seq: Int) {
    self.value = value
    self.writer = writer
    self.seq = seq
  }
}

extension Sequence<String> {
  /// The strings sorted by Unicode scalar values, without repeats.
  package func sortedInScalarOrder() -> [String] {
    // A band's items and a selection are mostly ASCII names, for which `String`'s own `<` and
    // `==` are byte order and byte equality (normalizing leaves ASCII as it is) and take the
    // standard library's fast path, where comparing through `withUTF8Bytes` wrapped each
    // comparison in closures over both strings' bytes. Sorted by their bytes, their repeats are
    // neighbours, and no name is hashed into a set. Names already in order are the answer as
    // they are.
    if let names = self as? [String] { return names.inScalarOrder() }
    return Set(self).sorted { $0.precedesInScalarOrder($1) }
  }
}

extension [String] {
  /// The strings sorted by Unicode scalar values, without repeats, as
  /// `sortedInScalarOrder()` gives them, sorted where they are stored when the array is the only
  /// one holding its storage (a band's items taken over from their event): `sorted()` made a
  /// new array at every band event.
  package consuming func inScalarOrder() -> [String] {
    guard isASCII else { return Set(self).sorted { $0.precedesInScalarOrder($1) } }
    return asciiNamesSorted()
  }

  /// The names sorted by their bytes, without repeats, when every one is ASCII; nil otherwise.
  fileprivate var asciiNamesInOrder: [String]? {
    isASCII ? asciiNamesSorted() : nil
  }

  /// These ASCII names sorted by their bytes, without repeats; names already in order are the
  /// answer as they are.
  private consuming func asciiNamesSorted() -> [String] {
    if !isStrictlyIncreasing {
      sort()
      removeNeighbouringRepeats()
    }
    return self
  }

  /// Whether every name is ASCII.
  private var isASCII: Bool {
    allSatisfy { $0.withUTF8Bytes { bytes in bytes.allSatisfy { $0 < 0x80 } } }
  }

  /// These names and `other`'s, both in order without repeats, merged in order: a name in both
  /// is kept once when `keepingBoth` (their union), left out otherwise (their symmetric
  /// difference).
  fileprivate func merged(with other: [String], keepingBoth: Bool) -> [String] {
    var merged: [String] = []
    merged.reserveCapacity(count + other.count)
    var (index, otherIndex) = (startIndex, other.startIndex)
    while index < endIndex, otherIndex < other.endIndex {
      if self[index] < other[otherIndex] {
        merged.append(self[index])
        index += 1
      } else if other[otherIndex] < self[index] {
        merged.append(other[otherIndex])
        otherIndex += 1
      } else {
        if keepingBoth { merged.append(self[index]) }
        index += 1
        otherIndex += 1
      }
    }
    merged += self[index...]
    merged += other[otherIndex...]
    return merged
  }

  /// Whether each string precedes the next: by its bytes, when they are ASCII.
  fileprivate var isStrictlyIncreasing: Bool {
    indices.dropFirst().allSatisfy { self[$0 - 1] < self[$0] }
  }

  /// Removes each string that equals the one before it: byte for byte, when they are ASCII.
  fileprivate mutating func removeNeighbouringRepeats() {
    var kept = 0
    for index in indices {
      if kept > 0, self[index] == self[kept - 1] { continue }
      swapAt(kept, index)
      kept += 1
    }
    removeLast(count - kept)
  }
}
