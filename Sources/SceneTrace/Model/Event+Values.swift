// The enumerated values events carry. Each keeps a value it does not recognize (see
// `OpenEnumeration`), so a trace from a newer recorder still reads.

/// A keyboard modifier (`UIKeyModifierFlags`).
public enum Modifier: OpenEnumeration {
  case capsLock, shift, control, option, command, numericPad
  case unrecognized(String)

  public static let recognizedCases: [Self] = [
    .capsLock, .shift, .control, .option, .command, .numericPad,
  ]

  public var rawValue: String {
    switch self {
    case .capsLock: "capsLock"
    case .shift: "shift"
    case .control: "control"
    case .option: "option"
    case .command: "command"
    case .numericPad: "numericPad"
    case .unrecognized(let value): value
    }
  }
}

/// The phase of a hardware key press (`UIPress.Phase`).
public enum PressPhase: OpenEnumeration {
  case began, changed, stationary, ended, cancelled
  case unrecognized(String)

  public static let recognizedCases: [Self] = [.began, .changed, .stationary, .ended, .cancelled]

  public var rawValue: String {
    switch self {
    case .began: "began"
    case .changed: "changed"
    case .stationary: "stationary"
    case .ended: "ended"
    case .cancelled: "cancelled"
    case .unrecognized(let value): value
    }
  }
}

/// The phase of a pointer drag.
public enum PointerPhase: OpenEnumeration {
  case began, changed, ended, cancelled
  case unrecognized(String)

  public static let recognizedCases: [Self] = [.began, .changed, .ended, .cancelled]

  public var rawValue: String {
    switch self {
    case .began: "began"
    case .changed: "changed"
    case .ended: "ended"
    case .cancelled: "cancelled"
    case .unrecognized(let value): value
    }
  }
}

/// The state of a band selection (`UIBandSelectionInteraction.State`, without `possible`).
public enum BandState: OpenEnumeration {
  case began, selecting, ended
  case unrecognized(String)

  public static let recognizedCases: [Self] = [.began, .selecting, .ended]

  public var rawValue: String {
    switch self {
    case .began: "began"
    case .selecting: "selecting"
    case .ended: "ended"
    case .unrecognized(let value): value
    }
  }
}

/// The direction of a focus movement (`UIFocusHeading`).
public enum FocusHeading: OpenEnumeration {
  case up, down, left, right, next, previous, first, last
  case unrecognized(String)

  public static let recognizedCases: [Self] = [
    .up, .down, .left, .right, .next, .previous, .first, .last,
  ]

  public var rawValue: String {
    switch self {
    case .up: "up"
    case .down: "down"
    case .left: "left"
    case .right: "right"
    case .next: "next"
    case .previous: "previous"
    case .first: "first"
    case .last: "last"
    case .unrecognized(let value): value
    }
  }
}

/// The axes a pointer region latches to while the button is down (`UIPointerRegion.latchingAxes`).
public enum Latching: OpenEnumeration {
  case none, horizontal, vertical, both
  case unrecognized(String)

  public static let recognizedCases: [Self] = [.none, .horizontal, .vertical, .both]

  public var rawValue: String {
    switch self {
    case .none: "none"
    case .horizontal: "horizontal"
    case .vertical: "vertical"
    case .both: "both"
    case .unrecognized(let value): value
    }
  }
}

/// A size class (`UIUserInterfaceSizeClass`).
public enum SizeClass: OpenEnumeration {
  case compact, regular
  case unrecognized(String)

  public static let recognizedCases: [Self] = [.compact, .regular]

  public var rawValue: String {
    switch self {
    case .compact: "compact"
    case .regular: "regular"
    case .unrecognized(let value): value
    }
  }
}

/// An interface orientation (`UIInterfaceOrientation`).
public enum Orientation: OpenEnumeration {
  case portrait, portraitUpsideDown, landscapeLeft, landscapeRight
  case unrecognized(String)

