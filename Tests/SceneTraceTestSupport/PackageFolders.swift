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

/// Fresh names in one temporary folder of the test process, one per call, so that tests running
/// at once never share a file; the folder and all in it are removed when the process exits, so
/// that a test run leaves nothing behind (even a test that fails before it cleans up).
package enum TemporaryFile {
  /// `prefix-UUID.pathExtension` (without the dot and extension when it is empty) in the test
  /// process's temporary folder; nothing is created but the folder.
  package static func url(_ prefix: String, _ pathExtension: String = "") -> URL {
    let name = "\(prefix)-\(UUID().uuidString)" + (pathExtension.isEmpty ? "" : ".\(pathExtension)")
    return folder.appendingPathComponent(name)
  }

  /// `scenetrace-tests-PID` in the system's temporary folder, made on first use.
  private static let folder: URL = {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("scenetrace-tests-\(getpid())")
    try? FileManager.default.removeItem(at: folder)
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      fatalError("cannot make the tests' temporary folder \(folder.path): \(error)")
    }
    atexit { try? FileManager.default.removeItem(at: TemporaryFile.folder) }
    return folder
  }()
}
