import Foundation
import SceneTrace
import SceneTraceFile

/// The package's folders, found from this file's place in the tree.
package enum PackageFolders {
  /// The package's root folder.
  package static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `traces/`, the example traces.
  package static let traces = root.appendingPathComponent("traces")

  /// The JSON Lines traces of `traces/` (not those in its folders), by name.
  package static func exampleTraces() throws -> [URL] {
    try FileManager.default.contentsOfDirectory(atPath: traces.path)
      .filter { $0.hasSuffix(".jsonl") }.sorted().map { traces.appendingPathComponent($0) }
  }

  /// Replays every trace of ``exampleTraces()``, handing `body` the state after each event
  /// with where it is (`name seq N`); returns how many traces there are.
  @discardableResult
  package static func forEachExampleState(
    _ body: (TraceState, _ place: String) throws -> Void
  ) throws -> Int {
    let urls = try exampleTraces()
    for url in urls {
      var replay = Replay()
      for event in try TraceFile.load(path: url.path).events {
        replay.apply(event)
        try body(replay.state, "\(url.lastPathComponent) seq \(event.seq)")
      }
    }
    return urls.count
  }

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