  public static let recognizedCases: [Self] = [
    .portrait, .portraitUpsideDown, .landscapeLeft, .landscapeRight,
  ]

  public var rawValue: String {
    switch self {
    case .portrait: "portrait"
    case .portraitUpsideDown: "portraitUpsideDown"
    case .landscapeLeft: "landscapeLeft"
    case .landscapeRight: "landscapeRight"
    case .unrecognized(let value): value
    }
  }
}

/// How a requested scene is presented (`UIWindowScene.PresentationStyle`).
public enum PresentationStyle: OpenEnumeration {
  case automatic, standard, prominent
  case unrecognized(String)

  public static let recognizedCases: [Self] = [.automatic, .standard, .prominent]

  public var rawValue: String {
    switch self {
    case .automatic: "automatic"
    case .standard: "standard"
    case .prominent: "prominent"
    case .unrecognized(let value): value
    }
  }
}

/// How a destroyed scene leaves the screen (`UIWindowScene.DismissalAnimation`).
public enum DismissalAnimation: OpenEnumeration {
  case standard, commit, decline
  case unrecognized(String)

  public static let recognizedCases: [Self] = [.standard, .commit, .decline]

  public var rawValue: String {
    switch self {
    case .standard: "standard"
    case .commit: "commit"
    case .decline: "decline"
    case .unrecognized(let value): value
    }
  }
}

/// How a drag ended (`UIDropOperation`).
public enum DropOperation: OpenEnumeration {
  case cancel, copy, move, forbidden
  case unrecognized(String)

  public static let recognizedCases: [Self] = [.cancel, .copy, .move, .forbidden]

  public var rawValue: String {
    switch self {
    case .cancel: "cancel"
    case .copy: "copy"
    case .move: "move"
    case .forbidden: "forbidden"
    case .unrecognized(let value): value
    }
  }
}

/// A scene session's role (`UISceneSession.Role`).
public enum SceneRole: OpenEnumeration {
  case windowApplication
  case windowExternalDisplayNonInteractive
  /// The role iPadOS 13 to 15 used for external displays; replaced in iPadOS 16.
  case windowExternalDisplay
  case carTemplateApplication
  case unrecognized(String)

  public static let recognizedCases: [Self] = [
    .windowApplication, .windowExternalDisplayNonInteractive, .windowExternalDisplay,
    .carTemplateApplication,
  ]

  public var rawValue: String {
    switch self {
    case .windowApplication: "windowApplication"
    case .windowExternalDisplayNonInteractive: "windowExternalDisplayNonInteractive"
    case .windowExternalDisplay: "windowExternalDisplay"
    case .carTemplateApplication: "carTemplateApplication"
    case .unrecognized(let value): value
    }
  }
}

/// Why a selection changed. Apps name causes of their own: those are kept and are not unusual.
public enum SelectionCause: OpenEnumeration {
  case tap, keyboard, band, programmatic, focus
  case unrecognized(String)

  public static let recognizedCases: [Self] = [.tap, .keyboard, .band, .programmatic, .focus]

  public var rawValue: String {
    switch self {
    case .tap: "tap"
    case .keyboard: "keyboard"
    case .band: "band"
    case .programmatic: "programmatic"
    case .focus: "focus"
    case .unrecognized(let value): value
    }
  }
}

/// How the iPad presents the app's windows (Settings › Multitasking & Gestures), as the recorder was told: no API reports it.
public enum WindowingMode: OpenEnumeration {
  /// Full Screen Apps: one app at a time; before iPadOS 26, also Split View and Slide Over.
  case fullScreen
  /// Windowed Apps (iPadOS 26): several resizable windows on screen at once.
  case windowed
  /// Stage Manager (iPadOS 16 and later).
  case stageManager
  case unrecognized(String)

  public static let recognizedCases: [Self] = [.fullScreen, .windowed, .stageManager]

