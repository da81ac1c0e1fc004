import Foundation

/// The package's folders, found from this file's place in the tree.
package enum PackageFolders {
  /// The package's root folder.
  package static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `traces/`, the example traces.
  package static let traces = root.appendingPathComponent("traces")

  /// A file of the package, by its path from the root.
  package static func file(_ path: String) -> URL {
    root.appendingPathComponent(path)
  }
}

/// Fresh names in the temporary folder, one per call, so that tests running at once never share
/// a file.
package enum TemporaryFile {
  /// `prefix-UUID.pathExtension` (without the dot and extension when it is empty) in the
  /// temporary folder; nothing is created.
  package static func url(_ prefix: String, _ pathExtension: String = "") -> URL {
    let name = "\(prefix)-\(UUID().uuidString)" + (pathExtension.isEmpty ? "" : ".\(pathExtension)")
    return FileManager.default.temporaryDirectory.appendingPathComponent(name)
  }
}
