import SceneTrace

/// What `app.environment` says about a launch, read from values every platform can hand over:
/// the OS version UIKit reports and the app's Info.plist. The UIKit adapter reads them
/// (`UIDevice.current.systemVersion`, `Bundle.main.infoDictionary`); the decisions are here, so
/// that they are tested everywhere.
///
/// No API reports the multitasking mode (Full Screen Apps, Windowed Apps, Stage Manager): the
/// caller passes it, or leaves it out.
package struct LaunchEnvironment: Hashable, Sendable {
  /// The OS version, such as `26.0.1`; nil when the reported one is not a version.
  package var os: String?
  /// The SDK the app was built with, such as `26.0`, from `DTSDKName` (`iphoneos26.0`) or,
  /// without it, `DTPlatformVersion`; nil when neither holds a version.
  package var sdk: String?
  /// Whether the Info.plist sets `UIRequiresFullScreen` (the `~ipad` key first on an iPad).
  /// A missing key is false: the app does not opt out of multitasking.
  package var requiresFullScreen: Bool

  /// An environment with these values.
  package init(os: String?, sdk: String?, requiresFullScreen: Bool) {
    self.os = os
    self.sdk = sdk
    self.requiresFullScreen = requiresFullScreen
  }

  /// The environment of a launch on a system reporting `systemVersion`, with the app's
  /// `infoDictionary`; `isPad`: read the iPad-only (`~ipad`) keys first.
  package init(systemVersion: String, infoDictionary: [String: Any]?, isPad: Bool) {
    let info = infoDictionary ?? [:]
    os = Self.version(systemVersion)
    sdk =
      (info["DTSDKName"] as? String).flatMap(Self.sdkVersion(fromSDKName:))
      ?? (info["DTPlatformVersion"] as? String).flatMap(Self.version)
    let keys =
      isPad ? ["UIRequiresFullScreen~ipad", "UIRequiresFullScreen"] : ["UIRequiresFullScreen"]
    let value = keys.lazy.compactMap { info[$0] }.first
    requiresFullScreen = value.flatMap(Self.bool) ?? false
  }

  /// `text` when it is a version (digits separated by single dots, such as `26` or `26.0.1`),
  /// without surrounding spaces; nil otherwise.
  package static func version(_ text: String) -> String? {
    let trimmed = text.trimmingSpaces
    let parts = trimmed.split(separator: ".", omittingEmptySubsequences: false)
    guard !parts.isEmpty, parts.count <= 4,
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } })
    else { return nil }
    return trimmed
  }

  /// The version in an SDK name as Xcode writes it to `DTSDKName`: the platform's name, then
  /// its version (`iphoneos26.0`, `iphonesimulator26.1`, `macosx26.0` for Mac Catalyst).
  package static func sdkVersion(fromSDKName name: String) -> String? {
    let trimmed = name.trimmingSpaces
    guard let start = trimmed.firstIndex(where: { $0.isASCII && $0.isNumber }),
      trimmed[..<start].allSatisfy({ $0.isASCII && $0.isLetter })
    else { return nil }
    return version(String(trimmed[start...]))
  }

  /// A property-list boolean: a Bool (or the NSNumber a plist holds), or the strings Xcode's
  /// editor and hand-written plists use (`YES`, `NO`, `true`, `false`, `1`, `0`).
  package static func bool(_ value: Any) -> Bool? {
    if let value = value as? Bool { return value }
    guard let text = value as? String else { return nil }
    switch text.trimmingSpaces.lowercased() {
    case "yes", "true", "1": return true
    case "no", "false", "0": return false
    default: return nil
    }
  }
}

extension String {
  /// The string without leading and trailing spaces, tabs and line breaks.
  fileprivate var trimmingSpaces: String {
    let isSpace: (Character) -> Bool = { $0.isWhitespace }
    guard let first = firstIndex(where: { !isSpace($0) }),
      let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[first...last])
  }
}

extension SceneTraceRecorder {
  /// Records `app.environment` for `launch`, with the multitasking `mode` if the caller knows it.
  package func windowingEnvironment(mode: WindowingMode?, launch: LaunchEnvironment) {
    windowingEnvironment(
      mode: mode, requiresFullScreen: launch.requiresFullScreen, os: launch.os, sdk: launch.sdk)
  }
}
