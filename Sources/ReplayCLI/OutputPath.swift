import Foundation

/// Where commands write files: never over one of their inputs unless told to.
enum OutputPath {
  /// Throws unless `output` is a different file from every one of `inputs`, or `force` is set.
  static func refuseOverwriting(_ output: String, inputs: [String], force: Bool) throws {
    guard !force, let input = inputs.first(where: { isSameFile($0, output) }) else { return }
    throw UsageError(
      "-o \(output) would overwrite the input \(input); write elsewhere, or give --force.")
  }

  /// Whether two paths name the same file: the same path once resolved (`..`, symbolic
  /// links), or the same file reached through a hard link.
  static func isSameFile(_ first: String, _ second: String) -> Bool {
    func resolved(_ path: String) -> String {
      URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
    if resolved(first) == resolved(second) { return true }
    func identity(_ path: String) -> [Int]? {
      guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
        let device = (attributes[.systemNumber] as? NSNumber)?.intValue,
        let file = (attributes[.systemFileNumber] as? NSNumber)?.intValue
      else { return nil }
      return [device, file]
    }
    return identity(first).map { $0 == identity(second) } ?? false
  }
}
