import Foundation
import SceneTrace
import SceneTraceFile

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The entries of a baseline `replay check --write-baseline` writes, held until they are all
/// known and written in the file's order: in memory only what orders them (the rule and role
/// numbered, the fingerprint as the number its digits spell), the messages in a temporary file
/// past a bound. (Held whole, the 434,000 entries of 10^7 mixed events took about 180 MB, most
/// of it their messages.)
final class BaselineEntrySpill {
  /// What orders an entry, and where its message is.
  private struct Record {
    var kind: UInt32
    var length: UInt32
    var digits: UInt64
    var offset: Int
  }

  /// Message bytes kept in memory at most; past this they go to the file.
  let memoryBound: Int
  private var kinds: [Kind: UInt32] = [:]
  private var kindList: [Kind] = []
  private var records: [Record] = []
  /// The fingerprints that are not sixteen lowercase hexadecimal digits, by record.
  private var spelled: [Int: String] = [:]
  /// The messages not yet in the file, from the offset `spilled`.
  private var messages: [UInt8] = []
  private var spilled = 0
  /// The file, once messages went to it; removed when the spill is.
  private var file: (url: URL, handle: FileHandle)?

  /// A rule and a role, each as spelled (scalar by scalar: the file keeps the spelling).
  private struct Kind: Hashable {
    var rule: RuleID
    var role: ExactString?
  }

  init(memoryBound: Int = 4 << 20) {
    self.memoryBound = memoryBound
  }

  deinit {
    if let file {
      try? file.handle.close()
      try? FileManager.default.removeItem(at: file.url)
    }
  }

  /// How many entries were added.
  var count: Int { records.count }

  /// Adds `entry`.
  func add(_ entry: FindingBaseline.Entry) throws {
    let kind = Kind(rule: entry.rule, role: entry.role.map(ExactString.init))
    let number = kinds[kind] ?? UInt32(truncatingIfNeeded: kindList.count)
    if number == kindList.count {
      kinds[kind] = number
      kindList.append(kind)
    }
    let digits = entry.fingerprintDigits
    if digits == nil { spelled[records.count] = entry.fingerprint }
    let offset = spilled + messages.count
    // Room for the bound and a message more, at once: grown by doubling, the buffer kept for
    // the next messages was up to twice the bound.
    if messages.capacity < memoryBound { messages.reserveCapacity(memoryBound + 4096) }
    messages += entry.message.utf8
    records.append(
      Record(
        kind: number, length: UInt32(truncatingIfNeeded: spilled + messages.count - offset),
        digits: digits ?? 0, offset: offset))
    if messages.count >= memoryBound { try spill() }
  }

  /// Writes the messages in memory to the end of the file.
  private func spill() throws {
    let file =
      try self.file
      ?? FindingSpill.makeTemporaryFile(
        named: "replay-check-baseline", holding: "the baseline's findings")
    self.file = file
    try file.handle.seekToEnd()
    try file.handle.write(contentsOf: messages)
    spilled += messages.count
    messages.removeAll(keepingCapacity: true)
  }

  /// The message of `record`, from memory or the file.
  private func message(of record: Record) throws(TraceError) -> String {
    let count = Int(record.length)
    guard record.offset < spilled else {
      let start = record.offset - spilled
      return String(decoding: messages[start..<start + count], as: UTF8.self)
    }
    let file = file.unsafelyUnwrapped
    var bytes = [UInt8](repeating: 0, count: count)
    let read = bytes.withUnsafeMutableBytes { buffer in
      pread(file.handle.fileDescriptor, buffer.baseAddress, count, off_t(record.offset))
    }
    guard read == count else {
      throw TraceError(
        code: .unreadableFile,
        message: "the baseline's findings were cut short in their temporary file",
        path: file.url.path)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Writes the baseline file at `path` of every entry added, in the file's order (that of
  /// `FindingBaseline.Entry.fileOrder`): sorted by what is held in memory, then each run of
  /// entries alike but for their messages by its messages.
  func write(to path: String) throws(TraceError) {
    let ranks = rankedKinds()
    let fingerprintOrder = { (left: Int, right: Int) -> Bool in
      let (lhs, rhs) = (self.records[left], self.records[right])
      let (leftRank, rightRank) = (ranks[Int(lhs.kind)], ranks[Int(rhs.kind)])
      if leftRank != rightRank { return leftRank < rightRank }
      guard self.spelled[left] != nil || self.spelled[right] != nil else {
        return lhs.digits < rhs.digits
      }
      return self.fingerprint(left).precedesInScalarOrder(self.fingerprint(right))
    }
    let order = records.indices.sorted(by: fingerprintOrder)
    var next = order.startIndex
    try FindingBaseline.write(to: path) { () throws(TraceError) in
      guard next < order.endIndex else { return nil }
      var part: [FindingBaseline.Entry] = []
      // Whole runs of entries alike but for their messages, each sorted by its messages.
      while next < order.endIndex, part.count < FindingBaseline.entriesPerPart {
        var end = next + 1
        while end < order.endIndex, !fingerprintOrder(order[next], order[end]) { end += 1 }
        var run: [FindingBaseline.Entry] = []
        for index in order[next..<end] {
          let kind = kindList[Int(records[index].kind)]
          run.append(
            FindingBaseline.Entry(
              rule: kind.rule, role: kind.role?.value, fingerprint: fingerprint(index),
              message: try message(of: records[index])))
        }
        part += run.count == 1 ? run : run.sorted { $0.message.precedesInScalarOrder($1.message) }
        next = end
      }
      return part
    }
  }

  /// The fingerprint of the entry added `index`th.
  private func fingerprint(_ index: Int) -> String {
    spelled[index] ?? FindingBaseline.Entry.fingerprint(digits: records[index].digits)
  }

  /// The place of each kind, by number, in the file's order: by rule, then role (none first),
  /// as `FindingBaseline.Entry.fileOrder` orders them.
  private func rankedKinds() -> [Int] {
    let sorted = kindList.indices.sorted { left, right in
      let (lhs, rhs) = (kindList[left], kindList[right])
      if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
      guard let leftRole = lhs.role?.value else { return rhs.role != nil }
      guard let rightRole = rhs.role?.value else { return false }
      return leftRole.precedesInScalarOrder(rightRole)
    }
    var ranks = [Int](repeating: 0, count: kindList.count)
    for (rank, kind) in sorted.enumerated() { ranks[kind] = rank }
    return ranks
  }
}
