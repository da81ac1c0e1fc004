/// The XXH64 hash (xxHash, 64-bit), in Swift: the checksum of zstd frames and the digest of
/// checkpoints.
///
/// A zstd frame's content checksum is the low 32 bits of `XXH64(content, seed: 0)`, little-endian;
/// this lets a build without libzstd write and check frames itself. Feed bytes in any pieces with
/// `update(_:)`; ``digest()`` does not end the hash, so more bytes may follow.
///
/// ```swift
/// var hash = XXH64()
/// hash.update(Array("abc".utf8))
/// hash.digest()  // 0x44BC2CF5AD770999
/// ```
package struct XXH64: Sendable {
  private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
  private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
  private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
  private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
  private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

  private let seed: UInt64
  private var v1: UInt64
  private var v2: UInt64
  private var v3: UInt64
  private var v4: UInt64
  private var totalLength: UInt64 = 0
  /// Up to 31 bytes not yet folded into the four lanes.
  private var buffer: [UInt8] = []

  /// Starts a hash with `seed` (zstd uses 0).
  package init(seed: UInt64 = 0) {
    self.seed = seed
    v1 = seed &+ Self.prime1 &+ Self.prime2
    v2 = seed &+ Self.prime2
    v3 = seed
    v4 = seed &- Self.prime1
    buffer.reserveCapacity(32)
  }

  /// The hash of `bytes` with `seed`, in one call.
  package static func hash(_ bytes: some Collection<UInt8>, seed: UInt64 = 0) -> UInt64 {
    var hasher = XXH64(seed: seed)
    hasher.update(bytes)
    return hasher.digest()
  }

  /// Adds `bytes` to the hash.
  package mutating func update(_ bytes: some Collection<UInt8>) {
    let handled: Void? = bytes.withContiguousStorageIfAvailable { storage in
      update(UnsafeRawBufferPointer(storage))
    }
    if handled == nil {
      let copy = Array(bytes)
      copy.withUnsafeBytes { update($0) }
    }
  }

  /// Adds the bytes of `raw` to the hash.
  package mutating func update(_ raw: UnsafeRawBufferPointer) {
    totalLength &+= UInt64(raw.count)
    var offset = 0
    if !buffer.isEmpty {
      let take = min(32 - buffer.count, raw.count)
      buffer.append(contentsOf: raw[0..<take])
      offset = take
      guard buffer.count == 32 else { return }
      buffer.withUnsafeBytes { stripe in consumeStripe(stripe, at: 0) }
      buffer.removeAll(keepingCapacity: true)
    }
    while raw.count - offset >= 32 {
      consumeStripe(raw, at: offset)
      offset += 32
    }
    if offset < raw.count { buffer.append(contentsOf: raw[offset...]) }
  }

  /// The hash of every byte added so far.
  package func digest() -> UInt64 {
    var hash: UInt64
    if totalLength >= 32 {
      hash = v1.rotatedLeft(1) &+ v2.rotatedLeft(7) &+ v3.rotatedLeft(12) &+ v4.rotatedLeft(18)
      hash = Self.mergeRound(hash, v1)
      hash = Self.mergeRound(hash, v2)
      hash = Self.mergeRound(hash, v3)
      hash = Self.mergeRound(hash, v4)
    } else {
      hash = seed &+ Self.prime5
    }
    hash &+= totalLength
    buffer.withUnsafeBytes { tail in
      var offset = 0
      while tail.count - offset >= 8 {
        let lane = Self.round(0, Self.load64(tail, offset))
        hash = (hash ^ lane).rotatedLeft(27) &* Self.prime1 &+ Self.prime4
        offset += 8
      }
      if tail.count - offset >= 4 {
        hash ^= UInt64(Self.load32(tail, offset)) &* Self.prime1
        hash = hash.rotatedLeft(23) &* Self.prime2 &+ Self.prime3
        offset += 4
      }
      while offset < tail.count {
        hash ^= UInt64(tail[offset]) &* Self.prime5
        hash = hash.rotatedLeft(11) &* Self.prime1
        offset += 1
      }
    }
    hash ^= hash >> 33
    hash &*= Self.prime2
    hash ^= hash >> 29
    hash &*= Self.prime3
    hash ^= hash >> 32
    return hash
  }

  private mutating func consumeStripe(_ raw: UnsafeRawBufferPointer, at offset: Int) {
    v1 = Self.round(v1, Self.load64(raw, offset))
    v2 = Self.round(v2, Self.load64(raw, offset + 8))
    v3 = Self.round(v3, Self.load64(raw, offset + 16))
    v4 = Self.round(v4, Self.load64(raw, offset + 24))
  }

  private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
    (accumulator &+ input &* prime2).rotatedLeft(31) &* prime1
  }

  private static func mergeRound(_ accumulator: UInt64, _ value: UInt64) -> UInt64 {
    (accumulator ^ round(0, value)) &* prime1 &+ prime4
  }

  private static func load64(_ raw: UnsafeRawBufferPointer, _ offset: Int) -> UInt64 {
    UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }

  private static func load32(_ raw: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
    UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
  }
}

extension UInt64 {
  fileprivate func rotatedLeft(_ count: UInt64) -> UInt64 {
    (self << count) | (self >> (64 - count))
  }
}