  public var rawValue: String {
    switch self {
    case .fullScreen: "fullScreen"
    case .windowed: "windowed"
    case .stageManager: "stageManager"
    case .unrecognized(let value): value
    }
  }
}

/// Whether a scene is frontmost (`UIUserInterfaceActiveAppearance`): `active` while its window is the focused one. It is not the scene's activation state.
public enum ActiveAppearance: OpenEnumeration {
  case unspecified
  case inactive
  case active
  case unrecognized(String)

  public static let recognizedCases: [Self] = [.unspecified, .inactive, .active]

  public var rawValue: String {
    switch self {
    case .unspecified: "unspecified"
    case .inactive: "inactive"
    case .active: "active"
    case .unrecognized(let value): value
    }
  }
}

/// Where a command came from.
public enum CommandOrigin: OpenEnumeration {
  /// A hardware keyboard shortcut.
  case keyboardShortcut
  /// A pick in the menu bar (iPadOS 26).
  case menuBar
  /// A pick in a context menu of the scene.
  case contextMenu
  case unrecognized(String)

  public static let recognizedCases: [Self] = [.keyboardShortcut, .menuBar, .contextMenu]

  public var rawValue: String {
    switch self {
    case .keyboardShortcut: "keyboardShortcut"
    case .menuBar: "menuBar"
    case .contextMenu: "contextMenu"
    case .unrecognized(let value): value
    }
  }
}

/// How the user asked to close a window.
public enum CloseRequest: OpenEnumeration {
  /// The close button of the window controls (iPadOS 26).
  case closeControl
  /// Perform Close: ⌘W, or File › Close in the menu bar.
  case performClose
  case unrecognized(String)

  public static let recognizedCases: [Self] = [.closeControl, .performClose]

  public var rawValue: String {
    switch self {
    case .closeControl: "closeControl"
    case .performClose: "performClose"
    case .unrecognized(let value): value
    }
  }
}

/// The modifier keys held during an event, kept in the documented order without repeats.
public struct ModifierFlags: Hashable, Sendable, ExpressibleByArrayLiteral, CustomStringConvertible
{
  // How the modifiers are held. Nearly every event holds recognized modifiers only, as bits:
  // making, copying and comparing them allocates nothing and counts no reference, which a
  // decoder and a hook do once an event. Each set has one form, so equality is the fields'.
  // (Not an enum of the two forms: its case would be kept in the spare bits of the list's
  // pointer, which leak checkers then do not recognize as a pointer.)

  /// Every member, in the order of `members`, when at least one is unrecognized; nil when none
  /// is. (Declared first, so that the byte of bits follows it rather than padding before it.)
  private var listed: [Modifier]?
  /// The recognized modifiers held: bit i is `Modifier.recognizedCases[i]`.
  private var bits: UInt8

  /// Creates a set of modifiers, ignoring repeats.
  public init(_ modifiers: some Sequence<Modifier>) {
    var bits: UInt8 = 0
    var unrecognized: [Modifier] = []
    for modifier in modifiers {
      if let bit = modifier.recognizedBit {
        bits |= bit
      } else if !unrecognized.contains(modifier) {
        unrecognized.append(modifier)
      }
    }
    self.init(recognizedBits: bits, unrecognized: unrecognized)
  }

  /// The recognized modifiers whose bits are set in `bits` (bit i is
  /// `Modifier.recognizedCases[i]`), then `unrecognized`, which holds no repeat and no
  /// recognized modifier.
  package init(recognizedBits bits: UInt8, unrecognized: [Modifier]) {
    listed = unrecognized.isEmpty ? nil : Self.recognized(bits) + unrecognized
    self.bits = bits
  }

  /// The recognized modifiers whose bits are set in `bits` (bit i is
  /// `Modifier.recognizedCases[i]`). (Not a default argument of the initializer above: an
  /// empty array passed is released, at each event a decoder reads and each key press a hook
  /// records.)
  package init(recognizedBits bits: UInt8) {
    listed = nil
    self.bits = bits
  }

