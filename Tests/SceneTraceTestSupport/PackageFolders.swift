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
