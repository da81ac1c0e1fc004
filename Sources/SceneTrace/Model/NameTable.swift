#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The names a process has given to identifiers of one kind, each held once and numbered in the
/// order they were first made, so that an identifier can be its number: copied without reference
/// counting, compared and hashed as one integer.
///
/// Numbering a new name takes a lock; reading a name does not. Names live in chunks that never
/// move, chunk `k` holding `1024 << k` of them, and a number is handed out only after its name
/// was written: whoever holds a number (on any thread it reached through the usual
/// synchronization) reads the name without a lock. Each thread keeps the last name it numbered,
/// so that a hook naming the same session at every call, with the same string, finds its number
/// without the lock or a hash.
///
/// A table lives as long as the process and its names are never removed: a process keeps every
/// name of the kind it has seen, each once (an app, its sessions; a tool, the sessions of the
/// traces it read). It is a value of pointers, so that using it retains nothing.
package struct NameTable: @unchecked Sendable {
  /// Names of the first chunk; chunk `k` holds `firstChunk << k`.
  private static let firstChunk = 1024
  /// Enough chunks for every `UInt32` number.
  private static let chunkCount = 23

  /// What is changed under `lock`: the number of each name, and how many there are.
  private struct Numbering {
    var numbers: [ExactString: UInt32] = [:]
    var count = 0
  }

  /// A thread's last name numbered, touched by that thread alone.
  private struct Recent {
    var name: String
    var number: UInt32
  }

  private let chunks: UnsafeMutablePointer<UnsafeMutablePointer<String>?>
  private let lock: UnsafeMutablePointer<pthread_mutex_t>
  private let numbering: UnsafeMutablePointer<Numbering>
  /// Each thread's `Recent`.
  private let recentKey: pthread_key_t

  /// A table for the rest of the process's life.
  package init() {
    chunks = .allocate(capacity: Self.chunkCount)
    chunks.initialize(repeating: nil, count: Self.chunkCount)
    lock = .allocate(capacity: 1)
    lock.initialize(to: pthread_mutex_t())
    pthread_mutex_init(lock, nil)
    numbering = .allocate(capacity: 1)
    numbering.initialize(to: Numbering())
    var key = pthread_key_t()
    // A thread's `Recent` is freed when the thread ends.
    pthread_key_create(&key) { recent in NameTable.free(recent) }
    recentKey = key
  }

  /// The number of `name`, given it now if it has none.
  package func number(for name: String) -> UInt32 {
    guard let stored = pthread_getspecific(recentKey) else {
      let number = numberUnderLock(for: name)
      let recent = UnsafeMutablePointer<Recent>.allocate(capacity: 1)
      recent.initialize(to: Recent(name: name, number: number))
      pthread_setspecific(recentKey, recent)
      return number
    }
    let recent = stored.assumingMemoryBound(to: Recent.self)
    // The same string value is the same name: `recent` holds its storage, which can therefore
    // neither be freed and reused nor changed in place.
    if name.hasSameRepresentation(as: recent.pointee.name) { return recent.pointee.number }
    let number = numberUnderLock(for: name)
    recent.pointee = Recent(name: name, number: number)
    return number
  }

  private func numberUnderLock(for name: String) -> UInt32 {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    let key = ExactString(name)
    if let number = numbering.pointee.numbers[key] { return number }
    let count = numbering.pointee.count
    precondition(count <= Int(UInt32.max), "more than 2^32 names of one kind")
    let (chunk, offset) = Self.place(of: count)
    if offset == 0 { chunks[chunk] = .allocate(capacity: Self.firstChunk << chunk) }
    (chunks[chunk].unsafelyUnwrapped + offset).initialize(to: name)
    let number = UInt32(truncatingIfNeeded: count)
    numbering.pointee.numbers[key] = number
    numbering.pointee.count = count + 1
    return number
  }

  /// The name numbered `number`; the number must come from ``number(for:)`` of this table.
  package func name(_ number: UInt32) -> String {
    let (chunk, offset) = Self.place(of: Int(number))
    return chunks[chunk].unsafelyUnwrapped[offset]
  }

  /// Runs `body` on the UTF-8 bytes of the name numbered `number`, where they are stored.
  package func withName<Result>(
    _ number: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    let (chunk, offset) = Self.place(of: Int(number))
    return (chunks[chunk].unsafelyUnwrapped + offset).pointee.withUTF8Bytes(body)
  }

  /// The chunk and the offset in it of the name numbered `index`.
  private static func place(of index: Int) -> (chunk: Int, offset: Int) {
    let shifted = index + firstChunk
    let chunk = (Int.bitWidth - 1 - shifted.leadingZeroBitCount) - firstChunk.trailingZeroBitCount
    return (chunk, shifted - (firstChunk << chunk))
  }

  private static func free(_ recent: UnsafeMutableRawPointer?) {
    guard let recent = recent?.assumingMemoryBound(to: Recent.self) else { return }
    recent.deinitialize(count: 1)
    recent.deallocate()
  }
}

/// A string as a dictionary key compared byte for byte (Unicode scalar by scalar), as
/// identifiers compare, not by canonical equivalence as `String` does: `é` and `e` + U+0301 are
/// two keys.
package struct ExactString: Hashable {
  package let value: String

  package init(_ value: String) { self.value = value }

  package static func == (lhs: ExactString, rhs: ExactString) -> Bool {
    lhs.value.isScalarForScalarEqual(to: rhs.value)
  }

  package func hash(into hasher: inout Hasher) {
    value.withUTF8Bytes { bytes in
      hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
      hasher.combine(bytes.count)
    }
  }
}
