import SceneTrace

/// The system a simulation runs: the iPadOS version, the SDK the app was built with, and how
/// the iPad presents windows.
///
/// Before iPadOS 26 (`mode` nil) the system behaves as the first scenarios recorded it: a window
/// opened in place of the key one sends it to the background, and focusing it brings it back
/// through `sceneWillEnterForeground` and `sceneDidBecomeActive`. In Windowed Apps every window
/// stays on screen and `foregroundActive`; a click moves only the key window and the
/// `activeAppearance` trait, windows resize live, and the app learns of each geometry.
public struct SimulatedEnvironment: Hashable, Sendable {
  /// The iPadOS version, as `app.launch` and `app.environment` record it.
  public var os: String
  /// The version of the SDK the app was built with.
  public var sdk: String
  /// How the iPad presents windows; nil before iPadOS 26, where no environment is recorded.
  public var mode: WindowingMode?

  /// An environment of iPadOS `os`, an app built with `sdk`, windows presented as `mode`.
  public init(os: String, sdk: String, mode: WindowingMode?) {
    self.os = os
    self.sdk = sdk
    self.mode = mode
  }

  /// iPadOS 17.4, full-screen apps and Split View, an app built with the iOS 17.2 SDK.
  public static let iPadOS17 = SimulatedEnvironment(os: "17.4", sdk: "17.2", mode: nil)
  /// iPadOS 26.1 in Windowed Apps, an app built with the iOS 26 SDK.
  public static let windowedApps26 = SimulatedEnvironment(
    os: "26.1", sdk: "26.0", mode: .windowed)
  /// iPadOS 27.0 in Windowed Apps, an app built with the iOS 27 SDK.
  public static let windowedApps27 = SimulatedEnvironment(
    os: "27.0", sdk: "27.0", mode: .windowed)

  /// Whether several windows share the screen, each `foregroundActive`, the key one frontmost.
  public var isWindowed: Bool { mode == .windowed || mode == .stageManager }

  /// The major version of `os` (26 for "26.1").
  public var majorVersion: Int { Int(os.prefix { $0.isASCII && $0.isNumber }) ?? 0 }
}
