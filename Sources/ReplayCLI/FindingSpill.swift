import Foundation
import SceneTrace

/// The findings `replay check` reports, in report order, held in memory up to a bound and in a
/// temporary file past it, so that a trace with hundreds of thousands of findings is checked in
/// memory that does not grow with them. They are handed back a batch at a time, with the
/// findings of what the trace lost merged in.
///
/// It is used from one thread at a time: `replay check` hands it to the thread that reads the
/// report's events ahead, and does not touch it until that thread is done.
final class FindingSpill: @unchecked Sendable {
  /// Findings kept in memory at most; past this they go to the file.
  let memoryBound: Int
  /// How many findings of each severity were added, by the severity's place in
  /// `Severity.allCases`: counted in a dictionary, each finding a check keeps hashed its
  /// severity (about 300 instructions).
  private var severityCounts = [Int](repeating: 0, count: Severity.allCases.count)
  /// Whether a `trace.events-lost` finding was added.
  private(set) var holdsLoss = false
  /// The findings not yet in the file, in report order.
  private var recent: [Finding] = []
  /// The file, once findings went to it; removed when the spill is.
  private var file: (url: URL, handle: FileHandle)?

  init(memoryBound: Int = 16_384) {
    self.memoryBound = memoryBound
  }

  deinit {
    if let file {
      try? file.handle.close()
      try? FileManager.default.removeItem(at: file.url)
    }
  }

  /// The temporary file, once findings went to it.
  var fileURL: URL? { file?.url }

  /// How many findings of each severity were added (none: no entry).
  var counts: [Severity: Int] {
    var counts: [Severity: Int] = [:]
    for (severity, count) in zip(Severity.allCases, severityCounts) where count > 0 {
      counts[severity] = count
    }
    return counts
  }

  /// How many findings were added.
  var count: Int { severityCounts.reduce(0, +) }

  /// How many findings of each severity there are with `extra` (findings not added), and
  /// whether one says that events were lost.
  func tally(mergedWith extra: [Finding]) -> FindingTally {
    var tally = FindingTally(counts: counts, holdsLoss: holdsLoss)
    for finding in extra {
      tally.counts[finding.severity, default: 0] += 1
      tally.holdsLoss = tally.holdsLoss || finding.rule == .traceEventsLost
    }
    return tally
  }

  /// Adds `findings`, which come after (in report order) those added before.
  func add(_ findings: some Sequence<Finding>) throws {
    for finding in findings {
      severityCounts[Self.place(of: finding.severity)] += 1
      holdsLoss = holdsLoss || finding.rule == .traceEventsLost
      recent.append(finding)
    }
    if recent.count >= memoryBound { try spill() }
  }

  /// The place of `severity` in `Severity.allCases`.
  private static func place(of severity: Severity) -> Int {
    Severity.allCases.firstIndex(of: severity).unsafelyUnwrapped
  }

  /// Hands `body` the findings in report order, `size` at a time (the last batch may be
  /// smaller), with `extra` (in report order) merged in.
  func forEachBatch(
    of size: Int, mergedWith extra: [Finding], _ body: ([Finding]) throws -> Void
  ) throws {
    var batch: [Finding] = []
    var extras = extra.makeIterator()
    var nextExtra = extras.next()
    func add(_ finding: Finding) throws {
      while let extra = nextExtra, Finding.reportOrder(extra, finding) {
        batch.append(extra)
        nextExtra = extras.next()
        if batch.count == size { try flush() }
      }
      batch.append(finding)
      if batch.count == size { try flush() }
    }
    func flush() throws {
      try body(batch)
      batch.removeAll(keepingCapacity: true)
    }
    if let file {
      try file.handle.seek(toOffset: 0)
      while let chunk = try Self.readChunk(from: file.handle) {
        for finding in chunk { try add(finding) }
      }
    }
    for finding in recent { try add(finding) }
    while let extra = nextExtra {
      batch.append(extra)
      nextExtra = extras.next()
      if batch.count == size { try flush() }
    }
    if !batch.isEmpty { try flush() }
  }

