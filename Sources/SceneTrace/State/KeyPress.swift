/// A hardware key press in flight in a scene: down since `began`, not yet ended or cancelled.
///
/// When its scene leaves foregroundActive, UIKit cancels the press; the reducer keeps it with
/// the phase `cancelled` until the trace reports the cancellation, the key goes down again, or
/// the scene becomes active again.
public struct KeyPress: Hashable, Sendable, Codable {
  /// The latest phase: `began`, `changed` or `stationary`, or `cancelled` when the scene left
  /// foregroundActive while the key was down.
  public var phase: PressPhase
  /// The seq of the press's `began`.
  var began: Int
  /// The seq of the lifecycle event that cancelled the press, if its scene left
  /// foregroundActive.
  var cancelledAt: Int?

  /// Creates a press in flight.
  public init(phase: PressPhase, began seq: Int) {
    self.phase = phase
    self.began = seq
  }

  /// Whether the key is still down as far as UIKit is concerned.
  var isDown: Bool { cancelledAt == nil }
}
