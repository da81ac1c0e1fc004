import Dispatch
import Testing

@testable import SceneTrace

/// A session identifier is the number of its spelling in the process's table of session names
/// (`NameTable.sessions`): one spelling, one number, on every thread, and the spelling back.
///
/// The tests use the process's own table (a table is never freed) with spellings of their own.
@Suite struct NameTableTests {
  /// Spellings no other test uses, some longer than a string holds inline.
  static func spellings(_ prefix: String, count: Int) -> [String] {
    (0..<count).map { index in
      index.isMultiple(of: 3)
        ? "\(prefix)-\(index)-0123456789ABCDEF-0123456789ABCDEF" : "\(prefix)-\(index)"
    }
  }

  @Test func eachSpellingHasOneNumberAndReadsBack() {
    // Past the first chunks of names (1024, then 2048), wherever the table stands.
    let spellings = Self.spellings("name-table", count: 5000)
    let ids = spellings.map(SessionID.init)
    #expect(Set(ids.map(\.number)).count == spellings.count)
    #expect(ids.map(\.rawValue) == spellings)
    // The same bytes in a string made apart (another heap object) are the same identifier,
    // whether the thread's last numbered string is that one or not.
    for (index, spelling) in spellings.enumerated().reversed() {
      let rebuilt = String(decoding: Array(spelling.utf8), as: UTF8.self)
      #expect(SessionID(rebuilt).number == ids[index].number)
      #expect(SessionID(rebuilt).number == ids[index].number)
    }
    for (id, spelling) in zip(ids, spellings) {
      NameTable.sessions.withName(id.number) { bytes in
        #expect(Array(bytes) == Array(spelling.utf8))
      }
    }
  }

  @Test func settingTheRawValueRenumbers() {
    var id = SessionID("name-table-before")
    id.rawValue = "name-table-after"
    #expect(id == SessionID("name-table-after"))
    #expect(id.rawValue == "name-table-after")
    #expect(id != SessionID("name-table-before"))
  }

  /// Threads numbering the same spellings at once, each in its own order, agree on every
  /// number; each reads back the spellings others numbered. (Run under the thread sanitizer.)
  @Test func threadsNumberingAtOnceAgree() {
    let spellings = Self.spellings("name-table-threads", count: 3000)
    let threads = 4
    let numbers = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: threads * spellings.count)
    defer { numbers.deallocate() }
    nonisolated(unsafe) let base = numbers.baseAddress!
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      var random = SplitMix64(seed: UInt64(thread))
      for index in spellings.indices.shuffled(using: &random) {
        let id = SessionID(spellings[index])
        #expect(id.rawValue == spellings[index])
        (base + thread * spellings.count + index).initialize(to: id.number)
      }
    }
    for thread in 1..<threads {
      let offset = thread * spellings.count
      #expect(
        Array(numbers[offset..<offset + spellings.count]) == Array(numbers[..<spellings.count]))
    }
    #expect(Set(numbers[..<spellings.count]).count == spellings.count)
  }
}
