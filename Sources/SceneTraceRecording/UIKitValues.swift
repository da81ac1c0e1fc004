import SceneTrace

// UIKit's raw values (ABI, stable since they were introduced) mapped to the trace's values, so
// that the adapters stay thin and this mapping is tested on every platform. A raw value UIKit
// adds later is kept as `unrecognized("raw:N")`.

extension ModifierFlags {
  /// The modifiers of a `UIKeyModifierFlags` raw value.
  package init(uiKitRawValue raw: Int) {
    let bits: [(Int, Modifier)] = [
      (1 << 16, .capsLock), (1 << 17, .shift), (1 << 18, .control), (1 << 19, .option),
      (1 << 20, .command), (1 << 21, .numericPad),
    ]
    self.init(bits.filter { raw & $0.0 != 0 }.map(\.1))
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
    let phases: [PressPhase] = [.began, .changed, .stationary, .ended, .cancelled]
    self = phases.indices.contains(raw) ? phases[raw] : .unrecognized("raw:\(raw)")
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
  /// The heading of a `UIFocusHeading` bitmask: its lowest set bit; nil when none is set.
  package init?(uiKitBitmask raw: UInt) {
    let bits: [(UInt, FocusHeading)] = [
      (1, .up), (2, .down), (4, .left), (8, .right), (16, .next), (32, .previous),
      (256, .first), (512, .last),
    ]
    guard raw != 0 else { return nil }
    self = bits.first { raw & $0.0 != 0 }?.1 ?? .unrecognized("raw:\(raw)")
  }
}

extension DropOperation {
  /// A `UIDropOperation` raw value.
  package init(uiKitRawValue raw: Int) {
    let operations: [DropOperation] = [.cancel, .forbidden, .copy, .move]
    self = operations.indices.contains(raw) ? operations[raw] : .unrecognized("raw:\(raw)")
  }
}

extension PresentationStyle {
  /// A `UIWindowScene.PresentationStyle` raw value.
  package init(uiKitRawValue raw: Int) {
    let styles: [PresentationStyle] = [.automatic, .standard, .prominent]
    self = styles.indices.contains(raw) ? styles[raw] : .unrecognized("raw:\(raw)")
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
    let axes: [Latching] = [.none, .horizontal, .vertical, .both]
    self = axes.indices.contains(raw) ? axes[raw] : .unrecognized("raw:\(raw)")
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