  public init(arrayLiteral elements: Modifier...) { self.init(elements) }

  /// No modifier held. (Made at each use rather than stored: a stored value is copied out of
  /// its global, which retains its nil list, and a hook's default argument is one a call.)
  public static var none: ModifierFlags { ModifierFlags(recognizedBits: 0) }

  /// The modifiers, recognized ones first in the order of `Modifier.recognizedCases`, then
  /// unrecognized ones in the order they were read.
  public var members: [Modifier] { listed ?? Self.recognized(bits) }

  /// Calls `body` with each of ``members`` in turn, without making the array: a report's line
  /// and an event's JSON line write the modifiers of most events.
  package func forEachMember(_ body: (Modifier) -> Void) {
    if let listed { return listed.forEach(body) }
    var rest = bits
    for modifier in Modifier.recognizedCases where rest != 0 {
      if rest & 1 != 0 { body(modifier) }
      rest >>= 1
    }
  }

  /// The recognized modifiers held, as bits: bit i is `Modifier.recognizedCases[i]`.
  package var recognizedBits: UInt8 { bits }

  /// The unrecognized modifiers held, in the order they were read.
  package var unrecognizedMembers: [Modifier] { listed?.filter { !$0.isRecognized } ?? [] }

  /// Whether an unrecognized modifier is held.
  package var hasUnrecognizedMembers: Bool { listed != nil }

  /// Whether no modifier is held.
  public var isEmpty: Bool { bits == 0 && listed == nil }

  /// Whether `modifier` is held.
  public func contains(_ modifier: Modifier) -> Bool {
    guard let bit = modifier.recognizedBit else { return listed?.contains(modifier) ?? false }
    return bits & bit != 0
  }

  /// These modifiers without `modifiers`.
  package func subtracting(_ modifiers: ModifierFlags) -> ModifierFlags {
    let others = modifiers.unrecognizedMembers
    return ModifierFlags(
      recognizedBits: recognizedBits & ~modifiers.recognizedBits,
      unrecognized: unrecognizedMembers.filter { !others.contains($0) })
  }

  public var description: String {
    isEmpty ? "none" : members.map(\.rawValue).joined(separator: "+")
  }

  /// The recognized modifiers whose bits are set in `bits`, in their documented order.
  private static func recognized(_ bits: UInt8) -> [Modifier] {
    guard bits != 0 else { return [] }
    return Modifier.recognizedCases.indices.compactMap {
      bits & 1 << $0 != 0 ? Modifier.recognizedCases[$0] : nil
    }
  }
}

extension Modifier {
  /// The bit of a recognized modifier in `ModifierFlags`, nil for an unrecognized one.
  fileprivate var recognizedBit: UInt8? {
    switch self {
    case .capsLock: 1 << 0
    case .shift: 1 << 1
    case .control: 1 << 2
    case .option: 1 << 3
    case .command: 1 << 4
    case .numericPad: 1 << 5
    case .unrecognized: nil
    }
  }
}

/// A rectangle in a view's coordinate space, in points.
public struct Rect: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The left edge.
  public var x: Double
  /// The top edge.
  public var y: Double
  /// The width, in points.
  public var width: Double
  /// The height, in points.
  public var height: Double

  /// Creates a rectangle from its origin and size.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// `[x, y, width, height]`.
  public var description: String {
    "[\(x.compactDescription), \(y.compactDescription), \(width.compactDescription), "
      + "\(height.compactDescription)]"
  }
}

extension Double {
  /// The shortest text that reads back as this value, without a `.0` on whole numbers.
  package var compactDescription: String {
    if let whole = wholeValue { return String(whole) }
    return description
  }

  /// The value as an integer when ``compactDescription`` writes it as one: a whole number
  /// below 10^15 in magnitude.
  package var wholeValue: Int? {
    rounded() == self && abs(self) < 1e15 ? Int(self) : nil
  }
}