  /// Writes the findings in memory to the end of the file.
  private func spill() throws {
    let file = try self.file ?? Self.makeFile()
    self.file = file
    try file.handle.seekToEnd()
    // In chunks of a thousand findings or so: the bytes of all of them at once would be the
    // largest thing a long check holds.
    for start in stride(from: 0, to: recent.count, by: Self.findingsPerChunk) {
      let end = min(start + Self.findingsPerChunk, recent.count)
      try file.handle.write(contentsOf: Self.encode(recent[start..<end]))
    }
    recent.removeAll(keepingCapacity: true)
  }

  private static func makeFile() throws -> (url: URL, handle: FileHandle) {
    try makeTemporaryFile(named: "replay-check-findings", holding: "the findings")
  }

  /// A new file in the temporary folder, named `name` and a UUID, open to read and write;
  /// `holding` says what for, in the error when it cannot be made.
  static func makeTemporaryFile(
    named name: String, holding what: String
  ) throws -> (url: URL, handle: FileHandle) {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(name)-\(UUID().uuidString)")
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
      throw UsageError("cannot create \(url.path) to hold \(what)")
    }
    return (url, try FileHandle(forUpdating: url))
  }

  // A chunk: its byte count (8 bytes), then each finding: its rule, severity, seq, session
  // (a flag, then the identifier), message and related seqs. Strings are a byte count and
  // UTF-8; integers 8 bytes, little-endian.

  /// How many findings a chunk holds at most.
  private static let findingsPerChunk = 1024

  private static func encode(_ findings: ArraySlice<Finding>) -> [UInt8] {
    var bytes: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0]
    func integer(_ value: Int) {
      withUnsafeBytes(of: Int64(value).littleEndian) { bytes += $0 }
    }
    func string(_ value: String) {
      integer(value.utf8.count)
      bytes += value.utf8
    }
    for finding in findings {
      string(finding.rule.rawValue)
      string(finding.severity.rawValue)
      integer(finding.seq)
      integer(finding.session == nil ? 0 : 1)
      string(finding.session?.rawValue ?? "")
      string(finding.message)
      integer(finding.related.count)
      for seq in finding.related { integer(seq) }
    }
    withUnsafeBytes(of: Int64(bytes.count - 8).littleEndian) {
      bytes.replaceSubrange(0..<8, with: $0)
    }
    return bytes
  }

  /// The next chunk of findings in `handle`; nil at its end.
  private static func readChunk(from handle: FileHandle) throws -> [Finding]? {
    guard let size = try handle.read(upToCount: 8), size.count == 8 else { return nil }
    let count = Int(Int64(littleEndian: size.withUnsafeBytes { $0.loadUnaligned(as: Int64.self) }))
    guard let data = try handle.read(upToCount: count), data.count == count else {
      throw UsageError("the findings of this check were cut short in their temporary file")
    }
    let bytes = [UInt8](data)
    var offset = 0
    func integer() -> Int {
      defer { offset += 8 }
      return Int(
        Int64(
          littleEndian: bytes.withUnsafeBytes {
            $0.loadUnaligned(fromByteOffset: offset, as: Int64.self)
          }))
    }
    func string() -> String {
      let length = integer()
      defer { offset += length }
      return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
    }
    var findings: [Finding] = []
    while offset < bytes.count {
      let rule = RuleID(string())
      guard let severity = Severity(rawValue: string()) else {
        throw UsageError("the findings of this check are damaged in their temporary file")
      }
      let seq = integer()
      let hasSession = integer() == 1
      let session = string()
      let message = string()
      let related = (0..<integer()).map { _ in integer() }
      findings.append(
        Finding(
          rule: rule, severity: severity, seq: seq, session: hasSession ? SessionID(session) : nil,
          message: message, related: related))
    }
    return findings
  }
}

/// How many findings a report shows, by severity.
struct FindingTally {
  /// How many findings of each severity.
  var counts: [Severity: Int]
  /// Whether a `trace.events-lost` finding is among them.
  var holdsLoss: Bool

  /// How many findings in all.
  var total: Int { counts.values.reduce(0, +) }
}
