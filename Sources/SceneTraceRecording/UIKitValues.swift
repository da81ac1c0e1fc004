import SceneTrace

// UIKit's raw values (ABI, stable since they were introduced) mapped to the trace's values, so
// that the adapters stay thin and this mapping is tested on every platform. A raw value UIKit
// adds later is kept as `unrecognized("raw:N")`. Each is a switch, not a lookup in an array:
// the adapters map a value at every key press and pointer sample, on the app's thread, and an
// array of these enumerations would be made (allocated) at each call.

extension ModifierFlags {
  /// The modifiers of a `UIKeyModifierFlags` raw value. Its bits 16 to 21 (alphaShift, shift,
  /// control, alternate, command, numericPad) are the trace's recognized modifiers in their
  /// order, bits 0 to 5 of ``recognizedBits``: a shift, with no array made on a key press.
  package init(uiKitRawValue raw: Int) {
    self.init(recognizedBits: UInt8(truncatingIfNeeded: raw >> 16) & 0b11_1111)
  }
}

extension SceneRole {
  /// A `UISceneSession.Role` raw value, such as `UIWindowSceneSessionRoleApplication`. The
  /// trace names roles as Swift does (`windowApplication`), so that the rules that depend on
  /// the role (a screen-mirroring scene's lifecycle, its key and focus events) recognize it; a
  /// role this version does not know is kept as UIKit spells it.
  package init(uiKitRawValue raw: String) {
    switch raw {
    case "UIWindowSceneSessionRoleApplication": self = .windowApplication
    case "UIWindowSceneSessionRoleExternalDisplayNonInteractive":
      self = .windowExternalDisplayNonInteractive
    case "UIWindowSceneSessionRoleExternalDisplay": self = .windowExternalDisplay
    case "CPTemplateApplicationSceneSessionRoleApplication": self = .carTemplateApplication
    default: self.init(rawValue: raw)
    }
  }
}

extension PressPhase {
  /// A `UIPress.Phase` raw value.
  package init(uiKitRawValue raw: Int) {
    switch raw {
    case 0: self = .began
    case 1: self = .changed
    case 2: self = .stationary
    case 3: self = .ended
    case 4: self = .cancelled
    default: self = .unrecognized("raw:\(raw)")
    }
  }
}

extension BandState {
  /// A `UIBandSelectionInteraction.State` raw value; nil for `possible` (no band in flight).
  package init?(uiKitRawValue raw: Int) {
    switch raw {
    case 0: return nil
    case 1: self = .began
    case 2: self = .selecting
    case 3: self = .ended
    default: self = .unrecognized("raw:\(raw)")
    }
  }
}

extension FocusHeading {
  /// The heading of a `UIFocusHeading` bitmask: the lowest of its bits that UIKit defines, kept
  /// as `raw:N` when none of them is set; nil when no bit is.
  package init?(uiKitBitmask raw: UInt) {
    guard raw != 0 else { return nil }
    let known = raw & 0b11_0011_1111
    switch known & (~known &+ 1) {
    case 1: self = .up
    case 2: self = .down
    case 4: self = .left
    case 8: self = .right
    case 16: self = .next
    case 32: self = .previous
    case 256: self = .first
    case 512: self = .last
    default: self = .unrecognized("raw:\(raw)")
    }
  }
}

extension DropOperation {
  /// A `UIDropOperation` raw value.
  package init(uiKitRawValue raw: Int) {
    switch raw {
    case 0: self = .cancel
    case 1: self = .forbidden
    case 2: self = .copy
    case 3: self = .move
    default: self = .unrecognized("raw:\(raw)")
    }
  }
}

extension PresentationStyle {
  /// A `UIWindowScene.PresentationStyle` raw value.
  package init(uiKitRawValue raw: Int) {
    switch raw {
    case 0: self = .automatic
    case 1: self = .standard
    case 2: self = .prominent
    default: self = .unrecognized("raw:\(raw)")
    }
  }
}

extension DismissalAnimation {
  /// A `UIWindowScene.DismissalAnimation` raw value.
  package init(uiKitRawValue raw: Int) {
    switch raw {
    case 1: self = .standard
    case 2: self = .commit
    case 3: self = .decline
    default: self = .unrecognized("raw:\(raw)")
    }
  }
}

extension Latching {
  /// A `UIAxis` raw value, as `UIPointerRegion.latchingAxes` holds it.
  package init(uiKitAxes raw: Int) {
    switch raw {
    case 0: self = .none
    case 1: self = .horizontal
    case 2: self = .vertical
    case 3: self = .both
    default: self = .unrecognized("raw:\(raw)")
    }
  }
}

extension SizeClass {
  /// A `UIUserInterfaceSizeClass` raw value; nil for `unspecified`.
  package init?(uiKitRawValue raw: Int) {
    switch raw {
    case 0: return nil
    case 1: self = .compact
    case 2: self = .regular
    default: self = .unrecognized("raw:\(raw)")
    }
  }
}

extension Orientation {
  /// A `UIInterfaceOrientation` raw value; nil for `unknown`.
  package init?(uiKitRawValue raw: Int) {
    switch raw {
    case 0: return nil
    case 1: self = .portrait
    case 2: self = .portraitUpsideDown
    case 3: self = .landscapeRight
    case 4: self = .landscapeLeft
    default: self = .unrecognized("raw:\(raw)")
    }
  }
}

extension ActiveAppearance {
  /// A `UIUserInterfaceActiveAppearance` raw value (`unspecified` is -1).
  package init(uiKitRawValue raw: Int) {
    switch raw {
    case -1: self = .unspecified
    case 0: self = .inactive
    case 1: self = .active
    default: self = .unrecognized("raw:\(raw)")
    }
  }
}
